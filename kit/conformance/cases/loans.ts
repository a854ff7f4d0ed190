/**
 * Cases of the loan operations. Applying needs a verified identity (a review on the server's
 * clock, moved on with the control API); a loan is issued after its own review. Products and
 * their bounds, terms and methods come from listLoanProducts.
 */
import type { components } from '../../../contracts/generated/openapi.ts';
import { SetupFailed, type Case, type Setup } from './case.ts';
import { placesOf, plusOne, tooPrecise } from './assets.ts';
import { c, unknownId, verified } from './steps.ts';

type Product = components['schemas']['LoanProduct'];
type Method = components['schemas']['LoanMethod'];

const METHODS: Method[] = ['one_time', 'instalments'];
const CONTACT = { emergencyName: 'Sam Morgan', emergencyPhone: '+1 555 0100', contact: 'alex@example.com', address: '1 Harbor Street, Wilmington' };

/** A product of `type` (any without one), or one that lacks a repayment method. */
async function product(s: Setup, want: { type?: Product['type']; lacksMethod?: boolean } = {}): Promise<Product> {
  const p = (await s.ok('listLoanProducts')).find(
    (x) => (!want.type || x.type === want.type) && (!want.lacksMethod || METHODS.some((m) => !x.methods.includes(m))),
  );
  if (!p) throw new SetupFailed(`no loan product${want.type ? ` of type ${want.type}` : ''}${want.lacksMethod ? ' lacking a repayment method' : ''}`, true);
  return p;
}

/** The terms of an application for `p`, right but for `change`: its minimum over its first term, contact details if credit. */
function terms(p: Product, change: Record<string, unknown> = {}) {
  return { productId: p.id, amount: p.minAmount, days: p.days[0], method: p.methods[0], ...(p.type === 'credit' ? CONTACT : {}), ...change };
}

/** A quote request (query strings) for the product, right but for `change`. */
async function quote(s: Setup, change: (p: Product) => Record<string, unknown> | Promise<Record<string, unknown>> = () => ({})) {
  const p = await product(s);
  const { productId, amount, days, method } = terms(p, await change(p));
  return { query: { productId: String(productId), amount: String(amount), days: String(days), method: String(method) } };
}

/** An application right but for `change`, as a verified user when `verify`. */
async function application(s: Setup, change: (p: Product) => Record<string, unknown> | Promise<Record<string, unknown>> = () => ({}), verify = false) {
  if (verify) await verified(s);
  const p = await product(s);
  return { body: terms(p, await change(p)) };
}

/** A loan of a product's minimum applied for by a verified user and issued after its review: its id. */
async function loan(s: Setup): Promise<string> {
  await verified(s);
  const applied = await s.ok('applyLoan', terms(await product(s)));
  await s.advance(61_000);
  const status = (await s.ok('listLoans')).items.find((l) => l.id === applied.id)?.status;
  if (status !== 'issued') throw new SetupFailed(`the loan applied for is ${status} after its review, not issued`);
  return applied.id;
}

const outside = (p: Product) => Math.max(...p.days) + 1;
const lacking = (p: Product) => METHODS.find((m) => !p.methods.includes(m))!;

const quotes: Case[] = [
  c('listLoanProducts', 'ok', 'the loan products', async () => ({})),
  c('quoteLoan', 'ok', "a product's minimum over its first term", (s) => quote(s)),
  c('quoteLoan', 'not_found', 'a product id that does not exist', (s) => quote(s, () => ({ productId: unknownId('ln') }))),
  c('quoteLoan', 'amount_invalid', 'an amount of 0', (s) => quote(s, () => ({ amount: '0' }))),
  c('quoteLoan', 'amount_precision', 'an amount with more decimals than USDT has', (s) =>
    quote(s, async (p) => ({ amount: tooPrecise(p.minAmount, await placesOf(s, 'USDT')) })),
  ),
  c('quoteLoan', 'loan_amount_out_of_range', "1 USDT over the product's maximum", (s) => quote(s, (p) => ({ amount: plusOne(p.maxAmount) }))),
  c('quoteLoan', 'loan_term_unavailable', 'a term one day longer than the longest offered', (s) => quote(s, (p) => ({ days: outside(p) }))),
  c('quoteLoan', 'loan_method_unavailable', 'a repayment method the product does not offer', async (s) => {
    const p = await product(s, { lacksMethod: true });
    const { productId, amount, days } = terms(p);
    return { query: { productId, amount, days: String(days), method: lacking(p) } };
  }),
];

const applications: Case[] = [
  c('applyLoan', 'ok', "a verified user applying for a product's minimum", (s) => application(s, () => ({}), true), { needs: ['control'] }),
  c('applyLoan', 'not_found', 'a product id that does not exist', (s) => application(s, () => ({ productId: unknownId('ln') }))),
  c('applyLoan', 'amount_invalid', 'an amount of 0', (s) => application(s, () => ({ amount: '0' }))),
  c('applyLoan', 'amount_precision', 'an amount with more decimals than USDT has', (s) =>
    application(s, async (p) => ({ amount: tooPrecise(p.minAmount, await placesOf(s, 'USDT')) })),
  ),
  c('applyLoan', 'loan_amount_out_of_range', "1 USDT over the product's maximum", (s) => application(s, (p) => ({ amount: plusOne(p.maxAmount) }))),
  c('applyLoan', 'loan_term_unavailable', 'a term one day longer than the longest offered', (s) => application(s, (p) => ({ days: outside(p) }))),
  c('applyLoan', 'loan_method_unavailable', 'a repayment method the product does not offer', async (s) => {
    const p = await product(s, { lacksMethod: true });
    return { body: terms(p, { method: lacking(p) }) };
  }),
  c('applyLoan', 'real_name_required', 'a user whose identity is not verified', (s) => application(s)),
  c(
    'applyLoan',
    'field_required',
    'a verified user applying for a credit loan without an emergency contact',
    async (s) => {
      await verified(s);
      const body: Record<string, unknown> = terms(await product(s, { type: 'credit' }));
      delete body.emergencyName;
      return { body };
    },
    { needs: ['control'] },
  ),
  c(
    'applyLoan',
    'loan_open',
    'a verified user whose last application is still under review',
    async (s) => {
      const request = await application(s, () => ({}), true);
      await s.ok('applyLoan', request.body);
      return request;
    },
    { needs: ['control'] },
  ),
  c('listLoans', 'ok', 'my loans', async () => ({})),
  c(
    'repayLoan',
    'ok',
    'repaying in full an issued loan, with the interest funded',
    async (s) => {
      const id = await loan(s);
      await s.fund('10');
      return { body: { id, kind: 'full' } };
    },
    { needs: ['control'] },
  ),
  c('repayLoan', 'not_found', 'a loan id that does not exist', async () => ({ body: { id: unknownId('lo'), kind: 'full' } })),
  c(
    'repayLoan',
    'loan_not_repayable',
    'a loan already repaid in full',
    async (s) => {
      const id = await loan(s);
      await s.fund('10');
      await s.ok('repayLoan', { id, kind: 'full' });
      return { body: { id, kind: 'full' } };
    },
    { needs: ['control'] },
  ),
  c(
    'repayLoan',
    'insufficient_balance',
    'repaying in full an issued loan with only its principal in funds (the interest of a day is due too)',
    async (s) => ({ body: { id: await loan(s), kind: 'full' } }),
    { needs: ['control'] },
  ),
];

export const loansCases: Case[] = [...quotes, ...applications];
