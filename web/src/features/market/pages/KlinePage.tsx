/**
 * K-line: one symbol's live price and 24 h figures, a candlestick chart with volume and MA7/MA25
 * for nine periods (history over REST, the open candle live from `kline:{symbol}:{period}`), the
 * order book and recent trades, and Buy / Sell buttons to the trade page.
 */
import { Alert, Button, Skeleton, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatAmount, formatCompact, formatPercent } from '../../../lib/format';
import { useRealtime } from '../../../realtime/hooks';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { getToken } from '../../../api/client';
import { useMarkets, useTicker, type MarketInfo } from '../../../api/market';
import { KLINE_PERIODS, klineQuery, useFavorites, type KlinePeriod } from '../api';
import { useToggleFavorite } from '../components/useToggleFavorite';
import { FavoriteStar } from '../../../ui/market/FavoriteStar';
import { BookPanel } from '../components/BookPanel';
import { KlineChart, type KlineChartHandle } from '../components/KlineChart';
import { TradesPanel } from '../../../ui/market/TradesPanel';
import { usePriceFlash } from '../../../ui/market/usePriceFlash';
import classes from '../components/kline.module.css';
import text from '../../../ui/market/tone.module.css';
import { toneOf } from '../../../ui/market/tone';
import { paths, withQuery } from '../../../lib/paths';

const PERIOD_KEY = 'kline_period';

function initialPeriod(): KlinePeriod {
  try {
    const saved = localStorage.getItem(PERIOD_KEY) as KlinePeriod | null;
    if (saved && KLINE_PERIODS.includes(saved)) return saved;
  } catch {
    /* private mode */
  }
  return '1min';
}

/** The live part of the page: last price, change and 24 h figures (re-rendered on every flush). */
function Header({ market }: { market: MarketInfo }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const ticker = useTicker(market.symbol);
  const favorites = useFavorites().data;
  const favorite = Boolean(getToken()) && Boolean(favorites?.includes(market.symbol));
  const toggleFavorite = useToggleFavorite();
  const flash = usePriceFlash<HTMLDivElement>(ticker?.last);
  if (!ticker) return null;
  const tone = toneOf(ticker.change24h);
  const stat = (label: string, value: string, testId: string) => (
    <div className={classes.stat}>
      <span className={text.dim}>{label}</span>
      <span data-testid={testId}>{value}</span>
    </div>
  );
  return (
    <section className={classes.header} aria-label={ticker.symbol}>
      <div>
        <div className={classes.titleRow}>
          <h1 className={classes.symbol} data-testid="kline-symbol">
            {ticker.base}
            <span className={text.dim}>/{ticker.quote}</span>
          </h1>
          <FavoriteStar symbol={market.symbol} favorite={favorite} onToggle={toggleFavorite} />
        </div>
        <div ref={flash} className={`${classes.last} ${tone}`} data-testid="kline-last">
          {formatAmount(ticker.last, ticker.pricePrecision, locale)}
        </div>
        <div className={tone} data-testid="kline-change">
          {formatPercent(ticker.change24h, locale)}
        </div>
      </div>
      <div className={classes.stats}>
        {stat(t('kline.high'), formatAmount(ticker.high24h, ticker.pricePrecision, locale), 'kline-high')}
        {stat(t('kline.low'), formatAmount(ticker.low24h, ticker.pricePrecision, locale), 'kline-low')}
        {stat(t('kline.volume', { coin: ticker.base }), formatCompact(ticker.volume24h, locale), 'kline-volume')}
      </div>
    </section>
  );
}

