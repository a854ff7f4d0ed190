/**
 * IEO subscriptions: rounds of a listed coin sold at a subscription price before their
 * distribution. A round is `warm_up` until it starts, `subscribing` until it ends, then `ended`;
 * its tokens are distributed at `listAt`.
 *
 * Money: subscribing moves quantity × price (rounded up to USDT's decimals) from the funds account
 * into the financial account (locked). At the end each subscriber is allocated pro rata when the
 * round is oversubscribed: allocated = requested × supply / all requested, truncated to the coin's
 * decimals (others' demand is seeded per round). The allocated part's cost goes to `system:ieo`,
 * the rest of the payment comes back at once; at `listAt` the tokens arrive in the funds account.
 */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import { DAY } from '../market/candles.ts';
import { coinAmount, coinInfo, parseAmount } from '../assets/coins.ts';
import { DomainError } from '../kernel/errors.ts';
import { FrozenCache } from '../kernel/frozen.ts';
import { SYSTEM, type Leg, type Ledger } from '../kernel/ledger.ts';
import { paged } from '../kernel/paging.ts';
import { OwnedIds } from '../kernel/random.ts';
import type { Scheduler } from '../kernel/scheduler.ts';

type Schemas = components['schemas'];
type Status = Schemas['IeoProject']['status'];
export const PAY = 'USDT';
const payPlaces = coinInfo(PAY).precision;

interface Round {
  id: string;
  name: string;
  coin: string;
  price: Big;
  issuePrice: Big;
  supply: Big;
  marketValue: Big;
  min: Big;
  max: Big;
  startAt: number;
  endAt: number;
  listAt: number;
  website: string;
  whitepaper: string;
  /** What other subscribers asked for (seeded demand). */
  others: Big;
  settled: boolean;
}

interface Subscription {
  id: string;
  owner: string;
  round: Round;
  quantity: Big;
  paid: Big;
  time: number;
  status: Schemas['IeoSubscription']['status'];
  allocated?: Big;
  cost?: Big;
  refund?: Big;
}

export interface IeoDeps {
  seed: number;
  now: () => number;
  ledger: Ledger;
  scheduler: Scheduler;
  /** A coin's last price in USDT, where it trades (the market's). */
  lastPrice: (coin: string) => Big | undefined;
  onChange: (s: Subscription) => void;
}
export type { Subscription as IeoSubscriptionState };

const b = (v: string) => new Big(v);

function rounds(t0: number): Round[] {
  const round = (r: Omit<Round, 'settled'>): Round => ({ ...r, settled: false });
  return [
    round({
      id: 'io_ton',
      name: 'Toncoin',
      coin: 'TON',
      price: b('5.8'),
      issuePrice: b('6.5'),
      supply: b('200000'),
      marketValue: b('16500000000'),
      min: b('10'),
      max: b('20000'),
      startAt: t0 - DAY,
      endAt: t0 + 2 * DAY,
      listAt: t0 + 3 * DAY,
      website: 'https://ton.org',
      whitepaper: 'https://ton.org/whitepaper.pdf',
      others: b('260000'),
    }),
    round({
      id: 'io_arb',
      name: 'Arbitrum',
      coin: 'ARB',
      price: b('0.82'),
      issuePrice: b('0.91'),
      supply: b('1500000'),
      marketValue: b('3600000000'),
      min: b('100'),
      max: b('100000'),
      startAt: t0 + 3 * DAY,
      endAt: t0 + 6 * DAY,
      listAt: t0 + 7 * DAY,
      website: 'https://arbitrum.io',
      whitepaper: 'https://docs.arbitrum.io',
      others: b('900000'),
    }),
    round({
      id: 'io_apt',
      name: 'Aptos',
      coin: 'APT',
      price: b('7.9'),
      issuePrice: b('8.9'),
      supply: b('50000'),
      marketValue: b('4200000000'),
      min: b('1'),
      max: b('5000'),
      startAt: t0 - 12 * DAY,
      endAt: t0 - 6 * DAY,
      listAt: t0 - 5 * DAY,
      website: 'https://aptosfoundation.org',
      whitepaper: 'https://aptosfoundation.org/whitepaper',
      others: b('61000'),
    }),
  ];
}

