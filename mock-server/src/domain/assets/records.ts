/**
 * The records a user sees of money moving (deposits, recharges, withdrawals, transfers, exchanges),
 * each with its status; every change is announced (the `record` socket event). Ids come from
 * (seed, kind, owner, the owner's count): they say nothing about other users.
 */
import type { components } from '../../../../contracts/generated/openapi.ts';
import type { AccountKind } from '../kernel/ledger.ts';
import { paged } from '../kernel/paging.ts';
import { OwnedIds } from '../kernel/random.ts';

type Schemas = components['schemas'];
export type WalletRecord = Schemas['Record'];
export type RecordQuery = { type?: string; coin?: string; kind?: AccountKind; page?: number; pageSize?: number };

export class RecordBook {
  private readonly byUser = new Map<string, WalletRecord[]>();
  private readonly ids: OwnedIds;

  constructor(
    seed: number,
    private readonly onRecord: (userId: string, record: WalletRecord) => void,
  ) {
    this.ids = new OwnedIds(seed);
  }

  id(prefix: string, owner: string): string {
    return this.ids.next(prefix, owner);
  }

  /** Keeps a new record and announces it; returns a copy (the kept one changes with its status). */
  add(userId: string, record: WalletRecord): WalletRecord {
    const list = this.byUser.get(userId) ?? [];
    list.push(record);
    this.byUser.set(userId, list);
    this.onRecord(userId, { ...record });
    return { ...record };
  }

  /** Announces a change made to a kept record. */
  changed(userId: string, record: WalletRecord): void {
    this.onRecord(userId, { ...record });
  }

  /** The kept record (to change its status later). */
  find(userId: string, id: string): WalletRecord {
    return this.of(userId).find((r) => r.id === id)!;
  }

  /** A user's records, oldest first. */
  of(userId: string): readonly WalletRecord[] {
    return this.byUser.get(userId) ?? [];
  }

  /** A page of a user's records, newest first, filtered by type, coin and account. */
  page(userId: string, query: RecordQuery): Schemas['RecordPage'] {
    const all = [...this.of(userId)]
      .reverse()
      .filter((r) => !query.type || query.type === 'all' || r.type === query.type)
      .filter((r) => !query.coin || r.coin === query.coin || r.toCoin === query.coin)
      .filter((r) => !query.kind || r.accountKind === query.kind || r.toAccountKind === query.kind);
    const { items, ...page } = paged(all, query);
    return { ...page, items: items.map((r) => ({ ...r })) };
  }
}
