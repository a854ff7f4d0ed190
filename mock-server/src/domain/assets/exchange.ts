/**
 * Moves between a user's own accounts (transfers) and flash exchange between coins at a firm quote
 * (valid QUOTE_TTL_MS, the last prices with a spread, a fee from what is received).
 */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import { coinAmount, coinInfo, parseAmount } from './coins.ts';
import * as dec from '../kernel/decimals.ts';
import { DomainError } from '../kernel/errors.ts';
import { insufficient, SYSTEM } from '../kernel/ledger.ts';
import { usdtPrice, type WalletDeps, type WalletRecord } from './wallet.ts';

type Schemas = components['schemas'];

const QUOTE_TTL_MS = 10_000;
const FLASH_FEE = new Big('0.001');
const FLASH_SPREAD = new Big('0.002');

export class Exchange {
  private readonly quotes = new Map<string, Schemas['FlashQuote'] & { owner: string; used: boolean }>();

  constructor(private readonly deps: WalletDeps) {}

  transfer(userId: string, req: Schemas['TransferRequest']): WalletRecord {
    coinInfo(req.coin);
    if (req.from === req.to) throw new DomainError('same_account', 'Choose two different accounts');
    const amount = parseAmount(req.amount, req.coin);
    const id = this.deps.records.id('tf', userId);
    this.deps.ledger.post(id, 'transfer', [
      { owner: userId, kind: req.from, coin: req.coin, available: amount.neg() },
      { owner: userId, kind: req.to, coin: req.coin, available: amount },
    ]);
    return this.deps.records.add(userId, {
      id,
      type: 'transfer',
      coin: req.coin,
      accountKind: req.from,
      toAccountKind: req.to,
      amount: coinAmount(req.coin, amount.neg()),
      fee: coinAmount(req.coin, '0'),
      status: 'success',
      time: this.deps.now(),
    });
  }

  quote(userId: string, req: Schemas['FlashQuoteRequest']): Schemas['FlashQuote'] {
    if (req.from === req.to) throw new DomainError('same_coin', 'Choose two different coins');
    const amount = parseAmount(req.amount, req.from);
    const to = coinInfo(req.to);
    const mid = usdtPrice(this.deps.market, req.from).div(usdtPrice(this.deps.market, req.to));
    const rate = dec.round(mid.times(new Big(1).minus(FLASH_SPREAD)), dec.RATE_DECIMALS, 'received');
    const gross = amount.times(rate);
    const fee = dec.round(gross.times(FLASH_FEE), to.precision, 'fee');
    const receive = dec.round(gross.minus(fee), to.precision, 'received');
    if (receive.lte(0)) throw new DomainError('amount_too_small', 'The amount is too small to exchange');
    if (this.deps.ledger.balance(userId, 'funds', req.from).available.lt(amount)) throw insufficient();
    const quote = {
      id: this.deps.records.id('fq', userId),
      from: req.from,
      to: req.to,
      amount: coinAmount(req.from, amount),
      rate: dec.rate(rate),
      fee: coinAmount(req.to, fee),
      feeRate: FLASH_FEE.toString(),
      receive: coinAmount(req.to, receive),
      expiresAt: this.deps.now() + QUOTE_TTL_MS,
      validSeconds: QUOTE_TTL_MS / 1000,
    };
    // Quotes past their validity can never be used: forget them, so quoting leaves no garbage.
    for (const [id, q] of this.quotes) if (q.expiresAt < this.deps.now()) this.quotes.delete(id);
    this.quotes.set(quote.id, { ...quote, owner: userId, used: false });
    return quote;
  }

  exchange(userId: string, quoteId: string): WalletRecord {
    const q = this.quotes.get(quoteId);
    if (!q || q.owner !== userId || q.used || q.expiresAt < this.deps.now()) {
      throw new DomainError('quote_expired', 'The quote has expired, please get a new one');
    }
    const amount = new Big(q.amount);
    const receive = new Big(q.receive);
    const fee = new Big(q.fee);
    this.deps.ledger.post(q.id, 'exchange', [
      { owner: userId, kind: 'funds', coin: q.from, available: amount.neg() },
      { owner: SYSTEM.desk, kind: 'funds', coin: q.from, available: amount },
      { owner: SYSTEM.desk, kind: 'funds', coin: q.to, available: receive.plus(fee).neg() },
      { owner: userId, kind: 'funds', coin: q.to, available: receive },
      { owner: SYSTEM.fees, kind: 'funds', coin: q.to, available: fee },
    ]);
    q.used = true;
    return this.deps.records.add(userId, {
      id: q.id.replace('fq_', 'fx_'),
      type: 'exchange',
      coin: q.from,
      toCoin: q.to,
      accountKind: 'funds',
      amount: coinAmount(q.from, amount.neg()),
      toAmount: coinAmount(q.to, receive),
      fee: coinAmount(q.to, fee),
      status: 'success',
      time: this.deps.now(),
    });
  }
}
