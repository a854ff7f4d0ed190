/**
 * Loans: assistance loans and credit loans from lending institutions, paid out to the funds
 * account and repaid from it, all through the ledger against `system:loans`.
 *
 * Before applying, `quote` gives the whole schedule (what the domain will charge): interest =
 * amount × daily rate × days, rounded up to the coin; one-time repayment pays principal and
 * interest at the end; instalments split both into equal 30-day parts (each truncated, the last
 * takes the rest). An application is reviewed after REVIEW_MS (at once in instant-review): an
 * amount whose whole part ends in 7 is rejected, any other issued. At each due time the
 * instalment is taken from the funds account if it holds enough; if not, the loan is overdue
 * (`broken`, or `expired` once its last due time has passed) until the user repays; there are no
 * late fees. Repaying early in full costs the principal left and the interest of the days elapsed
 * so far (whole days, at least one), less the interest already paid.
 */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import { DAY } from '../market/candles.ts';
import { coinAmount, coinInfo, parseAmount } from '../assets/coins.ts';
import { DomainError } from '../kernel/errors.ts';
import { deepFreeze } from '../kernel/frozen.ts';
import { SYSTEM, type Ledger } from '../kernel/ledger.ts';
import { paged } from '../kernel/paging.ts';
import { OwnedIds } from '../kernel/random.ts';
import type { Scheduler } from '../kernel/scheduler.ts';

type Schemas = components['schemas'];
export type LoanStatus = Schemas['Loan']['status'];
type Method = Schemas['LoanMethod'];

export const LOAN_REVIEW_MS = 60_000;
const INSTALMENT_DAYS = 30;
export const COIN = 'USDT';

interface Product {
  id: string;
  type: Schemas['LoanProduct']['type'];
  institution: string;
  min: Big;
  max: Big;
  days: number[];
  dailyRate: Big;
  methods: Method[];
}

const PRODUCTS: Product[] = [
  {
    id: 'ln_assist',
    type: 'assistance',
    institution: 'Harbor Credit Union',
    min: new Big(100),
    max: new Big(5000),
    days: [7, 14, 30],
    dailyRate: new Big('0.0005'),
    methods: ['one_time'],
  },
  {
    id: 'ln_credit',
    type: 'credit',
    institution: 'Lotus Finance',
    min: new Big(500),
    max: new Big(20000),
    days: [30, 90, 180],
    dailyRate: new Big('0.0004'),
    methods: ['one_time', 'instalments'],
  },
];

interface Instalment {
  n: number;
  dueAt: number;
  principal: Big;
  interest: Big;
  paidAt?: number;
}

interface Loan {
  id: string;
  owner: string;
  product: Product;
  principal: Big;
  days: number;
  method: Method;
  appliedAt: number;
  issuedAt?: number;
  status: LoanStatus;
  schedule: Instalment[];
  /** A credit loan's contact details, as given (shown back only to the owner). */
  contact?: { emergencyName: string; emergencyPhone: string; contact: string; address: string };
  /** What the user has repaid: instalments as paid, an early repayment at what it cost. */
  paid: Big;
}

export interface LoansDeps {
  seed: number;
  now: () => number;
  ledger: Ledger;
  scheduler: Scheduler;
  /** Runs `decide` when the review is due (or at once in the instant-review scenario). */
  review: (decide: (at: number) => void) => void;
  verified: (userId: string) => boolean;
  onChange: (loan: Loan) => void;
}

export type { Loan };

const places = coinInfo(COIN).precision;
/** A USDT amount of a loan as the wire carries it. */
export const money = (v: Big) => coinAmount(COIN, v);

