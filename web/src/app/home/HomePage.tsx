/** Home: greeting or sign-in, headline tickers, shortcuts, and the gainers/losers list, live. */
import { Segmented } from '../../ui/Segmented';
import { lazy, Suspense, useMemo, useState, type ComponentType, type SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { getToken } from '../../api/client';
import { useIntlLocale } from '../../i18n/useIntlLocale';
import { compare } from '../../lib/decimal';
import { formatAmount, formatPercent } from '../../lib/format';
import { BellIcon, ClockIcon, HeadsetIcon, CoinIcon, DownloadIcon, ExchangeIcon, PickIcon, PiggyIcon, StarIcon, UsersIcon } from '../../ui/icons';
import { SupportUnreadBadge, UnreadBadge } from '../../ui/UnreadBadge';
import { useNews } from '../../api/news';
import { formatDate } from '../../lib/format';
import { LanguageSelect } from '../../ui/LanguageSelect';
import { ArticleLanguage, articleLang } from '../../ui/ArticleLanguage';
import { PageSkeleton } from '../../ui/PageSkeleton';
import { Later } from '../../ui/Later';
import { Bone } from '../../ui/skeleton/Skeleton';
import { useMe } from '../../api/me';
import { useTickers, type Ticker } from '../../api/market';
import { TickerRow } from '../../ui/market/TickerRow';
import classes from './home.module.css';
import { toneOf } from '../../ui/market/tone';
import { paths, withQuery } from '../../lib/paths';
import { SHORTCUTS } from './shortcuts';

/** A merchant's store entry: its code (the merchant query, the row) loads only for a logged-in user, off a guest's first visit. */
const MyStoreEntry = lazy(() => import('./MyStoreEntry'));
import { StaleNote, staleClass, usePricesStale } from '../../pwa/StalePrices';

const HEADLINE = ['BTC/USDT', 'ETH/USDT', 'SOL/USDT'];

const SHORTCUT_ICONS: Record<(typeof SHORTCUTS)[number]['label'], ComponentType<SVGProps<SVGSVGElement>>> = {
  'home.deposit': DownloadIcon,
  'home.fiat': ExchangeIcon,
  'home.second': ClockIcon,
  'home.ieo': StarIcon,
  'home.mining': PickIcon,
  'home.loans': CoinIcon,
  'home.savings': PiggyIcon,
  'home.invite': UsersIcon,
};

/** The USDT markets that moved most over 24 h, up or down. */
function topMovers(tickers: Ticker[], kind: 'gainers' | 'losers', count = 10): Ticker[] {
  const sign = kind === 'gainers' ? -1 : 1;
  return tickers
    .filter((tk) => tk.quote === 'USDT')
    .sort((a, b) => compare(a.change24h, b.change24h) * sign)
    .slice(0, count);
}

function Welcome() {
  const { t } = useTranslation();
  const loggedIn = Boolean(getToken());
  const me = useMe();
  // Plain elements rather than Mantine's Group, Text, Avatar and VisuallyHidden: the first screen's
  // render is a long task on a phone, and each of those costs a style resolution of its own.
  return (
    <div className={classes.hero}>
      {/* The greeting and the icons on one line; the tagline and the language (a select as wide as its longest name) on the next. */}
      <div className={classes.heroRow}>
        <p className={`${classes.heroText} ${classes.hello}`}>
          {/* Logged in: the greeting waits for the name, on one line (the longer welcome would wrap, then shrink). */}
          {loggedIn ? (me.data ? t('home.hello', { name: me.data.nickname }) : '\u00a0') : t('home.welcome')}
        </p>
        <div className={classes.heroIcons}>
          {/* Names as hidden text, not aria-label: the badge's count is visible text and must be in the name. */}
          <Link to={paths.mine.kefu} className={classes.bell} data-testid="home-kefu">
            <span className={classes.srOnly}>{t('routes.kefu')}</span>
            <HeadsetIcon aria-hidden />
            <SupportUnreadBadge className={classes.bellBadge} />
          </Link>
          {loggedIn && (
            <Link to={paths.mine.systemMessages} className={classes.bell} data-testid="home-messages">
              <span className={classes.srOnly}>{t('routes.systemMessages')}</span>
              <BellIcon aria-hidden />
              <UnreadBadge className={classes.bellBadge} />
            </Link>
          )}
          {loggedIn && (
            <Link to={paths.mine.userCenter} className={classes.avatar} data-testid="home-user-center">
              <span className={classes.srOnly}>{t('mine.me')}</span>
              <span aria-hidden>{(me.data?.nickname ?? '').slice(0, 2).toUpperCase()}</span>
            </Link>
          )}
        </div>
      </div>
      <div className={`${classes.heroRow} ${classes.heroRow2}`}>
        <p className={`${classes.heroText} ${classes.tagline}`}>{t('home.tagline')}</p>
        <div className={classes.heroIcons}>
          <LanguageSelect />
        </div>
      </div>
      {!loggedIn && (
        <div className={classes.authLinks}>
          <Link to={paths.mine.login} className={`${classes.authLink} ${classes.authLinkMain}`} data-testid="home-login">
            {t('auth.login')}
          </Link>
          <Link to={paths.mine.register} className={classes.authLink}>
            {t('auth.register')}
          </Link>
        </div>
      )}
    </div>
  );
}

/** The latest news titles, each labelled with its language when not the reader's; each opens its article. */
function LatestNews() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const { data, isPending } = useNews();
  const items = data?.pages[0]?.items.slice(0, 3) ?? [];
  // While loading, the section keeps its room (three rows of grey), so the list below does not jump.
  if (!items.length && !isPending) return null;
  return (
    <section className={classes.news} aria-label={t('routes.news')} data-testid="home-news">
      <div className={classes.newsHead}>
        <h2 className={classes.newsHeading}>{t('routes.news')}</h2>
        <Link to={paths.home.news} className={classes.newsMore}>
          {t('home.allNews')}
        </Link>
      </div>
      {isPending &&
        [70, 85, 60].map((w) => (
          <div key={w} className={classes.newsItem} aria-hidden>
            <span className={classes.newsTitle}>
              <Bone w={`${w}%`} style={{ display: 'inline-block' }} />
            </span>
          </div>
        ))}
      {items.map((a) => (
        <Link key={a.id} to={withQuery(paths.home.newsDetail, { id: a.id })} className={classes.newsItem} data-testid="home-news-item">
          <span className={classes.newsTitle} lang={articleLang(a.locale)} dir="auto" data-server-text>
            {a.title}
          </span>
          <ArticleLanguage locale={a.locale} />
          <span className={classes.newsDate}>{formatDate(a.time, 'date', locale)}</span>
        </Link>
      ))}
    </section>
  );
}

