/**
 * The earn products as terms over the accrual engine (accrual.ts): lock-up mining (a daily yield
 * on a locked amount, the principal back at the end, early redemption with a penalty where a
 * product allows it), mining machines (a price paid, a daily output for the cycle, limited stock)
 * and coin savings (fixed-term deposits: interest and principal at maturity). The catalogue is
 * seeded relative to the world's start; the API views and the requests' checks live here too.
 */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import { Accruals, type Position, type PositionTerms } from './accrual.ts';
import { DAY } from '../market/candles.ts';
import { coinAmount, coinInfo, parseAmount } from '../assets/coins.ts';
import { DomainError } from '../kernel/errors.ts';
import { FrozenCache } from '../kernel/frozen.ts';
import { paged } from '../kernel/paging.ts';
import { OwnedIds } from '../kernel/random.ts';

type Schemas = components['schemas'];

/** Decimals of a rate on the wire (a daily yield, an annual rate, a penalty share). */
const RATE_PLACES = 8;
const rate = (r: Big) => r.toFixed(RATE_PLACES);
const YEAR_DAYS = 365;

interface LockProduct {
  id: string;
  name: string;
  coin: string;
  min: Big;
  max: Big;
  dailyRate: Big;
  days: number;
  earlyPenaltyRate?: Big;
  opensAt: number;
  closesAt: number;
}

interface Machine {
  id: string;
  name: string;
  coin: string;
  price: Big;
  outputCoin: string;
  dailyOutput: Big;
  days: number;
  stock: number;
}

interface SavingsProduct {
  id: string;
  coin: string;
  /** Annual rate: interest = amount × rate × days / 365, truncated to the coin. */
  rate: Big;
  days: number;
  min: Big;
  max: Big;
  /** Deposits before the world started (other savers), in the coin. */
  seeded: Big;
}

const b = (v: string) => new Big(v);

/** The catalogue, relative to the world's start `t0`. */
function catalogue(t0: number) {
  const lock: LockProduct[] = [
    {
      id: 'lk_usdt_7',
      name: 'USDT 7 days',
      coin: 'USDT',
      min: b('100'),
      max: b('50000'),
      dailyRate: b('0.0003'),
      days: 7,
      opensAt: t0 - 30 * DAY,
      closesAt: t0 + 60 * DAY,
    },
    {
      id: 'lk_usdt_30',
      name: 'USDT 30 days',
      coin: 'USDT',
      min: b('500'),
      max: b('100000'),
      dailyRate: b('0.0004'),
      days: 30,
      earlyPenaltyRate: b('0.02'),
      opensAt: t0 - 30 * DAY,
      closesAt: t0 + 90 * DAY,
    },
    {
      id: 'lk_btc_30',
      name: 'BTC 30 days',
      coin: 'BTC',
      min: b('0.01'),
      max: b('5'),
      dailyRate: b('0.0001'),
      days: 30,
      earlyPenaltyRate: b('0.01'),
      opensAt: t0 - 10 * DAY,
      closesAt: t0 + 80 * DAY,
    },
    {
      id: 'lk_usdt_90',
      name: 'USDT 90 days',
      coin: 'USDT',
      min: b('1000'),
      max: b('200000'),
      dailyRate: b('0.0005'),
      days: 90,
      opensAt: t0 + 2 * DAY,
      closesAt: t0 + 92 * DAY,
    },
    {
      id: 'lk_eth_14',
      name: 'ETH 14 days',
      coin: 'ETH',
      min: b('0.1'),
      max: b('50'),
      dailyRate: b('0.0002'),
      days: 14,
      opensAt: t0 - 60 * DAY,
      closesAt: t0 - 3 * DAY,
    },
  ];
  const machines: Machine[] = [
    { id: 'mc_s19', name: 'Antminer S19', coin: 'USDT', price: b('300'), outputCoin: 'BTC', dailyOutput: b('0.00004'), days: 180, stock: 120 },
    { id: 'mc_s21', name: 'Antminer S21', coin: 'USDT', price: b('800'), outputCoin: 'BTC', dailyOutput: b('0.00011'), days: 180, stock: 40 },
    { id: 'mc_l7', name: 'Antminer L7', coin: 'USDT', price: b('150'), outputCoin: 'USDT', dailyOutput: b('0.95'), days: 200, stock: 3 },
  ];
  const savings: SavingsProduct[] = [
    { id: 'sv_usdt_30', coin: 'USDT', rate: b('0.04'), days: 30, min: b('10'), max: b('100000'), seeded: b('1284500') },
    { id: 'sv_usdt_90', coin: 'USDT', rate: b('0.05'), days: 90, min: b('10'), max: b('100000'), seeded: b('2310750') },
    { id: 'sv_usdt_180', coin: 'USDT', rate: b('0.06'), days: 180, min: b('100'), max: b('200000'), seeded: b('950200') },
    { id: 'sv_btc_90', coin: 'BTC', rate: b('0.02'), days: 90, min: b('0.001'), max: b('10'), seeded: b('48.25') },
    { id: 'sv_eth_30', coin: 'ETH', rate: b('0.025'), days: 30, min: b('0.01'), max: b('100'), seeded: b('612.4') },
  ];
  return { lock, machines, savings };
}

