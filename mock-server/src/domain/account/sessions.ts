/**
 * Sessions: a login's token (from a cryptographic random source, never derived from the seed), its
 * user and the time of its last request. A session ends at logout, after SESSION_IDLE_MS without a
 * request, or when its user's password changes (every other session of that user); `onEnd` then
 * tells the realtime side, whose sockets of that session stop getting private events at once.
 */
import { secretHex } from '../kernel/random.ts';

/** A session ends after this long without a request (documented in the contract's Authentication section). */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60_000;

export class Sessions {
  /** token → user and the time of the session's last request. */
  private readonly byToken = new Map<string, { userId: string; lastUsed: number }>();

  constructor(
    private readonly now: () => number,
    private readonly onEnd: (userId: string, token: string) => void,
  ) {}

  /** A new session of `userId`: its token. */
  open(userId: string): string {
    const token = secretHex(32);
    this.byToken.set(token, { userId, lastUsed: this.now() });
    return token;
  }

  end(token: string | undefined): void {
    const userId = token ? this.byToken.get(token)?.userId : undefined;
    if (!token || userId === undefined) return;
    this.byToken.delete(token);
    this.onEnd(userId, token);
  }

  /** The user of `token` if its session is live; a use renews it. */
  user(token: string | undefined): string | undefined {
    const session = token ? this.byToken.get(token) : undefined;
    if (!session) return undefined;
    if (this.now() - session.lastUsed > SESSION_IDLE_MS) {
      this.end(token);
      return undefined;
    }
    session.lastUsed = this.now();
    return session.userId;
  }

  /** Ends every session of `userId` but `keep` (a password change keeps the session that made it). */
  endOthers(userId: string, keep: string | undefined): void {
    for (const [token, session] of this.byToken) if (session.userId === userId && token !== keep) this.end(token);
  }
}
