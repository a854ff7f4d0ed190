/**
 * Second contracts (?symbol=BTC/USDT): the symbol with its live price and a small live chart, the
 * periods with their payout rates, a stake (quick amounts, the second-contract account's balance,
 * a transfer link), Up and Down; a sheet states the stake, the period, what a win pays and that a
 * loss costs the whole stake before anything is bought. Running contracts count down on the
 * server's clock with their estimated result; a settlement shows a toast with the actual result.
 * Running and settled contracts are listed in tabs ("load more"). A plain risk notice comes first.
 * The period, the stake, its checks and what a win pays are forms/secondForm (the app's form
 * shape, lib/form); this page renders them.
 */
import { Anchor, Button, Group, Modal, NativeSelect, Stack, Tabs, Text } from '@mantine/core';
import { toast } from '../../../ui/toast';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { getToken } from '../../../api/client';
import { balanceOf, useWallet } from '../../../api/wallet';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { hasErrors } from '../../../lib/form';
import { useForm } from '../../../lib/useForm';
import { useMessage } from '../../../i18n/useMessage';
import { formatAmount, formatExact, formatMoney, formatRate, formatSignedMoney, isolate } from '../../../lib/format';
import { loginRedirect, paths, withQuery } from '../../../lib/paths';
import { serverNow } from '../../../lib/serverClock';
import { AmountInput } from '../../../ui/AmountInput';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { EmptyState } from '../../../ui/EmptyState';
import { RiskNotice } from '../../../ui/RiskNotice';
import { LivePrice } from '../../../ui/market/LivePrice';
import { useSubmitGuard } from '../../../ui/useSubmitGuard';
import { LoadMore } from '../../../ui/LoadMore';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';
import { ordersOf, useBuySecond, useSecondEvents, useSecondOrders, useSecondTerms, type SecondFilter } from '../api';
import { RunningCard, SettledCard } from '../components/ContractCards';
import { SecondChart } from '../components/SecondChart';
import classes from '../components/second.module.css';
import { initialSecond, secondForm, type Direction, type SecondOrder, type SecondReview, type SecondTerms } from '../forms/secondForm';

export default function SecondPage() {
  const { t } = useTranslation();
  const { data: terms, isError, refetch } = useSecondTerms();
  const [params, setParams] = useSearchParams();
  if (isError && !terms) return <LoadRetry onRetry={() => void refetch()} />;
  if (!terms) return <PageSkeleton variant="chart" />;
  const symbol = terms.symbols.find((s) => s.symbol === params.get('symbol')) ?? terms.symbols[0];
  if (!symbol) {
    return (
      <Text c="dimmed" ta="center" py={48}>
        {t('second.noSymbols')}
      </Text>
    );
  }
  return (
    <>
      <RiskNotice
        storageKey="secondRiskAccepted"
        title={t('second.risk.title')}
        intro={t('second.risk.intro')}
        points={[t('second.risk.payout'), t('second.risk.mostLose'), t('second.risk.price'), t('second.risk.affordable')]}
        accept={t('second.risk.accept')}
        leave={t('second.risk.leave')}
        testId="second-risk"
      />
      <Second
        key={symbol.symbol}
        terms={terms}
        symbol={symbol.symbol}
        places={symbol.pricePrecision}
        onSymbol={(s) => setParams((p) => ({ ...Object.fromEntries(p), symbol: s }), { replace: true })}
      />
    </>
  );
}

