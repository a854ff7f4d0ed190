/**
 * The one route table: every path of the product spec (§2) with its lazily loaded page, its tab,
 * whether it needs a logged-in user and whether it has pull-to-refresh. Pages read their
 * parameters from the query string (the spec has no path parameters).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { coinsQuery } from '../api/coins';
import { tickersQuery } from '../api/market';
import { meQuery } from '../api/me';
import { settingsQuery } from '../api/settings';
import { walletQuery } from '../api/wallet';
import { paths, type AppPath } from '../lib/paths';
import type { TabKey } from './tabs';
import { FIRST_READS, type FirstRead } from './firstReads';
import type { DictionaryPart } from '../i18n';

export interface RouteDef {
  path: AppPath;
  /** locales/en.json key of the page title. */
  title: string;
  load: () => Promise<{ default: ComponentType }>;
  tab?: TabKey;
  auth?: boolean;
  refresh?: boolean;
}

/** The query of each operation a tab page may read first (app/firstReads.ts). */
const FIRST_QUERIES: Record<FirstRead, (client: QueryClient) => Promise<void>> = {
  listTickers: (c) => c.prefetchQuery(tickersQuery),
  getSettings: (c) => c.prefetchQuery(settingsQuery),
  listCoins: (c) => c.prefetchQuery(coinsQuery),
  getWallet: (c) => c.prefetchQuery(walletQuery),
  getCurrentUser: (c) => c.prefetchQuery(meQuery),
};

/**
 * Starts the queries a tab page asks for first (`loggedIn`: a session is there). On opening the app
 * they go out with the page's code and strings (main.tsx), so the first render has data instead of
 * a skeleton that waits one more round trip; preload.js has asked for them already (app/firstReads.ts).
 */
export function prefetchFirstReads(route: RouteDef, client: QueryClient, loggedIn: boolean) {
  if (!route.tab) return;
  const { open, user } = FIRST_READS[route.tab];
  for (const read of [...open, ...(loggedIn ? user : [])]) void FIRST_QUERIES[read](client);
}

const home = () => import('./home/HomePage');

