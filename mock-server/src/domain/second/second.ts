/**
 * Second contracts: the user stakes USDT of the second-contract account on the price of a symbol
 * being up or down after a period (30 s to 5 min). The terms are in terms.ts.
 *
 * The rules (docs/mock/second.md has them as a table):
 * - The purchase price is the symbol's last price when the contract is bought (the last simulated
 *   second, `time`); it expires `period` seconds later (`expiresAt`).
 * - The outcome is decided by the simulated price feed alone: the final price is the symbol's
 *   last price at the expiry second. Above the purchase price wins for `up`, below wins for
 *   `down`, equal is a tie. Nothing else (no setting, account flag or control operation) can
 *   change an outcome; QA reaches one by moving the price (the control API's `mockPrice`).
 * - Money moves only through the ledger, on the user's `second` account: the stake is frozen at
 *   purchase; at settlement a win unfreezes it and adds stake × payoutRate (rounded down) from
 *   `system:second`, a loss moves the stake to `system:second`, a tie unfreezes it.
 * - Settlement happens on the virtual clock whether or not anyone is connected, exactly once, at
 *   the simulated second of the expiry (in a long clock jump the stretch far from its end is
 *   simulated in coarse steps: a contract expiring inside one settles at that step's end price).
 */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import * as dec from '../kernel/decimals.ts';
import { DomainError } from '../kernel/errors.ts';
import { paged } from '../kernel/paging.ts';
import { SYSTEM, type Ledger } from '../kernel/ledger.ts';
import type { Market } from '../market/market.ts';
import { USDT } from '../market/symbols.ts';
import { OwnedIds } from '../kernel/random.ts';
import { SECOND_DP, SECOND_MAX_RUNNING, SECOND_TERMS, periodTerms, secondPricePlaces } from './terms.ts';

type Schemas = components['schemas'];
export type SecondOrder = Schemas['SecondOrder'];

const usdt = (value: Big) => dec.fixed(value, SECOND_DP);

interface Entry {
  order: SecondOrder;
  owner: string;
  stake: Big;
  rate: Big;
  open: Big;
  places: number;
}

export interface SecondDeps {
  seed: number;
  market: Market;
  ledger: Ledger;
  /** Whether a symbol's market is open now (the control API can halt one). */
  isOpen: (symbol: string) => boolean;
  onOrder: (userId: string, order: SecondOrder) => void;
}

export class Second {
  private readonly ids: OwnedIds;
  /** Every contract of a user, in the order bought. */
  private readonly byUser = new Map<string, Entry[]>();
  /** Running contracts, soonest expiry first (ties in the order bought). */
  private readonly running: Entry[] = [];

  constructor(private readonly deps: SecondDeps) {
    this.ids = new OwnedIds(deps.seed);
  }

  terms(): Schemas['SecondTerms'] {
    return SECOND_TERMS;
  }

