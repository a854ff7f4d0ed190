/**
 * Idempotency keys (the contract's "Idempotency" section): a changing request with an
 * `Idempotency-Key` is acted on once; a repeat of the same key by the same caller for the same
 * operation within IDEMPOTENCY_RETENTION_MS gets the first answer again, and a reuse with a
 * different request answers `idempotency_key_reused`. Only answers the operation itself gave are
 * kept (HTTP 200 with type `ok` or `error`): a request refused before it ran (validation,
 * authentication, a server failure) can be corrected and sent again with the same key.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { World } from '../domain/world.ts';

/** How long a key is remembered, on the server's clock. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60_000;
/** At most this many keys are remembered (the oldest are forgotten first). */
const IDEMPOTENCY_KEYS = 10_000;

export interface StoredAnswer {
  status: number;
  body: unknown;
  delayMs: number;
}

interface Entry {
  fingerprint: string;
  at: number;
  answer: StoredAnswer;
}

/** A stable digest of what was asked (object keys sorted, so field order does not matter). */
function fingerprint(query: unknown, body: unknown): string {
  const stable = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, stable((v as Record<string, unknown>)[k])]),
        )
      : v;
  return bytesToHex(sha256(utf8ToBytes(JSON.stringify([stable(query ?? {}), stable(body ?? null)]))));
}

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * Runs `act` once per (scope, key): the first answer again for a repeat, `reused` for the same key
   * with another request, and `act`'s answer otherwise (kept when `keep` says so).
   */
  run(
    scope: string,
    key: string,
    request: { query: unknown; body: unknown },
    act: () => StoredAnswer,
    keep: (a: StoredAnswer) => boolean,
    reused: () => StoredAnswer,
  ): StoredAnswer {
    const id = `${scope}|${key}`;
    const print = fingerprint(request.query, request.body);
    const seen = this.entries.get(id);
    const now = this.now();
    if (seen && now - seen.at < IDEMPOTENCY_RETENTION_MS) return seen.fingerprint === print ? seen.answer : reused();
    if (seen) this.entries.delete(id);
    const answer = act();
    if (keep(answer)) {
      this.entries.set(id, { fingerprint: print, at: now, answer });
      if (this.entries.size > IDEMPOTENCY_KEYS) this.entries.delete(this.entries.keys().next().value!);
    }
    return answer;
  }
}

const stores = new WeakMap<World, IdempotencyStore>();

/** The answers a world has given per idempotency key, on its clock (a reset or restore forgets them). */
export function idempotencyOf(world: World): IdempotencyStore {
  let store = stores.get(world);
  if (!store) stores.set(world, (store = new IdempotencyStore(() => world.clock.now())));
  return store;
}
