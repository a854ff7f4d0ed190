/**
 * K-line: one symbol's live price and 24 h figures; a chart area with two views, the candlestick
 * chart for nine periods (history over REST, the open candle live from `kline:{symbol}:{period}`)
 * with an OHLC readout, the price-pane indicators the user picks (MA, EMA, BOLL) and one below it
 * (VOL, MACD, KDJ, RSI or none; all kept in localStorage), and the depth chart of the live book; a
 * fullscreen mode, which a phone held sideways enters by itself (the chart takes the screen's
 * width, the price in its bar); the order book and recent trades, and Buy / Sell buttons to the
 * trade page.
 */
import { Alert, Button, Skeleton, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
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
import { DepthChart } from '../components/DepthChart';
import { DEFAULT_INDICATORS, INDICATORS, INDICATORS_KEY, parseIndicators, toggleIndicator, type Indicator } from '../../../ui/chart/indicators';
import { parseSubIndicator, SUB_INDICATOR_KEY, SUB_INDICATORS, type SubIndicator } from '../indicators';
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

function initialIndicators(): Indicator[] {
  try {
    return parseIndicators(localStorage.getItem(INDICATORS_KEY));
  } catch {
    return [...DEFAULT_INDICATORS];
  }
}

function initialSub(): SubIndicator {
  try {
    return parseSubIndicator(localStorage.getItem(SUB_INDICATOR_KEY), localStorage.getItem(INDICATORS_KEY));
  } catch {
    return 'vol';
  }
}

function store(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* private mode */
  }
}

/** A phone held sideways: wide and low. The chart then takes the whole screen by itself. */
const LANDSCAPE = '(orientation: landscape) and (max-height: 540px)';

/** The fullscreen bar's ticker: the symbol, its last price and change (the page's header is covered). */
function BarTicker({ market }: { market: MarketInfo }) {
  const locale = useIntlLocale();
  const ticker = useTicker(market.symbol);
  return (
    <span className={classes.barTicker} data-testid="chart-bar-ticker">
      <span className={classes.fullscreenTitle}>{market.symbol}</span>
      {ticker && (
        <>
          <span className={`${classes.barLast} ${toneOf(ticker.change24h)}`}>{formatAmount(ticker.last, ticker.pricePrecision, locale)}</span>
          <span className={toneOf(ticker.change24h)}>{formatPercent(ticker.change24h, locale)}</span>
        </>
      )}
    </span>
  );
}

/**
 * Fullscreen as a fixed overlay over `area`: Escape closes it, focus stays inside it, the page
 * behind does not scroll.
 */
function useFullscreen(area: RefObject<HTMLElement | null>, landscape: boolean): [boolean, (on: boolean) => void] {
  // Held sideways, fullscreen unless the user left it; turning the phone starts over.
  const [choice, setChoice] = useState<{ landscape: boolean; on: boolean } | null>(null);
  const on = choice && choice.landscape === landscape ? choice.on : landscape;
  const setOn = (next: boolean) => setChoice({ landscape, on: next });
  useEffect(() => {
    if (!on) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setChoice({ landscape, on: false });
    };
    const onFocus = (e: FocusEvent) => {
      const el = area.current;
      if (el && e.target instanceof Node && !el.contains(e.target)) el.querySelector<HTMLElement>('button, [tabindex="0"]')?.focus();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
      document.body.style.overflow = overflow;
    };
  }, [on, area, landscape]);
  return [on, setOn];
}

/** The chart area: K-line (periods, readout, indicators) or depth, and a fullscreen switch. */
/** A main or sub-chart indicator's toggle: its short name, with what it shows as the hint. */
function IndicatorButton({ indicator, pressed, onClick }: { indicator: Indicator | SubIndicator; pressed: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={classes.period}
      aria-pressed={pressed}
      onClick={onClick}
      title={t(`kline.indicatorHints.${indicator}`)}
      data-testid={`indicator-${indicator}`}
    >
      {t(`kline.indicatorNames.${indicator}`)}
    </button>
  );
}

