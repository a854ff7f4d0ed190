/**
 * Seeded randomness. Every entity derives its own generator from (seed, key), so adding a symbol
 * or a user does not reshuffle the values of the others.
 *
 * The seed is only 32 bits (the control API's), so what is derived from it must not be a cheap
 * function of it: anyone who sees a few of its values (their own user id, a second of prices)
 * could search all 2^32 seeds and then compute every id, code and price step of the world. So
 * the seed is first stretched into a 256-bit world key by scrypt (about 0.1 s once per seed,
 * which makes that search cost years of CPU time), and each (key) is then hashed with
 * HMAC-SHA-256 under it: a keyed hash that cannot be run backwards to a chosen key, unlike the
 * 32-bit FNV-1a it replaces (which let a crafted email land on another user's id).
 */
import { hmac } from '@noble/hashes/hmac.js';
import { scrypt } from '@noble/hashes/scrypt.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/** scrypt's cost (2^14 rounds of 1 KiB blocks, 16 MiB): the price of trying one seed. */
const SCRYPT = { N: 2 ** 14, r: 8, p: 1, dkLen: 32 } as const;
/** World keys kept for reuse (tests and resets come back to a few seeds; each costs about 0.1 s). */
const KEY_CACHE_SIZE = 16;
const keyed = new Map<number, ReturnType<typeof hmac.create>>();

/** The HMAC-SHA-256 state keyed by the seed's stretched world key (cached, least recently used out). */
function keyedHash(seed: number) {
  let base = keyed.get(seed);
  if (base) {
    keyed.delete(seed);
  } else {
    const key = scrypt(utf8ToBytes(String(seed)), utf8ToBytes('h5-mock-world'), SCRYPT);
    base = hmac.create(sha256, key);
    if (keyed.size >= KEY_CACHE_SIZE) keyed.delete(keyed.keys().next().value as number);
  }
  keyed.set(seed, base);
  return base;
}

/** HMAC-SHA-256 of `key` under the seed's world key: 32 bytes, stable per (seed, key). */
function hashKey(seed: number, key: string): Uint8Array {
  return keyedHash(seed).clone().update(utf8ToBytes(key)).digest();
}

/** Up to 64 hex digits that stand for (seed, key) and do not reveal either. */
export function keyedHex(seed: number, key: string, length: number): string {
  return bytesToHex(hashKey(seed, key)).slice(0, length);
}

/** 128 bits that stand for (seed, key), as four 32-bit words: a generator's state (see `Rng`). */
export type Words = readonly [number, number, number, number];

export function keyedWords(seed: number, key: string): Words {
  const view = new DataView(hashKey(seed, key).buffer, 0, 16);
  return [view.getInt32(0), view.getInt32(4), view.getInt32(8), view.getInt32(12)];
}

/**
 * Two keyed states combined (XOR): for many streams that move in one step (every symbol's price at
 * a second), one keyed hash for the step and one per stream, made once, instead of one per stream
 * and step. Each stream stays as secret as its own key, and adding a stream changes no other.
 */
export function mixWords(a: Words, b: Words): Words {
  return [a[0] ^ b[0], a[1] ^ b[1], a[2] ^ b[2], a[3] ^ b[3]];
}

export class Rng {
  private readonly gen: RandomGenerator;
  /** The generator of (seed, key), or of a state made by `keyedWords` (and `mixWords`). */
  constructor(seed: number, key: string);
  constructor(state: Words);
  constructor(seedOrState: number | Words, key = '') {
    const state = typeof seedOrState === 'number' ? [...keyedWords(seedOrState, key)] : [...seedOrState];
    // xoroshiro needs a state that is not all zero.
    if (!state.some(Boolean)) state[3] = 1;
    this.gen = xoroshiro128plusFromState(state);
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

/** Hex digits of every id (64 bits: a chance collision at a million ids is about 3 in 100 million, and is retried). */
export const ID_HEX = 16;

/**
 * Ids of things a user owns (records, orders, addresses, uploads): `prefix_` and a keyed hash of
 * (seed, kind, owner, the owner's own count). Deterministic for a seed; since no counter is shared
 * between users, an id says nothing about anyone else's activity. Unique by construction: an id
 * this instance has issued before (a chance collision) is never issued again, the next count is
 * tried instead. One instance per prefix, so the check covers every id of a kind.
 */
export class OwnedIds {
  private readonly counts = new Map<string, number>();
  private readonly issued = new Set<string>();

  constructor(
    private readonly seed: number,
    /** Narrower only in tests, to see collisions. */
    private readonly hexDigits = ID_HEX,
  ) {}

  next(prefix: string, owner: string): string {
    const key = `${prefix}:${owner}`;
    for (;;) {
      const n = (this.counts.get(key) ?? 0) + 1;
      this.counts.set(key, n);
      const id = `${prefix}_${keyedHex(this.seed, `${key}:${n}`, this.hexDigits)}`;
      if (!this.issued.has(id)) {
        this.issued.add(id);
        return id;
      }
    }
  }
}
