/**
 * Cases of the earn operations (lock-up mining, mining machines, coin savings) and of IEO
 * subscriptions (with the loans' cases of loans.ts). Products, machines and rounds come from the public lists, chosen by the status
 * and bounds they show now: a server that persists between runs has sold machines and moved its
 * clock on since it started.
 */
import Big from 'big.js';
import type { components } from '../../../contracts/generated/openapi.ts';
import { SetupFailed, type Case, type Setup } from './case.ts';
import { MS_DAY, placesOf, plusOne, tooPrecise } from './assets.ts';
import { c, unknownId } from './steps.ts';
import { loansCases } from './loans.ts';

type Schemas = components['schemas'];

const skip = (why: string) => new SetupFailed(why, true);

/** A USDT lock-up product open now; with `penalty`, one that may (true) or may not (false) be redeemed early. */
async function lockProduct(s: Setup, penalty?: boolean): Promise<Schemas['LockProduct']> {
  const p = (await s.ok('listLockProducts')).find(
    (x) => x.coin === 'USDT' && x.status === 'in_progress' && (penalty === undefined || (x.earlyPenaltyRate !== undefined) === penalty),
  );
  if (!p) throw skip(`no USDT lock-up product${penalty === undefined ? '' : penalty ? ' with early redemption' : ' without early redemption'} is open now`);
  return p;
}

/** A running lock-up position of the product's minimum, funded: its id. */
async function locked(s: Setup, penalty: boolean): Promise<string> {
  const p = await lockProduct(s, penalty);
  await s.fund(p.minAmount);
  return (await s.ok('lockFunds', { productId: p.id, amount: p.minAmount })).id;
}

const lockRequest = async (s: Setup, amount?: (p: Schemas['LockProduct']) => string | Promise<string>) => {
  const p = await lockProduct(s);
  return { body: { productId: p.id, amount: amount ? await amount(p) : p.minAmount } };
};

/** A machine on sale: the one with the most units left (`most`), or the fewest. */
async function machine(s: Setup, most: boolean): Promise<Schemas['MiningMachine']> {
  const onSale = (await s.ok('listMiningMachines')).filter((m) => m.stock > 0).sort((a, b) => (most ? b.stock - a.stock : a.stock - b.stock));
  if (!onSale[0]) throw skip('no mining machine has units left');
  return onSale[0];
}

/** A USDT savings product. */
async function savingsProduct(s: Setup): Promise<Schemas['SavingsProduct']> {
  const p = (await s.ok('listSavingsProducts')).find((x) => x.coin === 'USDT');
  if (!p) throw skip('no USDT savings product');
  return p;
}

const savingsRequest = async (s: Setup, amount?: (p: Schemas['SavingsProduct']) => string | Promise<string>) => {
  const p = await savingsProduct(s);
  return { body: { productId: p.id, amount: amount ? await amount(p) : p.minAmount } };
};

/** The server's time now: a loan quote's one-time due date less its term. */
async function serverNow(s: Setup): Promise<number> {
  const p = (await s.ok('listLoanProducts')).find((x) => x.methods.includes('one_time'));
  if (!p) throw skip('no loan product to read the time from');
  const quote = await s.ok('quoteLoan', undefined, { productId: p.id, amount: p.minAmount, days: String(p.days[0]), method: 'one_time' });
  return quote.instalments[quote.instalments.length - 1].dueAt - p.days[0] * MS_DAY;
}

/**
 * An IEO round taking subscriptions. When none is and one is warming up, the clock moves on to its
 * start (control API); when every round has ended there is none to reach on this server.
 */
async function subscribing(s: Setup): Promise<Schemas['IeoProject']> {
  const list = await s.ok('listIeoProjects');
  const open = list.find((p) => p.status === 'subscribing');
  if (open) return open;
  const next = list.filter((p) => p.status === 'warm_up').sort((a, b) => a.startAt - b.startAt)[0];
  if (!next || !s.ctx.options.control) throw skip('no IEO round is taking subscriptions now (nor, with the control API, warming up)');
  await s.advance(next.startAt - (await serverNow(s)) + 1000);
  const now = await s.ok('getIeoProject', undefined, { id: next.id });
  if (now.status !== 'subscribing') throw new SetupFailed(`the round ${next.id} did not open at its startAt (status ${now.status})`);
  return now;
}

