/**
 * What each contract operation does, as calls into the domain. Typed by the generated contract:
 * a handler receives the validated query and body and returns the ok payload.
 */
import type { OperationId, OpBody, OpQuery, OpResult } from '../../../contracts/generated/operations.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../common/validation.ts';
import { WITHDRAWAL_LIMITS } from '../domain/account/accounts.ts';
import { CODE_COOLDOWN_MS } from '../domain/account/codes.ts';
import { COINS } from '../domain/assets/coins.ts';
import { deepFreeze } from '../domain/kernel/frozen.ts';
import { SPOT_FEE } from '../domain/trade/trade.ts';
import { UPLOAD_MAX_BYTES } from '../domain/kernel/uploads.ts';
import { IDENTITY_REVIEW_MS, PAYMENT_REVIEW_MS, type World } from '../domain/world.ts';
import type { KlinePeriod } from '../domain/market/market.ts';

export interface OperationContext<K extends OperationId> {
  world: World;
  token: string | undefined;
  /** Who is calling (the HTTP adapter: the remote address), for per-client attempt limits. */
  client: string | undefined;
  query: OpQuery<K>;
  body: OpBody<K>;
}

/** The settings every client reads at start: constants, so one object serves every call. */
const SETTINGS: OpResult<'getSettings'> = deepFreeze({
  siteName: 'H5 Exchange',
  appVersion: '1.0.0',
  defaultLocale: 'en',
  locales: ['en', 'es', 'de', 'fr', 'zh', 'jp', 'hk', 'it', 'sv', 'cr', 'pt', 'ko', 'th', 'ar', 'vi', 'tr', 'ru', 'bg', 'ro', 'br'],
  codeCooldownSeconds: CODE_COOLDOWN_MS / 1000,
  passwordMinLength: PASSWORD_MIN,
  passwordMaxLength: PASSWORD_MAX,
  uploadMaxBytes: UPLOAD_MAX_BYTES,
  identityReviewSeconds: IDENTITY_REVIEW_MS / 1000,
  paymentReviewSeconds: PAYMENT_REVIEW_MS / 1000,
  sandbox: true,
  withdrawalLimits: { ...WITHDRAWAL_LIMITS },
  fiatRates: { USD: '1', EUR: '0.92', GBP: '0.79', CNY: '7.24', JPY: '151.8', KRW: '1368', BRL: '5.05', TRY: '32.4', RUB: '92.5', VND: '25350' },
  spotFeeRate: SPOT_FEE.toString(),
});
/** The coin list, as listCoins prints it (a frozen copy of the configuration). */
const COIN_LIST: OpResult<'listCoins'> = deepFreeze(JSON.parse(JSON.stringify(COINS)) as OpResult<'listCoins'>);
/** A frozen copy of each second's tickers (the market keeps one list per second). */
const frozenTickers = new WeakMap<object, OpResult<'listTickers'>>();

type Handlers = { [K in OperationId]: (ctx: OperationContext<K>) => OpResult<K> };

