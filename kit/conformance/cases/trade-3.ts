/** Cases of the second-contract operations: every one answering ok, and each own code of theirs. */
import Big from 'big.js';
import type { Case, Setup } from './case.ts';
import { listedButNot, listsMade, remember, secondTerms } from './trade-setup.ts';
import { c } from './steps.ts';

type Terms = Awaited<ReturnType<typeof secondTerms>>;

/** An unfunded user's contract of the first symbol and period at the minimum stake, with `change` applied. */
const buy =
  (change: (b: Record<string, unknown>, t: Terms) => Record<string, unknown> = (b) => b) =>
  async (s: Setup) => {
    const t = await secondTerms(s);
    return { body: change({ symbol: t.symbol, direction: 'up', period: t.period.seconds, stake: t.period.minStake }, t) };
  };

/** Funds the user's second-contract account with `stakes` times the minimum stake. */
const funded = async (s: Setup, stakes: number) => {
  const t = await secondTerms(s);
  await s.fund(new Big(t.period.minStake).times(stakes).toFixed(t.places), 'second');
  return t;
};

export const tradeCases3: Case[] = [
  c('getSecondTerms', 'ok', 'the second contracts’ terms', async () => ({})),
  c('buySecond', 'ok', 'a funded contract at the minimum stake', async (s) => {
    await funded(s, 1);
    return buy()(s);
  }),
  c('buySecond', 'unknown_symbol', 'a contract on a listed market not offered for second contracts', async (s) => {
    const symbol = await listedButNot(
      s,
      (await secondTerms(s)).terms.symbols.map((x) => x.symbol),
    );
    return buy((b) => ({ ...b, symbol }))(s);
  }),
  c(
    'buySecond',
    'period_not_offered',
    'a contract for a number of seconds no period has',
    buy((b, t) => ({ ...b, period: [1, 2, 3].find((n) => !t.terms.periods.some((p) => p.seconds === n)) })),
  ),
  c(
    'buySecond',
    'amount_invalid',
    'a stake of 0',
    buy((b) => ({ ...b, stake: '0' })),
  ),
  c(
    'buySecond',
    'amount_precision',
    'a stake with one decimal more than its coin allows',
    buy((b, t) => ({ ...b, stake: new Big(t.period.minStake).plus(new Big(1).div(new Big(10).pow(t.places + 1))).toFixed(t.places + 1) })),
  ),
  c(
    'buySecond',
    'stake_out_of_bounds',
    'a stake of one more than the period’s maximum',
    buy((b, t) => ({ ...b, stake: new Big(t.period.maxStake).plus(1).toFixed(t.places) })),
  ),
  c(
    'buySecond',
    'market_closed',
    'a contract on a market whose trading is halted (control API)',
    async (s) => {
      const input = await buy()(s);
      await s.mock('market', { symbol: (input.body as { symbol: string }).symbol, liquidity: 'none' });
      return input;
    },
    {
      needs: ['control'],
      // The halt is the mock's world, shared by every user: lifted at once.
      cleanup: async (s) => s.mock('market', { symbol: (await secondTerms(s)).symbol, liquidity: 'normal' }),
    },
  ),
  c('buySecond', 'too_many_running', 'one contract more than may run at once', async (s) => {
    const t = await secondTerms(s);
    // The longest period: none of them settles while the others are bought.
    const period = t.terms.periods.reduce((a, b) => (b.seconds > a.seconds ? b : a));
    await s.fund(new Big(period.minStake).times(t.terms.maxRunning).toFixed(t.places), 'second');
    const body = { symbol: t.symbol, direction: 'up', period: period.seconds, stake: period.minStake };
    for (let i = 0; i < t.terms.maxRunning; i++) await s.ok('buySecond', body);
    return { body };
  }),
  c('buySecond', 'insufficient_balance', 'a contract at the minimum stake with an empty second-contract account', buy()),
  c(
    'listSecondOrders',
    'ok',
    'the running contracts, the user’s own among them',
    async (s) => {
      await funded(s, 1);
      const { body } = await buy()(s);
      remember(s, (await s.ok('buySecond', body)).id);
      return { query: { status: 'running' } };
    },
    { then: async (s, ex) => listsMade(s, ex, 'the contract') },
  ),
];
