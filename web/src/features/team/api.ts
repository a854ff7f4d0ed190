/**
 * The referral team: the summary, the members page by page (optionally of one level) and the
 * rebates page by page. A `rebate` event (a member's fee just earned the user a share) refreshes
 * all three.
 */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../contracts/generated/openapi';
import { call } from '../../api/client';
import { queryKey } from '../../api/queryKey';
import { useRealtime } from '../../realtime/hooks';

export type TeamLevel = components['schemas']['TeamLevel'];
export type TeamMember = components['schemas']['TeamMember'];
export type Rebate = components['schemas']['Rebate'];

const PAGE_SIZE = 20;
const nextPage = (last: { page: number; pageSize: number; total: number }) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined);

export const teamQuery = queryOptions({
  queryKey: queryKey('getTeam'),
  queryFn: ({ signal }) => call('getTeam', { signal }),
});

const membersQuery = (level: TeamLevel | undefined) =>
  infiniteQueryOptions({
    queryKey: queryKey('listTeamMembers', { level }),
    queryFn: ({ pageParam, signal }) => call('listTeamMembers', { query: { level, page: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

const rebatesQuery = infiniteQueryOptions({
  queryKey: queryKey('listRebates'),
  queryFn: ({ pageParam, signal }) => call('listRebates', { query: { page: pageParam, pageSize: PAGE_SIZE }, signal }),
  initialPageParam: 1,
  getNextPageParam: nextPage,
});

export const useTeam = () => useQuery(teamQuery);
export const useTeamMembers = (level: TeamLevel | undefined) => useInfiniteQuery(membersQuery(level));
export const useRebates = () => useInfiniteQuery(rebatesQuery);

/** A new rebate changes the income, a member's activity and the rebate list. */
export function useRebateEvents(): void {
  const queryClient = useQueryClient();
  useRealtime(null, 'rebate', () => {
    for (const op of ['getTeam', 'listTeamMembers', 'listRebates'] as const) void queryClient.invalidateQueries({ queryKey: queryKey(op) });
  });
}
