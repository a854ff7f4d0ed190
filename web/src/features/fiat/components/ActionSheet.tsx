/**
 * The confirmation before an order step (spec §8 prompts): what it means, and for `confirm` the
 * transaction password, for `appeal` the reason. Loaded with the order page.
 */
import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../ui/PasswordField';
import { WRAP } from '../../../ui/wrap';
import type { P2pAction } from '../api';

export function ActionSheet({
  action,
  busy,
  onCancel,
  onConfirm,
}: {
  action: P2pAction;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (extra: { transactionPassword?: string; reason?: string }) => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [reason, setReason] = useState('');
  // A confirm needs the 6-digit password; an appeal says why (the contract refuses a blank reason).
  const ready = action === 'confirm' ? /^\d{6}$/.test(password) : action !== 'appeal' || reason.trim() !== '';
  return (
    <Modal opened onClose={onCancel} title={t(`fiat.action.${action}`)} centered radius="lg" data-testid="p2p-sheet">
      <Text size="sm" mb="md">
        {t(`fiat.ask.${action}`)}
      </Text>
      {action === 'confirm' && (
        <PasswordField
          label={t('fiat.transactionPassword')}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="off"
          mb="md"
          data-testid="p2p-tx-password"
        />
      )}
      {action === 'appeal' && (
        <Textarea
          label={t('fiat.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value.slice(0, 500))}
          required
          autosize
          minRows={2}
          mb="md"
          data-testid="p2p-reason"
        />
      )}
      <Group grow>
        <Button variant="default" onClick={onCancel} classNames={WRAP} data-testid="p2p-sheet-dismiss">
          {t(action === 'cancel' ? 'dialog.keepOrder' : 'common.back')}
        </Button>
        <Button
          onClick={() => onConfirm(action === 'confirm' ? { transactionPassword: password } : action === 'appeal' ? { reason } : {})}
          disabled={!ready}
          loading={busy}
          color={action === 'cancel' || action === 'abnormal' ? 'red' : undefined}
          classNames={WRAP}
          data-testid="p2p-sheet-confirm"
        >
          {t(`fiat.action.${action}`)}
        </Button>
      </Group>
    </Modal>
  );
}
