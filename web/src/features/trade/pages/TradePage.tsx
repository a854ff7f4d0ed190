/**
 * Spot trading (tab page; ?symbol=BTC/USDT&side=buy|sell): the order form on the left (55 %), the
 * live order book on the right, recent trades and the user's open orders below. The form's state,
 * arithmetic, validation and summary are the pure module forms/orderForm (the app's form shape,
 * lib/form); this page wires it to the inputs and renders. A confirmation sheet comes before every order, which is sent once; the
 * fee rate comes from the server's settings.
 */
import { Button, TextInput } from '@mantine/core';
import { Segmented } from '../../../ui/Segmented';
import { toast } from '../../../ui/toast';
import { lazy, startTransition, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { getToken } from '../../../api/client';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatMoney, formatPercent, formatRate } from '../../../lib/format';
import { hasErrors } from '../../../lib/form';
import { useForm } from '../../../lib/useForm';
import { useMessage } from '../../../i18n/useMessage';
import { loginRedirect, paths, withQuery } from '../../../lib/paths';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { LoadRetry } from '../../../ui/LoadRetry';
import { balanceOf, useWallet } from '../../../api/wallet';
import { AmountInput } from '../../../ui/AmountInput';
import { tickerNow, useMarkets, useTicker, type MarketInfo } from '../../../api/market';
import { useQueryClient } from '@tanstack/react-query';
import { TradesPanel } from '../../../ui/market/TradesPanel';
import { toneOf } from '../../../ui/market/tone';
import { useOrderEvents, usePlaceOrder, useSpotFeeRate } from '../api';
import { OrderBookView } from '../../../ui/market/OrderBookView';
import { StaleNote, staleClass, usePricesStale } from '../../../pwa/StalePrices';
import { OpenOrders } from '../components/OpenOrders';
import { FundsHint } from '../components/FundsHint';
import { SIDE_COLOR } from '../components/sideColor';
import classes from '../components/trade.module.css';
import { initialOrderForm, orderForm, PERCENTS, spendOf, startAtLastPrice, type Kind, type OrderSummary, type Percent, type Side } from '../forms/orderForm';
import { useLazySheet } from '../../../ui/useLazySheet';
import { Later } from '../../../ui/Later';

// The sheets are loaded when first opened: Mantine's Modal and Drawer (focus trap, scroll lock,
// portal) are not part of the page's first download. They are opened in a transition, so the page
// stays as it is until the chunk has come, the first time, and the sheet shows as soon as it has.
const OrderConfirmSheet = lazy(() => import('../components/OrderConfirmSheet').then((m) => ({ default: m.OrderConfirmSheet })));
const SymbolPicker = lazy(() => import('../components/SymbolPicker'));

export default function TradePage() {
  // Only the symbols' static information: price ticks re-render the header and the book, not the form.
  const { data: markets, isError, refetch } = useMarkets();
  const [params, setParams] = useSearchParams();
  if (isError && !markets) return <LoadRetry onRetry={() => void refetch()} />;
  if (!markets) return <PageSkeleton variant="trade" />;
  const market = markets.find((m) => m.symbol === (params.get('symbol') ?? 'BTC/USDT')) ?? markets[0];
  const side: Side = params.get('side') === 'sell' ? 'sell' : 'buy';
  const update = (next: Record<string, string>) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        for (const [k, v] of Object.entries(next)) q.set(k, v);
        return q;
      },
      { replace: true },
    );
  return <Trade key={market.symbol} market={market} side={side} onSide={(s) => update({ side: s })} onSymbol={(s) => update({ symbol: s })} />;
}

