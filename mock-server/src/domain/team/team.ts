/**
 * The referral team: the users who registered with my invitation code (level 1) and the users
 * they invited (level 2), whether each was active lately, and the rebates their spot fees earn me.
 * A rebate is a ledger posting of its own from the fee account into my funds account: `rate` of
 * the member's fee for their level, in the fee's coin, truncated to the coin's precision (a share
 * that truncates to zero is not credited).
 */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import type { Accounts, UserRecord } from '../account/accounts.ts';
import { DAY } from '../market/candles.ts';
import { coinAmount, coinInfo } from '../assets/coins.ts';
import * as dec from '../kernel/decimals.ts';
import { FrozenCache } from '../kernel/frozen.ts';
import { type Ledger, type Reason, SYSTEM } from '../kernel/ledger.ts';
import type { Market } from '../market/market.ts';
import { paged } from '../kernel/paging.ts';
import { ID_HEX, keyedHex, OwnedIds } from '../kernel/random.ts';
import { usdtPrice } from '../assets/wallet.ts';

type Schemas = components['schemas'];
export type Rebate = Schemas['Rebate'];
type Level = Schemas['TeamLevel'];

/** Share of a member's spot fee credited to the member's inviter (level 1) and to the inviter's inviter (level 2). */
export const REBATE_RATES: Record<Level, Big> = { 1: new Big('0.2'), 2: new Big('0.1') };
/** A member is active with a credited deposit or a trade within this many days. */
export const ACTIVE_DAYS = 30;
const ACTIVE_REASONS: ReadonlySet<Reason> = new Set<Reason>(['deposit', 'recharge', 'trade', 'p2p_release']);

interface RebateState extends Rebate {
  beneficiary: string;
  memberId: string;
  usdt: Big;
}

export interface TeamDeps {
  seed: number;
  accounts: Accounts;
  ledger: Ledger;
  market: Market;
  now: () => number;
  onRebate: (userId: string, rebate: Rebate) => void;
}

/** `li***@example.com`, `+4477****0123`: enough to recognise a friend, not to reach them. */
export function maskAccount(account: string): string {
  const at = account.indexOf('@');
  if (at > 0) return `${account.slice(0, Math.min(2, at - 1) || 1)}***${account.slice(at)}`;
  return account.length > 9 ? `${account.slice(0, 5)}****${account.slice(-4)}` : `${account.slice(0, 2)}****${account.slice(-2)}`;
}

export class Team {
  /** Per beneficiary, in the order credited (oldest first). */
  private readonly rebates = new Map<string, RebateState[]>();
  private readonly lastActive = new Map<string, number>();
  private readonly ids: OwnedIds;
  /** Summaries and member pages as last answered (frozen), per user (and query): see `stamp`. */
  private readonly summaries = new FrozenCache<Schemas['TeamSummary']>(64);
  private readonly memberPages = new FrozenCache<Schemas['TeamMemberPage']>(64);

  constructor(private readonly deps: TeamDeps) {
    this.ids = new OwnedIds(deps.seed);
    deps.ledger.onChange((owners, _legs, reason, time) => {
      if (ACTIVE_REASONS.has(reason)) for (const owner of owners) this.markActive(owner, time);
    });
  }

  private markActive(userId: string, at: number): void {
    if (at > (this.lastActive.get(userId) ?? -Infinity)) this.lastActive.set(userId, at);
  }

  /**
   * A member paid a spot fee: their inviter and the inviter's inviter get their shares. `at`
   * dates it earlier than now (seeded history, which also marks the member active then).
   */
  feePaid(memberId: string, fee: { symbol: string; coin: string; amount: Big }, at?: number): void {
    if (at !== undefined) this.markActive(memberId, at);
    let upline = this.deps.accounts.byId(memberId)?.invitedBy;
    for (const level of [1, 2] as const) {
      if (!upline) return;
      const amount = dec.round(fee.amount.times(REBATE_RATES[level]), coinInfo(fee.coin).precision, 'received');
      if (amount.gt(0)) this.credit(upline, memberId, level, fee, amount, at);
      upline = this.deps.accounts.byId(upline)?.invitedBy;
    }
  }

