/** A page-by-page, live list of my earn positions of a filter, with an empty state that says where to start. */
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadMore } from '../../../ui/LoadMore';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { WRAP } from '../../../ui/wrap';
import { usePositions, type PositionFilter } from '../api';
import offer from '../../../ui/offer.module.css';
import { PositionCard } from './PositionCard';

export function PositionList({ filter, start }: { filter: PositionFilter; start: { to: string; label: string } }) {
  const { t } = useTranslation();
  const positions = usePositions(filter);
  const items = positions.data?.pages.flatMap((p) => p.items) ?? [];
  if (positions.isError && !positions.data) return <LoadRetry onRetry={() => void positions.refetch()} />;
  if (positions.isPending) return <PageSkeleton rows={3} />;
  return (
    <>
      {items.length === 0 && (
        <div data-testid="earn-empty">
          <Text c="dimmed" ta="center" py={24}>
            {t('earn.none')}
          </Text>
          <Button component={Link} to={start.to} variant="light" fullWidth classNames={WRAP}>
            {start.label}
          </Button>
        </div>
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
