/**
 * A per-symbol order book: price-keyed maps for bids and asks, fed by the `depth` socket event
 * (snapshot, then updates chained by seq/prevSeq). A level's key is its price as a canonical
 * decimal (`priceKey`), so '64200.10' and '64200.1' are one level whichever form the server sends. A gap (an update whose prevSeq is not our seq)
 * drops the book and takes a fresh REST snapshot; updates keep applying after it. A reconnect or
 * the page becoming visible again also takes a fresh snapshot. React is notified at most
 * once per LIVE_UPDATE_MS pulse (the first snapshot at once); levels are grouped to tick
 * multiples on read.
 */
import { useMemo, useSyncExternalStore } from 'react';
import type { components } from '../../../../contracts/generated/openapi';
import type { DepthEvent } from '../../../../contracts/generated/socket';
import { call } from '../../api/client';
import { Big } from '../../lib/decimal';
import { LIVE_UPDATE_MS, realClock, throttle, type Throttle, type TimerClock } from '../../lib/throttle';
import { realtime } from '../../realtime/socket';

type OrderBookWire = components['schemas']['OrderBook'];
type PriceLevel = components['schemas']['PriceLevel'];
export type Level = { price: string; quantity: string; total: string };
/** A level held: the price as first received (what an ungrouped row shows) and its quantity. */
interface HeldLevel {
  price: string;
  quantity: string;
}
/** A `depth` message as the store needs it. */
type DepthMessage = Pick<DepthEvent, 'type' | 'seq' | 'prevSeq' | 'bids' | 'asks'>;

/** The key of a price level: the price as a canonical decimal (no trailing zeros, no exponent). */
export function priceKey(price: string): string {
  return new Big(price).toFixed();
}

/** Sets one level (by its canonical price); a quantity of zero (in any form) removes it. */
function put(side: Map<string, HeldLevel>, [price, quantity]: PriceLevel): void {
  const key = priceKey(price);
  if (!new Big(quantity).gt(0)) return void side.delete(key);
  side.set(key, { price: side.get(key)?.price ?? price, quantity });
}
interface BookView {
  seq: number;
  ready: boolean;
  bids: Level[];
  asks: Level[];
  /** Levels held per side before grouping and the `levels` cut. */
  depth: { bids: number; asks: number };
}

const EMPTY: BookView = { seq: -1, ready: false, bids: [], asks: [], depth: { bids: 0, asks: 0 } };

export interface BookDeps extends TimerClock {
  fetchSnapshot: (symbol: string) => Promise<Pick<OrderBookWire, 'seq' | 'bids' | 'asks'>>;
}

const defaultDeps: BookDeps = {
  ...realClock,
  fetchSnapshot: (symbol) => call('getOrderBook', { query: { symbol, limit: 20 } }),
};

export class OrderBookStore {
  /** Levels by `priceKey`. */
  readonly bids = new Map<string, HeldLevel>();
  readonly asks = new Map<string, HeldLevel>();
  seq = -1;
  ready = false;
  /** A snapshot request in flight: updates wait until it arrives. */
  private fetching: Promise<void> | null = null;
  private pending: DepthMessage[] = [];
  private listeners = new Set<() => void>();
  private readonly notify: Throttle;
  private version = 0;
  private cache = new Map<string, { version: number; view: BookView }>();
  /** How many REST snapshots were taken (tests, diagnostics). */
  refetches = 0;

  constructor(
    readonly symbol: string,
    private readonly deps: BookDeps = defaultDeps,
  ) {
    this.notify = throttle(() => this.emit(), LIVE_UPDATE_MS, deps);
  }

  private replace(seq: number, bids: PriceLevel[], asks: PriceLevel[]) {
    this.bids.clear();
    this.asks.clear();
    for (const level of bids) put(this.bids, level);
    for (const level of asks) put(this.asks, level);
    this.seq = seq;
    this.ready = true;
  }

  /** Applies one `depth` message; one of a kind it does not know is ignored (a later gap resyncs). */
  apply(msg: DepthMessage): void {
    if (msg.type !== 'snapshot' && msg.type !== 'update') return;
    if (this.fetching) {
      this.pending.push(msg);
      return;
    }
    if (msg.type === 'snapshot') {
      this.replace(msg.seq, msg.bids, msg.asks);
      return this.changed();
    }
    if (msg.seq <= this.seq && this.ready) return; // already applied (a late duplicate)
    if (!this.ready || msg.prevSeq !== this.seq) {
      this.pending.push(msg);
      void this.resync();
      return;
    }
    for (const level of msg.bids) put(this.bids, level);
    for (const level of msg.asks) put(this.asks, level);
    this.seq = msg.seq;
    this.changed();
  }

