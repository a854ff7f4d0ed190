/**
 * What the realtime phase does over REST to make the server send each private event, and what it
 * leaves out and why. Every cause undoes itself (transfers back, cancels what it placed), so runs
 * can follow each other against one persistent server; what stays is listed in `leftovers`.
 */
import Big from 'big.js';
import type { OperationId } from '../../contracts/generated/operations.ts';
import { outcome } from './checks.ts';
import { isOk, messageOf, type Context } from './context.ts';
import type { CallInput } from './http.ts';

export type Actor = 'user' | 'second';

export interface Caused {
  event: string;
  actor: Actor;
  /** What made it, as the checks name it. */
  cause: string;
  /** Undefined: the contract promises the event for that action. Else why its absence is no failure. */
  unpromised?: string;
}

export interface Plan {
  caused: Caused[];
  /** Events the run does not cause, with why. */
  notCaused: Map<string, string>;
  /** Ids of the second user's own things: its events carrying them are no leak. */
  secondIds: Set<string>;
  /** What the run could not put back (each a failure: the next run may find the account changed). */
  unrestored: string[];
}

const irreversible: Record<string, string> = {
  secondOrder:
    'not caused: buying a second contract (buySecond) stakes money the run cannot give back (it settles as a win or a loss at expiry, decided by the price), so the account would not be left as found',
  earnPosition:
    'not caused: every way into an earn position ties money up beyond the run (lockFunds: redeemLock charges earlyPenaltyRate; depositSavings and buyMachine have no way back before their term)',
  loan: 'not caused: applyLoan opens a loan that is decided by the server later and costs interest to close, and an open loan may refuse the next run',
  ieoSubscription: 'not caused: subscribeIeo pays for tokens allocated only at the round’s end; the run cannot take it back',
  rebate:
    'not caused: needs a member of this user’s team (registered with its invite code, with funds) to pay a spot fee; the kit has no such account, and the fee and the rebate move money the run cannot return',
};

const AGENT =
  'the support agent’s answer: the contract fixes no time for it (on the mock it comes 1 to 3 s after a message; a server with human agents may take minutes)';