  private credit(beneficiary: string, memberId: string, level: Level, fee: { symbol: string; coin: string }, amount: Big, at?: number): void {
    const id = this.ids.next('rb', beneficiary);
    this.deps.ledger.post(
      id,
      'rebate',
      [
        { owner: SYSTEM.fees, kind: 'exchange', coin: fee.coin, available: amount.neg() },
        { owner: beneficiary, kind: 'funds', coin: fee.coin, available: amount },
      ],
      at,
    );
    // Seeded history is valued at today's price: the mock keeps no price per past second.
    const usdt = dec.round(amount.times(usdtPrice(this.deps.market, fee.coin)), dec.VALUE_DECIMALS, 'display');
    const member = this.deps.accounts.byId(memberId)!;
    const rebate: RebateState = {
      id,
      time: at ?? this.deps.now(),
      member: maskAccount(member.account),
      level,
      symbol: fee.symbol,
      rate: dec.rate(REBATE_RATES[level]),
      coin: fee.coin,
      amount: coinAmount(fee.coin, amount),
      usdtValue: dec.usdt(usdt),
      beneficiary,
      memberId,
      usdt,
    };
    const list = this.rebates.get(beneficiary) ?? [];
    list.push(rebate);
    this.rebates.set(beneficiary, list);
    this.deps.onRebate(beneficiary, this.view(rebate));
  }

  private view(r: RebateState): Rebate {
    const { beneficiary: _b, memberId: _m, usdt: _u, ...rebate } = r;
    return rebate;
  }

  /** Level 1 and level 2 members of a user. */
  private members(userId: string): Array<{ user: UserRecord; level: Level }> {
    const direct = this.deps.accounts.invitees(userId);
    return [
      ...direct.map((user) => ({ user, level: 1 as const })),
      ...direct.flatMap((d) => this.deps.accounts.invitees(d.id)).map((user) => ({ user, level: 2 as const })),
    ];
  }

  private isActive(userId: string): boolean {
    const at = this.lastActive.get(userId);
    return at !== undefined && at > this.deps.now() - ACTIVE_DAYS * DAY;
  }

  private incomeFrom(userId: string, memberId?: string): Big {
    return (this.rebates.get(userId) ?? []).filter((r) => !memberId || r.memberId === memberId).reduce((sum, r) => sum.plus(r.usdt), new Big(0));
  }

  /**
   * What a team view is made from: the clock (who is active), the ledger (rebates and activity are
   * postings) and the users (new members register): the same view until one of them moves.
   */
  private stamp(): string {
    return `${this.deps.now()}|${this.deps.ledger.version}|${this.deps.accounts.count}`;
  }

  summary(userId: string): Schemas['TeamSummary'] {
    return this.summaries.get(userId, this.stamp(), () => this.summaryOf(userId));
  }

  private summaryOf(userId: string): Schemas['TeamSummary'] {
    const members = this.members(userId);
    const perCoin = new Map<string, Big>();
    for (const r of this.rebates.get(userId) ?? []) perCoin.set(r.coin, (perCoin.get(r.coin) ?? new Big(0)).plus(r.amount));
    return {
      directCount: members.filter((m) => m.level === 1).length,
      teamCount: members.length,
      activeCount: members.filter((m) => this.isActive(m.user.id)).length,
      activeDays: ACTIVE_DAYS,
      levels: ([1, 2] as const).map((level) => ({ level, rate: dec.rate(REBATE_RATES[level]), members: members.filter((m) => m.level === level).length })),
      income: [...perCoin].sort(([a], [b]) => a.localeCompare(b)).map(([coin, amount]) => ({ coin, amount: coinAmount(coin, amount) })),
      incomeUsdt: dec.usdt(this.incomeFrom(userId)),
    };
  }

  listMembers(userId: string, q: { level?: Level; page?: number; pageSize?: number }): Schemas['TeamMemberPage'] {
    return this.memberPages.get(JSON.stringify([userId, q.level, q.page, q.pageSize]), this.stamp(), () => this.membersPage(userId, q));
  }

  private membersPage(userId: string, q: { level?: Level; page?: number; pageSize?: number }): Schemas['TeamMemberPage'] {
    const all = this.members(userId)
      .filter((m) => !q.level || m.level === q.level)
      .sort((a, b) => b.user.createdAt - a.user.createdAt || (a.user.id < b.user.id ? 1 : -1));
    const result = paged(all, q);
    return {
      ...result,
      items: result.items.map(({ user, level }) => {
        const last = this.lastActive.get(user.id);
        return {
          id: `tm_${keyedHex(this.deps.seed, `member:${userId}:${user.id}`, ID_HEX)}`,
          account: maskAccount(user.account),
          level,
          joinedAt: user.createdAt,
          active: this.isActive(user.id),
          ...(last !== undefined ? { lastActiveAt: last } : {}),
          incomeUsdt: dec.usdt(this.incomeFrom(userId, user.id)),
        };
      }),
    };
  }

  listRebates(userId: string, q: { page?: number; pageSize?: number }): Schemas['RebatePage'] {
    const all = [...(this.rebates.get(userId) ?? [])].sort((a, b) => b.time - a.time || (a.id < b.id ? 1 : -1));
    const result = paged(all, q);
    return { ...result, items: result.items.map((r) => this.view(r)) };
  }
}
