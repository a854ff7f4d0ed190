/**
 * The plain risk notice of leveraged trading, shown the first time the lever tab opens and until
 * it is accepted; the acceptance is remembered on this device (localStorage `leverRiskAccepted`).
 */
import { Button, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { WRAP } from './wrap';

const ACCEPTED_KEY = 'leverRiskAccepted';

function accepted(): boolean {
  try {
    return localStorage.getItem(ACCEPTED_KEY) === '1';
  } catch {
    return false;
  }
}

export function RiskNotice() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => !accepted());
  const accept = () => {
    try {
      localStorage.setItem(ACCEPTED_KEY, '1');
    } catch {
      /* private mode: asked again next time */
    }
    setOpen(false);
  };
  return (
    <Modal
      opened={open}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      radius="lg"
      title={t('lever.risk.title')}
      data-testid="lever-risk-notice"
    >
      <Stack gap="sm">
        <Text size="sm">{t('lever.risk.intro')}</Text>
        <List size="sm" spacing={6}>
          <List.Item>{t('lever.risk.loseMargin')}</List.Item>
          <List.Item>{t('lever.risk.liquidation')}</List.Item>
          <List.Item>{t('lever.risk.fees')}</List.Item>
          <List.Item>{t('lever.risk.affordable')}</List.Item>
        </List>
        <Button onClick={accept} fullWidth classNames={WRAP} data-testid="lever-risk-accept">
          {t('lever.risk.accept')}
        </Button>
        <Button component={Link} to={paths.home.home} variant="subtle" fullWidth classNames={WRAP} data-testid="lever-risk-leave">
          {t('lever.risk.leave')}
        </Button>
      </Stack>
    </Modal>
  );
}