/** The schedule of `amount` over `days` from `from`: one-time, or 30-day instalments. */
function schedule(p: Product, amount: Big, days: number, method: Method, from: number): Instalment[] {
  const interest = amount.times(p.dailyRate).times(days).round(places, Big.roundUp);
  const n = method === 'instalments' ? days / INSTALMENT_DAYS : 1;
  const partP = amount.div(n).round(places, Big.roundDown);
  const partI = interest.div(n).round(places, Big.roundDown);
  return Array.from({ length: n }, (_, i) => {
    const last = i === n - 1;
    return {
      n: i + 1,
      dueAt: from + (last ? days : (i + 1) * INSTALMENT_DAYS) * DAY,
      principal: last ? amount.minus(partP.times(n - 1)) : partP,
      interest: last ? interest.minus(partI.times(n - 1)) : partI,
    };
  });
}

export class Loans {
  private readonly loans = new Map<string, Loan>();
  private readonly ids: OwnedIds;

  constructor(private readonly deps: LoansDeps) {
    this.ids = new OwnedIds(deps.seed);
  }

  products(): Schemas['LoanProduct'][] {
    return PRODUCTS.map((p) => ({
      id: p.id,
      type: p.type,
      institution: p.institution,
      coin: COIN,
      minAmount: money(p.min),
      maxAmount: money(p.max),
      days: [...p.days],
      dailyRate: p.dailyRate.toFixed(8),
      methods: [...p.methods],
    }));
  }

  /** The terms checked in the contract's order, and the schedule they make from now. */
  quote(q: { productId: string; amount: string; days: number; method: Method }): Schemas['LoanQuote'] {
    const { product, amount } = this.check(q);
    const now = this.deps.now();
    // The last quote again while its inputs and the clock stand still (a form asking as the user types).
    const key = `${q.productId}|${amount.toString()}|${q.days}|${q.method}|${now}`;
    if (this.lastQuote?.key === key && this.lastQuote.product === product) return this.lastQuote.quote;
    const quote = deepFreeze(this.quoteView(schedule(product, amount, q.days, q.method, now), amount));
    this.lastQuote = { key, product, quote };
    return quote;
  }

  private lastQuote: { key: string; product: Product; quote: Schemas['LoanQuote'] } | undefined;

  private check(q: { productId: string; amount: string; days: number; method: Method }): { product: Product; amount: Big } {
    const product = PRODUCTS.find((p) => p.id === q.productId);
    if (!product) throw new DomainError('not_found', 'This loan product does not exist');
    const amount = parseAmount(q.amount, COIN);
    if (amount.lt(product.min) || amount.gt(product.max))
      throw new DomainError('loan_amount_out_of_range', `Enter an amount from ${product.min} to ${product.max} ${COIN}`).with({
        min: money(product.min),
        max: money(product.max),
        coin: COIN,
      });
    if (!product.days.includes(q.days)) throw new DomainError('loan_term_unavailable', 'This repayment period is not offered').with({ days: q.days });
    if (!product.methods.includes(q.method)) throw new DomainError('loan_method_unavailable', 'This repayment method is not offered for this loan');
    return { product, amount };
  }

  private quoteView(s: Instalment[], principal: Big): Schemas['LoanQuote'] {
    const interest = s.reduce((sum, i) => sum.plus(i.interest), new Big(0));
    return {
      principal: money(principal),
      interest: money(interest),
      total: money(principal.plus(interest)),
      instalments: s.map((i) => ({
        n: i.n,
        dueAt: i.dueAt,
        principal: money(i.principal),
        interest: money(i.interest),
        amount: money(i.principal.plus(i.interest)),
      })),
    };
  }

