/**
 * The world's events: what its areas announce. Every event about a user's own things has one shape:
 * `userId`, whose room it goes to (an event two users hear is announced once for each), and the
 * area's object. The realtime router (core/realtime.ts) sends it as the contract's payload, shaping
 * the view where an area keeps its own state form (fiat, earn, IEO, loans); reactions.ts routes
 * events between areas, and the last two below are only for that.
 */
import type Big from 'big.js';
import type { components } from '../../../contracts/generated/openapi.ts';
import type { UserBalance } from '../../../contracts/generated/socket.ts';
import type { WalletRecord } from './assets/wallet.ts';
import type { ChatMessage as P2pChatMessage, Order as P2pOrder } from './fiat/model.ts';
import type { Position as EarnPositionState } from './earn/accrual.ts';
import type { IeoSubscriptionState } from './ieo/ieo.ts';
import type { LeverAccount, LeverOrder } from './lever/lever.ts';
import type { Loan as LoanState } from './loans/loans.ts';
import type { SystemMessage } from './messages/messages.ts';
import type { SecondOrder } from './second/second.ts';
import type { SupportMessage } from './support/support.ts';
import type { Rebate } from './team/team.ts';
import type { Order } from './trade/trade.ts';

type Ticker = components['schemas']['Ticker'];

export interface WorldEvents extends Record<string, unknown> {
  /** Prices moved: the tickers after the move (about once a virtual second while time runs). */
  tickers: { time: number; tickers: Ticker[] };
  /** A user's balances changed: all of that user's non-empty balances. */
  balances: { userId: string; time: number; balances: UserBalance[] };
  /** A deposit, withdrawal, transfer, recharge or exchange of a user was created or changed. */
  record: { userId: string; record: WalletRecord };
  /** A spot order of a user was placed, filled (partly) or closed. */
  order: { userId: string; order: Order };
  /** A lever order of a user was placed, opened, changed, charged, closed or cancelled. */
  leverOrder: { userId: string; order: LeverOrder };
  /** A user's lever account changed (balance, margin or frozen amounts; not prices alone). */
  leverAccount: { userId: string; account: LeverAccount };
  /** The platform sent a user a system message. */
  systemMessage: { userId: string; message: SystemMessage; unread: number };
  /** A second contract of a user was bought or settled. */
  secondOrder: { userId: string; order: SecondOrder };
  /** A share of a team member's spot fee was credited to a user. */
  rebate: { userId: string; rebate: Rebate };
  /** A message was added to a support conversation (owner: a user id, or a guest's `guest:…`). */
  supportMessage: { userId: string; message: SupportMessage; unread: number };
  /** The support agent started or stopped typing in a conversation. */
  supportTyping: { userId: string; typing: boolean };
  /** The support agent read the owner's messages up to `until`. */
  supportRead: { userId: string; until: number };
  /** A fiat (P2P) order was placed or changed: once for each side. */
  p2pOrder: { userId: string; order: P2pOrder };
  /** A message was added to a fiat order's chat: once for each side. */
  p2pMessage: { userId: string; order: P2pOrder; message: P2pChatMessage };
  /** An earn position was opened, paid, ended or redeemed. */
  earnPosition: { userId: string; position: EarnPositionState };
  /** A loan was applied for, decided, paid out, repaid or became overdue. */
  loan: { userId: string; loan: LoanState };
  /** An IEO subscription was placed, allotted or distributed. */
  ieoSubscription: { userId: string; subscription: IeoSubscriptionState };
  /** New public trades of symbols, once per virtual second. */
  trades: { symbol: string; trades: components['schemas']['Trade'][] };
  /** A session ended (logout, or a password change ended the user's other sessions). */
  sessionEnded: { userId: string; token: string };

  // Between areas only (reactions.ts): no client hears these.
  /** A user paid a spot trading fee (once per order and matching round, that round's fee). */
  feePaid: { userId: string; fee: { symbol: string; coin: string; amount: Big } };
  /** A user's identity review was decided. */
  identityDecided: { userId: string; verified: boolean };
}
