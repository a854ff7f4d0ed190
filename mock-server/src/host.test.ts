/**
 * Issue 32 (2): the seed a server starts with. With the documented default seed a client could
 * compute the next 30 seconds of prices and win every second contract; `npm start` now takes a
 * fresh random seed unless `SEED` names one, and a reset that names none comes back to it.
 */
import { describe, expect, it } from 'vitest';
import { startSeed, WorldHost } from './host';

describe('the start seed', () => {
  it('is random when SEED is unset, so two starts differ and neither is the documented default', () => {
    const seeds = Array.from({ length: 4 }, () => startSeed(undefined));
    for (const s of seeds) expect(s).toMatchObject({ random: true, seed: expect.any(Number) });
    expect(new Set(seeds.map((s) => s.seed)).size).toBe(4);
    expect(seeds.map((s) => s.seed)).not.toContain(20260101);
    expect(startSeed('').random).toBe(true);
  });

  it('is SEED when it is a 32-bit whole number, and refuses anything else', () => {
    expect(startSeed('42')).toEqual({ seed: 42, random: false });
    expect(startSeed('4294967295').seed).toBe(4294967295);
    for (const bad of ['abc', '-1', '1.5', '4294967296', '1e3', ' 42']) expect(() => startSeed(bad), bad).toThrow(/SEED must be a whole number/);
  });

  it('is the seed of every reset that names none; a reset or scenario file that names one wins', () => {
    const host = new WorldHost({ defaultSeed: 123456, scenario: 'empty' });
    expect(host.world.seed).toBe(123456);
    expect(host.reset({ scenario: 'empty' }).seed).toBe(123456);
    expect(host.reset({ seed: 42, scenario: 'empty' }).seed).toBe(42);
    expect(host.reset({ scenario: 'empty', scenarioFile: { description: 'seeded', seed: 9 } }).seed).toBe(9);
  });
});
