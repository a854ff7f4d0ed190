/**
 * Seeded randomness. Every entity derives its own generator from (seed, key), so adding a symbol
 * or a user does not reshuffle the values of the others.
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/** FNV-1a over the key, mixed with the seed: a stable 32-bit number per (seed, key). */
function hashKey(seed: number, key: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export class Rng {
  private readonly gen: RandomGenerator;
  constructor(seed: number, key: string) {
    this.gen = xoroshiro128plus(hashKey(seed, key));
  }
  /** Uniform in [0, 1). */
  float(): number {
    return uniformFloat64(this.gen);
  }
  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }
  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.float();
    const v = this.float();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
  hex(length: number): string {
    let out = '';
    while (out.length < length) out += this.int(0, 15).toString(16);
    return out;
  }
  /** Upper-case letters and digits without look-alikes (0/O, 1/I). */
  code(length: number): string {
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[this.int(0, alphabet.length - 1)];
    return out;
  }
}

/**
 * A secret (session token, one-time ticket) from the platform's cryptographic random source: never
 * derived from the seed, so it cannot be computed by anyone who knows the seed, and a restart
 * revives none.
 */
export function secretHex(bytes: number): string {
  const buf = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buf);
  return Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Ids of things a user owns (records, orders, addresses, uploads): seeded hex from (seed, kind,
 * owner, the owner's own count). Deterministic for a seed, and since no counter is shared between
 * users, an id says nothing about anyone else's activity even to someone who knows the seed.
 */
export class OwnedIds {
  private readonly counts = new Map<string, number>();

  constructor(private readonly seed: number) {}

  next(prefix: string, owner: string): string {
    const key = `${prefix}:${owner}`;
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    return `${prefix}_${new Rng(this.seed, `${key}:${n}`).hex(10)}`;
  }
}