/**
 * The three headline markets. It (and Movers) reads the tickers itself, so a price tick re-renders
 * the prices, not the whole page (the greeting, shortcuts and news stay as they are).
 */
function Headline() {
  const locale = useIntlLocale();
  const { data: tickers } = useTickers();
  // Offline or the live feed down: the last known prices stay, greyed, with the time they are from.
  const stale = usePricesStale();
  return (
    <div className={stale ? `${classes.cards} ${staleClass}` : classes.cards} data-stale={stale || undefined}>
      {HEADLINE.map((symbol) => {
        const tk = tickers?.find((x) => x.symbol === symbol);
        // As tall as a card (home.module.css), so nothing below moves when the prices come.
        if (!tk) return <Bone key={symbol} h={84} style={{ borderRadius: 12 }} />;
        const tone = toneOf(tk.change24h);
        return (
          <Link key={symbol} to={withQuery(paths.market.kline, { symbol })} className={classes.card} data-testid="headline-card">
            <div className={classes.cardSymbol}>{symbol}</div>
            <div className={`${classes.cardPrice} ${tone}`} data-testid="headline-price">
              {formatAmount(tk.last, tk.pricePrecision, locale)}
            </div>
            <div className={`${classes.cardChange} ${tone}`}>{formatPercent(tk.change24h, locale)}</div>
          </Link>
        );
      })}
    </div>
  );
}

/** The biggest gainers or losers, live. */
function Movers() {
  const { t } = useTranslation();
  const { data, isPending } = useTickers();
  const [kind, setKind] = useState<'gainers' | 'losers'>('gainers');
  const movers = useMemo(() => topMovers(data ?? [], kind), [data, kind]);
  const stale = usePricesStale();
  return (
    <>
      <div className={classes.sectionHead}>
        <Segmented
          size="xs"
          value={kind}
          onChange={(v) => setKind(v as 'gainers' | 'losers')}
          data={[
            { value: 'gainers', label: t('home.gainers') },
            { value: 'losers', label: t('home.losers') },
          ]}
        />
        <Link to={paths.market.market} className={classes.allMarkets}>
          {t('home.allMarkets')}
        </Link>
      </div>
      {isPending ? (
        <PageSkeleton variant="tickers" rows={5} />
      ) : (
        <div role="list" aria-label={t(`home.${kind}`)} data-testid="movers" className={stale ? staleClass : undefined} data-stale={stale || undefined}>
          {movers.map((tk) => (
            <div key={tk.symbol} role="listitem">
              <TickerRow ticker={tk} volumeLabel={t('market.vol')} />
            </div>
          ))}
        </div>
      )}
    </>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  return (
    <div>
      <Welcome />
      <StaleNote />
      <Headline />
      {/* Then, a task apart each (together, one long task on a phone): the shortcuts, the news and movers. */}
      <Later>
        <nav className={classes.shortcuts} aria-label={t('home.shortcuts')}>
          {SHORTCUTS.map((s) => {
            const Icon = SHORTCUT_ICONS[s.label];
            return (
              <Link key={s.to} to={s.to} className={classes.shortcut}>
                <span className={classes.shortcutIcon} aria-hidden>
                  <Icon />
                </span>
                {t(s.label)}
              </Link>
            );
          })}
        </nav>
        {getToken() && (
          <Suspense fallback={null}>
            <MyStoreEntry />
          </Suspense>
        )}
      </Later>
      <Later>
        <LatestNews />
        <Movers />
      </Later>
    </div>
  );
}
