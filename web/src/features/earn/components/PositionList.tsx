/** A page-by-page, live list of my earn positions of a filter, with an empty state that says where to start. */
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../../ui/LoadMore';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { EmptyState } from '../../../ui/EmptyState';
import { ChartUpIcon } from '../../../ui/emptyIcons';
import { usePositions, type PositionFilter } from '../api';
import offer from '../../../ui/offer.module.css';
import { PositionCard } from './PositionCard';

export function PositionList({ filter, start }: { filter: PositionFilter; start: { to: string; label: string } }) {
  const { t } = useTranslation();
  const positions = usePositions(filter);
  const items = positions.data?.pages.flatMap((p) => p.items) ?? [];
  if (positions.isError && !positions.data) return <LoadRetry onRetry={() => void positions.refetch()} />;
  if (positions.isPending) return <PageSkeleton variant="cards" rows={3} bare />;
  return (
    <>
      {items.length === 0 && (
        <EmptyState
          testId="earn-empty"
          icon={<ChartUpIcon />}
          title={t('empty.earn.title')}
          hint={t('empty.earn.hint')}
          action={{ label: start.label, to: start.to }}
        />
      )}
      <div className={offer.list}>
        {items.map((p) => (
          <PositionCard key={p.id} position={p} />
        ))}
      </div>
      <LoadMore query={positions} label={t('earn.loadMore')} />
    </>
  );
}