  apply(owner: string, req: Schemas['LoanApplication']): Schemas['Loan'] {
    const { product, amount } = this.check(req);
    if (!this.deps.verified(owner)) throw new DomainError('real_name_required', 'Please complete identity verification first', '998');
    let contact: Loan['contact'];
    if (product.type === 'credit') {
      const fields = { emergencyName: req.emergencyName, emergencyPhone: req.emergencyPhone, contact: req.contact, address: req.address };
      for (const [field, value] of Object.entries(fields))
        if (!value?.trim()) throw new DomainError('field_required', 'Please fill in every field of a credit application').with({ field });
      contact = {
        emergencyName: fields.emergencyName!.trim(),
        emergencyPhone: fields.emergencyPhone!.trim(),
        contact: fields.contact!.trim(),
        address: fields.address!.trim(),
      };
    }
    if ([...this.loans.values()].some((l) => l.owner === owner && ['applying', 'issued', 'broken', 'expired'].includes(l.status)))
      throw new DomainError('loan_open', 'Repay your current loan before applying for another');
    const now = this.deps.now();
    const loan: Loan = {
      id: this.ids.next('lo', owner),
      owner,
      product,
      principal: amount,
      days: req.days,
      method: req.method,
      appliedAt: now,
      status: 'applying',
      schedule: [],
      paid: new Big(0),
      contact,
    };
    this.loans.set(loan.id, loan);
    this.deps.onChange(loan);
    this.deps.review((at) => this.decide(loan, at));
    return this.view(loan);
  }

  /** The review: an amount whose whole part ends in 7 is rejected (a QA knob), any other issued and paid out. */
  private decide(loan: Loan, at: number): void {
    if (loan.status !== 'applying') return;
    if (loan.principal.round(0, Big.roundDown).mod(10).eq(7)) {
      loan.status = 'rejected';
      this.deps.onChange(loan);
      return;
    }
    loan.status = 'issued';
    loan.issuedAt = at;
    loan.schedule = schedule(loan.product, loan.principal, loan.days, loan.method, at);
    this.deps.ledger.post(
      loan.id,
      'loan',
      [
        { owner: SYSTEM.loans, kind: 'funds', coin: COIN, available: loan.principal.neg() },
        { owner: loan.owner, kind: 'funds', coin: COIN, available: loan.principal },
      ],
      at,
    );
    for (const i of loan.schedule) this.deps.scheduler.at(i.dueAt, (t) => this.due(loan, i, t));
    this.deps.onChange(loan);
  }

  /** A due time: the instalment is taken if the funds account holds it, else the loan is overdue. */
  private due(loan: Loan, i: Instalment, at: number): void {
    if (i.paidAt !== undefined || !['issued', 'broken', 'expired'].includes(loan.status)) return;
    const amount = i.principal.plus(i.interest);
    if (this.deps.ledger.balance(loan.owner, 'funds', COIN).available.gte(amount)) this.pay(loan, [i], amount, at);
    else {
      loan.status = i.n === loan.schedule.length ? 'expired' : 'broken';
      this.deps.onChange(loan);
    }
  }

  private pay(loan: Loan, parts: Instalment[], amount: Big, at: number, ref = `${loan.id}:${parts[0].n}`): void {
    this.deps.ledger.post(
      ref,
      'loan_repay',
      [
        { owner: loan.owner, kind: 'funds', coin: COIN, available: amount.neg() },
        { owner: SYSTEM.loans, kind: 'funds', coin: COIN, available: amount },
      ],
      at,
    );
    for (const p of parts) p.paidAt = at;
    loan.paid = loan.paid.plus(amount);
    const unpaid = loan.schedule.filter((s) => s.paidAt === undefined);
    const overdue = unpaid.some((s) => s.dueAt <= at);
    loan.status =
      unpaid.length === 0 ? 'repaid' : overdue ? (unpaid.some((s) => s.n === loan.schedule.length && s.dueAt <= at) ? 'expired' : 'broken') : 'issued';
    this.deps.onChange(loan);
  }

