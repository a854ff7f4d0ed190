/** A page that throws while rendering shows a message and a way out, not a blank screen. */
import { Button, Stack, Text, Title } from '@mantine/core';
import { Component, useLayoutEffect, type ReactNode } from 'react';
import { dropBootShell } from './bootShell';
import { useTranslation } from 'react-i18next';

function Fallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  useLayoutEffect(dropBootShell, []); // the static shell must not hide the message
  return (
    <Stack align="center" gap="sm" py={64} px="md" ta="center" role="alert" data-testid="page-error">
      <Title order={3}>{t('errors.pageTitle')}</Title>
      <Text c="dimmed">{t('errors.pageBody')}</Text>
      <Button variant="light" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Stack>
  );
}

export class PageErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean; key: string }> {
  state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    // Navigating to another page clears the error.
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  componentDidCatch(error: unknown) {
    console.error('[page] render failed', error);
  }

  render() {
    return this.state.failed ? <Fallback onRetry={() => this.setState({ failed: false })} /> : this.props.children;
  }
}
