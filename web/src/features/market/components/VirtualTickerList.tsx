/**
 * The markets list, virtualised against the window's scroll: only the rows in view (plus a few
 * either side) are in the DOM, so a fast feed of hundreds of symbols re-renders a screenful.
 * Rows have a fixed height (ROW_HEIGHT, set in market.module.css as well); each list item carries
 * aria-setsize / aria-posinset so assistive technology still knows the whole list's size.
 */
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import type { Ticker } from '../../../api/market';
import { TickerRow } from '../../../ui/market/TickerRow';
import classes from './market.module.css';

/** Must match `.virtualRow` in market.module.css. */
const ROW_HEIGHT = 64;

export function VirtualTickerList({
  rows,
  favorites,
  onToggleFavorite,
  label,
  volumeLabel,
}: {
  rows: Ticker[];
  favorites: Set<string>;
  onToggleFavorite: (symbol: string, favorite: boolean) => void;
  label: string;
  /** "Vol", translated once for every row. */
  volumeLabel: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  // Where the list starts in the document (the tabs, search and header above it).
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const measure = () => setScrollMargin(el.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 2,
    scrollMargin,
    getItemKey: (index) => rows[index].symbol,
  });
  return (
    <div ref={listRef} role="list" aria-label={label} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {virtualizer.getVirtualItems().map((item) => {
        const tk = rows[item.index];
        return (
          <div
            key={item.key}
            className={classes.virtualRow}
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
            role="listitem"
            aria-setsize={rows.length}
            aria-posinset={item.index + 1}
          >
            <TickerRow ticker={tk} volumeLabel={volumeLabel} favorite={favorites.has(tk.symbol)} onToggleFavorite={onToggleFavorite} />
          </div>
        );
      })}
    </div>
  );
}
