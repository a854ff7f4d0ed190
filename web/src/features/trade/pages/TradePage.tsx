/**
 * Spot trading (tab page; ?symbol=BTC/USDT&side=buy|sell): the order form on the left (55 %), the
 * live order book on the right, recent trades and the user's open orders below. Price, quantity
 * and amount stay in step on big.js; the percentage buttons split the exchange account's balance;
 * a confirmation sheet comes before every order, which is sent once.
 */
import { Anchor, Button, Drawer, Group, Modal, SegmentedControl, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { getToken } from '../../../api/client';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { Big, formatAmount, formatPercent } from '../../../lib/decimal';
import { LOGIN_PATH } from '../../../api/client';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { LoadRetry } from '../../../ui/LoadRetry';
import { useConfirm } from '../../../ui/useConfirm';
import { balanceOf, useWallet } from '../../assets/api';
import { AmountInput, checkAmount, maxAmount, wireAmount } from '../../assets/components/AmountInput';
import { useMarkets, useTicker, useTickers, type MarketInfo } from '../../market/api';
import { TradesPanel } from '../../market/components/TradesPanel';
import { FEE_RATE, useCancelOrder, useOrderEvents, useOrders, usePlaceOrder, type Order } from '../api';
import { OrderBookView } from '../components/OrderBookView';
import { OrderCard } from '../components/OrderCard';
import classes from '../components/trade.module.css';
import { toneOf } from '../../market/components/tone';

type Side = 'buy' | 'sell';
type Kind = 'limit' | 'market';
const PERCENTS = [25, 50, 75, 100] as const;
/** Up/buy and down/sell colours, swapped by the user's price-colour preference. */
const UP = 'var(--app-up)';
const DOWN = 'var(--app-down)';

const parse = (text: string): Big | null => {
  try {
    return text.trim() ? new Big(text) : null;
  } catch {
    return null;
  }
};

export default function TradePage() {
  // Only the symbols' static information: price ticks re-render the header and the book, not the form.
  const { data: markets, isError, refetch } = useMarkets();
  const [params, setParams] = useSearchParams();
  if (isError && !markets) return <LoadRetry onRetry={() => void refetch()} />;
  if (!markets) return <PageSkeleton rows={8} />;
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
  const place = usePlaceOrder();
  const [kind, setKind] = useState<Kind>('limit');
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ price?: string; quantity?: string; amount?: string }>({});
  const [review, setReview] = useState<null | { price?: string; quantity?: string; quoteAmount?: string; amount: string; fee: string }>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  // Prices, base quantities and quote amounts each have their own decimals (USDT 2, BTC 6).
  const { symbol, base, quote, pricePrecision: pp, amountPrecision: ap, quotePrecision: qp } = market;
  const available = balanceOf(wallet, 'exchange', side === 'buy' ? quote : base)?.available ?? '0';
  const spendCoin = side === 'buy' ? quote : base;
  // Market buys are sized by the quote amount to spend; everything else by the base quantity.
  const byAmount = kind === 'market' && side === 'buy';

  const clearErrors = () => setErrors({});
  const product = (p: Big | null, q: Big | null) => (p && q ? wireAmount(p.times(q).round(6, Big.roundDown)) : '');
  const quotient = (a: Big | null, p: Big | null) => (a && p && p.gt(0) ? wireAmount(maxAmount(a.div(p), ap)) : '');

  const onPrice = (v: string) => {
    setPrice(v);
    setAmount(product(parse(v), parse(quantity)));
    clearErrors();
  };
  const onQuantity = (v: string) => {
    setQuantity(v);
    if (kind === 'limit') setAmount(product(parse(price), parse(v)));
    clearErrors();
  };
  const onAmount = (v: string) => {
    setAmount(v);
    if (kind === 'limit') setQuantity(quotient(parse(v), parse(price)));
    clearErrors();
  };
  const switchKind = (k: Kind) => {
    setKind(k);
    setQuantity('');
    setAmount('');
    clearErrors();
  };
  const switchSide = (s: Side) => {
    onSide(s);
    setQuantity('');
    setAmount('');
    clearErrors();
  };

  const percent = (pct: number) => {
    const share = new Big(available).times(pct).div(100);
    clearErrors();
    if (byAmount) return setAmount(wireAmount(maxAmount(share, qp)));
    if (side === 'sell') {
      const q = wireAmount(maxAmount(share, ap));
      setQuantity(q);
      if (kind === 'limit') setAmount(product(parse(price), parse(q)));
      return;
    }
    const p = parse(price);
    if (!p || p.lte(0)) return setErrors({ price: t('trade.errors.priceRequired') });
    const q = quotient(share, p);
    setQuantity(q);
    setAmount(product(p, parse(q)));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (place.isPending || review) return;
    const next: typeof errors = {};
    let p: Big | undefined;
    if (kind === 'limit') {
      const c = checkAmount(price, pp);
      if (c.problem) next.price = c.problem === 'required' ? t('trade.errors.priceRequired') : t(`trade.errors.${c.problem}`, { places: pp });
      else p = c.amount;
    }
    let q: Big | undefined;
    let a: Big | undefined;
    if (byAmount) {
      const c = checkAmount(amount, qp);
      if (c.problem) next.amount = c.problem === 'required' ? t('trade.errors.amountRequired') : t(`trade.errors.${c.problem}`, { places: qp });
      else a = c.amount;
    } else {
      const c = checkAmount(quantity, ap);
      if (c.problem) next.quantity = c.problem === 'required' ? t('trade.errors.quantityRequired') : t(`trade.errors.${c.problem}`, { places: ap });
      else q = c.amount;
    }
    if (!next.price && !next.quantity && !next.amount) {
      const cost = side === 'sell' ? q! : byAmount ? a! : p ? p.times(q!) : null;
      if (cost && cost.gt(available)) next[byAmount ? 'amount' : 'quantity'] = t('trade.errors.insufficient');
    }
    setErrors(next);
    if (Object.keys(next).length) return;
    const total = byAmount ? a! : p ? p.times(q!) : null;
    const feeBase = side === 'buy' ? (q ?? null) : total;
    setReview({
      price: p ? wireAmount(p) : undefined,
      quantity: q ? wireAmount(q) : undefined,
      quoteAmount: a ? wireAmount(a) : undefined,
      amount: total ? `${formatAmount(total, qp, locale)} ${quote}` : t('trade.marketPrice'),
      // As the server charges it: buys pay in base (rounded up to its precision), sells in quote.
      fee: feeBase ? `${wireAmount(feeBase.times(FEE_RATE).round(side === 'buy' ? ap : 6, Big.roundUp))} ${side === 'buy' ? base : quote}` : `${new Big(FEE_RATE).times(100).toFixed()} %`,
    });
  };

  const send = () => {
    if (!review || place.isPending) return;
    place.mutate(
      {
        symbol,
        side,
        type: kind,
        ...(review.price ? { price: review.price } : {}),
        ...(review.quantity ? { quantity: review.quantity } : {}),
        ...(review.quoteAmount ? { quoteAmount: review.quoteAmount } : {}),
      },
      {
        onSuccess: (order) => {
          notifications.show({ message: order.status === 'completed' ? t('trade.filledNow') : t('trade.placed'), color: 'teal' });
          setQuantity('');
          setAmount('');
        },
        onSettled: () => setReview(null),
      },
    );
  };

  return (
    <div>
      <Group justify="space-between" px="md" pt="sm" wrap="nowrap">
        <UnstyledButton onClick={() => setPickerOpen(true)} data-testid="symbol-switch" aria-haspopup="dialog">
          <Group gap={6} wrap="nowrap">
            <Text fw={700} size="lg" data-testid="trade-symbol">
              {symbol}
            </Text>
            <LiveChange symbol={symbol} />
            <Text c="dimmed" aria-hidden>
              ▾
            </Text>
          </Group>
        </UnstyledButton>
        <Anchor component={Link} to={`/pages/market/kline?symbol=${encodeURIComponent(symbol)}`} size="sm">
          {t('trade.chart')}
        </Anchor>
      </Group>

      <div className={classes.layout}>
        <form onSubmit={submit} noValidate data-testid="order-form">
          <Stack gap={10}>
            <div className={classes.sideToggle} role="group" aria-label={t('trade.sideLabel')}>
              <Button color={UP} variant={side === 'buy' ? 'filled' : 'default'} onClick={() => switchSide('buy')} aria-pressed={side === 'buy'} data-testid="side-buy">
                {t('trade.side.buy')}
              </Button>
              <Button color={DOWN} variant={side === 'sell' ? 'filled' : 'default'} onClick={() => switchSide('sell')} aria-pressed={side === 'sell'} data-testid="side-sell">
                {t('trade.side.sell')}
              </Button>
            </div>
            <SegmentedControl
              size="xs"
              fullWidth
              value={kind}
              onChange={(v) => switchKind(v as Kind)}
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
                value={price}
                onValueChange={onPrice}
                error={errors.price}
                data-testid="price-input"
              />
            ) : (
              <TextInput aria-label={t('trade.price')} value={t('trade.marketPrice')} disabled readOnly />
            )}
            {byAmount ? (
              <AmountInput
                aria-label={t('trade.amount')}
                placeholder={`${t('trade.amount')} (${quote})`}
                value={amount}
                onValueChange={onAmount}
                error={errors.amount}
                data-testid="amount-input"
              />
            ) : (
              <AmountInput
                aria-label={t('trade.quantity')}
                placeholder={`${t('trade.quantity')} (${base})`}
                value={quantity}
                onValueChange={onQuantity}
                error={errors.quantity}
                data-testid="quantity-input"
              />
            )}
            <Group gap={4} grow wrap="nowrap">
              {PERCENTS.map((pct) => (
                <Button key={pct} size="compact-xs" variant="default" px={0} fz={11} onClick={() => percent(pct)} data-testid={`percent-${pct}`} disabled={!loggedIn}>
                  {pct}%
                </Button>
              ))}
            </Group>
            {kind === 'limit' && (
              <AmountInput
                aria-label={t('trade.amount')}
                placeholder={`${t('trade.amount')} (${quote})`}
                value={amount}
                onValueChange={onAmount}
                data-testid="amount-input"
              />
            )}
            <Stack gap={2}>
              <Group justify="space-between" gap={4} wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {t('trade.available')}
                </Text>
                <Text size="xs" data-testid="trade-available">
                  {formatAmount(available, side === 'buy' ? qp : Math.min(ap, 6), locale)} {spendCoin}
                </Text>
              </Group>
              <Group justify="space-between" gap={4} wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {t('trade.fee')}
                </Text>
                <Text size="xs" data-testid="trade-fee">
                  {new Big(FEE_RATE).times(100).toFixed()}%
                </Text>
              </Group>
              {loggedIn && (
                <Anchor component={Link} to={`/pages/assets/transfer?to=exchange&coin=${spendCoin}`} size="xs" data-testid="trade-transfer">
                  {t('trade.transferIn')}
                </Anchor>
              )}
            </Stack>
            {loggedIn ? (
              <Button type="submit" color={side === 'buy' ? UP : DOWN} loading={place.isPending} data-testid="order-submit">
                {t(side === 'buy' ? 'trade.buyCoin' : 'trade.sellCoin', { coin: base })}
              </Button>
            ) : (
              <Button component={Link} to={`${LOGIN_PATH}?redirect=${encodeURIComponent(`/pages/trade/trade?symbol=${symbol}`)}`}>
                {t('trade.login')}
              </Button>
            )}
          </Stack>
        </form>
        <OrderBookView symbol={symbol} pricePrecision={pp} amountPrecision={ap} levels={7} onPrice={(p) => kind === 'limit' && onPrice(p)} />
      </div>

      {loggedIn && <OpenOrders symbol={symbol} />}
      <section className={classes.section} data-testid="recent-trades">
        <Text fw={600} mb="xs">
          {t('trade.recentTrades')}
        </Text>
        <TradesPanel symbol={symbol} pricePrecision={pp} amountPrecision={Math.min(ap, 4)} limit={12} flush />
      </section>

      <Modal opened={review !== null} onClose={() => !place.isPending && setReview(null)} title={t('trade.confirmTitle')} centered radius="lg" data-testid="order-confirm">
        {review && (
          <Stack gap={8}>
            {(
              [
                [t('trade.pair'), symbol],
                [t('trade.sideLabel'), t(`trade.side.${side}`)],
                [t('trade.typeLabel'), t(`trade.type.${kind}`)],
                [t('trade.price'), review.price ? `${formatAmount(review.price, pp, locale)} ${quote}` : t('trade.marketPrice')],
                [t('trade.quantity'), review.quantity ? `${review.quantity} ${base}` : '--'],
                [t('trade.amount'), review.amount],
                [t('trade.feeEstimate'), review.fee],
              ] as const
            ).map(([label, value]) => (
              <Group key={label} justify="space-between" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {label}
                </Text>
                <Text size="sm" fw={500} ta="end">
                  {value}
                </Text>
              </Group>
            ))}
            <Group grow mt="md">
              <Button variant="default" onClick={() => setReview(null)} disabled={place.isPending}>
                {t('common.cancel')}
              </Button>
              <Button color={side === 'buy' ? UP : DOWN} onClick={send} loading={place.isPending} data-testid="order-confirm-submit">
                {t('common.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>

      <Drawer opened={pickerOpen} onClose={() => setPickerOpen(false)} position="bottom" size="70%" title={t('trade.chooseSymbol')} radius="lg">
        <SymbolList current={symbol} onPick={(s) => { setPickerOpen(false); onSymbol(s); }} />
      </Drawer>
    </div>
  );
}

/** The pair's 24 h change, live (the only part of the header that moves). */
function LiveChange({ symbol }: { symbol: string }) {
  const locale = useIntlLocale();
  const ticker = useTicker(symbol);
  if (!ticker) return null;
  return (
    <Text size="sm" className={toneOf(ticker.change24h)}>
      {formatPercent(ticker.change24h, locale)}
    </Text>
  );
}

function SymbolList({ current, onPick }: { current: string; onPick: (symbol: string) => void }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const { data: tickers = [] } = useTickers();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => tickers.filter((x) => x.symbol.toLowerCase().includes(query.trim().toLowerCase())), [tickers, query]);
  return (
    <Stack gap={4}>
      <TextInput placeholder={t('trade.searchSymbol')} aria-label={t('trade.searchSymbol')} value={query} onChange={(e) => setQuery(e.currentTarget.value)} mb="xs" />
      {shown.map((x) => (
        <UnstyledButton key={x.symbol} onClick={() => onPick(x.symbol)} py={8} data-testid="symbol-option" data-symbol={x.symbol} aria-current={x.symbol === current}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={x.symbol === current ? 700 : 500}>{x.symbol}</Text>
            <Group gap="sm" wrap="nowrap">
              <Text size="sm">{formatAmount(x.last, x.pricePrecision, locale)}</Text>
              <Text size="sm" w={64} ta="end" className={toneOf(x.change24h)}>
                {formatPercent(x.change24h, locale)}
              </Text>
            </Group>
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
}

function OpenOrders({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const { data, isPending } = useOrders('open', symbol);
  const cancel = useCancelOrder();
  const [ask, dialog] = useConfirm();
  const orders = data?.pages.flatMap((p) => p.items) ?? [];
  const onCancel = async (order: Order) => {
    if (cancel.isPending) return;
    if (await ask(t('trade.cancelConfirm', { symbol: order.symbol }))) {
      cancel.mutate(order.id, { onSuccess: () => notifications.show({ message: t('trade.cancelled'), color: 'teal' }) });
    }
  };
  return (
    <section className={classes.section} data-testid="open-orders">
      <Group justify="space-between">
        <Text fw={600}>
          {t('trade.openOrders')} ({data?.pages[0]?.total ?? 0})
        </Text>
        <Anchor component={Link} to="/pages/trade/entrust" size="sm" data-testid="all-orders">
          {t('trade.allOrders')}
        </Anchor>
      </Group>
      {isPending ? null : orders.length ? (
        orders.slice(0, 10).map((o) => <OrderCard key={o.id} order={o} onCancel={onCancel} cancelling={cancel.isPending && cancel.variables === o.id} />)
      ) : (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {t('trade.noOrders')}
        </Text>
      )}
      {dialog}
    </section>
  );
}