function Second({ terms, symbol, places, onSymbol }: { terms: SecondTerms; symbol: string; places: number; onSymbol: (s: string) => void }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const say = useMessage();
  const loggedIn = Boolean(getToken());
  const coin = terms.coin;
  const placesOf = useCallback((s: string) => terms.symbols.find((x) => x.symbol === s)?.pricePrecision ?? 2, [terms]);
  const [review, setReview] = useState<SecondReview | null>(null);
  const [tab, setTab] = useState<SecondFilter>('running');
  const buy = useBuySecond();
  const guard = useSubmitGuard();
  const { data: wallet } = useWallet();
  const available = loggedIn ? balanceOf(wallet, 'second', coin)?.available : undefined;
  const running = ordersOf(useSecondOrders('running').data);
  // The period, the stake and its checks live in forms/secondForm.
  const { state, summary, dispatch, errors } = useForm(secondForm, () => initialSecond(terms), { terms, available });
  const { period } = summary;

  useSecondEvents((order) => {
    const places = placesOf(order.symbol);
    const key = order.result === 'win' ? 'second.won' : order.result === 'loss' ? 'second.lost' : 'second.tied';
    // The outcome of a contract bought earlier: it stays when the user moves on (it is not about the page).
    const message = t(key, {
      symbol: order.symbol,
      price: formatAmount(order.closePrice ?? '0', places, locale),
      pnl: formatSignedMoney(order.pnl ?? '0', 2, coin, locale),
    });
    if (order.result === 'win') toast.success(message, { keep: true, autoClose: 6000 });
    else toast.info(message, { keep: true, autoClose: 6000 });
  });

  if (!period) return null;

  const submit = (direction: Direction) => (e?: FormEvent) => {
    e?.preventDefault();
    if (buy.isPending || review) return;
    const checked = errors();
    dispatch({ type: 'check', errors: checked });
    if (!hasErrors(checked) && summary.order) setReview({ direction, ...summary.order });
  };

  const send = () => {
    if (!review || buy.isPending || !guard.begin()) return;
    buy.mutate(
      { symbol, direction: review.direction, period: review.seconds, stake: review.stake },
      {
        onSuccess: () => {
          toast.success(t('second.bought'));
          setTab('running');
        },
        onSettled: () => {
          guard.end();
          setReview(null);
        },
      },
    );
  };

  return (
    <div className={panel.page} data-testid="second-page">
      <div className={classes.headerRow}>
        <NativeSelect
          aria-label={t('second.symbol')}
          value={symbol}
          onChange={(e) => onSymbol(e.currentTarget.value)}
          data={terms.symbols.map((s) => s.symbol)}
          data-testid="second-symbol"
        />
        <Anchor component={Link} to={withQuery(paths.market.kline, { symbol })} size="sm">
          {t('second.chart')}
        </Anchor>
      </div>
      <LivePrice symbol={symbol} pricePrecision={places} testId="second-last" />
      <SecondChart symbol={symbol} pricePrecision={places} running={running} />

      <form onSubmit={submit('up')} noValidate data-testid="second-form">
        <Stack gap={10}>
          <div>
            <Text size="sm" fw={500} mb={4} id="second-periods">
              {t('second.period')}
            </Text>
            <div className={classes.periods} role="radiogroup" aria-labelledby="second-periods">
              {terms.periods.map((p) => (
                <button
                  key={p.seconds}
                  type="button"
                  role="radio"
                  aria-checked={p.seconds === period.seconds}
                  className={classes.period}
                  onClick={() => dispatch({ type: 'period', seconds: p.seconds })}
                  data-testid={`second-period-${p.seconds}`}
                >
                  <span className={classes.periodSeconds}>{t('second.periodSeconds', { count: p.seconds })}</span>
                  <span className={classes.periodRate}>{formatRate(p.payoutRate, locale)}</span>
                </button>
              ))}
            </div>
          </div>
          <AmountInput
            label={t('second.stake', { coin })}
            placeholder={t('second.stakeRange', { min: formatExact(period.minStake, locale), max: formatExact(period.maxStake, locale) })}
            value={state.stake}
            onValueChange={(v) => dispatch({ type: 'stake', value: v })}
            error={say(state.errors.stake)}
            data-testid="second-stake"
          />
          <div className={classes.quick}>
            {summary.quick.map((q) => (
              <Button
                key={q}
                size="compact-sm"
                variant={state.stake === q ? 'filled' : 'default'}
                onClick={() => dispatch({ type: 'stake', value: q })}
                data-testid={`second-quick-${q}`}
              >
                {formatExact(q, locale)}
              </Button>
            ))}
          </div>
          <dl className={panel.facts}>
            {loggedIn && (
              <>
                <dt>{t('second.available')}</dt>
                <dd data-testid="second-available">{available !== undefined ? formatMoney(available, 2, coin, locale) : '--'}</dd>
              </>
            )}
            <dt>{t('second.payoutRate')}</dt>
            <dd>{formatRate(period.payoutRate, locale)}</dd>
            <dt>{t('second.ifWin')}</dt>
            <dd data-testid="second-if-win">{formatSignedMoney(summary.profit, 2, coin, locale)}</dd>
          </dl>
          {loggedIn ? (
            <div className={classes.two}>
              <Button type="submit" color="var(--app-up-fill)" loading={buy.isPending && review?.direction === 'up'} classNames={WRAP} data-testid="second-up">
                ▲ {t('second.direction.up')}
              </Button>
              <Button
                color="var(--app-down-fill)"
                onClick={() => submit('down')()}
                loading={buy.isPending && review?.direction === 'down'}
                classNames={WRAP}
                data-testid="second-down"
              >
                ▼ {t('second.direction.down')}
              </Button>
            </div>
          ) : (
            <Button component={Link} to={loginRedirect(withQuery(paths.market.second, { symbol }))} classNames={WRAP} data-testid="second-login">
              {t('second.login')}
            </Button>
          )}
          {loggedIn && (
            <Anchor component={Link} to={paths.assets.transferTomicro} size="sm" data-testid="second-transfer">
              {t('second.transfer')}
            </Anchor>
          )}
          <Text className={classes.notice}>{t('second.reminder')}</Text>
        </Stack>
      </form>

      {loggedIn && (
        <Tabs value={tab} onChange={(v) => v && setTab(v as SecondFilter)} keepMounted={false}>
          <Tabs.List grow>
            {(['running', 'settled'] as const).map((k) => (
              <Tabs.Tab key={k} value={k} data-testid={`second-tab-${k}`}>
                {t(`second.tabs.${k}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="running" pt="sm">
            <RunningList orders={running} placesOf={placesOf} />
          </Tabs.Panel>
          <Tabs.Panel value="settled" pt="sm">
            <SettledList placesOf={placesOf} />
          </Tabs.Panel>
        </Tabs>
      )}

      <ConfirmSheet review={review} symbol={symbol} coin={coin} pending={buy.isPending} onClose={() => setReview(null)} onConfirm={send} />
    </div>
  );
}

/** The server's time, ticking four times a second while mounted (for the countdowns). */
function useServerNow(): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 250);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function RunningList({ orders, placesOf }: { orders: SecondOrder[]; placesOf: (s: string) => number }) {
  const { t } = useTranslation();
  const now = useServerNow();
  if (!orders.length) {
    return <EmptyState compact testId="second-no-running" title={t('empty.secondRunning.title')} hint={t('empty.secondRunning.hint')} />;
  }
  return (
    <Stack gap={8} data-testid="second-running">
      {orders.map((o) => (
        <RunningCard key={o.id} order={o} places={placesOf(o.symbol)} now={now} />
      ))}
    </Stack>
  );
}

function SettledList({ placesOf }: { placesOf: (s: string) => number }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useSecondOrders('settled');
  if (isPending) return <PageSkeleton variant="cards" rows={2} bare />;
  if (isError && !data) return <LoadRetry onRetry={() => void refetch()} />;
  const orders = ordersOf(data);
  return (
    <Stack gap={8} data-testid="second-settled">
      {orders.length ? (
        orders.map((o) => <SettledCard key={o.id} order={o} places={placesOf(o.symbol)} />)
      ) : (
        <EmptyState compact testId="second-no-settled" title={t('empty.secondSettled.title')} hint={t('empty.secondSettled.hint')} />
      )}
      <LoadMore query={{ hasNextPage, isFetchingNextPage, fetchNextPage }} label={t('second.loadMore')} />
    </Stack>
  );
}

function ConfirmSheet({
  review,
  symbol,
  coin,
  pending,
  onClose,
  onConfirm,
}: {
  review: SecondReview | null;
  symbol: string;
  coin: string;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  return (
    <Modal opened={review !== null} onClose={() => !pending && onClose()} title={t('second.confirmTitle')} centered radius="lg" data-testid="second-confirm">
      {review && (
        <Stack gap={10}>
          <dl className={panel.facts}>
            <dt>{t('second.symbol')}</dt>
            <dd>{symbol}</dd>
            <dt>{t('second.directionLabel')}</dt>
            <dd data-testid="confirm-direction">{t(`second.direction.${review.direction}`)}</dd>
            <dt>{t('second.period')}</dt>
            <dd data-testid="confirm-period">{t('second.periodSeconds', { count: review.seconds })}</dd>
            <dt>{t('second.stakeLabel')}</dt>
            <dd data-testid="confirm-stake">{formatMoney(review.stake, 2, coin, locale)}</dd>
            <dt>{t('second.ifWinPayout')}</dt>
            <dd data-testid="confirm-payout">{formatMoney(review.payout, 2, coin, locale)}</dd>
          </dl>
          <Text size="sm" data-testid="confirm-terms">
            {t(review.direction === 'up' ? 'second.confirmUp' : 'second.confirmDown', {
              seconds: review.seconds,
              profit: formatSignedMoney(review.profit, 2, coin, locale),
              stake: isolate(`${formatAmount(review.stake, 2, locale)} ${coin}`),
            })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('second.priceNote')}
          </Text>
          <Group grow mt="xs" align="stretch">
            <Button variant="default" onClick={onClose} disabled={pending} classNames={WRAP}>
              {t('common.back')}
            </Button>
            <Button
              color={review.direction === 'up' ? 'var(--app-up-fill)' : 'var(--app-down-fill)'}
              onClick={onConfirm}
              loading={pending}
              disabled={pending}
              classNames={WRAP}
              data-testid="second-confirm-submit"
            >
              {t('dialog.buyContract')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
