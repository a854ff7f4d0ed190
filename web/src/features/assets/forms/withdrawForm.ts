/**
 * The withdrawal form, in the app's one form shape (lib/form), pure (no React, no i18n): an
 * address of the book for the coin and network (the one picked, or the newest), the amount with
 * "Max" (available minus the fee, rounded down to the coin's precision), and the 6-digit
 * transaction password. Its summary: the fee, what is received and the total deducted, what is
 * left of the 24 h limit, what is missing before anything can be sent (a transaction password, an
 * address, a limit not used up) and the next verification level's limit, what is wrong with the
 * amount as it is typed (over the balance, too many places, over the limit left), and the request.
 * Its errors, on Withdraw: the address, the amount (required, a valid number, the minimum, then
 * the same as typed) and the password's format. The server checks it all again; its refusals go
 * under their field in its words. Money is big.js throughout.
 */
import type { components } from '../../../../../contracts/generated/openapi';
import type { OpBody } from '../../../../../contracts/generated/operations';
import { checkAmount, maxAmount, wireAmount } from '../../../lib/amount';
import { Big } from '../../../lib/decimal';
import { createForm, type FieldErrors, type Message, type Notice } from '../../../lib/form';

type Schemas = components['schemas'];
type WithdrawAddress = Schemas['WithdrawAddress'];

export type WithdrawField = 'address' | 'amount' | 'password';

/** What the user has typed and picked, and the messages shown under the fields. */
export interface WithdrawState {
  amount: string;
  /** Digits only, as typed. */
  password: string;
  /** The address picked for one coin and network (`coin:chain`); otherwise the newest of the book for them. */
  chosen: { key: string; id: string } | null;
  errors: FieldErrors<WithdrawField, Notice>;
}

export const initialWithdraw = (): WithdrawState => ({ amount: '', password: '', chosen: null, errors: {} });

/** What the form reads and does not own. */
export interface WithdrawInputs {
  coin: Pick<Schemas['CoinInfo'], 'coin' | 'precision'>;
  chain: Pick<Schemas['ChainInfo'], 'chain' | 'withdrawFee' | 'minWithdraw'>;
  /** The address book, every coin's (undefined: none yet). */
  book: readonly WithdrawAddress[] | undefined;
  /** The funds account's available balance of the coin (undefined: none). */
  available: string | undefined;
  /** The user: transaction password, verification, 24 h limit (undefined until loaded). */
  me: Pick<Schemas['User'], 'hasTransactionPassword' | 'verification' | 'advancedVerification' | 'withdrawalLimit' | 'withdrawalLimitLeft'> | undefined;
  /** The 24 h limit of each verification level (settings; undefined until loaded). */
  limits: Schemas['Settings']['withdrawalLimits'] | undefined;
}

const PASSWORD = /^\d{6}$/;

const keyOf = ({ coin, chain }: Pick<WithdrawInputs, 'coin' | 'chain'>) => `${coin.coin}:${chain.chain}`;

/** What Max fills in: the available balance minus the fee, rounded down to the coin's precision (0 when negative). */
export const maxOf = (available: Big, fee: Big, precision: number): Big => maxAmount(available.minus(fee), precision);

/** The field a server refusal (an error code of `withdraw`) is about, to show its words there; null for none. */
export function withdrawFieldOfCode(code: string | undefined): WithdrawField | null {
  switch (code) {
    case 'amount_invalid':
    case 'amount_precision':
    case 'below_minimum':
    case 'insufficient_balance':
    case 'limit_exceeded':
      return 'amount';
    case 'wrong_transaction_password':
    case 'transaction_password_format':
      return 'password';
    case 'address_required':
      return 'address';
    default:
      return null;
  }
}

// ---- reducer ---------------------------------------------------------------------------------

export type WithdrawAction =
  /** Another coin (the amount is cleared) or network; the messages go. */
  | { type: 'coinChain'; what: 'coin' | 'chain' }
  /** An address of the book picked for this coin and network. */
  | { type: 'address'; id: string }
  | { type: 'amount'; value: string }
  /** Max: the available balance minus the fee. */
  | { type: 'max' }
  | { type: 'password'; value: string }
  /** Withdraw pressed: these errors are shown (none: the confirmation sheet opens). */
  | { type: 'check'; errors: FieldErrors<WithdrawField> }
  /** The withdrawal was submitted: amount and password are cleared. */
  | { type: 'sent' }
  /** The server refused: its words go under the field its code is about. */
  | { type: 'refused'; code: string | undefined; text: string };

/** The messages shown, without the one of `field` (an edit of it). */
const clear = (state: WithdrawState, field: WithdrawField): FieldErrors<WithdrawField, Notice> => {
  const { [field]: _cleared, ...rest } = state.errors;
  return rest;
};

export function withdrawReducer(state: WithdrawState, action: WithdrawAction, inputs: WithdrawInputs): WithdrawState {
  switch (action.type) {
    case 'coinChain':
      return { ...state, ...(action.what === 'coin' ? { amount: '' } : {}), errors: {} };
    case 'address':
      return { ...state, chosen: { key: keyOf(inputs), id: action.id }, errors: clear(state, 'address') };
    case 'amount':
      return { ...state, amount: action.value, errors: clear(state, 'amount') };
    case 'max': {
      const available = new Big(inputs.available ?? '0');
      return { ...state, amount: wireAmount(maxOf(available, new Big(inputs.chain.withdrawFee), inputs.coin.precision)), errors: clear(state, 'amount') };
    }
    case 'password':
      return { ...state, password: action.value.replace(/\D/g, ''), errors: clear(state, 'password') };
    case 'check':
      return { ...state, errors: action.errors };
    case 'sent':
      return { ...state, amount: '', password: '', errors: {} };
    case 'refused': {
      const field = withdrawFieldOfCode(action.code);
      return field ? { ...state, errors: { ...state.errors, [field]: { text: action.text } } } : state;
    }
  }
}

