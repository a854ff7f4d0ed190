/**
 * The verdicts on private events: each event the run caused reached its user's connection over
 * every transport, and no private event reached an anonymous connection or another user's.
 */
import type { Context } from './context.ts';
import type { Plan } from './realtime-causes.ts';
import { privateEventNames, privateEvents, TRANSPORTS, type Connection, type Received } from './realtime-connection.ts';

export interface Listeners {
  anonymous: Connection[];
  /** The user's connections, one per transport that connected. */
  mine: Connection[];
  /** The second user's. */
  others: Connection[];
}

/** The second user's own P2P order's events (it caused them). */
const secondOwn = (plan: Plan, r: Received) => {
  const p = r.payload as { order?: { id?: string }; orderId?: string } | undefined;
  return (r.event === 'p2pOrder' || r.event === 'p2pMessage') && plan.secondIds.has(String(p?.orderId ?? p?.order?.id));
};

/** Whether `c` (of `who`) should not have heard `r`. */
function leaked(plan: Plan, who: keyof Listeners, r: Received): boolean {
  if (!privateEvents.has(r.event)) return false;
  if (who === 'anonymous') return true;
  return who === 'others' ? !secondOwn(plan, r) : secondOwn(plan, r);
}

/** Whether every event the run caused has reached each of its actor's connections. */
export function allHeard(plan: Plan, l: Listeners): boolean {
  return plan.caused.every((c) =>
    (c.actor === 'user' ? l.mine : l.others).every((conn) => heardBy(plan, c.actor === 'user' ? 'mine' : 'others', conn, c.event)),
  );
}

const heardBy = (plan: Plan, who: keyof Listeners, conn: Connection, event: string) => conn.received.some((r) => r.event === event && !leaked(plan, who, r));

export function privateVerdicts(ctx: Context, plan: Plan, l: Listeners, listenMs: number): void {
  const add = (group: string, check: string, complaint: string | undefined, detail?: string) =>
    ctx.results.add({ group, check, status: complaint ? 'fail' : 'pass', detail: complaint ?? detail });

  for (const event of privateEventNames) {
    const group = `realtime ${event}`;
    const causes = plan.caused.filter((c) => c.event === event);
    if (!causes.length) ctx.skip(group, 'its user hears it', plan.notCaused.get(event) ?? 'not caused by this run');
    for (const { actor, cause, unpromised } of causes) {
      const who = actor === 'user' ? 'mine' : 'others';
      const user = actor === 'user' ? 'the user' : 'the second user';
      for (const transport of TRANSPORTS) {
        const check = `[${transport}] ${user} hears it after ${cause}`;
        const conn = l[who].find((c) => c.transport === transport);
        if (!conn) ctx.skip(group, check, `${user} has no ${transport} connection`);
        else if (heardBy(plan, who, conn, event)) add(group, check, undefined, `${conn.received.filter((r) => r.event === event).length} events`);
        else if (unpromised) ctx.skip(group, check, `no ${event} within ${listenMs} ms, and none is promised in that time: ${unpromised}`);
        else add(group, check, `no ${event} event within ${listenMs} ms of ${cause}`);
      }
    }
    const where = (['anonymous', 'mine', 'others'] as const).flatMap((who) =>
      l[who].flatMap((c) => {
        const n = c.received.filter((r) => r.event === event && leaked(plan, who, r)).length;
        const name = { anonymous: 'an anonymous connection', mine: 'the user', others: 'the second user' }[who];
        return n ? [`${name} [${c.transport}] received ${n}`] : [];
      }),
    );
    add(group, 'never reaches an anonymous connection or another user', where.length ? where.join('; ') : undefined);
  }

  for (const [check, who, missing] of [
    ['an anonymous connection hears no private event', 'anonymous', 'no anonymous connection'],
    ['another user hears no private event of the user', 'others', 'no second user'],
    ['the user hears no private event of another user', 'mine', 'no user connection'],
  ] as const) {
    if (!l[who].length) {
      ctx.skip('realtime private events', check, missing);
      continue;
    }
    const by = l[who].map((c) => ({ transport: c.transport, events: new Set(c.received.filter((r) => leaked(plan, who, r)).map((r) => r.event)) }));
    const events = [...new Set(by.flatMap((b) => [...b.events]))];
    const over = by.filter((b) => b.events.size).map((b) => b.transport);
    const only = over.length < by.length ? ` (over ${over.join(', ')} only)` : '';
    add('realtime private events', check, events.length ? `received ${events.join(', ')}${only}` : undefined);
  }

  add(
    'realtime private events',
    'the run leaves the account as it found it (what it placed is cancelled, what it moved is moved back)',
    plan.unrestored.length ? plan.unrestored.join('; ') : undefined,
  );
}