  /** Drops the book and takes a fresh REST snapshot; queued updates after it are applied. */
  resync(): Promise<void> {
    if (this.fetching) return this.fetching;
    this.ready = false;
    this.refetches++;
    this.fetching = this.deps
      .fetchSnapshot(this.symbol)
      .then((snap) => {
        this.replace(snap.seq, snap.bids, snap.asks);
      })
      .catch(() => {
        /* the next update or reconnect retries */
      })
      .finally(() => {
        this.fetching = null;
        const queued = this.pending.filter((m) => m.seq > this.seq);
        this.pending = [];
        // Only the ones chaining from the snapshot; an older gap would loop forever.
        for (const m of queued) {
          if (m.type === 'snapshot' || m.prevSeq === this.seq) this.apply(m);
        }
        this.changed();
      });
    return this.fetching;
  }

  private changed(): void {
    this.version++;
    this.notify.request();
  }

  private emit(): void {
    for (const l of this.listeners) l();
  }

  /** Stops a pending notification (the store is being dropped). */
  close(): void {
    this.notify.cancel();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The book as shown: `levels` per side, grouped to multiples of `grouping`, with cumulative totals. */
  view(levels = 20, grouping?: string): BookView {
    const key = `${levels}:${grouping ?? ''}`;
    const hit = this.cache.get(key);
    if (hit && hit.version === this.version) return hit.view;
    if (!this.ready) return EMPTY;
    const side = (map: Map<string, HeldLevel>, isBid: boolean): Level[] => {
      const step = grouping && new Big(grouping).gt(0) ? new Big(grouping) : null;
      const agg = new Map<string, { price: Big; label: string; qty: Big }>();
      const places = step ? (step.toFixed().split('.')[1]?.length ?? 0) : 0;
      for (const [key, { price: p, quantity: q }] of map) {
        let price = new Big(key);
        if (step && step.gt(0))
          price = price
            .div(step)
            .round(0, isBid ? Big.roundDown : Big.roundUp)
            .times(step);
        // Ungrouped levels keep the wire's own text (its precision); grouped ones the step's.
        const label = step ? price.toFixed(places) : p;
        const cur = agg.get(step ? label : key);
        if (cur) cur.qty = cur.qty.plus(q);
        else agg.set(step ? label : key, { price, label, qty: new Big(q) });
      }
      const sorted = [...agg.values()].sort((a, b) => (isBid ? b.price.cmp(a.price) : a.price.cmp(b.price))).slice(0, levels);
      let total = new Big(0);
      return sorted.map(({ label, qty }) => {
        total = total.plus(qty);
        return { price: label, quantity: qty.toFixed(), total: total.toFixed() };
      });
    };
    const view: BookView = {
      seq: this.seq,
      ready: true,
      bids: side(this.bids, true),
      asks: side(this.asks, false),
      depth: { bids: this.bids.size, asks: this.asks.size },
    };
    this.cache.set(key, { version: this.version, view });
    return view;
  }
}

// ---- one live store per symbol, connected while someone uses it -------------------------

interface Live {
  store: OrderBookStore;
  users: number;
  stop: () => void;
}
const live = new Map<string, Live>();

function connect(store: OrderBookStore): () => void {
  const off = realtime.on('depth', (msg) => {
    if (msg.symbol === store.symbol) store.apply(msg);
  });
  const leave = realtime.subscribe(`depth:${store.symbol}`);
  let wasConnected = realtime.status() === 'connected';
  const offStatus = realtime.onStatusChange(() => {
    const connected = realtime.status() === 'connected';
    if (connected && !wasConnected) void store.resync();
    wasConnected = connected;
  });
  const onVisible = () => {
    if (document.visibilityState === 'visible') void store.resync();
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('online', onVisible);
  // The first picture at once over REST; the socket's snapshot or updates follow.
  void store.resync();
  return () => {
    off();
    leave();
    offStatus();
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('online', onVisible);
  };
}

function acquireBook(symbol: string): [OrderBookStore, () => void] {
  let entry = live.get(symbol);
  if (!entry) {
    const store = new OrderBookStore(symbol);
    entry = { store, users: 0, stop: connect(store) };
    live.set(symbol, entry);
  }
  entry.users++;
  const e = entry;
  return [
    e.store,
    () => {
      e.users--;
      if (e.users <= 0) {
        e.stop();
        e.store.close();
        live.delete(symbol);
      }
    },
  ];
}

/** The live book of `symbol`: `levels` per side, grouped to `grouping` (a tick multiple). */
export function useOrderBook(symbol: string, { levels = 20, grouping }: { levels?: number; grouping?: string } = {}): BookView {
  // A fresh holder per symbol: `symbol` is the memo's key, not something it reads.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on symbol on purpose
  const store = useMemo(() => ({ current: null as OrderBookStore | null }), [symbol]);
  const subscribe = useMemo(
    () => (listener: () => void) => {
      const [s, release] = acquireBook(symbol);
      store.current = s;
      const off = s.subscribe(listener);
      listener();
      return () => {
        off();
        release();
        store.current = null;
      };
    },
    [symbol, store],
  );
  const get = () => store.current?.view(levels, grouping) ?? EMPTY;
  return useSyncExternalStore(subscribe, get, get);
}
