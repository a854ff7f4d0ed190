/**
 * Markets: every symbol's last price, 24 h change and volume, live; search and sort; a Favourites
 * tab (kept on the server for a logged-in user; a guest's star tap leads to login) and one list per
 * quote coin (USDT, BTC).
 */
import { Alert, Button, Tabs, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { getToken } from '../../../api/client';
import { compare } from '../../../lib/decimal';
import { SearchIcon } from '../../../ui/icons';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { Later } from '../../../ui/Later';
import { EmptyState } from '../../../ui/EmptyState';
import { StarOutlineIcon } from '../../../ui/emptyIcons';
import { useSampledTickers, useTickers, type Ticker } from '../../../api/market';
import { useFavorites } from '../api';
import { useToggleFavorite } from '../components/useToggleFavorite';
import { VirtualTickerList } from '../components/VirtualTickerList';
import { StaleNote, staleClass, usePricesStale } from '../../../pwa/StalePrices';
import classes from '../components/market.module.css';
import { loginRedirect, paths } from '../../../lib/paths';

type SortKey = 'volume' | 'price' | 'change';
type Sort = { key: SortKey; dir: 1 | -1 } | null;

const FIELD: Record<SortKey, keyof Ticker> = { volume: 'quoteVolume24h', price: 'last', change: 'change24h' };

function sortTickers(list: Ticker[], sort: Sort): Ticker[] {
  if (!sort) return list;
  const field = FIELD[sort.key];
  return [...list].sort((a, b) => compare(String(a[field]), String(b[field])) * sort.dir);
}

function SortButton({ label, k, sort, onSort }: { label: string; k: SortKey; sort: Sort; onSort: (s: Sort) => void }) {
  const active = sort?.key === k;
  const next: Sort = !active ? { key: k, dir: -1 } : sort.dir === -1 ? { key: k, dir: 1 } : null;
  return (
    <button
      type="button"
      className={classes.sortButton}
      onClick={() => onSort(next)}
      // aria-sort belongs to a table's column header, and the list below is a list: the button says
      // whether it sorts the list (pressed), the arrow which way; data-sort is for the tests.
      aria-pressed={active}
      data-sort={active ? (sort.dir === 1 ? 'ascending' : 'descending') : 'none'}
      data-testid={`sort-${k}`}
    >
      {label}
      <span aria-hidden>{active ? (sort.dir === 1 ? '▲' : '▼') : '↕'}</span>
    </button>
  );
}

const FAVORITES = 'favorites';
/** How often the long list follows the feed. */
const LIST_SAMPLE_MS = 500;

/** The quote coins listed (USDT first): a stable array, so ticks do not re-render the page frame. */
const selectQuotes = (list: Ticker[]): string[] => [...new Set(['USDT', ...list.map((tk) => tk.quote)])];

/**
 * The page frame (tabs, search) follows only the list of quote coins; the live list below is its
 * own component, so a tick re-renders the list and the rows that changed, not the Mantine frame.
 */
export default function MarketPage() {
  const { t } = useTranslation();
  const quotes = useTickers(selectQuotes).data ?? ['USDT'];
  const [search, setSearch] = useState('');
  const [params, setParams] = useSearchParams();
  // One tab per quote coin (USDT first), after Favourites; ?tab=favorites|usdt|btc|...
  const asked = (params.get('tab') ?? '').toUpperCase();
  const tab = asked === 'FAVORITES' ? FAVORITES : quotes.includes(asked) ? asked : 'USDT';

  return (
    <div>
      <Tabs value={tab} onChange={(v) => setParams(v && v !== 'USDT' ? { tab: v.toLowerCase() } : {}, { replace: true })} px="md" pt={4}>
        <Tabs.List>
          <Tabs.Tab value={FAVORITES} data-testid="market-tab-favorites">
            {t('market.favorites')}
          </Tabs.Tab>
          {quotes.map((q) => (
            <Tabs.Tab key={q} value={q} data-testid={`market-tab-${q.toLowerCase()}`}>
              {q}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <div style={{ padding: '10px 16px 4px' }}>
        <TextInput
          leftSection={<SearchIcon width={18} />}
          placeholder={t('market.search')}
          aria-label={t('market.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          radius="xl"
        />
      </div>
      {/* A task after the tabs and search (together, one long task on a phone). */}
      <Later fallback={<PageSkeleton variant="tickers" />}>
        <MarketList tab={tab} search={search} />
      </Later>
    </div>
  );
}

/** The sortable live list of one tab (a quote coin or the favourites), filtered by the search. */
function MarketList({ tab, search }: { tab: string; search: string }) {
  const { t } = useTranslation();
  // 200 symbols moving 10 times a second: the list follows them twice a second (the live pulse is 4).
  const { data, isPending, isError, refetch } = useSampledTickers(LIST_SAMPLE_MS);
  const [sort, setSort] = useState<Sort>(null);
  const loggedIn = Boolean(getToken());
  const favorites = useFavorites();
  const favoriteSet = useMemo(() => new Set(loggedIn ? (favorites.data ?? []) : []), [favorites.data, loggedIn]);

  const toggleFavorite = useToggleFavorite();
  const location = useLocation();
  const here = location.pathname + location.search;

  const rows = useMemo(() => {
    const q = search.trim().toUpperCase();
    const listed = (data ?? []).filter((tk) => (tab === FAVORITES ? favoriteSet.has(tk.symbol) : tk.quote === tab));
    const filtered = listed.filter((tk) => !q || tk.symbol.includes(q));
    return sortTickers(filtered, sort);
  }, [data, search, sort, tab, favoriteSet]);

  const emptyFavorites = tab === FAVORITES && !search.trim() && rows.length === 0;
  // Offline or the live feed down: the last known prices stay, greyed, with the time they are from.
  const stale = usePricesStale();

  return (
    <>
      <StaleNote />
      <div className={classes.head} hidden={emptyFavorites}>
        <span style={{ paddingInlineStart: 36 }}>
          <SortButton label={t('market.nameVol')} k="volume" sort={sort} onSort={setSort} />
        </span>
        <span style={{ justifySelf: 'end' }}>
          <SortButton label={t('market.lastPrice')} k="price" sort={sort} onSort={setSort} />
        </span>
        <span style={{ justifySelf: 'end' }}>
          <SortButton label={t('market.change24h')} k="change" sort={sort} onSort={setSort} />
        </span>
      </div>
      {isPending || (tab === FAVORITES && loggedIn && favorites.isPending) ? (
        <PageSkeleton variant="tickers" rows={10} />
      ) : isError ? (
        <Alert m="md" color="red" title={t('errors.loadFailed')}>
          <Button variant="light" size="xs" mt="xs" onClick={() => refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : emptyFavorites ? (
        <EmptyState
          testId="favorites-empty"
          icon={<StarOutlineIcon />}
          title={t('empty.favorites.title')}
          hint={t(loggedIn ? 'empty.favorites.hint' : 'empty.favorites.loginHint')}
          action={loggedIn ? { label: t('empty.favorites.action'), to: paths.market.market } : { label: t('empty.favorites.login'), to: loginRedirect(here) }}
        />
      ) : rows.length === 0 ? (
        <EmptyState compact testId="pairs-empty" icon={<SearchIcon width={24} height={24} />} title={t('empty.pairs.title')} hint={t('empty.pairs.hint')} />
      ) : (
        <div className={stale ? staleClass : undefined} data-stale={stale || undefined}>
          <VirtualTickerList rows={rows} favorites={favoriteSet} onToggleFavorite={toggleFavorite} label={t('tabs.market')} volumeLabel={t('market.vol')} />
        </div>
      )}
    </>
  );
}