export class Ieo {
  private readonly rounds: Map<string, Round>;
  private readonly subs: Subscription[] = [];
  private readonly ids: OwnedIds;
  /** The projects as last answered (frozen): the same until the clock moves or someone subscribes. */
  private readonly listAnswer = new FrozenCache<Schemas['IeoProject'][]>(1);
  private readonly projectAnswers = new FrozenCache<Schemas['IeoProject']>(8);

  constructor(private readonly deps: IeoDeps) {
    this.ids = new OwnedIds(deps.seed);
    this.rounds = new Map(rounds(deps.now()).map((r) => [r.id, r]));
    for (const r of this.rounds.values()) {
      if (r.endAt > deps.now()) deps.scheduler.at(r.endAt, (at) => this.settle(r, at));
      else r.settled = true;
      if (r.listAt > deps.now()) deps.scheduler.at(r.listAt, (at) => this.distribute(r, at));
    }
  }

  private status(r: Round): Status {
    const now = this.deps.now();
    return now < r.startAt ? 'warm_up' : now < r.endAt ? 'subscribing' : 'ended';
  }

  private requested(r: Round): Big {
    return this.subs.filter((s) => s.round === r).reduce((sum, s) => sum.plus(s.quantity), r.others);
  }

  /** What a project view is made from besides its round: the clock (its status) and the subscriptions (its demand). */
  private stamp(): string {
    return `${this.deps.now()}|${this.subs.length}`;
  }

  projects(): Schemas['IeoProject'][] {
    return this.listAnswer.get('', this.stamp(), () => [...this.rounds.values()].map((r) => this.projectView(r)));
  }

  project(id: string): Schemas['IeoProject'] {
    const r = this.rounds.get(id);
    if (!r) throw new DomainError('not_found', 'This project does not exist');
    return this.projectAnswers.get(id, this.stamp(), () => this.projectView(r));
  }

  private projectView(r: Round): Schemas['IeoProject'] {
    const status = this.status(r);
    return {
      id: r.id,
      name: r.name,
      coin: r.coin,
      payCoin: PAY,
      price: coinAmount(PAY, r.price),
      issuePrice: coinAmount(PAY, r.issuePrice),
      supply: coinAmount(r.coin, r.supply),
      requested: coinAmount(r.coin, this.requested(r)),
      marketValue: coinAmount(PAY, r.marketValue),
      minQuantity: coinAmount(r.coin, r.min),
      maxQuantity: coinAmount(r.coin, r.max),
      cycleDays: Math.round((r.endAt - r.startAt) / DAY),
      startAt: r.startAt,
      endAt: r.endAt,
      listAt: r.listAt,
      website: r.website,
      whitepaper: r.whitepaper,
      status,
      ...(status !== 'ended' ? { nextAt: status === 'warm_up' ? r.startAt : r.endAt } : {}),
    };
  }

  subscribe(owner: string, req: Schemas['IeoSubscribeRequest']): Schemas['IeoSubscription'] {
    const r = this.rounds.get(req.projectId);
    if (!r) throw new DomainError('not_found', 'This project does not exist');
    const status = this.status(r);
    if (status !== 'subscribing') throw new DomainError('ieo_not_open', 'This project is not taking subscriptions').with({ status });
    const quantity = parseAmount(req.quantity, r.coin);
    const mine = this.subs.filter((s) => s.owner === owner && s.round === r).reduce((sum, s) => sum.plus(s.quantity), new Big(0));
    if (quantity.lt(r.min) || mine.plus(quantity).gt(r.max))
      throw new DomainError('ieo_quantity_out_of_range', `Subscribe from ${r.min} to ${r.max.minus(mine)} ${r.coin}`).with({
        min: coinAmount(r.coin, r.min),
        max: coinAmount(r.coin, r.max.minus(mine)),
        coin: r.coin,
      });
    const paid = quantity.times(r.price).round(payPlaces, Big.roundUp);
    const id = this.ids.next('is', owner);
    this.deps.ledger.post(id, 'ieo_subscribe', [
      { owner, kind: 'funds', coin: PAY, available: paid.neg() },
      { owner, kind: 'financial', coin: PAY, frozen: paid },
    ]);
    const sub: Subscription = { id, owner, round: r, quantity, paid, time: this.deps.now(), status: 'subscribed' };
    this.subs.push(sub);
    this.deps.onChange(sub);
    return this.view(sub);
  }