export const ROUTES: RouteDef[] = [
  { path: paths.root, title: 'tabs.home', load: home, tab: 'home', refresh: true },
  { path: paths.home.home, title: 'tabs.home', load: home, tab: 'home', refresh: true },
  {
    path: paths.market.market,
    title: 'tabs.market',
    load: () => import('../features/market/pages/MarketPage'),
    tab: 'market',
    refresh: true,
  },
  { path: paths.market.kline, title: 'routes.kline', load: () => import('../features/market/pages/KlinePage') },
  {
    path: paths.trade.trade,
    title: 'tabs.trade',
    load: () => import('../features/trade/pages/TradePage'),
    tab: 'trade',
    refresh: true,
  },
  { path: paths.trade.entrust, title: 'routes.entrust', load: () => import('../features/trade/pages/EntrustPage'), auth: true, refresh: true },
  { path: paths.home.news, title: 'routes.news', load: () => import('../features/news/pages/NewsPage'), refresh: true },
  { path: paths.home.newsDetail, title: 'routes.newsDetail', load: () => import('../features/news/pages/NewsDetailPage') },
  { path: paths.mine.systemMessages, title: 'routes.systemMessages', load: () => import('../features/messages/pages/MessagesPage'), auth: true, refresh: true },
  {
    path: paths.mine.systemMessagesDetail,
    title: 'routes.systemMessagesDetail',
    load: () => import('../features/messages/pages/MessageDetailPage'),
    auth: true,
  },
  { path: paths.mine.invite, title: 'routes.invite', load: () => import('../features/team/pages/InvitePage'), auth: true },
  // Fiat P2P: legal = the market (buy/sell ads with filters); storeDetail = one merchant's record
  // and ads; order = placing an order on an ad; orderDetail = one order from either side (its
  // steps, the collection account, the countdown, the chat); recordlist = my orders by state;
  // finished = the end of an order; storeUser = becoming a merchant; store = my store (publish,
  // edit, shelf); storeOrder = orders on my ads; transactionRecord = the fiat account's balance
  // log; transfer (below) = the assets transfer page between funds and fiat.
  { path: paths.legal.legal, title: 'routes.legal', load: () => import('../features/fiat/pages/MarketPage'), refresh: true },
  { path: paths.legal.storeDetail, title: 'routes.storeDetail', load: () => import('../features/fiat/pages/StoreDetailPage'), refresh: true },
  { path: paths.legal.order, title: 'routes.placeFiatOrder', load: () => import('../features/fiat/pages/OrderPage'), auth: true },
  { path: paths.legal.orderDetail, title: 'routes.orderDetail', load: () => import('../features/fiat/pages/OrderDetailPage'), auth: true, refresh: true },
  { path: paths.legal.recordlist, title: 'routes.recordlist', load: () => import('../features/fiat/pages/RecordListPage'), auth: true, refresh: true },
  { path: paths.legal.finished, title: 'routes.finished', load: () => import('../features/fiat/pages/FinishedPage'), auth: true },
  { path: paths.legal.storeUser, title: 'routes.storeUser', load: () => import('../features/fiat/pages/StoreUserPage'), auth: true },
  { path: paths.legal.store, title: 'routes.store', load: () => import('../features/fiat/pages/StorePage'), auth: true, refresh: true },
  { path: paths.legal.storeOrder, title: 'routes.storeOrder', load: () => import('../features/fiat/pages/StoreOrderPage'), auth: true, refresh: true },
  {
    path: paths.legal.transactionRecord,
    title: 'routes.transactionRecord',
    load: () => import('../features/fiat/pages/TransactionRecordPage'),
    auth: true,
    refresh: true,
  },
  // Earn: lockming/index = lock-up mining products and locking; lockmingindex = the mining-machine
  // market; lockmingdetail = one machine and buying shares; list = my lock-ups and machine orders;
  // coin/index = coin savings products and depositing; coin/coinlog = my deposits.
  { path: paths.lockming.index, title: 'routes.lockming', load: () => import('../features/earn/pages/LockPage'), refresh: true },
  { path: paths.lockming.lockmingindex, title: 'routes.lockmingMarket', load: () => import('../features/earn/pages/MachinesPage'), refresh: true },
  { path: paths.lockming.lockmingdetail, title: 'routes.lockmingDetail', load: () => import('../features/earn/pages/MachineDetailPage') },
  { path: paths.lockming.list, title: 'routes.lockmingList', load: () => import('../features/earn/pages/PositionsPage'), auth: true, refresh: true },
  { path: paths.coin.index, title: 'routes.coin', load: () => import('../features/earn/pages/SavingsPage'), refresh: true },
  { path: paths.coin.coinlog, title: 'routes.coinlog', load: () => import('../features/earn/pages/SavingsLogPage'), auth: true, refresh: true },
  // IEO: index = the rounds; detail = one round and subscribing; order = my subscriptions.
  { path: paths.ieo.index, title: 'routes.ieo', load: () => import('../features/ieo/pages/IeoPage'), refresh: true },
  { path: paths.ieo.detail, title: 'routes.ieoDetail', load: () => import('../features/ieo/pages/IeoDetailPage'), refresh: true },
  { path: paths.ieo.order, title: 'routes.ieoOrder', load: () => import('../features/ieo/pages/IeoOrderPage'), auth: true, refresh: true },
  // Loans: loansindex = the products and applying (the schedule first); loansdetail = my loans and repaying.
  { path: paths.loans.loansindex, title: 'routes.loans', load: () => import('../features/loans/pages/LoansPage'), refresh: true },
  { path: paths.loans.loansdetail, title: 'routes.loansDetail', load: () => import('../features/loans/pages/LoanDetailPage'), auth: true, refresh: true },
  { path: paths.mine.kefu, title: 'routes.kefu', load: () => import('../features/support/pages/KefuPage') },
  { path: paths.mine.group, title: 'routes.group', load: () => import('../features/team/pages/GroupPage'), auth: true, refresh: true },
  { path: paths.mine.groupLog, title: 'routes.groupLog', load: () => import('../features/team/pages/GroupLogPage'), auth: true, refresh: true },
  { path: paths.market.second, title: 'routes.second', load: () => import('../features/second/pages/SecondPage'), refresh: true },
  { path: paths.lever.lever, title: 'tabs.lever', load: () => import('../features/lever/pages/LeverPage'), tab: 'lever', refresh: true },
  { path: paths.lever.leverList, title: 'routes.leverList', load: () => import('../features/lever/pages/LeverListPage'), auth: true, refresh: true },
  { path: paths.lever.orderList, title: 'routes.leverOrders', load: () => import('../features/lever/pages/LeverOrdersPage'), auth: true, refresh: true },
  {
    path: paths.assets.assets,
    title: 'tabs.assets',
    load: () => import('../features/assets/pages/AssetsPage'),
    tab: 'assets',
    auth: true,
    refresh: true,
  },
  { path: paths.mine.login, title: 'routes.login', load: () => import('../features/account/pages/LoginPage') },
  { path: paths.mine.register, title: 'routes.register', load: () => import('../features/account/pages/RegisterPage') },
  // Account (issue 3)
  { path: paths.mine.userCenter, title: 'routes.userCenter', load: () => import('../features/account/pages/UserCenterPage'), auth: true },
  { path: paths.mine.security, title: 'routes.security', load: () => import('../features/account/pages/SecurityPage'), auth: true },
  { path: paths.mine.about, title: 'routes.about', load: () => import('../features/account/pages/AboutPage') },
  { path: paths.mine.app, title: 'routes.app', load: () => import('../features/account/pages/AppDownloadPage') },
  { path: paths.home.agreement, title: 'routes.agreement', load: () => import('../features/account/pages/AgreementPage') },
  { path: paths.mine.policy, title: 'routes.policy', load: () => import('../features/account/pages/PolicyPage') },
  { path: paths.mine.authorizationCode, title: 'routes.authorizationCode', load: () => import('../features/account/pages/AuthorizationCodePage'), auth: true },
  // Passwords
  { path: paths.mine.forgetPwd, title: 'routes.forgetPwd', load: () => import('../features/account/pages/ForgetPwdPage') },
  { path: paths.mine.forgetPwdNext, title: 'routes.forgetPwdNext', load: () => import('../features/account/pages/ForgetPwdNextPage') },
  { path: paths.mine.setPwd, title: 'routes.setPwd', load: () => import('../features/account/pages/SetPwdPage'), auth: true },
  { path: paths.mine.modifyPwd, title: 'routes.modifyPwd', load: () => import('../features/account/pages/ModifyPwdPage'), auth: true },
  { path: paths.mine.modifyPwdNext, title: 'routes.modifyPwdNext', load: () => import('../features/account/pages/ModifyPwdNextPage'), auth: true },
  { path: paths.mine.resetLegalPwd, title: 'routes.resetLegalPwd', load: () => import('../features/account/pages/TransactionPasswordPage'), auth: true },
  // Assets (issue 4)
  { path: paths.assets.tradeAccount, title: 'routes.tradeAccount', load: () => import('../features/assets/pages/TradeAccountPage'), auth: true, refresh: true },
  { path: paths.assets.charge, title: 'routes.charge', load: () => import('../features/assets/pages/ChargePage'), auth: true },
  { path: paths.assets.chargeOther, title: 'routes.chargeOther', load: () => import('../features/assets/pages/ChargeOtherPage'), auth: true },
  { path: paths.assets.mention, title: 'routes.mention', load: () => import('../features/assets/pages/WithdrawPage'), auth: true },
  {
    path: paths.assets.bindMentionAddress,
    title: 'routes.bindMentionAddress',
    load: () => import('../features/assets/pages/BindMentionAddressPage'),
    auth: true,
  },
  { path: paths.assets.transfer, title: 'routes.transfer', load: () => import('../features/assets/pages/TransferPage'), auth: true },
  { path: paths.assets.transferTolever, title: 'routes.transferTolever', load: () => import('../features/assets/pages/TransferPage'), auth: true },
  { path: paths.assets.transferTomicro, title: 'routes.transferTomicro', load: () => import('../features/assets/pages/TransferPage'), auth: true },
  { path: paths.legal.transfer, title: 'routes.legalTransfer', load: () => import('../features/assets/pages/TransferPage'), auth: true },
  // Not in the spec's route list, but the flash exchange of its feature list needs a page.
  { path: paths.assets.flash, title: 'routes.flash', load: () => import('../features/assets/pages/FlashExchangePage'), auth: true },
  // Identity and payment
  { path: paths.mine.authentication, title: 'routes.authentication', load: () => import('../features/identity/pages/AuthenticationPage'), auth: true },
  {
    path: paths.mine.realAuthentication,
    title: 'routes.realAuthentication',
    load: () => import('../features/identity/pages/RealAuthenticationPage'),
    auth: true,
  },
  {
    path: paths.mine.bankAuthentication,
    title: 'routes.bankAuthentication',
    load: () => import('../features/identity/pages/BankAuthenticationPage'),
    auth: true,
  },
  { path: paths.mine.collectMoney, title: 'routes.collectMoney', load: () => import('../features/identity/pages/CollectMoneyPage'), auth: true },
];

/**
 * The part of the dictionary a page needs besides core (i18n/coreGroups.ts): none for home, its own
 * for another tab page, the rest for any other page.
 */
export function stringsOf(route: RouteDef): DictionaryPart {
  return route.tab === 'home' ? 'core' : (route.tab ?? 'rest');
}

/** The route of an address of the app (`location.pathname`, under /h5), if any. */
export function routeAt(pathname: string): RouteDef | undefined {
  const path = pathname.replace(/^\/h5(?=\/|$)/, '').replace(/(.)\/$/, '$1') || '/';
  return ROUTES.find((r) => r.path === path);
}
