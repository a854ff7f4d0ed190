/**
 * The status of any wallet record (deposit, recharge, withdrawal, transfer, exchange): a coloured
 * badge, the network confirmations while they count ("2/6") and, for a refused or uncredited
 * record, the server's reason.
 */
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useReason } from '../../../i18n/useReason';
import type { RecordStatus as Status, WalletRecord } from '../api';

const COLORS: Record<Status, string> = {
  confirming: 'blue',
  credited: 'teal',
  not_credited: 'red',
  reviewing: 'orange',
  application: 'orange',
  success: 'teal',
  failure: 'red',
};

/** Confirmations are worth showing once the transfer is on chain and until it settles. */
function showsConfirmations(r: WalletRecord): boolean {
  if (r.requiredConfirmations === undefined) return false;
  if (r.status === 'confirming' || r.status === 'credited' || r.status === 'not_credited') return true;
  return r.type === 'withdrawal' && r.status === 'success';
}

/** Why a record failed or was not credited, in the reader's language (the server's words for a reason the app does not know), when it says. */
export function RecordReason({ record, ta = 'start' }: { record: WalletRecord; ta?: 'start' | 'end' }) {
  const reason = useReason()(record.reasonCode, record.reason, record.reasonParams);
  if (!reason) return null;
  const failed = record.status === 'failure' || record.status === 'not_credited';
  return (
    <Text size="xs" c={failed ? 'red' : 'dimmed'} ta={ta} data-testid="record-reason">
      {reason}
    </Text>
  );
}

/** The badge and confirmations, and the reason below them unless `withReason` is false (to place it yourself with RecordReason). */
export function RecordStatus({
  record,
  align = 'flex-end',
  withReason = true,
}: {
  record: WalletRecord;
  align?: 'flex-start' | 'flex-end';
  withReason?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} align={align} style={{ minWidth: 0 }}>
      <Group gap={6} wrap="nowrap" justify={align}>
        {showsConfirmations(record) && (
          <Text
            size="xs"
            c="dimmed"
            style={{ fontVariantNumeric: 'tabular-nums' }}
            aria-label={t('funds.record.confirmationsLabel', { count: record.confirmations ?? 0, required: record.requiredConfirmations })}
            data-testid="record-confirmations"
          >
            {record.confirmations ?? 0}/{record.requiredConfirmations}
          </Text>
        )}
        <Badge color={COLORS[record.status]} variant="light" radius="sm" style={{ flex: 'none' }} data-testid="record-status" data-status={record.status}>
          {t(`funds.status.${record.status}`)}
        </Badge>
      </Group>
      {withReason && <RecordReason record={record} ta={align === 'flex-end' ? 'end' : 'start'} />}
    </Stack>
  );
}
