/**
 * Assets: the total in USDT and in a fiat currency of choice, shortcuts to move money, and each
 * account kind's coins with available, frozen and converted value; hide small balances; search.
 */
import { ActionIcon, Button, Checkbox, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useMemo, useState, type ComponentType, type SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSettings } from '../../../api/settings';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { Big } from '../../../lib/decimal';
import { formatAmount, isolate, isolateAmounts } from '../../../lib/format';
import { DownloadIcon, ExchangeIcon, EyeIcon, SearchIcon, TradeIcon, WalletIcon } from '../../../ui/icons';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { EmptyState } from '../../../ui/EmptyState';
import { CoinsIcon } from '../../../ui/emptyIcons';
import { WRAP } from '../../../ui/wrap';
import { useWallet, type AccountKind } from '../../../api/wallet';
import { ACCOUNT_KINDS, useCoins } from '../api';
import { useCoinFormat } from '../format';
import classes from './assets.module.css';
import { ASSET_ACTIONS } from '../actions';
import { paths, withQuery } from '../../../lib/paths';

const SMALL = new Big(1);
const HIDDEN = '****';

const ACTION_ICONS: Record<(typeof ASSET_ACTIONS)[number]['label'], ComponentType<SVGProps<SVGSVGElement>>> = {
  'assets.deposit': DownloadIcon,
  'assets.withdraw': WalletIcon,
  'assets.transfer': TradeIcon,
  'assets.flash': ExchangeIcon,
};

export default function AssetsPage() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const { data: wallet, isPending } = useWallet();
  const { data: coins } = useCoins();
  const { data: settings } = useSettings();
  const format = useCoinFormat();
  const [kind, setKind] = useLocalStorage<AccountKind>({ key: 'assets_kind', defaultValue: 'funds' });
  const [fiat, setFiat] = useLocalStorage({ key: 'fiat_currency', defaultValue: 'USD' });
  const [hide, setHide] = useLocalStorage({ key: 'hide_small', defaultValue: false });
  const [masked, setMasked] = useLocalStorage({ key: 'mask_amounts', defaultValue: false });
  const [search, setSearch] = useState('');

  const account = wallet?.accounts.find((a) => a.kind === kind);
  const rows = useMemo(() => {
    const q = search.trim().toUpperCase();
    return (account?.balances ?? []).filter(
      (b) =>
        (!q ||
          b.coin.includes(q) ||
          coins
            ?.find((c) => c.coin === b.coin)
            ?.name.toUpperCase()
            .includes(q)) &&
        (!hide || new Big(b.usdtValue).gte(SMALL)),
    );
  }, [account, search, hide, coins]);

  if (isPending || !wallet) return <PageSkeleton variant="assets" />;
  const rate = settings?.fiatRates?.[fiat] ?? '1';
  const show = (text: string) => (masked ? HIDDEN : text);

  return (
    <div>
      <section className={classes.summary} aria-label={t('assets.total')}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" opacity={0.9}>
            {t('assets.totalIn', { currency: 'USDT' })}
          </Text>
          <ActionIcon variant="subtle" color="white" onClick={() => setMasked(!masked)} aria-label={masked ? t('assets.showAmounts') : t('assets.hideAmounts')}>
            <EyeIcon off={masked} width={18} />
          </ActionIcon>
        </Group>
        <div className={classes.total} data-testid="assets-total">
          {show(formatAmount(wallet.usdtTotal, 2, locale))}
        </div>
        <Group gap={6} mt={4} wrap="nowrap">
          <Text size="sm" opacity={0.9} data-testid="assets-fiat">
            ≈ {show(formatAmount(new Big(wallet.usdtTotal).times(rate), 2, locale))}
          </Text>
          <NativeSelect
            size="xs"
            variant="unstyled"
            aria-label={t('assets.fiat')}
            value={fiat}
            onChange={(e) => setFiat(e.currentTarget.value)}
            data={Object.keys(settings?.fiatRates ?? { USD: '1' })}
            styles={{ input: { color: '#fff', paddingInlineEnd: 18 } }}
            data-testid="fiat-select"
          />
        </Group>
        <nav className={classes.actions}>
          {ASSET_ACTIONS.map((a) => {
            const Icon = ACTION_ICONS[a.label];
            return (
              <Link key={a.to} to={a.to} className={classes.action} data-testid={a.testId}>
                <Icon />
                {t(a.label)}
              </Link>
            );
          })}
        </nav>
      </section>

      <div className={classes.kinds} role="toolbar" aria-label={t('assets.accounts')}>
        {ACCOUNT_KINDS.map((k) => (
          <button key={k} type="button" className={classes.kind} aria-pressed={k === kind} onClick={() => setKind(k)} data-testid={`kind-${k}`}>
            {t(`assets.kind.${k}`)}
          </button>
        ))}
      </div>

      {kind === 'fiat' && (
        <Group px={16} pb={4} gap={8} data-testid="fiat-links">
          <Button component={Link} to={paths.legal.legal} size="compact-sm" variant="light" classNames={WRAP}>
            {t('routes.legal')}
          </Button>
          <Button component={Link} to={paths.legal.transactionRecord} size="compact-sm" variant="default" classNames={WRAP} data-testid="fiat-log-link">
            {t('routes.transactionRecord')}
          </Button>
        </Group>
      )}
      <Group px={16} justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" c="dimmed" data-testid="account-total">
          {isolateAmounts(t('assets.accountTotal', { amount: show(formatAmount(account?.usdtTotal ?? '0', 2, locale)) }))}
        </Text>
        <Checkbox size="xs" label={t('assets.hideSmall')} checked={hide} onChange={(e) => setHide(e.currentTarget.checked)} data-testid="hide-small" />
      </Group>
      <div style={{ padding: '8px 16px' }}>
        <TextInput
          size="sm"
          radius="xl"
          leftSection={<SearchIcon width={16} />}
          placeholder={t('assets.search')}
          aria-label={t('assets.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
      </div>

      <div role="list" aria-label={t(`assets.kind.${kind}`)}>
        {rows.length === 0 && (
          <EmptyState
            compact
            testId="coins-empty"
            icon={<CoinsIcon />}
            title={t('empty.coins.title')}
            hint={t('empty.coins.hint')}
            action={
              search || hide
                ? {
                    label: t('empty.coins.action'),
                    onClick: () => {
                      setSearch('');
                      setHide(false);
                    },
                  }
                : undefined
            }
          />
        )}
        {rows.map((b) => (
          // The item holds the link: a link with role=listitem would no longer be a link.
          <div key={b.coin} role="listitem">
            <Link to={withQuery(paths.assets.tradeAccount, { coin: b.coin, kind })} className={classes.row} data-testid="balance-row" data-coin={b.coin}>
              <span className={classes.coin}>{b.coin}</span>
              <span className={classes.num} data-testid="balance-available">
                {show(format(b.available, b.coin))}
              </span>
              <span className={classes.sub}>
                {t('assets.frozen')} {show(format(b.frozen, b.coin))}
              </span>
              <span className={`${classes.sub} ${classes.num}`}>≈ {isolate(`${show(formatAmount(b.usdtValue, 2, locale))} USDT`)}</span>
            </Link>
          </div>
        ))}
      </div>
    </div>
  );
}
