import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { Accruals } from '../../../../../mock-server/src/domain/earn/accrual';
import { savingsInterest as serverInterest } from '../../../../../mock-server/src/domain/earn/earn';
import { operationSchemas } from '../../../../../contracts/generated/operation-schemas';
import { lockEstimate, machineEstimate, MAX_SHARES, savingsInterest } from './estimate';

describe('earn estimates', () => {
  it('a lock-up pays amount × daily rate truncated each day; the penalty is rounded up', () => {
    const e = lockEstimate(new Big('1234.567891'), '0.00040000', 30, 6, '0.02000000');
    expect(e.daily.toFixed(6)).toBe('0.493827');
    expect(e.total.toFixed(6)).toBe('14.814810');
    expect(e.penalty!.toFixed(6)).toBe('24.691358');
    expect(lockEstimate(new Big(100), '0.0003', 7, 6).penalty).toBeUndefined();
  });

  it('savings interest is what the server pays, for any amount', () => {
    for (const [amount, rate, days] of [
      ['2000', '0.05', 90],
      ['10.000001', '0.04', 30],
      ['99999.999999', '0.06', 180],
      ['0.00123457', '0.02', 90],
    ] as const) {
      const places = amount.includes('0.001') ? 8 : 6;
      expect(savingsInterest(new Big(amount), rate, days, places).toString()).toBe(
        serverInterest(new Big(amount), new Big(rate), days, places === 8 ? 'BTC' : 'USDT').toString(),
      );
    }
  });

  it("a machine order's total is its daily output over the cycle, as the schedule's total", () => {
    const e = machineEstimate('300.000000', '0.00004000', 180, 3);
    expect(e.cost.toString()).toBe('900');
    expect(e.total.toString()).toBe(
      Accruals.total({
        coin: 'USDT',
        principal: new Big(0),
        price: e.cost,
        payoutCoin: 'BTC',
        payout: e.daily,
        periods: 180,
        periodMs: 1,
        account: 'funds',
      }).toString(),
    );
  });

  it('takes as many machine shares per order as the contract does', () => {
    const body = operationSchemas.buyMachine.body as { properties: { quantity: { maximum: number } } };
    expect(body.properties.quantity.maximum).toBe(MAX_SHARES);
  });
});