// ---- summary ---------------------------------------------------------------------------------

export interface WithdrawSummary {
  /** The book's addresses for this coin and network. */
  addresses: WithdrawAddress[];
  /** The one the withdrawal goes to: the one picked, or the newest; undefined when there is none. */
  address: WithdrawAddress | undefined;
  /** The funds account's available balance of the coin. */
  available: Big;
  /** The network's fee, in the coin. */
  fee: Big;
  /** What Max fills in (wire form). */
  max: string;
  /** The amount typed once it is a valid amount of the coin: what the address receives. */
  received: Big | null;
  /** received + fee: what leaves the funds account. */
  total: Big | null;
  /** The user's 24 h limit and what is left of it now, in USDT (the server's sum of the last 24 hours). */
  limit: string | undefined;
  left: string | undefined;
  /** Told before anything is typed: no transaction password yet. */
  noPassword: boolean;
  /** Told before anything is typed: nothing is left of the 24 h limit. */
  limitUsedUp: boolean;
  /** An identity verification is under review (the limit rises once it is approved). */
  reviewing: boolean;
  /** The limit of the next verification level, when there is one to reach. */
  nextLimit: string | undefined;
  /** Why the form cannot be sent (the button is disabled and says so), or null. */
  blocked: Message | null;
  /** What is wrong with the amount as typed, shown at once (typing more only makes it worse): too many places, over the balance, over the limit left. */
  live: Message | null;
  /** The request, once there is an address and a valid amount. */
  request: OpBody<'withdraw'> | null;
}

export function withdrawSummary(state: WithdrawState, inputs: WithdrawInputs): WithdrawSummary {
  const { coin, chain, me, limits } = inputs;
  const key = keyOf(inputs);
  const addresses = (inputs.book ?? []).filter((a) => a.coin === coin.coin && a.chain === chain.chain);
  const address = addresses.find((a) => state.chosen?.key === key && a.id === state.chosen.id) ?? addresses[0];
  const available = new Big(inputs.available ?? '0');
  const fee = new Big(chain.withdrawFee);
  const parsed = checkAmount(state.amount, coin.precision);
  const received = parsed.amount ?? null;
  const left = me?.withdrawalLimitLeft;

  // Prerequisites, known before anything is typed (the server checks them again).
  const noPassword = me ? !me.hasTransactionPassword : false;
  const verified = me?.verification === 'verified';
  const advanced = verified && me?.advancedVerification === 'verified';
  const reviewing = me?.verification === 'pending' || (verified && me?.advancedVerification === 'pending');
  const nextLimit = advanced || !limits ? undefined : limits[verified ? 'advanced' : 'realName'];
  const limitUsedUp = left !== undefined && new Big(left).lte(0);
  const blocked: Message | null = !address
    ? { key: 'funds.withdraw.blocked.address' }
    : noPassword
      ? { key: 'funds.withdraw.blocked.password' }
      : limitUsedUp
        ? { key: 'funds.withdraw.blocked.limit' }
        : null;

  const live = ((): Message | null => {
    if (parsed.problem === 'precision') return { key: 'funds.amountProblem.precision', params: { coin: coin.coin, precision: coin.precision } };
    if (!received) return null;
    if (received.plus(fee).gt(available)) return { key: 'funds.withdraw.insufficient' };
    // The limit is in USDT; other coins are valued by the server at its prices.
    if (coin.coin === 'USDT' && left !== undefined && received.gt(left))
      return { key: 'funds.withdraw.overLimitLeft', params: { left: { amount: left, places: 2 } } };
    return null;
  })();

  return {
    addresses,
    address,
    available,
    fee,
    max: wireAmount(maxOf(available, fee, coin.precision)),
    received,
    total: received ? received.plus(fee) : null,
    limit: me?.withdrawalLimit,
    left,
    noPassword,
    limitUsedUp,
    reviewing,
    nextLimit,
    blocked,
    live,
    request:
      address && received
        ? { coin: coin.coin, chain: chain.chain, addressId: address.id, amount: wireAmount(received), transactionPassword: state.password }
        : null,
  };
}

// ---- errors ----------------------------------------------------------------------------------

/** On Withdraw: an address, an amount that is a valid number of the coin and at least the minimum (and fits, as typed), a 6-digit password. */
export function withdrawErrors(state: WithdrawState, { coin, chain }: WithdrawInputs, summary: WithdrawSummary): FieldErrors<WithdrawField> {
  const parsed = checkAmount(state.amount, coin.precision);
  const amount: Message | null = parsed.problem
    ? { key: `funds.amountProblem.${parsed.problem}`, params: { coin: coin.coin, precision: coin.precision } }
    : parsed.amount.lt(chain.minWithdraw)
      ? { key: 'funds.withdraw.belowMin', params: { min: chain.minWithdraw, coin: coin.coin } }
      : summary.live;
  return {
    ...(summary.address ? {} : { address: { key: 'funds.withdraw.noAddress' } }),
    ...(amount ? { amount } : {}),
    ...(PASSWORD.test(state.password) ? {} : { password: { key: 'funds.withdraw.passwordFormat' } }),
  };
}

/** The withdrawal form: the reducer, summary and errors above. */
export const withdrawForm = createForm({ reducer: withdrawReducer, summary: withdrawSummary, errors: withdrawErrors });