function Chart({ market }: { market: MarketInfo }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<KlinePeriod>(initialPeriod);
  const [view, setView] = useState<'kline' | 'depth'>('kline');
  const [indicators, setIndicators] = useState<Indicator[]>(initialIndicators);
  const [sub, setSub] = useState<SubIndicator>(initialSub);
  const area = useRef<HTMLElement>(null);
  const landscape = useMediaQuery(LANDSCAPE, false, { getInitialValueInEffect: false });
  const [fullscreen, setFullscreen] = useFullscreen(area, landscape);
  const chart = useRef<KlineChartHandle>(null);
  const { data, isPending, isError, refetch } = useQuery(klineQuery(market.symbol, period));
  useRealtime(`kline:${market.symbol}:${period}`, 'kline', (event) => {
    if (event.symbol === market.symbol && event.period === period) chart.current?.update(event.candle);
  });
  const choose = (p: KlinePeriod) => {
    setPeriod(p);
    store(PERIOD_KEY, p);
  };
  const toggle = (i: Indicator) => {
    const next = toggleIndicator(indicators, i);
    setIndicators(next);
    store(INDICATORS_KEY, JSON.stringify(next));
  };
  // One sub-indicator at a time; choosing the one shown hides it.
  const chooseSub = (i: SubIndicator) => {
    const next = i === sub ? 'none' : i;
    setSub(next);
    store(SUB_INDICATOR_KEY, next);
  };
  return (
    <section
      ref={area}
      className={`${classes.chartSection} ${fullscreen ? classes.fullscreen : ''} ${fullscreen && landscape ? classes.landscape : ''}`}
      data-testid="chart-section"
      data-fullscreen={fullscreen}
      data-landscape={landscape}
      {...(fullscreen
        ? { role: 'dialog', 'aria-modal': true, 'aria-label': t('kline.chartOf', { symbol: market.symbol }) }
        : { 'aria-label': t('kline.chart') })}
    >
      <Tabs value={view} onChange={(v) => setView(v === 'depth' ? 'depth' : 'kline')} keepMountedMode="display-none" className={classes.chartTabs}>
        <div className={classes.chartBar}>
          <Tabs.List className={classes.viewTabs}>
            <Tabs.Tab value="kline" data-testid="chart-tab-kline">
              {t('kline.views.kline')}
            </Tabs.Tab>
            <Tabs.Tab value="depth" data-testid="chart-tab-depth">
              {t('kline.views.depth')}
            </Tabs.Tab>
          </Tabs.List>
          {fullscreen && <BarTicker market={market} />}
          <button
            type="button"
            className={classes.iconButton}
            onClick={() => setFullscreen(!fullscreen)}
            aria-label={t(fullscreen ? 'kline.exitFullscreen' : 'kline.fullscreen')}
            data-testid="chart-fullscreen"
          >
            {fullscreen ? <CollapseIcon /> : <ExpandIcon />}
          </button>
        </div>
        <Tabs.Panel value="kline" className={classes.chartPanel}>
          <div className={classes.periods} role="group" aria-label={t('kline.period')}>
            {KLINE_PERIODS.map((p) => (
              <button key={p} type="button" className={classes.period} aria-pressed={p === period} onClick={() => choose(p)} data-testid={`period-${p}`}>
                {t(`kline.periods.${p}`)}
              </button>
            ))}
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
                <KlineChart ref={chart} candles={data?.candles ?? EMPTY} pricePrecision={market.pricePrecision} indicators={indicators} sub={sub} />
                {isPending && <Skeleton className={classes.chartSkeleton} />}
              </>
            )}
          </div>
          <div className={classes.indicators} role="group" aria-label={t('kline.indicators')}>
            <div className={classes.indicatorGroup} role="group" aria-label={t('kline.mainIndicators')}>
              {INDICATORS.map((i) => (
                <IndicatorButton key={i} indicator={i} pressed={indicators.includes(i)} onClick={() => toggle(i)} />
              ))}
            </div>
            <div className={classes.indicatorGroup} role="group" aria-label={t('kline.subIndicators')}>
              {SUB_INDICATORS.filter((i) => i !== 'none').map((i) => (
                <IndicatorButton key={i} indicator={i} pressed={sub === i} onClick={() => chooseSub(i)} />
              ))}
            </div>
          </div>
        </Tabs.Panel>
        <Tabs.Panel value="depth" className={classes.chartPanel}>
          <div className={classes.chartBox}>
            {view === 'depth' && (
              <DepthChart symbol={market.symbol} base={market.base} pricePrecision={market.pricePrecision} amountPrecision={market.amountPrecision} />
            )}
          </div>
        </Tabs.Panel>
      </Tabs>
    </section>
  );
}

const ExpandIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </svg>
);
const CollapseIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
  </svg>
);

const EMPTY: never[] = [];

export default function KlinePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const symbol = (params.get('symbol') ?? 'BTC/USDT').toUpperCase();
  // The page itself follows only the symbol list; the header re-renders on price ticks.
  const { data: markets, isPending, isError, refetch } = useMarkets();
  const [tab, setTab] = useState<string | null>('book');

  if (isPending) return <PageSkeleton variant="chart" />;
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
