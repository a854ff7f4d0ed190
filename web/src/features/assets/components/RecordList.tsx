/**
 * The user's records of one filter (e.g. this coin's deposits), newest first, each with its amount,
 * time, address and live status; "Load more" fetches the next page. Stays live: the `record`
 * socket event invalidates queryKey('listRecords').
 */
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { Big } from '../../../lib/decimal';
import { useRecords, type RecordFilter, type WalletRecord } from '../api';
import { useCoinFormat, useCoinMoney } from '../format';
import { RecordReason, RecordStatus } from './RecordStatus';
import classes from './funds.module.css';
import { formatDate, isolateAmounts } from '../../../lib/format';
import { EmptyState, type EmptyAction } from '../../../ui/EmptyState';
import { PageSkeleton } from '../../../ui/PageSkeleton';

/** A long address as its start and end ("TXk3Lo…Fa5Uy"); the full one stays in the title. */
export function shortAddress(address: string): string {
  return address.length > 18 ? `${address.slice(0, 8)}…${address.slice(-6)}` : address;
}

function RecordRow({ record }: { record: WalletRecord }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const format = useCoinFormat();
  const money = useCoinMoney();
  const amount = new Big(record.amount);
  // Never credited, or failed (a withdrawal's coins came back): no money moved, so no sign.
  const moved = record.status !== 'not_credited' && record.status !== 'failure';
  const time = formatDate(record.time, 'dateTime', locale);
  return (
    <li className={classes.record} data-testid="record-row" data-record-id={record.id} data-status={record.status} data-type={record.type}>
      <div className={classes.recordMain}>
        <span className={classes.recordTitle}>
          {t(`funds.record.type.${record.type}`)}
          {record.chain ? ` · ${record.chain}` : ''}
        </span>
        <span
          className={moved ? classes.recordAmount : `${classes.recordAmount} ${classes.recordVoid}`}
          data-testid="record-amount"
          data-sign={moved ? amount.s : 0}
        >
          {moved ? money(record.amount, record.coin, { signed: true }) : money(amount.abs().toString(), record.coin)}
        </span>
      </div>
      <div className={classes.recordMain}>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {time}
          </Text>
          {record.address && (
            <Text size="xs" c="dimmed" className={classes.mono} title={record.address}>
              {shortAddress(record.address)}
            </Text>
          )}
          {record.type === 'withdrawal' && new Big(record.fee).gt(0) && (
            <Text size="xs" c="dimmed">
              {isolateAmounts(t('funds.record.fee', { amount: format(record.fee, record.coin), coin: record.coin }))}
            </Text>
          )}
        </Stack>
        <RecordStatus record={record} withReason={false} />
      </div>
      <RecordReason record={record} />
    </li>
  );
}

/** What the list says when it has no record: what would be here, a line of help, maybe the next step. */
export interface RecordsEmpty {
  title: string;
  hint?: string;
  action?: EmptyAction;
}

export function RecordList({
  filter,
  title,
  empty,
  testId = 'records',
}: {
  filter: RecordFilter;
  title: string;
  empty: string | RecordsEmpty;
  testId?: string;
}) {
  const none = typeof empty === 'string' ? { title: empty } : empty;
  const { t } = useTranslation();
  const records = useRecords(filter);
  const items = records.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className={classes.section} aria-label={title} data-testid={testId}>
      <h2 className={classes.sectionTitle}>{title}</h2>
      {records.isPending ? (
        <PageSkeleton variant="records" rows={2} />
      ) : records.isError && !items.length ? (
        <Stack align="center" gap={6} py="md">
          <Text size="sm" c="dimmed">
            {t('funds.record.loadFailed')}
          </Text>
          <Button size="compact-sm" variant="light" onClick={() => void records.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      ) : items.length === 0 ? (
        <EmptyState compact testId={`${testId}-empty`} title={none.title} hint={none.hint} action={none.action} />
      ) : (
        <ul className={classes.records}>
          {items.map((r) => (
            <RecordRow key={r.id} record={r} />
          ))}
        </ul>
      )}
      {records.hasNextPage && (
        <Button variant="subtle" size="compact-sm" mt={6} fullWidth onClick={() => void records.fetchNextPage()} loading={records.isFetchingNextPage}>
          {t('funds.record.more')}
        </Button>
      )}
    </section>
  );
}
