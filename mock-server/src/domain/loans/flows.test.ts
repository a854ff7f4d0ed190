/** Loans through dispatch: the schedule before applying is the one issued, identity first (998), credit applications' contact fields, the review, due instalments taken or overdue, early repayment costing less interest, the events. */
import Big from 'big.js';
import { beforeEach, describe, expect, it } from 'vitest';
import * as validate from '../../../../contracts/generated/socket-validators.js';
import { World } from '../world';
import { route, type Delivery } from '../../core/realtime';
import { asSession } from '../../core/test-client';

const DAY = 86_400_000;
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const CREDIT = { emergencyName: 'Sam Morgan', emergencyPhone: '+1 555 0100', contact: 'demo@example.com', address: '1 Harbor Street' };
let world: World;
let demo: string;
let delivered: Delivery[];

const {
  call,
  ok,
  funds: balance,
} = asSession(
  () => world,
  () => demo,
);
const usdt = () => balance('USDT').available;
const later = (ms: number) => {
  world.clock.advance(ms);
  demo = ok('login', { account: 'demo@example.com', password: 'Demo1234' }).token;
};
const verify = () => {
  const up = () => ok('uploadImage', { image: PNG }).id;
  ok('submitIdentity', { level: 'primary', realName: 'Alex Morgan', idType: 'id_card', idNumber: 'X1234567', frontImage: up(), backImage: up() });
};

beforeEach(() => {
  world = new World({ seed: 8, freezeClock: true, scenario: 'instant-review' });
  demo = ok('login', { account: 'demo@example.com', password: 'Demo1234' }).token;
  delivered = [];
  route({ world: () => world, on: (e, l) => world.events.on(e, l), rooms: () => [], deliver: (d) => delivered.push(d) });
});

describe('loans', () => {
  it('needs verified identity; the quoted schedule is the issued one; the principal is paid out; instalments are taken when due', () => {
    const terms = { productId: 'ln_credit', amount: '3000', days: 90, method: 'instalments', ...CREDIT };
    expect(call('applyLoan', terms)).toMatchObject({ type: '998', code: 'real_name_required' });
    verify();
    expect(call('applyLoan', { ...terms, address: ' ' })).toMatchObject({ code: 'field_required', params: { field: 'address' } });
    const quote = ok('quoteLoan', undefined, { productId: 'ln_credit', amount: '3000', days: '90', method: 'instalments' });
    expect(quote).toMatchObject({ interest: '108.000000', total: '3108.000000' });
    const loan = ok('applyLoan', terms);
    expect(loan).toMatchObject({ status: 'issued', total: quote.total, instalments: quote.instalments });
    expect(usdt()).toBe('13000.000000');
    expect(call('applyLoan', terms).code).toBe('loan_open');
    later(30 * DAY);
    const [after] = ok('listLoans').items;
    expect(after.instalments[0].paidAt).toBe(after.instalments[0].dueAt);
    expect(after).toMatchObject({ status: 'issued', outstanding: '2072.000000' });
    expect(usdt()).toBe('11964.000000');
    const events = delivered.filter((d) => d.event === 'loan');
    for (const d of events) expect(validate.loan(d.payload)).toBe(true);
    expect(events.map((d) => (d.payload as { loan: { status: string } }).loan.status)).toEqual(['applying', 'issued', 'issued']);
  });

  it('repaying early in full costs the interest of the days so far; a rejected amount ends in 7', () => {
    verify();
    expect(ok('applyLoan', { productId: 'ln_assist', amount: '1007', days: 14, method: 'one_time' }).status).toBe('rejected');
    const loan = ok('applyLoan', { productId: 'ln_assist', amount: '1000', days: 14, method: 'one_time' });
    expect(loan).toMatchObject({ interest: '7.000000', payoffNow: '1000.500000' });
    later(3 * DAY + 1);
    expect(ok('listLoans').items[0].payoffNow).toBe('1002.000000');
    expect(ok('repayLoan', { id: loan.id, kind: 'full' })).toMatchObject({ status: 'repaid', paid: '1002.000000' });
    expect(usdt()).toBe('9998.000000');
    expect(call('repayLoan', { id: loan.id, kind: 'full' })).toMatchObject({ code: 'loan_not_repayable', params: { status: 'repaid' } });
  });

  it('the last instalment repaid early costs no more than repaying everything, and each button says its cost first', () => {
    verify();
    const loan = ok('applyLoan', { productId: 'ln_assist', amount: '1000', days: 14, method: 'one_time' });
    // One instalment of 1,007.00 (the whole term's interest); repaid on day 0 both ways lead to the same result.
    expect(loan).toMatchObject({ outstanding: '1007.000000', payoffNow: '1000.500000', nextPaymentNow: '1000.500000', paid: '0.000000' });
    expect(ok('repayLoan', { id: loan.id, kind: 'instalment' })).toMatchObject({ status: 'repaid', paid: '1000.500000' });
    expect(usdt()).toBe('9999.500000');
  });

  it('an instalment that is not the last costs its scheduled amount; what was paid adds up', () => {
    verify();
    const loan = ok('applyLoan', { productId: 'ln_credit', amount: '3000', days: 90, method: 'instalments', ...CREDIT });
    expect(loan).toMatchObject({ nextPaymentNow: '1036.000000', paid: '0.000000' });
    expect(ok('repayLoan', { id: loan.id, kind: 'instalment' })).toMatchObject({ status: 'issued', paid: '1036.000000' });
    const after = ok('listLoans').items[0];
    expect(after.nextPaymentNow).toBe('1036.000000');
    expect(ok('repayLoan', { id: loan.id, kind: 'full' })).toMatchObject({ status: 'repaid', paid: new Big(after.payoffNow).plus('1036').toFixed(6) });
  });

  it('an instalment the funds account cannot cover makes the loan overdue (no fee); repaying brings it back', () => {
    verify();
    const loan = ok('applyLoan', { productId: 'ln_assist', amount: '5000', days: 7, method: 'one_time' });
    ok('transfer', { coin: 'USDT', from: 'funds', to: 'exchange', amount: '14000' });
    later(7 * DAY);
    expect(ok('listLoans').items[0]).toMatchObject({ status: 'expired', outstanding: '5017.500000' });
    expect(call('repayLoan', { id: loan.id, kind: 'instalment' }).code).toBe('insufficient_balance');
    ok('transfer', { coin: 'USDT', from: 'exchange', to: 'funds', amount: '14000' });
    const repaid = ok('repayLoan', { id: loan.id, kind: 'instalment' });
    expect(repaid.status).toBe('repaid');
    expect(repaid.outstanding).toBeUndefined();
    expect(usdt()).toBe('9982.500000');
  });
});