/** Each day: amount × daily rate, truncated to the coin; the amount back with the last day's payment. */
const lockTerms = (p: LockProduct, amount: Big): PositionTerms => ({
  coin: p.coin,
  principal: amount,
  price: new Big(0),
  payoutCoin: p.coin,
  payout: amount.times(p.dailyRate).round(coinInfo(p.coin).precision, Big.roundDown),
  periods: p.days,
  periodMs: DAY,
  account: 'funds',
  ...(p.earlyPenaltyRate ? { earlyPenaltyRate: p.earlyPenaltyRate } : {}),
});

/** The price of `quantity` shares at once; each day their output; nothing back. */
const machineTerms = (m: Machine, quantity: number): PositionTerms => ({
  coin: m.coin,
  principal: new Big(0),
  price: m.price.times(quantity),
  payoutCoin: m.outputCoin,
  payout: m.dailyOutput.times(quantity),
  periods: m.days,
  periodMs: DAY,
  account: 'funds',
});

/** The interest of a savings deposit: amount × rate × days / 365, truncated to the coin (the contract's formula). */
export const savingsInterest = (amount: Big, annualRate: Big, days: number, coin: string): Big =>
  amount.times(annualRate).times(days).div(YEAR_DAYS).round(coinInfo(coin).precision, Big.roundDown);

/** One payment at maturity: the interest, with the amount. */
const savingsTerms = (p: SavingsProduct, amount: Big): PositionTerms => ({
  coin: p.coin,
  principal: amount,
  price: new Big(0),
  payoutCoin: p.coin,
  payout: savingsInterest(amount, p.rate, p.days, p.coin),
  periods: 1,
  periodMs: p.days * DAY,
  account: 'funds',
});

export interface EarnDeps {
  seed: number;
  now: () => number;
  accruals: Accruals;
}

export class Earn {
  private readonly lock: Map<string, LockProduct>;
  private readonly machines: Map<string, Machine>;
  private readonly savings: Map<string, SavingsProduct>;
  private readonly ids: OwnedIds;
  /** The product lists as last answered (frozen): lock-up made again when the clock moves, savings when a position changes. */
  private readonly lockAnswer = new FrozenCache<Schemas['LockProduct'][]>(1);
  private readonly savingsAnswer = new FrozenCache<Schemas['SavingsProduct'][]>(1);

  constructor(private readonly deps: EarnDeps) {
    const c = catalogue(deps.now());
    this.lock = new Map(c.lock.map((p) => [p.id, p]));
    this.machines = new Map(c.machines.map((m) => [m.id, m]));
    this.savings = new Map(c.savings.map((p) => [p.id, p]));
    this.ids = new OwnedIds(deps.seed);
  }

  // ---- lock-up mining --------------------------------------------------------------------

  private lockStatus(p: LockProduct): Schemas['LockProduct']['status'] {
    const now = this.deps.now();
    return now < p.opensAt ? 'not_started' : now >= p.closesAt ? 'expired' : 'in_progress';
  }