  buy(userId: string, req: Schemas['BuySecondRequest']): SecondOrder {
    const places = secondPricePlaces(req.symbol);
    if (places === undefined) throw new DomainError('unknown_symbol', `Unknown symbol ${req.symbol}`).with({ symbol: req.symbol });
    const period = periodTerms(req.period);
    if (!period) {
      const periods = SECOND_TERMS.periods.map((p) => p.seconds).join(',');
      throw new DomainError('period_not_offered', `Choose one of the periods ${periods.replaceAll(',', ', ')} seconds`).with({ periods });
    }
    const stake = new Big(req.stake);
    if (stake.lte(0)) throw new DomainError('amount_invalid', 'Enter the stake correctly').with({ field: 'stake' });
    if (!stake.round(SECOND_DP, Big.roundDown).eq(stake)) {
      throw new DomainError('amount_precision', `The stake has at most ${SECOND_DP} decimal places`).with({ field: 'stake', places: SECOND_DP });
    }
    if (stake.lt(period.minStake) || stake.gt(period.maxStake)) {
      const [min, max] = [period.minStake, period.maxStake].map(usdt);
      throw new DomainError('stake_out_of_bounds', `The stake goes from ${min} to ${max} USDT for ${period.seconds} seconds`).with({ min, max });
    }
    if (!this.deps.isOpen(req.symbol)) throw new DomainError('market_closed', `The ${req.symbol} market is closed now`).with({ symbol: req.symbol });
    const mine = this.byUser.get(userId) ?? [];
    if (mine.filter((e) => e.order.status === 'running').length >= SECOND_MAX_RUNNING) {
      throw new DomainError('too_many_running', `At most ${SECOND_MAX_RUNNING} contracts can run at once`).with({ max: SECOND_MAX_RUNNING });
    }

    const id = this.ids.next('sc', userId);
    this.deps.ledger.post(id, 'freeze', [{ owner: userId, kind: 'second', coin: USDT, available: stake.neg(), frozen: stake }]);
    const { last: open, time } = this.deps.market.snapshot(req.symbol);
    const e: Entry = {
      owner: userId,
      stake,
      rate: period.payoutRate,
      open,
      places,
      order: {
        id,
        symbol: req.symbol,
        direction: req.direction,
        period: period.seconds,
        stake: usdt(stake),
        payoutRate: period.rateText,
        openPrice: dec.fixed(open, places),
        status: 'running',
        time,
        expiresAt: time + period.seconds * 1000,
        updatedAt: time,
      },
    };
    mine.push(e);
    this.byUser.set(userId, mine);
    // After every contract expiring at or before this one: settlement order is expiry, then purchase.
    let at = this.running.length;
    while (at > 0 && this.running[at - 1].order.expiresAt > e.order.expiresAt) at--;
    this.running.splice(at, 0, e);
    this.deps.onOrder(userId, { ...e.order });
    return { ...e.order };
  }

  list(userId: string, q: { status?: string; symbol?: string; page?: number; pageSize?: number }): Schemas['SecondOrderPage'] {
    const status = q.status ?? 'running';
    const all = (this.byUser.get(userId) ?? [])
      .filter((e) => (status === 'all' || e.order.status === status) && (!q.symbol || e.order.symbol === q.symbol))
      .reverse();
    const { items, ...page } = paged(all, q);
    return { ...page, items: items.map((e) => ({ ...e.order })) };
  }

  /** The time of the soonest expiry of a running contract, or null. */
  nextExpiry(): number | null {
    return this.running[0]?.order.expiresAt ?? null;
  }

  /**
   * Settles every running contract that expired at or before `time`, at the current last prices
   * (the market calls it after simulating the second, or coarse step, that ends at `time`).
   */
  settleDue(time: number): void {
    while (this.running.length && this.running[0].order.expiresAt <= time) this.settle(this.running.shift()!, time);
  }

  private settle(e: Entry, time: number): void {
    const close = this.deps.market.snapshot(e.order.symbol).last;
    const up = e.order.direction === 'up';
    const result = close.eq(e.open) ? 'tie' : close.gt(e.open) === up ? 'win' : 'loss';
    const profit = result === 'win' ? dec.round(e.stake.times(e.rate), SECOND_DP, 'received') : new Big(0);
    const owner = { owner: e.owner, kind: 'second' as const, coin: USDT };
    const house = { owner: SYSTEM.second, kind: 'second' as const, coin: USDT };
    if (result === 'loss')
      this.deps.ledger.post(e.order.id, 'trade', [
        { ...owner, frozen: e.stake.neg() },
        { ...house, available: e.stake },
      ]);
    else {
      this.deps.ledger.post(e.order.id, result === 'tie' ? 'unfreeze' : 'trade', [
        { ...owner, frozen: e.stake.neg(), available: e.stake.plus(profit) },
        ...(profit.gt(0) ? [{ ...house, available: profit.neg() }] : []),
      ]);
    }
    const { id, symbol, direction, period, stake, payoutRate, openPrice, expiresAt } = e.order;
    // In the contract's field order.
    e.order = {
      id,
      symbol,
      direction,
      period,
      stake,
      payoutRate,
      openPrice,
      closePrice: dec.fixed(close, e.places),
      status: 'settled',
      result,
      pnl: usdt(result === 'loss' ? e.stake.neg() : profit),
      payout: usdt(result === 'loss' ? new Big(0) : e.stake.plus(profit)),
      time: e.order.time,
      expiresAt,
      settledAt: time,
      updatedAt: time,
    };
    this.deps.onOrder(e.owner, { ...e.order });
  }
}
