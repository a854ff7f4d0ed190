/** Assets: coins, the wallet, deposits, withdrawals, transfers and flash exchange. */
import type { OpResult } from '../../../../contracts/generated/operations.ts';
import { COINS } from '../../domain/assets/coins.ts';
import { deepFreeze } from '../../domain/kernel/frozen.ts';
import type { Handlers } from '../operations.ts';

/** The coin list, as listCoins prints it (a frozen copy of the configuration). */
const COIN_LIST: OpResult<'listCoins'> = deepFreeze(JSON.parse(JSON.stringify(COINS)) as OpResult<'listCoins'>);

export const assets = {
  listCoins: () => COIN_LIST,
  getWallet: ({ world, userId }) => world.wallet.view(userId),
  getDepositAddress: ({ world, query, userId }) => world.wallet.depositAddress(userId, query.coin, query.chain),
  getWireDetails: ({ world, userId }) => world.wallet.wireDetails(userId),
  sandboxDeposit: ({ world, body, userId }) => world.wallet.sandboxDeposit(userId, body),
  submitRecharge: ({ world, body, userId }) => world.wallet.recharge(userId, body),
  listRecords: ({ world, query, userId }) => world.wallet.list(userId, query ?? {}),
  listBalanceLog: ({ world, query, userId }) => world.wallet.balanceLog(userId, query),
  listAddresses: ({ world, userId }) => world.withdrawals.listAddresses(userId),
  addAddress: ({ world, body, userId }) => world.withdrawals.addAddress(userId, body),
  removeAddress: ({ world, body, userId }) => world.withdrawals.removeAddress(userId, body.id),
  withdraw: ({ world, body, userId }) => world.withdrawals.withdraw(userId, body),
  transfer: ({ world, body, userId }) => world.exchange.transfer(userId, body),
  flashQuote: ({ world, body, userId }) => world.exchange.quote(userId, body),
  flashExchange: ({ world, body, userId }) => world.exchange.exchange(userId, body.quoteId),
} satisfies Partial<Handlers>;
