/** The confirmation before money moves into an earn product: every figure the user commits to, then Confirm. */
import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';

export type Fact = [label: string, value: ReactNode];

export function ConfirmSheet({
  title,
  facts,
  note,
  busy,
  onCancel,
  onConfirm,
}: {
  title: string;
  facts: Fact[];
  note?: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onCancel} title={title} centered radius="lg" data-testid="earn-sheet">
      <dl className={panel.facts}>
        {facts.map(([label, value]) => (
          <Facts key={label} label={label} value={value} />
        ))}
      </dl>
      {note && (
        <Text size="xs" c="dimmed" mt="sm" data-testid="earn-sheet-note">
          {note}
        </Text>
      )}
      <Group grow mt="md">
        <Button variant="default" onClick={onCancel} classNames={WRAP}>
          {t('common.back')}
        </Button>
        <Button onClick={onConfirm} loading={busy} classNames={WRAP} data-testid="earn-sheet-confirm">
          {t('common.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}

/** One label / value pair of a `panel.facts` list. */
export function Facts({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
