/**
 * The control API's operations that jump the clock or replace the world run one at a time, in the
 * order asked: concurrent advances add up, a reset or an advance sent during a restore applies
 * after it, and only one restore (each up to 32 MiB) waits or replays at a time.
 */
import { describe, expect, it } from 'vitest';
import { WorldHost } from '../host';
import { control, stateOf } from './control';

const DAY = 86_400_000;

/** A snapshot whose replay takes many turns (500 second-by-second moves). */
function longSnapshot() {
  const source = new WorldHost({ seed: 3, freezeClock: true });
  for (let i = 0; i < 500; i++) source.world.clock.advance(1000);
  return source.snapshot();
}

describe('clock advances, resets and restores', () => {
  it('add up when concurrent: five advances of 39 days in all move the clock 39 days, each answering where its own jump ends', async () => {
    const host = new WorldHost({ seed: 5, freezeClock: true });
    const start = host.world.clock.now();
    const days = [10, 8, 9, 7, 5];
    const answers = await Promise.all(days.map((d) => control(host, 'mockClock', { advanceMs: d * DAY })));
    expect(host.world.clock.now() - start).toBe(39 * DAY);
    let end = start;
    answers.forEach((res, i) => {
      end += days[i] * DAY;
      expect(res).toEqual({ status: 200, body: { now: end, frozen: true } });
    });
    // The very world of five jumps one after the other, and its snapshot replays to it.
    const sequential = new WorldHost({ seed: 5, freezeClock: true });
    for (const d of days) await control(sequential, 'mockClock', { advanceMs: d * DAY });
    expect(host.world.market.tickers()).toEqual(sequential.world.market.tickers());
    const restored = new WorldHost({ freezeClock: true });
    await restored.restore(host.snapshot());
    expect(restored.world.market.tickers()).toEqual(host.world.market.tickers());
  }, 120_000);

  it('apply in the order asked: an advance or a reset sent during a restore applies to the restored world', async () => {
    const snapshot = longSnapshot();
    const host = new WorldHost({ seed: 9, freezeClock: true });
    const restoring = control(host, 'mockRestore', snapshot);
    const advanced = control(host, 'mockClock', { advanceMs: DAY });
    expect((await restoring).status).toBe(200);
    expect((await advanced).body).toEqual({ now: snapshot.clock.now + DAY, frozen: true });
    expect(host.world.clock.now()).toBe(snapshot.clock.now + DAY);

    const again = control(host, 'mockRestore', snapshot);
    const reset = control(host, 'mockReset', { seed: 11, scenario: 'empty', freezeClock: true });
    expect((await again).status).toBe(200);
    expect((await reset).status).toBe(200);
    expect(stateOf(host.world)).toMatchObject({ seed: 11, scenario: 'empty' });
  }, 120_000);

  it('take one restore at a time: another sent meanwhile answers 409 restore_running and changes nothing', async () => {
    const snapshot = longSnapshot();
    const host = new WorldHost({ seed: 9, freezeClock: true });
    const first = control(host, 'mockRestore', snapshot);
    const second = await control(host, 'mockRestore', { ...snapshot, world: { ...snapshot.world, seed: 4 } });
    expect(second).toEqual({ status: 409, body: { error: 'Another restore is in progress: send this one once it has answered', code: 'restore_running' } });
    expect((await first).status).toBe(200);
    expect(stateOf(host.world)).toMatchObject({ seed: 3, clock: { now: snapshot.clock.now } });
    // Once it has answered, the next is taken.
    expect((await control(host, 'mockRestore', snapshot)).status).toBe(200);
  }, 120_000);
});
