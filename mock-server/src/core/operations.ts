/**
 * What each contract operation does, as calls into the domain, one module per product area
 * (`operations/<area>.ts`; `system.ts` the settings). Typed by the generated contract: a handler receives the validated query
 * and body, and for an operation that needs a login the caller's user id (dispatch authenticated
 * the session once), and returns the ok payload. `handlers` must name every operation: a missing
 * one fails the build.
 */
import type { operationTable, OperationId, OpBody, OpQuery, OpResult } from '../../../contracts/generated/operations.ts';
import type { World } from '../domain/world.ts';
import { account } from './operations/account.ts';
import { assets } from './operations/assets.ts';
import { earn } from './operations/earn.ts';
import { fiat } from './operations/fiat.ts';
import { identity } from './operations/identity.ts';
import { ieo } from './operations/ieo.ts';
import { lever } from './operations/lever.ts';
import { loans } from './operations/loans.ts';
import { market } from './operations/market.ts';
import { messages } from './operations/messages.ts';
import { news } from './operations/news.ts';
import { second } from './operations/second.ts';
import { support } from './operations/support.ts';
import { system } from './operations/system.ts';
import { team } from './operations/team.ts';
import { trade } from './operations/trade.ts';

export interface OperationContext<K extends OperationId> {
  world: World;
  /** The session sent, if any (account operations that end or keep sessions use it). */
  token: string | undefined;
  /** The caller's user id where the operation needs a login (the contract's `auth`), else undefined. */
  userId: (typeof operationTable)[K]['auth'] extends true ? string : undefined;
  /** Who is calling (the HTTP adapter: the remote address), for per-client attempt limits. */
  client: string | undefined;
  query: OpQuery<K>;
  body: OpBody<K>;
}

export type Handlers = { [K in OperationId]: (ctx: OperationContext<K>) => OpResult<K> };

export const handlers: Handlers = {
  ...system,
  ...account,
  ...identity,
  ...assets,
  ...market,
  ...trade,
  ...lever,
  ...second,
  ...fiat,
  ...earn,
  ...ieo,
  ...loans,
  ...team,
  ...news,
  ...messages,
  ...support,
};