  /** The catalogue with each product's status now (the same frozen list while the clock stands still). */
  lockProducts(): Schemas['LockProduct'][] {
    return this.lockAnswer.get('', this.deps.now(), () => this.lockList());
  }

  private lockList(): Schemas['LockProduct'][] {
    return [...this.lock.values()].map((p) => ({
      id: p.id,
      name: p.name,
      coin: p.coin,
      minAmount: coinAmount(p.coin, p.min),
      maxAmount: coinAmount(p.coin, p.max),
      dailyRate: rate(p.dailyRate),
      apr: rate(p.dailyRate.times(365)),
      days: p.days,
      ...(p.earlyPenaltyRate ? { earlyPenaltyRate: rate(p.earlyPenaltyRate) } : {}),
      status: this.lockStatus(p),
      opensAt: p.opensAt,
      closesAt: p.closesAt,
    }));
  }

  lockFunds(owner: string, req: Schemas['LockRequest']): Schemas['EarnPosition'] {
    const p = this.lock.get(req.productId);
    if (!p) throw new DomainError('not_found', 'This product does not exist');
    const status = this.lockStatus(p);
    if (status !== 'in_progress') throw new DomainError('earn_not_open', 'This product is not open').with({ status });
    const amount = this.within(p.coin, req.amount, p.min, p.max);
    return this.view(this.deps.accruals.open(this.ids.next('ep', owner), owner, 'lock', p.id, lockTerms(p, amount)));
  }

  redeem(owner: string, id: string): Schemas['EarnPosition'] {
    const position = this.deps.accruals.positions.get(id);
    if (!position || position.owner !== owner || position.kind !== 'lock') throw new DomainError('not_found', 'This position does not exist');
    return this.view(this.deps.accruals.redeem(position));
  }

  // ---- mining machines -------------------------------------------------------------------

  machineList(): Schemas['MiningMachine'][] {
    return [...this.machines.values()].map((m) => ({
      id: m.id,
      name: m.name,
      coin: m.coin,
      price: coinAmount(m.coin, m.price),
      outputCoin: m.outputCoin,
      dailyOutput: coinAmount(m.outputCoin, m.dailyOutput),
      days: m.days,
      stock: m.stock,
      status: m.stock > 0 ? 'on_sale' : 'sold_out',
    }));
  }

  buyMachine(owner: string, req: Schemas['BuyMachineRequest']): Schemas['EarnPosition'] {
    const m = this.machines.get(req.machineId);
    if (!m) throw new DomainError('not_found', 'This machine does not exist');
    if (m.stock === 0) throw new DomainError('earn_sold_out', 'This machine is sold out');
    if (req.quantity > m.stock) throw new DomainError('earn_stock_short', `Only ${m.stock} left`).with({ stock: m.stock });
    const position = this.deps.accruals.open(this.ids.next('ep', owner), owner, 'machine', m.id, machineTerms(m, req.quantity));
    m.stock -= req.quantity;
    return this.view(position);
  }

  // ---- coin savings ----------------------------------------------------------------------

  /** The products with what is deposited in each (the same frozen list until a position changes). */
  savingsProducts(): Schemas['SavingsProduct'][] {
    return this.savingsAnswer.get('', this.deps.accruals.version, () => this.savingsList());
  }

  private savingsList(): Schemas['SavingsProduct'][] {
    const deposited = new Map<string, Big>();
    for (const p of this.deps.accruals.positions.values())
      if (p.kind === 'savings' && p.status === 'running') deposited.set(p.productId, (deposited.get(p.productId) ?? new Big(0)).plus(p.terms.principal));
    return [...this.savings.values()].map((p) => ({
      id: p.id,
      coin: p.coin,
      rate: rate(p.rate),
      days: p.days,
      minAmount: coinAmount(p.coin, p.min),
      maxAmount: coinAmount(p.coin, p.max),
      totalDeposit: coinAmount(p.coin, p.seeded.plus(deposited.get(p.id) ?? 0)),
    }));
  }