function Chart({ market }: { market: MarketInfo }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<KlinePeriod>(initialPeriod);
  const chart = useRef<KlineChartHandle>(null);
  const { data, isPending, isError, refetch } = useQuery(klineQuery(market.symbol, period));
  useRealtime(`kline:${market.symbol}:${period}`, 'kline', (event) => {
    if (event.symbol === market.symbol && event.period === period) chart.current?.update(event.candle);
  });
  const choose = (p: KlinePeriod) => {
    setPeriod(p);
    try {
      localStorage.setItem(PERIOD_KEY, p);
    } catch {
      /* private mode */
    }
  };
  return (
    <section>
      <div className={classes.periods} role="group" aria-label={t('kline.period')}>
        {KLINE_PERIODS.map((p) => (
          <button key={p} type="button" className={classes.period} aria-pressed={p === period} onClick={() => choose(p)} data-testid={`period-${p}`}>
            {t(`kline.periods.${p}`)}
          </button>
        ))}
      </div>
      <div className={classes.legend} aria-hidden>
        {/* The line's colour on a swatch, the name in the text colour (yellow text is 1.8:1 on white). */}
        <span style={{ '--ma-color': '#f0b90b' } as CSSProperties}>MA7</span>
        <span style={{ '--ma-color': '#c86dd7' } as CSSProperties}>MA25</span>
      </div>
      <div className={classes.chartBox}>
        {isError ? (
          <Alert m="md" color="red" title={t('errors.loadFailed')}>
            <Button variant="light" size="xs" mt="xs" onClick={() => refetch()}>
              {t('common.retry')}
            </Button>
          </Alert>
        ) : (
          <>
            <KlineChart ref={chart} candles={data?.candles ?? EMPTY} pricePrecision={market.pricePrecision} />
            {isPending && <Skeleton className={classes.chartSkeleton} />}
          </>
        )}
      </div>
    </section>
  );
}

const EMPTY: never[] = [];

export default function KlinePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const symbol = (params.get('symbol') ?? 'BTC/USDT').toUpperCase();
  // The page itself follows only the symbol list; the header re-renders on price ticks.
  const { data: markets, isPending, isError, refetch } = useMarkets();
  const [tab, setTab] = useState<string | null>('book');

  if (isPending) return <PageSkeleton rows={8} />;
  if (isError)
    return (
      <Alert m="md" color="red" title={t('errors.loadFailed')}>
        <Button variant="light" size="xs" mt="xs" onClick={() => refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  const market = markets.find((m) => m.symbol === symbol);
  if (!market)
    return (
      <div className={classes.unknown} data-testid="kline-unknown">
        <p>{t('kline.unknownSymbol', { symbol })}</p>
        <Button component={Link} to={paths.market.market} variant="light">
          {t('kline.toMarkets')}
        </Button>
      </div>
    );

  const trade = (side: 'buy' | 'sell') => withQuery(paths.trade.trade, { symbol: market.symbol, side });
  return (
    <div className={classes.page}>
      <Header market={market} />
      <Chart key={market.symbol} market={market} />
      <Tabs value={tab} onChange={setTab} mt="xs">
        <Tabs.List grow>
          <Tabs.Tab value="book" data-testid="tab-book">
            {t('kline.orderBook')}
          </Tabs.Tab>
          <Tabs.Tab value="trades" data-testid="tab-trades">
            {t('kline.trades')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="book">
          {tab === 'book' && <BookPanel symbol={market.symbol} pricePrecision={market.pricePrecision} amountPrecision={market.amountPrecision} />}
        </Tabs.Panel>
        <Tabs.Panel value="trades">
          {tab === 'trades' && <TradesPanel symbol={market.symbol} pricePrecision={market.pricePrecision} amountPrecision={market.amountPrecision} />}
        </Tabs.Panel>
      </Tabs>
      <div className={classes.actions}>
        <Button component={Link} to={trade('buy')} color="var(--app-up-fill)" size="md" radius="md" data-testid="kline-buy">
          {t('kline.buy')}
        </Button>
        <Button component={Link} to={trade('sell')} color="var(--app-down-fill)" size="md" radius="md" data-testid="kline-sell">
          {t('kline.sell')}
        </Button>
      </div>
    </div>
  );
}