function Trade({ market, side, onSide, onSymbol }: { market: MarketInfo; side: Side; onSide: (s: Side) => void; onSymbol: (s: string) => void }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const loggedIn = Boolean(getToken());
  useOrderEvents();
  const { data: wallet } = useWallet();
  const feeRate = useSpotFeeRate();
  const place = usePlaceOrder();
  // The form's state, figures and checks live in forms/orderForm; the side lives in the URL. The
  // price starts at the last price when the tickers are there already (they usually are: they load
  // with the page), in the first render rather than in a second one (StartAtLastPrice, when they come later).
  const queryClient = useQueryClient();
  const { symbol, base, quote, pricePrecision: pp, amountPrecision: ap } = market;
  const available = balanceOf(wallet, 'exchange', spendOf(side, market).coin)?.available ?? '0';
  const {
    state: form,
    summary,
    dispatch,
    errors: check,
  } = useForm(
    orderForm,
    () => startAtLastPrice(initialOrderForm(side), tickerNow(queryClient, market.symbol)?.last, market),
    { rules: market, available, feeRate },
    (s) => ({ ...s, side }),
  );
  const [startedAtLast] = useState(form.price !== '');
  const [review, setReview] = useState<OrderSummary | null>(null);
  const confirm = useLazySheet(review !== null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const picker = useLazySheet(pickerOpen);
  const { spend, byAmount } = summary;
  const { kind, errors } = form;
  const say = useMessage();

  const onPrice = (v: string) => dispatch({ type: 'price', value: v });
  const onQuantity = (v: string) => dispatch({ type: 'quantity', value: v });
  const onAmount = (v: string) => dispatch({ type: 'amount', value: v });
  const onKind = (k: Kind) => dispatch({ type: 'kind', kind: k });
  const onSideClick = (s: Side) => {
    onSide(s);
    dispatch({ type: 'side', side: s });
  };
  const percent = (pct: Percent) => dispatch({ type: 'percent', percent: pct });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (place.isPending || review) return;
    const checked = check();
    dispatch({ type: 'check', errors: checked });
    const next = summary.review;
    if (!hasErrors(checked) && next) startTransition(() => setReview(next));
  };

  const send = () => {
    if (!review || place.isPending) return;
    place.mutate(review.request, {
      onSuccess: (order) => {
        toast.success(order.status === 'completed' ? t('trade.filledNow') : t('trade.placed'));
        dispatch({ type: 'placed' });
      },
      onSettled: () => setReview(null),
    });
  };

  return (
    <div>
      {!startedAtLast && <StartAtLastPrice symbol={symbol} onLast={(last) => dispatch({ type: 'startAt', last })} />}
      <StaleNote />
      {/* Plain elements, not Mantine's Group, Text and Anchor, on the first screen and what ticks
          live: each of those resolves its styles on every render (about a tenth of the page's
          render time on a phone). */}
      <div className={classes.header}>
        <button
          type="button"
          className={classes.symbolSwitch}
          onClick={() => startTransition(() => setPickerOpen(true))}
          data-testid="symbol-switch"
          aria-haspopup="dialog"
        >
          <span className={classes.symbol} data-testid="trade-symbol">
            {symbol}
          </span>
          <LiveChange symbol={symbol} />
          <span className={classes.caret} aria-hidden>
            ▾
          </span>
        </button>
        <Link to={withQuery(paths.market.kline, { symbol })} className={classes.link}>
          {t('trade.chart')}
        </Link>
      </div>

      <div className={classes.layout}>
        <form onSubmit={submit} noValidate data-testid="order-form">
          <div className={classes.form}>
            <div className={classes.sideToggle} role="group" aria-label={t('trade.sideLabel')}>
              <Button
                color={SIDE_COLOR.buy}
                variant={side === 'buy' ? 'filled' : 'default'}
                onClick={() => onSideClick('buy')}
                aria-pressed={side === 'buy'}
                data-testid="side-buy"
              >
                {t('trade.side.buy')}
              </Button>
              <Button
                color={SIDE_COLOR.sell}
                variant={side === 'sell' ? 'filled' : 'default'}
                onClick={() => onSideClick('sell')}
                aria-pressed={side === 'sell'}
                data-testid="side-sell"
              >
                {t('trade.side.sell')}
              </Button>
            </div>
            <Segmented
              size="xs"
              fullWidth
              value={kind}
              onChange={(v) => onKind(v as Kind)}
              data={[
                { value: 'limit', label: t('trade.type.limit') },
                { value: 'market', label: t('trade.type.market') },
              ]}
              data-testid="order-type"
            />
            {kind === 'limit' ? (
              <AmountInput
                aria-label={t('trade.price')}
                placeholder={`${t('trade.price')} (${quote})`}
                value={form.price}
                onValueChange={onPrice}
                error={say(errors.price)}
                data-testid="price-input"
              />
            ) : (
              <TextInput aria-label={t('trade.price')} value={t('trade.marketPrice')} disabled readOnly />
            )}
            {byAmount ? (
              <AmountInput
                aria-label={t('trade.amount')}
                placeholder={`${t('trade.amount')} (${quote})`}
                value={form.amount}
                onValueChange={onAmount}
                error={say(errors.amount)}
                data-testid="amount-input"
              />
            ) : (
              <AmountInput
                aria-label={t('trade.quantity')}
                placeholder={`${t('trade.quantity')} (${base})`}
                value={form.quantity}
                onValueChange={onQuantity}
                error={say(errors.quantity)}
                data-testid="quantity-input"
              />
            )}
            <div className={classes.percents}>
              {PERCENTS.map((pct) => (
                <Button
                  key={pct}
                  size="compact-xs"
                  variant="default"
                  px={0}
                  fz={11}
                  onClick={() => percent(pct)}
                  data-testid={`percent-${pct}`}
                  disabled={!loggedIn}
                >
                  {pct}%
                </Button>
              ))}
            </div>
            {kind === 'limit' && (
              <AmountInput
                aria-label={t('trade.amount')}
                placeholder={`${t('trade.amount')} (${quote})`}
                value={form.amount}
                onValueChange={onAmount}
                data-testid="amount-input"
              />
            )}
            <div className={classes.facts}>
              <p className={classes.fact}>
                <span className={classes.dimmed}>{t('trade.available')}</span>
                <span data-testid="trade-available">
                  {/* Unknown until the wallet has loaded: "--", never a balance of 0 that is not there. */}
                  {wallet ? formatMoney(available, spend.precision, spend.coin, locale) : `-- ${spend.coin}`}
                </span>
              </p>
              <p className={classes.fact}>
                <span className={classes.dimmed}>{t('trade.fee')}</span>
                <span data-testid="trade-fee">{feeRate !== undefined ? formatRate(feeRate, locale) : '--'}</span>
              </p>
              {/* The coin sits in the funds account: say so, with a transfer that keeps the form. */}
              {loggedIn && (
                <FundsHint
                  coin={spend.coin}
                  precision={spend.precision}
                  needed={summary.typedCost}
                  fallback={
                    <Link
                      to={withQuery(paths.assets.transfer, { to: 'exchange', coin: spend.coin })}
                      className={`${classes.link} ${classes.xs}`}
                      data-testid="trade-transfer"
                    >
                      {t('trade.transferIn')}
                    </Link>
                  }
                />
              )}
            </div>
            {loggedIn ? (
              <Button type="submit" color={SIDE_COLOR[side]} loading={place.isPending} data-testid="order-submit">
                {t(side === 'buy' ? 'trade.buyCoin' : 'trade.sellCoin', { coin: base })}
              </Button>
            ) : (
              <Button component={Link} to={loginRedirect(withQuery(paths.trade.trade, { symbol }))}>
                {t('trade.login')}
              </Button>
            )}
          </div>
        </form>
        <StaleBook>
          <OrderBookView symbol={symbol} pricePrecision={pp} amountPrecision={ap} levels={7} onPrice={(p) => kind === 'limit' && onPrice(p)} />
        </StaleBook>
      </div>

      {/* Below the form and the book: rendered a task later, so the page's first render is not one long task. */}
      <Later>
        {loggedIn && <OpenOrders symbol={symbol} />}
        <section className={classes.section} data-testid="recent-trades">
          <h2 className={classes.sectionTitle}>{t('trade.recentTrades')}</h2>
          <TradesPanel symbol={symbol} pricePrecision={pp} amountPrecision={Math.min(ap, 4)} limit={12} flush />
        </section>
      </Later>

      <Suspense fallback={null}>
        {confirm.mount && <OrderConfirmSheet review={review} market={market} pending={place.isPending} onClose={() => setReview(null)} onConfirm={send} />}
      </Suspense>
      <Suspense fallback={null}>
        {picker.mount && (
          <SymbolPicker
            opened={pickerOpen}
            current={symbol}
            onClose={() => setPickerOpen(false)}
            onPick={(s) => {
              setPickerOpen(false);
              onSymbol(s);
            }}
          />
        )}
      </Suspense>
    </div>
  );
}

/** Starts the price field at the last price once the ticker has it (once: the form does not follow ticks). */
function StartAtLastPrice({ symbol, onLast }: { symbol: string; onLast: (last: string) => void }) {
  const last = useTicker(symbol)?.last;
  const done = useRef(false);
  useEffect(() => {
    if (done.current || last === undefined) return;
    done.current = true;
    onLast(last);
  }, [last, onLast]);
  return null;
}

/** The book, greyed while the prices are not live (its own component: the form does not re-render). */
function StaleBook({ children }: { children: ReactNode }) {
  const stale = usePricesStale();
  return (
    <div className={stale ? staleClass : undefined} data-stale={stale || undefined} style={{ minWidth: 0 }}>
      {children}
    </div>
  );
}

/** The pair's 24 h change, live (the only part of the header that moves). */
function LiveChange({ symbol }: { symbol: string }) {
  const locale = useIntlLocale();
  const ticker = useTicker(symbol);
  const stale = usePricesStale();
  if (!ticker) return null;
  return (
    <span className={`${classes.change} ${toneOf(ticker.change24h)} ${stale ? staleClass : ''}`} data-stale={stale || undefined}>
      {formatPercent(ticker.change24h, locale)}
    </span>
  );
}
