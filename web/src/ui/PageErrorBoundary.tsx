/** A page that throws while rendering shows a message and a way out, not a blank screen. */
import { Component, useLayoutEffect, type ReactNode } from 'react';
import { dropBootShell } from './bootShell';
import classes from './pageError.module.css';
import { useTranslation } from 'react-i18next';

function Fallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  useLayoutEffect(dropBootShell, []); // the static shell must not hide the message
  return (
    // Plain elements: the boundary wraps every page, home's first screen too, which has no Mantine.
    <div className={classes.root} role="alert" data-testid="page-error">
      <h3 className={classes.title}>{t('errors.pageTitle')}</h3>
      <p className={classes.body}>{t('errors.pageBody')}</p>
      <button type="button" className={classes.retry} onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
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