  /** The interest of a savings deposit: amount × rate × days / 365, truncated to the coin (the contract's formula). */

  deposit(owner: string, req: Schemas['SavingsRequest']): Schemas['EarnPosition'] {
    const p = this.savings.get(req.productId);
    if (!p) throw new DomainError('not_found', 'This product does not exist');
    const amount = this.within(p.coin, req.amount, p.min, p.max);
    return this.view(this.deps.accruals.open(this.ids.next('ep', owner), owner, 'savings', p.id, savingsTerms(p, amount)));
  }

  /** The `earning` scenario: a 30-day lock of 1,000 USDT from 3 days ago, 2 S19 shares from 5 days ago, 500 USDT saved for 30 days 10 days ago. */
  seedPositions(owner: string, start: number): void {
    const { accruals } = this.deps;
    accruals.open(this.ids.next('ep', owner), owner, 'lock', 'lk_usdt_30', lockTerms(this.lock.get('lk_usdt_30')!, new Big(1000)), start - 3 * DAY);
    const s19 = this.machines.get('mc_s19')!;
    accruals.open(this.ids.next('ep', owner), owner, 'machine', s19.id, machineTerms(s19, 2), start - 5 * DAY);
    s19.stock -= 2;
    accruals.open(this.ids.next('ep', owner), owner, 'savings', 'sv_usdt_30', savingsTerms(this.savings.get('sv_usdt_30')!, new Big(500)), start - 10 * DAY);
  }

  // ---- positions -------------------------------------------------------------------------

  positions(owner: string, q: { kind?: Position['kind']; status?: 'running' | 'ended'; page?: number; pageSize?: number }): Schemas['EarnPositionPage'] {
    const all = this.deps.accruals
      .of(owner)
      .filter((p) => (!q.kind || p.kind === q.kind) && (!q.status || (q.status === 'running') === (p.status === 'running')))
      .reverse();
    const { items, ...page } = paged(all, q);
    return { ...page, items: items.map((p) => this.view(p)) };
  }

  view(p: Position): Schemas['EarnPosition'] {
    const t = p.terms;
    const name =
      p.kind === 'lock' ? this.lock.get(p.productId)!.name : p.kind === 'machine' ? this.machines.get(p.productId)!.name : `${t.coin} ${t.periodMs / DAY} days`;
    return {
      id: p.id,
      kind: p.kind,
      productId: p.productId,
      name,
      coin: t.coin,
      principal: coinAmount(t.coin, t.principal),
      price: coinAmount(t.coin, t.price),
      ...(p.kind === 'machine' ? { quantity: Number(t.price.div(this.machines.get(p.productId)!.price).toFixed(0)) } : {}),
      payoutCoin: t.payoutCoin,
      payout: coinAmount(t.payoutCoin, t.payout),
      periods: t.periods,
      periodDays: t.periodMs / DAY,
      paid: p.paid,
      earned: coinAmount(t.payoutCoin, p.earned),
      total: coinAmount(t.payoutCoin, Accruals.total(t)),
      startAt: p.startAt,
      endAt: p.endAt,
      ...(p.status === 'running' ? { nextAt: p.startAt + (p.paid + 1) * t.periodMs } : {}),
      status: p.status,
      ...(t.earlyPenaltyRate ? { earlyPenaltyRate: rate(t.earlyPenaltyRate) } : {}),
      ...(p.redeemedAt !== undefined
        ? { redeemedAt: p.redeemedAt, penalty: coinAmount(t.coin, p.penalty!), returned: coinAmount(t.coin, t.principal.minus(p.penalty!)) }
        : {}),
    };
  }

  /** An amount of a coin within a product's bounds, or a clear error. */
  private within(coin: string, text: string, min: Big, max: Big): Big {
    const amount = parseAmount(text, coin);
    if (amount.lt(min) || amount.gt(max))
      throw new DomainError('earn_amount_out_of_range', `Enter an amount from ${min.toFixed()} to ${max.toFixed()} ${coin}`).with({
        min: coinAmount(coin, min),
        max: coinAmount(coin, max),
        coin,
      });
    return amount;
  }
}
