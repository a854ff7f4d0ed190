/** Markets: every symbol's last price, 24 h change and volume, live; search and sort. */
import { Alert, Button, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compare } from '../../../lib/decimal';
import { SearchIcon } from '../../../ui/icons';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { useTickers, type Ticker } from '../api';
import { TickerRow } from '../components/TickerRow';
import classes from '../components/market.module.css';

type SortKey = 'volume' | 'price' | 'change';
type Sort = { key: SortKey; dir: 1 | -1 } | null;

const FIELD: Record<SortKey, keyof Ticker> = { volume: 'quoteVolume24h', price: 'last', change: 'change24h' };

export function sortTickers(list: Ticker[], sort: Sort): Ticker[] {
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
      aria-sort={active ? (sort.dir === 1 ? 'ascending' : 'descending') : 'none'}
      data-testid={`sort-${k}`}
    >
      {label}
      <span aria-hidden>{active ? (sort.dir === 1 ? '▲' : '▼') : '↕'}</span>
    </button>
  );
}

export default function MarketPage() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useTickers();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>(null);

  const rows = useMemo(() => {
    const q = search.trim().toUpperCase();
    const filtered = (data ?? []).filter((tk) => !q || tk.symbol.includes(q));
    return sortTickers(filtered, sort);
  }, [data, search, sort]);

  return (
    <div>
      <div style={{ padding: '12px 16px 4px' }}>
        <TextInput
          leftSection={<SearchIcon width={18} />}
          placeholder={t('market.search')}
          aria-label={t('market.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          radius="xl"
        />
      </div>
      <div className={classes.head} role="row">
        <SortButton label={t('market.nameVol')} k="volume" sort={sort} onSort={setSort} />
        <span style={{ justifySelf: 'end' }}>
          <SortButton label={t('market.lastPrice')} k="price" sort={sort} onSort={setSort} />
        </span>
        <span style={{ justifySelf: 'end' }}>
          <SortButton label={t('market.change24h')} k="change" sort={sort} onSort={setSort} />
        </span>
      </div>
      {isPending ? (
        <PageSkeleton rows={10} />
      ) : isError ? (
        <Alert m="md" color="red" title={t('errors.loadFailed')}>
          <Button variant="light" size="xs" mt="xs" onClick={() => refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : rows.length === 0 ? (
        <p style={{ textAlign: 'center', color: 'var(--mantine-color-dimmed)', padding: 32 }}>{t('common.noData')}</p>
      ) : (
        <div role="list" aria-label={t('tabs.market')}>
          {rows.map((tk) => (
            <TickerRow key={tk.symbol} ticker={tk} />
          ))}
        </div>
      )}
    </div>
  );
}