const subscribeRequest = async (s: Setup, quantity?: (p: Schemas['IeoProject']) => string | Promise<string>) => {
  const p = await subscribing(s);
  return { body: { projectId: p.id, quantity: quantity ? await quantity(p) : p.minQuantity } };
};

const lock: Case[] = [
  c('listLockProducts', 'ok', 'the lock-up products', async () => ({})),
  c('lockFunds', 'ok', "an open product's minimum, funded", async (s) => {
    const request = await lockRequest(s);
    await s.fund(request.body.amount);
    return request;
  }),
  c('lockFunds', 'not_found', 'a product id that does not exist', async () => ({ body: { productId: unknownId('lk'), amount: '100' } })),
  c('lockFunds', 'earn_not_open', 'a product not started or already expired', async (s) => {
    const p = (await s.ok('listLockProducts')).find((x) => x.status !== 'in_progress');
    if (!p) throw skip('every lock-up product is open now');
    return { body: { productId: p.id, amount: p.minAmount } };
  }),
  c('lockFunds', 'amount_invalid', 'an amount of 0', (s) => lockRequest(s, () => '0')),
  c('lockFunds', 'amount_precision', 'an amount with more decimals than USDT has', (s) =>
    lockRequest(s, async (p) => tooPrecise(p.minAmount, await placesOf(s, 'USDT'))),
  ),
  c('lockFunds', 'earn_amount_out_of_range', "1 USDT over the product's maximum", (s) => lockRequest(s, (p) => plusOne(p.maxAmount))),
  c('lockFunds', 'insufficient_balance', "the product's minimum with an empty funds account", (s) => lockRequest(s)),
  c('redeemLock', 'ok', 'a running position of a product that allows early redemption', async (s) => ({ body: { id: await locked(s, true) } })),
  c('redeemLock', 'not_found', 'a position id that does not exist', async () => ({ body: { id: unknownId('ep') } })),
  c('redeemLock', 'earn_position_closed', 'a position already redeemed', async (s) => {
    const id = await locked(s, true);
    await s.ok('redeemLock', { id });
    return { body: { id } };
  }),
  c('redeemLock', 'earn_no_early_redemption', 'a running position of a product without early redemption', async (s) => ({
    body: { id: await locked(s, false) },
  })),
];

const machines: Case[] = [
  c('listMiningMachines', 'ok', 'the mining machines', async () => ({})),
  c('buyMachine', 'ok', 'one unit of a machine on sale, funded', async (s) => {
    const m = await machine(s, true);
    await s.fund(m.price);
    return { body: { machineId: m.id, quantity: 1 } };
  }),
  c('buyMachine', 'not_found', 'a machine id that does not exist', async () => ({ body: { machineId: unknownId('mc'), quantity: 1 } })),
  c('buyMachine', 'earn_sold_out', 'a machine with no units left (bought out first if none is)', async (s) => {
    let out = (await s.ok('listMiningMachines')).find((m) => m.stock === 0);
    if (!out) {
      const m = await machine(s, false);
      if (m.stock > 100) throw skip(`the machine with the fewest units left has ${m.stock}, more than one purchase may buy`);
      await s.fund(new Big(m.price).times(m.stock).toFixed());
      await s.ok('buyMachine', { machineId: m.id, quantity: m.stock });
      out = m;
    }
    await s.fund(out.price);
    return { body: { machineId: out.id, quantity: 1 } };
  }),
  c('buyMachine', 'earn_stock_short', 'one unit more than a machine has left', async (s) => {
    const m = await machine(s, false);
    if (m.stock >= 100) throw skip(`every machine has ${m.stock} or more units left, and one purchase buys at most 100`);
    return { body: { machineId: m.id, quantity: m.stock + 1 } };
  }),
  c('buyMachine', 'insufficient_balance', 'one unit with an empty funds account', async (s) => ({
    body: { machineId: (await machine(s, true)).id, quantity: 1 },
  })),
];

