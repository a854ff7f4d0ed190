/**
 * Identity verification overview: the two levels (real-name, then advanced) with their status,
 * what each unlocks (withdrawal limit per 24 h, merchant certification level) and the way to start
 * or resubmit. While a review is pending the user is polled every 5 s, so the status changes on
 * its own. Links to the bank card and the payment methods.
 */
import { Alert, Button, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReason } from '../../../i18n/useReason';
import { Link } from 'react-router-dom';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatAmount, isolate } from '../../../lib/format';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { useSettings } from '../../../api/settings';
import { useMeWhileReviewing, type ReviewStatus, type User } from '../api';
import { LoadRetry } from '../../../ui/LoadRetry';
import { ReviewBadge } from '../../../ui/ReviewBadge';
import { paths, withQuery } from '../../../lib/paths';
import classes from '../components/identity.module.css';
import panel from '../../../ui/panel.module.css';

type Level = 'primary' | 'advanced';

const Chevron = () => (
  <svg
    className={classes.chevron}
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    aria-hidden
  >
    <path d="m9 5 7 7-7 7" />
  </svg>
);

function LevelCard({
  level,
  status,
  reason,
  unlockLimit,
  merchantLevel,
  locked,
}: {
  level: Level;
  status: ReviewStatus;
  reason?: string;
  unlockLimit: string;
  merchantLevel: User['merchantLevel'];
  /** Advanced verification before the real-name one is verified. */
  locked?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const to = level === 'advanced' ? withQuery(paths.mine.realAuthentication, { level: 'advanced' }) : paths.mine.realAuthentication;
  let action: ReactNode = null;
  if (locked) {
    action = (
      <Text size="sm" c="dimmed" data-testid={`level-${level}-locked`}>
        {t('identity.overview.advancedLocked')}
      </Text>
    );
  } else if (status === 'none' || status === 'rejected') {
    action = (
      <Button component={Link} to={to} fullWidth data-testid={`level-${level}-action`}>
        {status === 'rejected' ? t('identity.overview.resubmit') : t('identity.overview.start')}
      </Button>
    );
  } else if (status === 'pending') {
    action = (
      <Text size="sm" c="dimmed" data-testid={`level-${level}-pending`}>
        {t('identity.overview.pendingNote')}
      </Text>
    );
  }
  return (
    <section className={panel.card} data-testid={`level-${level}`} aria-labelledby={`level-${level}-title`}>
      <div className={panel.cardHeader}>
        <h2 className={classes.cardTitle} id={`level-${level}-title`}>
          {t(`identity.overview.${level}.title`)}
        </h2>
        <ReviewBadge status={status} testId={`level-${level}-status`} />
      </div>
      <Text size="sm" c="dimmed">
        {t(`identity.overview.${level}.requires`)}
      </Text>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={-4}>
        {t('identity.overview.unlocks')}
      </Text>
      <dl className={panel.facts}>
        <dt>{t('identity.overview.unlocksLimit')}</dt>
        <dd>{isolate(t('identity.overview.limitPerDay', { amount: formatAmount(unlockLimit, 0, locale) }))}</dd>
        <dt>{t('identity.overview.unlocksMerchant')}</dt>
        <dd>{t(`identity.merchantLevel.${merchantLevel}`)}</dd>
      </dl>
      {status === 'rejected' && (
        <Alert color="red" variant="light" p="xs" title={t('identity.overview.rejectedTitle')} data-testid={`level-${level}-reason`}>
          {reason ?? t('identity.overview.rejectedNoReason')}
        </Alert>
      )}
      {action}
    </section>
  );
}

export default function AuthenticationPage() {
  const { t } = useTranslation();
  const reason = useReason();
  const locale = useIntlLocale();
  const me = useMeWhileReviewing();
  const { data: settings } = useSettings();
  if (!me.data || !settings) return me.isError ? <LoadRetry onRetry={() => void me.refetch()} /> : <PageSkeleton variant="settings" rows={4} />;
  const user = me.data;
  const limits = settings.withdrawalLimits;
  const current = user.merchantLevel;

  return (
    <div className={panel.page}>
      <section className={classes.summary} aria-label={t('identity.overview.summary')}>
        <div className={classes.summaryLabel}>{t('identity.overview.currentLimit')}</div>
        <div className={classes.summaryValue} data-testid="withdrawal-limit">
          {isolate(t('identity.overview.limitPerDay', { amount: formatAmount(user.withdrawalLimit, 0, locale) }))}
        </div>
        <div className={classes.summaryLabel} data-testid="merchant-level">
          {t('identity.overview.currentLevel', { level: t(`identity.merchantLevel.${current}`) })}
        </div>
        <div className={classes.ladder}>
          {(['mobile', 'realName', 'advanced'] as const).map((level) => (
            <div key={level} className={classes.step} data-current={level === current ? true : undefined}>
              <span className={classes.stepAmount}>{formatAmount(limits[level], 0, locale)}</span>
              {t(`identity.merchantLevel.${level}`)}
            </div>
          ))}
        </div>
      </section>

      <LevelCard
        level="primary"
        status={user.verification}
        reason={reason(user.verificationReasonCode, user.verificationReason)}
        unlockLimit={limits.realName}
        merchantLevel="realName"
      />
      <LevelCard
        level="advanced"
        status={user.advancedVerification}
        reason={reason(user.advancedVerificationReasonCode, user.advancedVerificationReason)}
        unlockLimit={limits.advanced}
        merchantLevel="advanced"
        locked={user.verification !== 'verified' && user.advancedVerification === 'none'}
      />

      <nav className={classes.links} aria-label={t('identity.overview.paymentLinks')}>
        <Link to={paths.mine.bankAuthentication} className={classes.linkRow} data-testid="link-bank">
          <div>
            <Text size="sm" fw={600}>
              {t('identity.overview.bankLink')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('identity.overview.bankLinkHint')}
            </Text>
          </div>
          <Chevron />
        </Link>
        <Link to={paths.mine.collectMoney} className={classes.linkRow} data-testid="link-collect">
          <div>
            <Text size="sm" fw={600}>
              {t('identity.overview.collectLink')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('identity.overview.collectLinkHint')}
            </Text>
          </div>
          <Chevron />
        </Link>
      </nav>
    </div>
  );
}