/** Runs every cause, as the user (`token`) and, for P2P, as the second user. */
export async function causePrivateEvents(ctx: Context, token: string, second: { token?: string; why?: string }): Promise<Plan> {
  const plan: Plan = { caused: [], notCaused: new Map(Object.entries(irreversible)), secondIds: new Set(), unrestored: [] };
  const send = (id: OperationId, input: CallInput = {}) => ctx.send(id, input);
  const did = (actor: Actor, cause: string, events: string[], unpromised?: string) => {
    for (const event of events) plan.caused.push({ event, actor, cause, unpromised });
  };
  const notDone = (events: string[], why: string) => {
    for (const e of events) if (!plan.caused.some((c) => c.event === e)) plan.notCaused.set(e, why);
  };
  const call = async (id: OperationId, input: CallInput) => {
    const ex = await send(id, input);
    return { ok: isOk(ex), message: isOk(ex) ? messageOf<Record<string, unknown>>(ex) : {}, why: `${id} answered ${outcome(ex)}` };
  };
  const transfer = (from: string, to: string, amount: string, t = token) => call('transfer', { token: t, body: { coin: 'USDT', from, to, amount } });
  /** Moves `amount` USDT to `kind`, runs `body`, and moves it back: the back move must succeed. */
  const borrowing = async (kind: string, amount: string, events: string[], body: () => Promise<void>) => {
    const there = await transfer('funds', kind, amount);
    if (!there.ok) return notDone(events, `not caused: moving ${amount} USDT from funds to ${kind} failed (${there.why})`);
    try {
      await body();
    } finally {
      const back = await transfer(kind, 'funds', amount);
      if (!back.ok) plan.unrestored.push(`${amount} USDT stayed in ${kind}: the transfer back failed (${back.why})`);
    }
  };

  // A spot limit buy at half the last price rests; cancelling it releases what it froze.
  const tickers = await call('listTickers', {});
  const ticker = (tickers.ok ? (tickers.message as unknown as Array<Record<string, never>>) : []).find((t) => t.quote === 'USDT');
  await borrowing('exchange', '12', ['balances', 'record', 'order'], async () => {
    did('user', 'a transfer', ['balances', 'record']);
    if (!ticker) return notDone(['order'], `not caused: listTickers has no USDT market (${tickers.why})`);
    const price = new Big(ticker.last).div(2).round(ticker.pricePrecision, Big.roundDown);
    const quantity = new Big(10).div(price).round(ticker.amountPrecision, Big.roundUp);
    const body = {
      symbol: ticker.symbol,
      side: 'buy',
      type: 'limit',
      price: price.toFixed(ticker.pricePrecision),
      quantity: quantity.toFixed(ticker.amountPrecision),
    };
    const placed = await call('placeOrder', { token, body });
    if (!placed.ok) return notDone(['order'], `not caused: placing a resting limit buy failed (${placed.why})`);
    did('user', 'placing and cancelling a resting limit order', ['order']);
    const cancelled = await call('cancelOrder', { token, body: { id: placed.message.id } });
    if (!cancelled.ok) plan.unrestored.push(`order ${String(placed.message.id)} stays open: cancelOrder failed (${cancelled.why})`);
  });

  // A lever limit long at half the last price stays a delegation; cancelling it returns its margin and fee.
  const symbols = await call('listLeverSymbols', { token });
  const lever = (symbols.ok ? (symbols.message as unknown as Array<Record<string, never>>) : [])[0];
  const leverTicker = lever && (tickers.ok ? (tickers.message as unknown as Array<Record<string, never>>) : []).find((t) => t.symbol === lever.symbol);
  if (!lever || !leverTicker) notDone(['leverOrder', 'leverAccount'], `not caused: no lever symbol with a ticker (${symbols.why})`);
  else {
    const multiple = (lever.multiples as number[]).at(-1)!;
    const price = new Big(leverTicker.last).div(2).round(lever.pricePrecision, Big.roundDown);
    const value = new Big(lever.minLots).times(lever.contractSize).times(price);
    const need = value.div(multiple).plus(value.times(lever.feeRate).times(2)).times(2).round(0, Big.roundUp).plus(1).toFixed(0);
    await borrowing('lever', need, ['leverOrder', 'leverAccount'], async () => {
      did('user', 'a transfer to and from the lever account', ['leverAccount']);
      const body = { symbol: lever.symbol, side: 'long', type: 'limit', price: price.toFixed(lever.pricePrecision), lots: lever.minLots, multiple };
      const opened = await call('openLever', { token, body });
      if (!opened.ok) return notDone(['leverOrder'], `not caused: a lever limit delegation failed (${opened.why})`);
      did('user', 'placing and cancelling a lever limit delegation', ['leverOrder']);
      const cancelled = await call('cancelLever', { token, body: { id: opened.message.id } });
      if (!cancelled.ok) plan.unrestored.push(`lever delegation ${String(opened.message.id)} stays: cancelLever failed (${cancelled.why})`);
    });
  }

  // The caller's own support message, sent over REST, is "sent from another connection" than the sockets listening.
  const support = await call('sendSupportMessage', { token, body: { text: 'Conformance check of the support events, please ignore.' } });
  if (support.ok) {
    did('user', 'a support message of the user (over REST)', ['supportMessage']);
    did('user', 'a support message of the user', ['supportTyping', 'supportRead'], AGENT);
  } else notDone(['supportMessage', 'supportTyping', 'supportRead'], `not caused: ${support.why}`);

  // A sandbox deposit is credited after its confirmations, and the credit is what sends a system message.
  const settings = await call('getSettings', {});
  const sandbox = settings.ok && settings.message.sandbox === true;
  // Only when the run listens long enough to hear its credit: a deposit stays in the account.
  const listensLong = ctx.options.listenMs >= 15_000;
  const deposit = sandbox && listensLong ? await call('sandboxDeposit', { token, body: { coin: 'USDT', chain: 'TRC20', amount: '10' } }) : undefined;
  if (deposit?.ok)
    did(
      'user',
      'a sandbox deposit of 10 USDT',
      ['systemMessage'],
      'the kit causes no system message at once: the one it can cause (deposit_credited) comes when its sandbox deposit is credited after the chain’s confirmations (on the mock 10 s a block), and the contract promises no time for that; a --listen longer than that checks it',
    );
  else
    notDone(
      ['systemMessage'],
      !sandbox
        ? 'not caused: the server is not a sandbox (no sandboxDeposit), and no other action sends a system message at once'
        : !listensLong
          ? 'not caused: the one the kit can cause (deposit_credited) comes when a sandbox deposit is credited after its chain’s confirmations, which the contract gives no time for; with --listen 15 or more the kit makes a 10 USDT deposit and checks it (the deposit stays in the account)'
          : `not caused: ${deposit?.why}`,
    );

  // P2P as the second user: a buyer's cancellation counts against a daily limit, which a fresh user does not reach.
  if (!second.token) notDone(['p2pOrder', 'p2pMessage'], `not caused: they are caused as a second user, and there is none (${second.why ?? 'no second user'})`);
  else {
    const ads = await call('listP2pAds', { query: { side: 'buy', coin: 'USDT', fiat: 'USD' } });
    const ad = (ads.message.items as Array<Record<string, string>> | undefined)?.[0];
    const placed = ad ? await call('placeP2pOrder', { token: second.token, body: { adId: ad.id, amount: ad.min } }) : undefined;
    if (!placed?.ok) notDone(['p2pOrder', 'p2pMessage'], `not caused: ${ad ? placed?.why : `no online ad to buy USDT with USD (${ads.why})`}`);
    else {
      const id = String(placed.message.id);
      plan.secondIds.add(id);
      did('second', 'a P2P buy order placed and cancelled by the second user', ['p2pOrder']);
      const said = await call('sendP2pMessage', { token: second.token, body: { id, text: 'Conformance check, please ignore.' } });
      if (said.ok) did('second', 'a P2P chat message of the second user (over REST)', ['p2pMessage']);
      else notDone(['p2pMessage'], `not caused: ${said.why}`);
      const cancelled = await call('actOnP2pOrder', { token: second.token, body: { id, action: 'cancel' } });
      if (!cancelled.ok) plan.unrestored.push(`the second user's P2P order ${id} stays open: cancelling it failed (${cancelled.why})`);
    }
  }
  return plan;
}