export const handlers: Handlers = {
  getSettings: () => SETTINGS,
  sendCode: ({ world, body, token }) => world.accounts.sendCode(body, token),
  register: ({ world, body, client }) => world.accounts.register(body, client),
  login: ({ world, body, client }) => world.accounts.login(body, client),
  logout: ({ world, token }) => {
    world.accounts.logout(token);
    return 'Logged out';
  },
  getCurrentUser: ({ world, token }) => world.accounts.authenticate(token),
  checkCode: ({ world, body, token, client }) => world.accounts.checkCode(body, token, client),
  resetPassword: ({ world, body, token }) => world.accounts.resetPassword(body, token),
  changePassword: ({ world, body, token, client }) => world.accounts.changePassword(token, body, client),
  setTransactionPassword: ({ world, body, token, client }) => world.accounts.setTransactionPassword(token, body, client),
  uploadImage: ({ world, body, token }) => {
    const { id, contentType, size } = world.uploads.add(world.support.ownerOf(token), body.image);
    return { id, contentType, size };
  },
  getUpload: ({ world, query, token }) => {
    const { id, contentType, size, dataUrl } = world.uploads.get(world.support.ownerOf(token), query.id);
    return { id, contentType, size, image: dataUrl };
  },
  submitIdentity: ({ world, body, token }) => world.identity.submit(token, body),
  addPaymentMethod: ({ world, body, token }) => world.payments.add(token, body),
  removePaymentMethod: ({ world, body, token }) => world.payments.remove(token, body.id),
  listPaymentMethods: ({ world, token }) => world.payments.list(token),
  redeemAuthorizationCode: ({ world, body, token }) => world.accounts.redeemAuthorizationCode(token, body.code),
  listCoins: () => COIN_LIST,
  getWallet: ({ world, token }) => world.wallet.view(token),
  getDepositAddress: ({ world, query, token }) => world.wallet.depositAddress(token, query.coin, query.chain),
  getWireDetails: ({ world, token }) => world.wallet.wireDetails(token),
  sandboxDeposit: ({ world, body, token }) => world.wallet.sandboxDeposit(token, body),
  submitRecharge: ({ world, body, token }) => world.wallet.recharge(token, body),
  listRecords: ({ world, query, token }) => world.wallet.list(token, query ?? {}),
  listBalanceLog: ({ world, query, token }) => world.wallet.balanceLog(token, query),
  listAddresses: ({ world, token }) => world.withdrawals.listAddresses(token),
  addAddress: ({ world, body, token }) => world.withdrawals.addAddress(token, body),
  removeAddress: ({ world, body, token }) => world.withdrawals.removeAddress(token, body.id),
  withdraw: ({ world, body, token }) => world.withdrawals.withdraw(token, body),
  transfer: ({ world, body, token }) => world.exchange.transfer(token, body),
  flashQuote: ({ world, body, token }) => world.exchange.quote(token, body),
  flashExchange: ({ world, body, token }) => world.exchange.exchange(token, body.quoteId),
  getOrderBook: ({ world, query }) => world.liquidity.depth(query.symbol, query.limit ?? 20),
  getTrades: ({ world, query }) => world.liquidity.trades(query.symbol, query.limit ?? 30),
  listFavorites: ({ world, token }) => world.spot.listFavorites(token),
  setFavorite: ({ world, body, token }) => world.spot.setFavorite(token, body.symbol, body.favorite),
  placeOrder: ({ world, body, token }) => world.spot.place(token, body),
  cancelOrder: ({ world, body, token }) => world.spot.cancel(token, body.id),
  listOrders: ({ world, query, token }) => world.spot.list(token, query ?? {}),
  listLeverSymbols: ({ world }) => [...world.lever.symbols()],
  getLeverAccount: ({ world, token }) => world.lever.account(token),
  openLever: ({ world, body, token }) => world.lever.open(token, body),
  cancelLever: ({ world, body, token }) => world.lever.cancel(token, body.id),
  setLeverTpSl: ({ world, body, token }) => world.lever.setTpSl(token, body),
  closeLever: ({ world, body, token }) => world.lever.close(token, body.id),
  closeAllLever: ({ world, token }) => world.lever.closeAll(token),
  listLeverOrders: ({ world, query, token }) => world.lever.list(token, query ?? {}),
  getSecondTerms: ({ world }) => world.second.terms(),
  buySecond: ({ world, body, token }) => world.second.buy(token, body),
  listSecondOrders: ({ world, query, token }) => world.second.list(token, query ?? {}),
  listNews: ({ world, query }) => world.news.list(query ?? {}),
  getNews: ({ world, query }) => world.news.get(query.id, query.locale),
  listMessages: ({ world, query, token }) => world.messages.list(world.accounts.record(token).id, query ?? {}),
  readMessage: ({ world, body, token }) => world.messages.read(world.accounts.record(token).id, body.id),
  readAllMessages: ({ world, token }) => world.messages.readAll(world.accounts.record(token).id),
  startSupportGuest: ({ world, body, client }) => world.support.startGuest(body?.key, client),
  getSupportChat: ({ world, query, token }) => world.support.chat(world.support.ownerOf(token), query ?? {}),
  getSupportUnread: ({ world, token }) => ({ unread: world.support.unread(world.support.ownerOf(token)) }),
  sendSupportMessage: ({ world, body, token }) => world.support.send(world.support.ownerOf(token), body),
  readSupport: ({ world, token }) => world.support.read(world.support.ownerOf(token)),
  listP2pAds: ({ world, query }) => world.p2pApi.listAds(query),
  getP2pStore: ({ world, query }) => world.p2pApi.storeView(query.id),
  listP2pOrders: ({ world, query, token }) => world.p2pApi.ordersOf(world.accounts.record(token).id, query ?? {}),
  placeP2pOrder: ({ world, body, token }) => world.p2pApi.placeRequest(world.accounts.record(token).id, body),
  getP2pOrder: ({ world, query, token }) => {
    const userId = world.accounts.record(token).id;
    return world.p2pApi.orderView(world.p2pApi.mine(userId, query.id), userId);
  },
  actOnP2pOrder: ({ world, body, token }) => {
    const user = world.accounts.record(token);
    return world.p2pApi.actRequest(user.id, body, (password) => world.accounts.checkTransactionPassword(user, password));
  },
  listP2pMessages: ({ world, query, token }) => world.p2pApi.messages(world.accounts.record(token).id, query.id),
  sendP2pMessage: ({ world, body, token }) => world.p2pApi.send(world.accounts.record(token).id, body),
  listLockProducts: ({ world }) => world.earn.lockProducts(),
  lockFunds: ({ world, body, token }) => world.earn.lockFunds(world.accounts.record(token).id, body),
  redeemLock: ({ world, body, token }) => world.earn.redeem(world.accounts.record(token).id, body.id),
  listMiningMachines: ({ world }) => world.earn.machineList(),
  buyMachine: ({ world, body, token }) => world.earn.buyMachine(world.accounts.record(token).id, body),
  listSavingsProducts: ({ world }) => world.earn.savingsProducts(),
  depositSavings: ({ world, body, token }) => world.earn.deposit(world.accounts.record(token).id, body),
  listEarnPositions: ({ world, query, token }) => world.earn.positions(world.accounts.record(token).id, query ?? {}),
  listIeoProjects: ({ world }) => world.ieo.projects(),
  getIeoProject: ({ world, query }) => world.ieo.project(query.id),
  subscribeIeo: ({ world, body, token }) => world.ieo.subscribe(world.accounts.record(token).id, body),
  listIeoSubscriptions: ({ world, query, token }) => world.ieo.list(world.accounts.record(token).id, query ?? {}),
  listLoanProducts: ({ world }) => world.loans.products(),
  quoteLoan: ({ world, query }) => world.loans.quote(query),
  applyLoan: ({ world, body, token }) => world.loans.apply(world.accounts.record(token).id, body),
  listLoans: ({ world, query, token }) => world.loans.list(world.accounts.record(token).id, query ?? {}),
  repayLoan: ({ world, body, token }) => world.loans.repay(world.accounts.record(token).id, body),
  getMyP2pStore: ({ world, token }) => world.p2pApi.merchant(world.accounts.record(token).id),
  openP2pStore: ({ world, token }) => world.p2pApi.open(world.accounts.record(token).id),
  publishP2pAd: ({ world, body, token }) => world.p2pApi.publishRequest(world.accounts.record(token).id, body),
  setP2pAdOnline: ({ world, body, token }) => world.p2pApi.shelfRequest(world.accounts.record(token).id, body),
  editP2pAd: ({ world, body, token }) => world.p2pApi.editRequest(world.accounts.record(token).id, body),
  getTeam: ({ world, token }) => world.team.summary(world.accounts.record(token).id),
  listTeamMembers: ({ world, query, token }) => world.team.listMembers(world.accounts.record(token).id, query ?? {}),
  listRebates: ({ world, query, token }) => world.team.listRebates(world.accounts.record(token).id, query ?? {}),
  listTickers: ({ world }) => {
    const tickers = world.market.tickers();
    let copy = frozenTickers.get(tickers);
    if (!copy) frozenTickers.set(tickers, (copy = deepFreeze(tickers.map((t) => ({ ...t })))));
    return copy;
  },
  getKline: ({ world, query }) => ({
    symbol: query.symbol,
    period: query.period,
    candles: world.market.kline(query.symbol, query.period as KlinePeriod, query.limit ?? 200, query.to),
  }),
};
