/**
 * File scenarios (mock-server/scenarios/*.yaml): each shipped file loads, checked against the
 * contract's ScenarioFile, and reads back through the API as its comments promise; a broken file
 * is refused naming the file and the JSON pointer; the control API lists and loads them.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONTROL } from '../../../codegen/generators/paths';
import { accountKindValues, reviewStatusValues } from '../../../contracts/generated/enums';
import type { OperationId } from '../../../contracts/generated/operations';
import type { World } from '../domain/world';
import { buildWorld } from './scenario-file';
import { WorldHost } from '../host';
import { control, stateOf } from './control';
import { checkScenarioFile, listScenarios, loadScenarioFile, ScenarioFileError } from './scenario-files';
import { send } from './test-client';

const worldOf = (name: string) => buildWorld({ scenario: name, scenarioFile: loadScenarioFile(name), freezeClock: true });

function as(world: World, account: string, password: string) {
  const login = send(world, 'login', { body: { account, password } }).body;
  expect(login.type).toBe('ok');
  const token = login.message.token as string;
  return (operationId: OperationId, query: Record<string, string> = {}, body?: unknown) => {
    const res = send(world, operationId, { token, query, body }).body;
    expect(res.type, `${operationId}: ${res.code} ${res.message}`).toBe('ok');
    return res.message;
  };
}

describe('the shipped scenario files', () => {
  it('new-user: one registered account, not verified, no money, no orders or records', () => {
    const world = worldOf('new-user');
    expect(stateOf(world)).toMatchObject({ scenario: 'new-user', users: 1 });
    const call = as(world, 'new@example.com', 'Newuser123');
    expect(call('getCurrentUser')).toMatchObject({ account: 'new@example.com', verification: 'none', hasTransactionPassword: false });
    expect(call('listOrders', { status: 'all' }).items).toEqual([]);
    expect(call('listRecords').items).toEqual([]);
    expect(world.wallet.balancesOf(world.accounts.idOf('new@example.com')!)).toEqual([]);
  });

  it('verified-trader: verified, money in funds and exchange, filled and open orders, a credited deposit and a done withdrawal', () => {
    const world = worldOf('verified-trader');
    const call = as(world, 'trader@example.com', 'Trader123');
    expect(call('getCurrentUser')).toMatchObject({ verification: 'verified', realName: 'Tara Trader', hasTransactionPassword: true });
    const kinds = new Set(world.wallet.balancesOf(world.accounts.idOf('trader@example.com')!).map((b) => b.kind));
    expect([...kinds].sort()).toEqual(['exchange', 'funds']);
    const open = call('listOrders', { status: 'open' }).items;
    const history = call('listOrders', { status: 'history' }).items;
    expect(open).toHaveLength(2);
    expect(history.length).toBeGreaterThanOrEqual(2);
    expect(history.every((o: { status: string }) => o.status === 'completed')).toBe(true);
    const records = call('listRecords').items as Array<{ type: string; status: string }>;
    expect(records.find((r) => r.type === 'deposit')?.status).toBe('credited');
    expect(records.find((r) => r.type === 'withdrawal')?.status).toBe('success');
    // An hour has passed since the world started.
    expect(world.clock.now() - world.start).toBe(3_600_000);
  });

  it('review-states: one account per identity state, named after it (password Review123)', () => {
    const world = worldOf('review-states');
    for (const state of reviewStatusValues) {
      const me = as(world, `${state}@example.com`, 'Review123')('getCurrentUser');
      expect(me.verification).toBe(state);
      if (state === 'rejected') expect(me.verificationReason).toBeTruthy();
    }
    expect(as(world, 'advanced-pending@example.com', 'Review123')('getCurrentUser')).toMatchObject({
      verification: 'verified',
      advancedVerification: 'pending',
    });
    // Pending stays pending: no review is scheduled.
    for (const _ of world.advanceInSlices(24 * 3_600_000));
    expect(as(world, 'pending@example.com', 'Review123')('getCurrentUser').verification).toBe('pending');
  });

  it('the same file and seed give the same world', () => {
    const a = worldOf('verified-trader');
    const b = worldOf('verified-trader');
    const id = a.accounts.idOf('trader@example.com')!;
    expect(b.wallet.balancesOf(id)).toEqual(a.wallet.balancesOf(id));
    expect(b.market.tickers()).toEqual(a.market.tickers());
  });
});

describe('the ScenarioFile schema', () => {
  const doc = parse(readFileSync(CONTROL, 'utf8'));
  const account = doc.components.schemas.ScenarioAccount.properties;

  it('names the ledger account kinds and the review states of the API', () => {
    expect(account.balances.propertyNames.enum).toEqual([...accountKindValues]);
    expect(account.identity.enum).toEqual([...reviewStatusValues]);
    expect(account.advancedIdentity.enum).toEqual([...reviewStatusValues]);
  });

  it('refuses a broken file naming the file and the JSON pointer', () => {
    expect(() =>
      checkScenarioFile({ description: 'x', accounts: [{ account: 'a@example.com', password: 'Abc12345', identity: 'approved' }] }, 'x.yaml'),
    ).toThrow(/^x\.yaml: \/accounts\/0\/identity must be equal to one of the allowed values \(none, pending, verified, rejected\)/);
    expect(() =>
      checkScenarioFile({ description: 'x', accounts: [{ account: 'a@example.com', password: 'Abc12345', balances: { wallet: {} } }] }, 'x.yaml'),
    ).toThrow(/x\.yaml: \/accounts\/0\/balances/);
    expect(() => checkScenarioFile({ description: 'x', extra: 1 }, 'x.yaml')).toThrow(/x\.yaml: \/ must NOT have additional properties \(extra\)/);
    const dir = mkdtempSync(join(tmpdir(), 'scenarios-'));
    writeFileSync(join(dir, 'broken.yaml'), 'description: x\naccounts:\n  - account: a@example.com\n');
    expect(() => loadScenarioFile('broken', dir)).toThrow(ScenarioFileError);
    expect(() => loadScenarioFile('broken', dir)).toThrow(/broken\.yaml: \/accounts\/0 must have required property 'password'/);
    expect(listScenarios(dir).find((s) => s.name === 'broken')).toMatchObject({ source: 'file', error: expect.stringMatching(/broken\.yaml/) });
  });

  it('what the domain refuses is named by its pointer too', () => {
    const file = checkScenarioFile(
      {
        description: 'x',
        accounts: [
          {
            account: 'a@example.com',
            password: 'Abc12345',
            balances: { exchange: { USDT: '10' } },
            spotOrders: [{ symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: '100.00', quantity: '1' }],
          },
        ],
      },
      'x.yaml',
    );
    expect(() => buildWorld({ scenario: 'x', scenarioFile: file })).toThrow(/^\/accounts\/0\/spotOrders\/0: /);
  });
});

describe('through the control API', () => {
  it('lists the built-in scenarios and the files, loads a file with a reset, refuses an unknown name', async () => {
    const host = new WorldHost({ seed: 1, freezeClock: true });
    const list = (await control(host, 'mockScenarios', undefined)).body as { scenarios: Array<{ name: string; source: string }> };
    expect(list.scenarios.map((s) => `${s.name}:${s.source}`)).toEqual(
      expect.arrayContaining([
        'default:builtin',
        'empty:builtin',
        'instant-review:builtin',
        'earning:builtin',
        'new-user:file',
        'verified-trader:file',
        'review-states:file',
      ]),
    );
    const reset = await control(host, 'mockReset', { scenario: 'review-states', freezeClock: true });
    expect(reset).toMatchObject({ status: 200, body: { scenario: 'review-states', users: 5 } });
    const res = host.dispatch({
      operationId: 'login',
      path: '/sessions',
      token: undefined,
      query: {},
      body: { account: 'pending@example.com', password: 'Review123' },
    });
    expect((res.body as { type: string }).type).toBe('ok');
    const unknown = await control(host, 'mockReset', { scenario: 'no-such-scenario' });
    expect(unknown.status).toBe(400);
    expect((unknown.body as { error: string }).error).toMatch(/Unknown scenario "no-such-scenario".*mock-server\/scenarios\/no-such-scenario\.yaml/);
    // The built-in ones still work.
    expect(await control(host, 'mockReset', { scenario: 'empty' })).toMatchObject({ status: 200, body: { scenario: 'empty', users: 0 } });
  });

  it('a host started with a file scenario (SCENARIO=verified-trader)', () => {
    const host = new WorldHost({ scenario: 'verified-trader', freezeClock: true });
    expect(stateOf(host.world)).toMatchObject({ scenario: 'verified-trader', users: 1 });
  });
});
