/**
 * User centre: who the user is (avatar, account, invitation code, credit score, verification,
 * merchant level, role, withdrawal limit) and the account's settings and exits.
 */
import { Avatar, Badge, Button, CopyButton, Group, Stack, Switch, Text, useMantineColorScheme } from '@mantine/core';
import { Segmented } from '../../../ui/Segmented';
import { toast } from '../../../ui/toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { formatAmount, isolate } from '../../../lib/format';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { setPriceColors, usePriceColors, type PriceColors } from '../../../theme/priceColors';
import { LanguageSelect } from '../../../ui/LanguageSelect';
import { ListGroup, ListRow } from '../../../ui/ListRow';
import { SupportUnreadBadge, UnreadBadge } from '../../../ui/UnreadBadge';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { ReviewBadge } from '../../../ui/ReviewBadge';
import { useConfirm } from '../../../ui/useConfirm';
import { useMe } from '../../../api/me';
import { useClearCache, useLogout } from '../api';
import classes from './account.module.css';
import { paths } from '../../../lib/paths';

const LEVELS = ['mobile', 'realName', 'advanced'] as const;

export default function UserCenterPage() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const navigate = useNavigate();
  const { data: me, isPending } = useMe();
  const logout = useLogout();
  const clearCache = useClearCache();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const priceColors = usePriceColors().scheme;
  const [ask, dialog] = useConfirm();

  if (isPending || !me) return <PageSkeleton variant="settings" />;
  const level = LEVELS.indexOf(me.merchantLevel);

  return (
    <div>
      <div className={classes.profile}>
        <Avatar size={56} radius="xl" color="blue" variant="filled" aria-hidden>
          {me.nickname.slice(0, 2).toUpperCase()}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={700} size="lg" truncate data-server-text>
              {me.nickname}
            </Text>
            {me.role === 'agent' && (
              <Badge color="grape" variant="light" data-testid="agent-badge">
                {t('mine.agent')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" data-testid="user-account" data-server-text>
            {me.account}
          </Text>
          <Text size="xs" c="dimmed">
            {t('mine.accountFixed')}
          </Text>
        </Stack>
      </div>

      <ListGroup>
        <ListRow
          label={t('mine.inviteCode')}
          value={
            <>
              <span data-testid="invite-code">{me.inviteCode}</span>
              <CopyButton value={me.inviteCode}>
                {({ copy }) => (
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => {
                      copy();
                      toast.success(t('mine.copied'));
                    }}
                  >
                    {t('mine.copy')}
                  </Button>
                )}
              </CopyButton>
            </>
          }
        />
        {me.realName && <ListRow label={t('mine.realName')} value={<span data-testid="real-name">{me.realName}</span>} />}
        <ListRow label={t('mine.creditScore')} value={<span data-testid="credit-score">{me.creditScore}</span>} />
        <ListRow
          label={t('mine.withdrawalLimit')}
          hint={t('mine.withdrawalLimitHint')}
          value={<span data-testid="withdrawal-limit">{isolate(t('mine.perDay', { amount: formatAmount(me.withdrawalLimit, 0, locale) }))}</span>}
        />
      </ListGroup>

      <ListGroup title={t('mine.verification')}>
        <ListRow
          label={t('routes.authentication')}
          to={paths.mine.authentication}
          value={<ReviewBadge status={me.verification} />}
          testId="row-authentication"
        />
        {/* A status meter, not three buttons: the whole row opens what each level needs and unlocks. */}
        <Link to={paths.mine.authentication} className={classes.levels} data-testid="merchant-levels">
          <span className={classes.levelsHead}>
            <span>{t('mine.merchantLevel')}</span>
            <span className={classes.levelsValue}>
              {t(`mine.level.${me.merchantLevel}`)}
              <span aria-hidden className={classes.chevron}>
                ›
              </span>
            </span>
          </span>
          <span className={classes.steps} aria-hidden>
            {LEVELS.map((l, i) => (
              <span key={l} className={classes.step} data-done={i <= level} data-testid={`level-${l}`}>
                <span className={classes.bar} />
                {t(`mine.level.${l}`)}
              </span>
            ))}
          </span>
        </Link>
        <ListRow label={t('routes.collectMoney')} to={paths.mine.collectMoney} />
        <ListRow label={t('routes.authorizationCode')} to={paths.mine.authorizationCode} value={me.role === 'agent' ? t('mine.agent') : undefined} />
      </ListGroup>

      <ListGroup title={t('mine.team')}>
        <ListRow label={t('routes.invite')} to={paths.mine.invite} testId="row-invite" />
        <ListRow label={t('routes.group')} to={paths.mine.group} testId="row-group" />
        <ListRow label={t('routes.groupLog')} to={paths.mine.groupLog} testId="row-group-log" />
      </ListGroup>

      <ListGroup title={t('mine.settings')}>
        <ListRow label={t('routes.systemMessages')} to={paths.mine.systemMessages} value={<UnreadBadge />} testId="row-messages" />
        <ListRow label={t('routes.kefu')} to={paths.mine.kefu} value={<SupportUnreadBadge />} testId="row-kefu" />
        <ListRow label={t('routes.security')} to={paths.mine.security} testId="row-security" />
        <ListRow label={t('common.language')} value={<LanguageSelect />} />
        <ListRow
          label={t('mine.darkTheme')}
          value={
            <Switch
              checked={colorScheme === 'dark'}
              onChange={(e) => setColorScheme(e.currentTarget.checked ? 'dark' : 'light')}
              aria-label={t('mine.darkTheme')}
              data-testid="theme-switch"
            />
          }
        />
        <ListRow
          label={t('mine.priceColors')}
          value={
            <Segmented
              size="xs"
              value={priceColors}
              onChange={(v) => setPriceColors(v as PriceColors)}
              data={[
                { value: 'green-up', label: t('mine.greenUp') },
                { value: 'red-up', label: t('mine.redUp') },
              ]}
              aria-label={t('mine.priceColors')}
              data-testid="price-colors"
            />
          }
        />
        <ListRow
          label={t('mine.clearCache')}
          hint={t('mine.clearCacheHint')}
          onClick={async () => {
            if (!(await ask({ message: t('mine.clearCacheConfirm'), confirmLabel: t('mine.clearCache'), cancelLabel: t('dialog.notNow') }))) return;
            clearCache();
            toast.success(t('mine.cacheCleared'));
          }}
          testId="row-clear-cache"
        />
        <ListRow label={t('routes.about')} to={paths.mine.about} value={t('mine.version', { version: '1.0.0' })} />
        <ListRow label={t('routes.app')} to={paths.mine.app} />
      </ListGroup>

      <div style={{ padding: '8px 16px 24px' }}>
        <Button
          fullWidth
          variant="light"
          color="red"
          size="md"
          loading={logout.isPending}
          data-testid="logout"
          onClick={async () => {
            if (!(await ask({ message: t('mine.logoutConfirm'), confirmLabel: t('mine.logout'), cancelLabel: t('dialog.stayLoggedIn'), destructive: true })))
              return;
            logout.mutate(undefined, { onSettled: () => navigate(paths.mine.login, { replace: true }) });
          }}
        >
          {t('mine.logout')}
        </Button>
      </div>
      {dialog}
    </div>
  );
}
