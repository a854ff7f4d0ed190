/** One page of a list the API pages (`page` from 1, `pageSize` items), with the total. */
export function paged<T>(all: T[], q: { page?: number; pageSize?: number }, size = 20): { items: T[]; page: number; pageSize: number; total: number } {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? size;
  return { items: all.slice((page - 1) * pageSize, page * pageSize), page, pageSize, total: all.length };
}
