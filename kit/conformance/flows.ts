/**
 * Happy paths that chain operations, as the app does: each step's answer must conform and do what
 * the operation says (a transfer moves exactly its amount, an order is listed until cancelled, a
 * repeated Idempotency-Key answers the first answer, a logged-out token is refused, another user
 * cannot cancel the order). A flow stops at its first failing step.
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import type { OperationId, OpResult } from '../../contracts/generated/operations.ts';
import { outcome } from './checks.ts';
import { isOk, messageOf, type Context, type Credentials } from './context.ts';
import type { CallInput, Exchange } from './http.ts';

class StopFlow extends Error {}

/** One checked call of a flow; `expect` sees the ok answer's message (undefined for another outcome). */
type Step = <K extends OperationId>(
  check: string,
  id: K,
  input?: CallInput,
  expect?: (ex: Exchange, message: OpResult<K>) => string | undefined,
) => Promise<OpResult<K>>;

async function flow(ctx: Context, name: string, needs: OperationId[], body: (step: Step) => Promise<void>): Promise<void> {
  const group = `flow ${name}`;
  const unselected = needs.filter((id) => !ctx.selected(id));
  if (!ctx.selected('flows')) return;
  if (unselected.length) return ctx.skip(group, 'flow', `needs ${unselected.join(', ')}, which --only/--skip left out`);
  const step: Step = async (check, id, input = {}, expect) => {
    const { ex, passed } = await ctx.check(group, check, id, input, (answer) => expect?.(answer, (isOk(answer) ? messageOf(answer) : undefined) as never));
    if (!passed) throw new StopFlow();
    return isOk(ex) ? messageOf(ex) : (undefined as never);
  };
  try {
    await body(step);
  } catch (e) {
    if (!(e instanceof StopFlow)) throw e;
  }
}

const mustBeOk = (ex: Exchange) => (isOk(ex) ? undefined : `expected ok, got ${outcome(ex)}`);
const holds = (cond: boolean, complaint: string) => (cond ? undefined : complaint);

/** The available balance of `coin` in account `kind` of a getWallet answer. */
function available(wallet: OpResult<'getWallet'>, kind: string, coin: string): Big {
  const balance = wallet.accounts.find((a) => a.kind === kind)?.balances.find((b) => b.coin === coin);
  return new Big(balance?.available ?? '0');
}