const savings: Case[] = [
  c('listSavingsProducts', 'ok', 'the savings products', async () => ({})),
  c('depositSavings', 'ok', "a USDT product's minimum, funded", async (s) => {
    const request = await savingsRequest(s);
    await s.fund(request.body.amount);
    return request;
  }),
  c('depositSavings', 'not_found', 'a product id that does not exist', async () => ({ body: { productId: unknownId('sv'), amount: '100' } })),
  c('depositSavings', 'amount_invalid', 'an amount of 0', (s) => savingsRequest(s, () => '0')),
  c('depositSavings', 'amount_precision', 'an amount with more decimals than USDT has', (s) =>
    savingsRequest(s, async (p) => tooPrecise(p.minAmount, await placesOf(s, 'USDT'))),
  ),
  c('depositSavings', 'earn_amount_out_of_range', "1 USDT over the product's maximum", (s) => savingsRequest(s, (p) => plusOne(p.maxAmount))),
  c('depositSavings', 'insufficient_balance', "the product's minimum with an empty funds account", (s) => savingsRequest(s)),
  c('listEarnPositions', 'ok', 'my positions after a savings deposit', async (s) => {
    const request = await savingsRequest(s);
    await s.fund(request.body.amount);
    await s.ok('depositSavings', request.body);
    return { query: { kind: 'savings' } };
  }),
];

const ieo: Case[] = [
  c('listIeoProjects', 'ok', 'the IEO projects', async () => ({})),
  c('getIeoProject', 'ok', 'the first listed project', async (s) => {
    const first = (await s.ok('listIeoProjects'))[0];
    if (!first) throw skip('no IEO project is listed');
    return { query: { id: first.id } };
  }),
  c('getIeoProject', 'not_found', 'a project id that does not exist', async () => ({ query: { id: unknownId('io') } })),
  c('subscribeIeo', 'ok', "a subscribing round's minimum quantity, funded", async (s) => {
    const p = await subscribing(s);
    await s.fund(
      new Big(p.minQuantity)
        .times(p.price)
        .round(await placesOf(s, 'USDT'), Big.roundUp)
        .toFixed(),
    );
    return { body: { projectId: p.id, quantity: p.minQuantity } };
  }),
  c('subscribeIeo', 'not_found', 'a project id that does not exist', async () => ({ body: { projectId: unknownId('io'), quantity: '100' } })),
  c('subscribeIeo', 'ieo_not_open', 'a round warming up or ended', async (s) => {
    const p = (await s.ok('listIeoProjects')).find((x) => x.status !== 'subscribing');
    if (!p) throw skip('every IEO round is taking subscriptions now');
    return { body: { projectId: p.id, quantity: p.minQuantity } };
  }),
  c('subscribeIeo', 'amount_invalid', 'a quantity of 0', (s) => subscribeRequest(s, () => '0')),
  c('subscribeIeo', 'amount_precision', "a quantity with more decimals than the round's coin has", (s) =>
    subscribeRequest(s, async (p) => tooPrecise(p.minQuantity, await placesOf(s, p.coin))),
  ),
  c('subscribeIeo', 'ieo_quantity_out_of_range', "1 more than the round's maximum per user", (s) => subscribeRequest(s, (p) => plusOne(p.maxQuantity))),
  c('subscribeIeo', 'insufficient_balance', 'the minimum quantity with an empty funds account', (s) => subscribeRequest(s)),
  c('listIeoSubscriptions', 'ok', 'my subscriptions', async () => ({})),
];

/** The earn, loans and ieo operations' cases. */
export const earnCases: Case[] = [...lock, ...machines, ...savings, ...loansCases, ...ieo];