  /** repayLoan: the next unpaid instalment, or everything left (early: interest of the days so far). */
  repay(owner: string, req: Schemas['RepayRequest']): Schemas['Loan'] {
    const loan = this.loans.get(req.id);
    if (!loan || loan.owner !== owner) throw new DomainError('not_found', 'This loan does not exist');
    if (!['issued', 'broken', 'expired'].includes(loan.status))
      throw new DomainError('loan_not_repayable', 'This loan has nothing to repay').with({ status: loan.status });
    const now = this.deps.now();
    const unpaid = loan.schedule.filter((s) => s.paidAt === undefined);
    if (req.kind === 'instalment') {
      const next = unpaid[0];
      this.pay(loan, [next], this.nextPayment(loan, now), now, `${loan.id}:${next.n}`);
    } else {
      this.pay(loan, unpaid, this.fullAmount(loan, now).amount, now, `${loan.id}:full`);
    }
    return this.view(loan);
  }

  /**
   * What repaying the next instalment costs now: its amount; when it is the last one unpaid, both
   * ways come to the same result and it costs what repaying everything does if that is less.
   */
  private nextPayment(loan: Loan, now: number): Big {
    const unpaid = loan.schedule.filter((s) => s.paidAt === undefined);
    const scheduled = unpaid[0].principal.plus(unpaid[0].interest);
    if (unpaid.length > 1) return scheduled;
    const full = this.fullAmount(loan, now).amount;
    return full.lt(scheduled) ? full : scheduled;
  }

  /** What repaying everything now costs: the principal left, plus the interest of the days so far (at least one, at most the term) less the interest paid. */
  private fullAmount(loan: Loan, now: number): { amount: Big; interest: Big } {
    const unpaid = loan.schedule.filter((s) => s.paidAt === undefined);
    const paidInterest = loan.schedule.filter((s) => s.paidAt !== undefined).reduce((s, i) => s.plus(i.interest), new Big(0));
    const days = Math.min(loan.days, Math.max(1, Math.ceil((now - loan.issuedAt!) / DAY)));
    const accrued = loan.principal.times(loan.product.dailyRate).times(days).round(places, Big.roundUp);
    const scheduled = unpaid.reduce((s, i) => s.plus(i.interest), new Big(0));
    const owed = accrued.minus(paidInterest);
    const interest = owed.lt(0) ? new Big(0) : owed;
    const capped = interest.gt(scheduled) ? scheduled : interest;
    return { amount: unpaid.reduce((s, i) => s.plus(i.principal), new Big(0)).plus(capped), interest: capped };
  }

  list(owner: string, q: { page?: number; pageSize?: number }): Schemas['LoanPage'] {
    const all = [...this.loans.values()].filter((l) => l.owner === owner).reverse();
    const { items, ...page } = paged(all, q);
    return { ...page, items: items.map((l) => this.view(l)) };
  }

  view(loan: Loan): Schemas['Loan'] {
    const live = ['issued', 'broken', 'expired'].includes(loan.status);
    const unpaid = loan.schedule.filter((s) => s.paidAt === undefined);
    const q = this.quoteView(
      loan.schedule.length ? loan.schedule : schedule(loan.product, loan.principal, loan.days, loan.method, loan.appliedAt),
      loan.principal,
    );
    return {
      id: loan.id,
      productId: loan.product.id,
      type: loan.product.type,
      institution: loan.product.institution,
      coin: COIN,
      principal: q.principal,
      days: loan.days,
      method: loan.method,
      dailyRate: loan.product.dailyRate.toFixed(8),
      interest: q.interest,
      total: q.total,
      status: loan.status,
      appliedAt: loan.appliedAt,
      ...(loan.issuedAt !== undefined ? { issuedAt: loan.issuedAt } : {}),
      instalments: q.instalments.map((i, k) => ({ ...i, ...(loan.schedule[k]?.paidAt !== undefined ? { paidAt: loan.schedule[k].paidAt } : {}) })),
      ...(live
        ? {
            outstanding: money(unpaid.reduce((s, i) => s.plus(i.principal).plus(i.interest), new Big(0))),
            payoffNow: money(this.fullAmount(loan, this.deps.now()).amount),
            nextPaymentNow: money(this.nextPayment(loan, this.deps.now())),
          }
        : {}),
      paid: money(loan.paid),
    };
  }
}