  /** The end of a round: each subscription allocated (pro rata when oversubscribed), charged, the rest refunded. */
  private settle(r: Round, at: number): void {
    if (r.settled) return;
    r.settled = true;
    const all = this.requested(r);
    const ratio = all.gt(r.supply) ? r.supply.div(all) : new Big(1);
    const places = coinInfo(r.coin).precision;
    for (const s of this.subs.filter((x) => x.round === r)) {
      s.allocated = s.quantity.times(ratio).round(places, Big.roundDown);
      s.cost = s.allocated.times(r.price).round(payPlaces, Big.roundUp);
      if (s.cost.gt(s.paid)) s.cost = s.paid;
      s.refund = s.paid.minus(s.cost);
      const legs: Leg[] = [{ owner: s.owner, kind: 'financial', coin: PAY, frozen: s.paid.neg() }];
      if (s.cost.gt(0)) legs.push({ owner: SYSTEM.ieo, kind: 'funds', coin: PAY, available: s.cost });
      if (s.refund.gt(0)) legs.push({ owner: s.owner, kind: 'funds', coin: PAY, available: s.refund });
      this.deps.ledger.post(`${s.id}:settle`, 'ieo_settle', legs, at);
      s.status = 'allocated';
      this.deps.onChange(s);
    }
  }

  /** Listing: the allocated tokens arrive in the funds account. */
  private distribute(r: Round, at: number): void {
    for (const s of this.subs.filter((x) => x.round === r && x.status === 'allocated')) {
      if (s.allocated!.gt(0))
        this.deps.ledger.post(
          `${s.id}:tokens`,
          'ieo_distribute',
          [
            { owner: SYSTEM.ieo, kind: 'funds', coin: r.coin, available: s.allocated!.neg() },
            { owner: s.owner, kind: 'funds', coin: r.coin, available: s.allocated! },
          ],
          at,
        );
      s.status = 'distributed';
      this.deps.onChange(s);
    }
  }

  list(owner: string, q: { page?: number; pageSize?: number }): Schemas['IeoSubscriptionPage'] {
    const { items, ...page } = paged(this.subs.filter((s) => s.owner === owner).reverse(), q);
    return { ...page, items: items.map((s) => this.view(s)) };
  }

  view(s: Subscription): Schemas['IeoSubscription'] {
    const r = s.round;
    const tokens = s.allocated ?? s.quantity;
    const cost = s.cost ?? s.paid;
    const last = this.deps.lastPrice(r.coin);
    return {
      id: s.id,
      projectId: r.id,
      name: r.name,
      coin: r.coin,
      quantity: coinAmount(r.coin, s.quantity),
      paid: coinAmount(PAY, s.paid),
      time: s.time,
      status: s.status,
      ...(s.allocated !== undefined ? { allocated: coinAmount(r.coin, s.allocated), cost: coinAmount(PAY, s.cost!), refund: coinAmount(PAY, s.refund!) } : {}),
      estimatedRevenue: coinAmount(PAY, tokens.times(r.issuePrice).round(payPlaces, Big.roundDown).minus(cost)),
      ...(last ? { marketPrice: coinAmount(PAY, last), marketPnl: coinAmount(PAY, tokens.times(last).round(payPlaces, Big.roundDown).minus(cost)) } : {}),
      endAt: r.endAt,
      listAt: r.listAt,
    };
  }
}
