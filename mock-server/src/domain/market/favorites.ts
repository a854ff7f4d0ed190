import type { Market } from './market.ts';

/** Each user's favourite symbols, in the order they were starred. */
export class Favorites {
  private readonly byUser = new Map<string, string[]>();

  constructor(private readonly market: Market) {}

  list(userId: string): string[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  /** Stars or unstars a listed symbol (`unknown_symbol` otherwise); the list after. */
  set(userId: string, symbol: string, favorite: boolean): string[] {
    this.market.snapshot(symbol);
    const list = (this.byUser.get(userId) ?? []).filter((s) => s !== symbol);
    this.byUser.set(userId, favorite ? [...list, symbol] : list);
    return this.list(userId);
  }
}
