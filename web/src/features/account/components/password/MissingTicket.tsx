/** Shown by a second step opened without a valid ticket: why, and the way back to step one. */
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function MissingTicket({ backTo, expired = false }: { backTo: string; expired?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="sm" py={56} px={24} ta="center" data-testid="missing-ticket">
      <ThemeIcon size={56} radius="xl" variant="light" color="orange" aria-hidden>
        <svg width={28} height={28} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
          <rect x="4" y="11" width="16" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
      </ThemeIcon>
      <Title order={3}>{t(expired ? 'password.ticket.expiredTitle' : 'password.ticket.missingTitle')}</Title>
      <Text c="dimmed" size="sm" maw={320}>
        {t(expired ? 'password.ticket.expiredBody' : 'password.ticket.missingBody')}
      </Text>
      <Button component={Link} to={backTo} replace mt="xs" data-testid="verify-again">
        {t('password.ticket.backToStepOne')}
      </Button>
    </Stack>
  );
}
