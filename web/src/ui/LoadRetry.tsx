/** Data a page needs could not be loaded (the client has already said why in a toast): offer a retry. */
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function LoadRetry({ onRetry, compact = false }: { onRetry: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="sm" py={compact ? 'md' : 64} px="md" ta="center" data-testid="load-failed">
      <Text c="dimmed" size={compact ? 'sm' : 'md'}>
        {t('errors.loadFailed')}
      </Text>
      <Button variant="light" size={compact ? 'compact-sm' : 'sm'} onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Stack>
  );
}
