/** A small button that copies a value (an order number, a reference, an account), saying so for a moment. */
import { Button, CopyButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WRAP } from '../../../ui/wrap';

export function Copyable({ value, testId }: { value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Button size="compact-xs" variant="light" onClick={copy} classNames={WRAP} data-testid={testId}>
          {copied ? t('invite.copied') : t('invite.copy')}
        </Button>
      )}
    </CopyButton>
  );
}
