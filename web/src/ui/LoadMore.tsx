/** "Load more" under a paged list: there while the query has a next page, busy while it loads. */
import { Button } from '@mantine/core';
import { WRAP } from './wrap';

interface Paged {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export function LoadMore({ query, label }: { query: Paged; label: string }) {
  if (!query.hasNextPage) return null;
  return (
    <Button variant="subtle" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} classNames={WRAP} data-testid="load-more">
      {label}
    </Button>
  );
}