export async function flowsPhase(ctx: Context): Promise<void> {
  const me: Credentials = ctx.options.account;

  await flow(ctx, 'session', ['login', 'getCurrentUser', 'logout'], async (step) => {
    if (ctx.options.token) return ctx.skip('flow session', 'flow', 'the run uses --token: logging in and out needs --account and --password');
    const { token } = await step('log in', 'login', { body: me }, mustBeOk);
    await step(
      'read the current user',
      'getCurrentUser',
      { token },
      (ex, user) => mustBeOk(ex) ?? holds(user.account.toLowerCase() === me.account.toLowerCase(), `account is ${user?.account}, expected ${me.account}`),
    );
    await step('log out', 'logout', { token }, mustBeOk);
    await step('the logged-out token is refused', 'getCurrentUser', { token }, (ex) =>
      holds((ex.body as { type?: string } | undefined)?.type === '999', `expected type 999, got ${outcome(ex)}`),
    );
  });

  const settings = await ctx.send('getSettings');
  const sandbox = isOk(settings) && messageOf<{ sandbox?: boolean }>(settings).sandbox === true;

  await flow(ctx, 'sandbox deposit', ['getSettings', 'login', 'sandboxDeposit', 'listRecords'], async (step) => {
    if (!sandbox) return ctx.skip('flow sandbox deposit', 'flow', 'the server is not a sandbox (getSettings: sandbox is not true)');
    // A fresh user's deposit: the run's own account keeps its balance.
    const { token, why } = await ctx.freshUser();
    if (!token) return ctx.skip('flow sandbox deposit', 'flow', why!);
    const amount = '25';
    const deposit = await step('send a test deposit', 'sandboxDeposit', { token, body: { coin: 'USDT', chain: 'TRC20', amount } }, mustBeOk);
    await step(
      'the deposit is listed',
      'listRecords',
      { token, query: { type: 'deposit' } },
      (ex, page) =>
        mustBeOk(ex) ??
        holds(
          page.items.some((r) => r.id === deposit.id || new Big(r.amount).eq(amount)),
          `no deposit of ${amount} USDT in the first page of records`,
        ),
    );
  });

  await flow(ctx, 'spot order', ['getWallet', 'transfer', 'listTickers', 'placeOrder', 'listOrders', 'cancelOrder'], async (step) => {
    const { token, why } = await ctx.session();
    if (!token) return ctx.skip('flow spot order', 'flow', `no session: ${why}`);
    const before = await step('read the wallet', 'getWallet', { token }, mustBeOk);
    const amount = '20';
    await step('transfer 20 USDT from funds to exchange', 'transfer', { token, body: { coin: 'USDT', from: 'funds', to: 'exchange', amount } }, mustBeOk);
    const funded = available(before, 'exchange', 'USDT').plus(amount);
    const after = await step(
      'the transfer moved exactly its amount',
      'getWallet',
      { token },
      (ex, wallet) =>
        mustBeOk(ex) ??
        holds(available(wallet, 'exchange', 'USDT').eq(funded), `exchange USDT available is ${available(wallet, 'exchange', 'USDT')}, expected ${funded}`) ??
        holds(available(wallet, 'funds', 'USDT').eq(available(before, 'funds', 'USDT').minus(amount)), 'funds USDT did not drop by the amount'),
    );
    const tickers = await step(
      'list the tickers',
      'listTickers',
      {},
      (ex, list) =>
        mustBeOk(ex) ??
        holds(
          list.some((t) => t.quote === 'USDT'),
          'no USDT market',
        ),
    );
    const t = tickers.find((x) => x.quote === 'USDT')!;
    // A limit buy at half the last price rests in the book; about 10 USDT of it.
    const price = new Big(t.last).div(2).round(t.pricePrecision, Big.roundDown);
    const quantity = new Big(10).div(price).round(t.amountPrecision, Big.roundUp);
    const order = { symbol: t.symbol, side: 'buy', type: 'limit', price: price.toFixed(t.pricePrecision), quantity: quantity.toFixed(t.amountPrecision) };
    const key = randomUUID();
    const placed = await step(
      `place a limit buy of ${order.quantity} ${t.base} at ${order.price}`,
      'placeOrder',
      { token, body: order, idempotencyKey: key },
      mustBeOk,
    );
    await step(
      'the same Idempotency-Key answers the first answer',
      'placeOrder',
      { token, body: order, idempotencyKey: key },
      (ex, again) => mustBeOk(ex) ?? holds(again.id === placed.id, `a repeat made another order (${again?.id}, first ${placed.id})`),
    );
    await step(
      'the same Idempotency-Key with another request is refused',
      'placeOrder',
      { token, body: { ...order, quantity: quantity.times(2).toFixed(t.amountPrecision) }, idempotencyKey: key },
      (ex) => holds(ex.status === 422, `expected HTTP 422, got ${ex.status} (${outcome(ex)})`),
    );
    await step(
      'the order is listed as open',
      'listOrders',
      { token, query: { status: 'open', symbol: t.symbol } },
      (ex, page) =>
        mustBeOk(ex) ??
        holds(
          page.items.some((o) => o.id === placed.id),
          `order ${placed.id} is not in the open orders`,
        ),
    );
    const other = await ctx.secondUser();
    if (other.token) {
      await step('another user cannot cancel the order', 'cancelOrder', { token: other.token, body: { id: placed.id } }, (ex) =>
        holds(!isOk(ex), 'another user cancelled the order'),
      );
      await step(
        'another user does not see the order',
        'listOrders',
        { token: other.token, query: { status: 'all' } },
        (ex, page) => mustBeOk(ex) ?? holds(!page.items.some((o) => o.id === placed.id), "another user's order list shows the order"),
      );
    } else ctx.skip('flow spot order', 'another user cannot cancel or see the order', other.why!);
    await step('cancel the order', 'cancelOrder', { token, body: { id: placed.id } }, mustBeOk);
    await step(
      'the order is no longer open',
      'listOrders',
      { token, query: { status: 'open', symbol: t.symbol } },
      (ex, page) => mustBeOk(ex) ?? holds(!page.items.some((o) => o.id === placed.id), `order ${placed.id} is still open`),
    );
    await step(
      'cancelling released the frozen amount',
      'getWallet',
      { token },
      (ex, wallet) =>
        mustBeOk(ex) ??
        holds(
          available(wallet, 'exchange', 'USDT').eq(available(after, 'exchange', 'USDT')),
          `exchange USDT available is ${available(wallet, 'exchange', 'USDT')}, expected ${available(after, 'exchange', 'USDT')}`,
        ),
    );
    await step('transfer the 20 USDT back', 'transfer', { token, body: { coin: 'USDT', from: 'exchange', to: 'funds', amount } }, mustBeOk);
  });
}
