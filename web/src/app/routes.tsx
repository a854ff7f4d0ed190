/**
 * The one route table: every path of the product spec (§2) with its lazily loaded page, its tab,
 * whether it needs a logged-in user and whether it has pull-to-refresh. Pages read their
 * parameters from the query string (the spec has no path parameters).
 */
import type { ComponentType } from 'react';

export type TabKey = 'home' | 'market' | 'trade' | 'lever' | 'assets';

export interface RouteDef {
  path: string;
  /** locales/en.json key of the page title. */
  title: string;
  load: () => Promise<{ default: ComponentType }>;
  tab?: TabKey;
  auth?: boolean;
  refresh?: boolean;
}

const notYet = () => import('../ui/NotAvailablePage');
const home = () => import('../features/home/pages/HomePage');

export const TABS: Array<{ key: TabKey; path: string; title: string }> = [
  { key: 'home', path: '/pages/home/home', title: 'tabs.home' },
  { key: 'market', path: '/pages/market/market', title: 'tabs.market' },
  { key: 'trade', path: '/pages/trade/trade', title: 'tabs.trade' },
  { key: 'lever', path: '/pages/lever/lever', title: 'tabs.lever' },
  { key: 'assets', path: '/pages/assets/assets', title: 'tabs.assets' },
];

/** Pages not built yet: [path, title key, needs login, pull-to-refresh]. */
const PENDING: Array<[string, string, boolean?, boolean?]> = [
  ['/pages/home/news', 'routes.news', false, true],
  ['/pages/home/newsDetail', 'routes.newsDetail'],
  ['/pages/home/agreement', 'routes.agreement'],
  ['/pages/market/kline', 'routes.kline'],
  ['/pages/market/second', 'routes.second', false, true],
  ['/pages/trade/entrust', 'routes.entrust', true, true],
  ['/pages/lever/leverList', 'routes.leverList', true, true],
  ['/pages/lever/orderList', 'routes.leverOrders', true, true],
  ['/pages/mine/setPwd', 'routes.setPwd', true],
  ['/pages/mine/modifyPwd', 'routes.modifyPwd', true],
  ['/pages/mine/modifyPwdNext', 'routes.modifyPwdNext', true],
  ['/pages/mine/forgetPwd', 'routes.forgetPwd'],
  ['/pages/mine/forgetPwdNext', 'routes.forgetPwdNext'],
  ['/pages/mine/userCenter', 'routes.userCenter', true],
  ['/pages/mine/security', 'routes.security', true],
  ['/pages/mine/resetLegalPwd', 'routes.resetLegalPwd', true],
  ['/pages/mine/about', 'routes.about'],
  ['/pages/mine/policy', 'routes.policy'],
  ['/pages/mine/app', 'routes.app'],
  ['/pages/mine/authentication', 'routes.authentication', true],
  ['/pages/mine/real_authentication', 'routes.realAuthentication', true],
  ['/pages/mine/bank_authentication', 'routes.bankAuthentication', true],
  ['/pages/mine/collect_money', 'routes.collectMoney', true],
  ['/pages/mine/authorization_code', 'routes.authorizationCode', true],
  ['/pages/mine/systemMessages', 'routes.systemMessages', true, true],
  ['/pages/mine/systemMessagesDetail', 'routes.systemMessagesDetail', true],
  ['/pages/mine/invite', 'routes.invite', true],
  ['/pages/mine/group', 'routes.group', true, true],
  ['/pages/mine/group_log', 'routes.groupLog', true, true],
  ['/pages/mine/kefu', 'routes.kefu'],
  ['/pages/assets/tradeAccount', 'routes.tradeAccount', true, true],
  ['/pages/assets/charge', 'routes.charge', true],
  ['/pages/assets/chargeOther', 'routes.chargeOther', true],
  ['/pages/assets/mention', 'routes.mention', true],
  ['/pages/assets/bindMentionAddress', 'routes.bindMentionAddress', true],
  ['/pages/assets/transfer', 'routes.transfer', true],
  ['/pages/assets/transferTolever', 'routes.transferTolever', true],
  ['/pages/assets/transferTomicro', 'routes.transferTomicro', true],
  ['/pages/legal/legal', 'routes.legal', false, true],
  ['/pages/legal/storeUser', 'routes.storeUser', true],
  ['/pages/legal/store', 'routes.store', true, true],
  ['/pages/legal/storeDetail', 'routes.storeDetail', false, true],
  ['/pages/legal/transactionRecord', 'routes.transactionRecord', true, true],
  ['/pages/legal/transfer', 'routes.legalTransfer', true],
  ['/pages/legal/storeOrder', 'routes.storeOrder', true, true],
  ['/pages/legal/orderDetail', 'routes.orderDetail', true],
  ['/pages/legal/order', 'routes.legalOrder', true, true],
  ['/pages/legal/recordlist', 'routes.recordlist', true, true],
  ['/pages/legal/finished', 'routes.finished', true],
  ['/pages/ieo/index', 'routes.ieo', false, true],
  ['/pages/ieo/detail', 'routes.ieoDetail'],
  ['/pages/ieo/order', 'routes.ieoOrder', true, true],
  ['/pages/lockming/index', 'routes.lockming', false, true],
  ['/pages/lockming/list', 'routes.lockmingList', true, true],
  ['/pages/lockming/lockmingdetail', 'routes.lockmingDetail'],
  ['/pages/lockming/lockmingindex', 'routes.lockmingMarket', false, true],
  ['/pages/loans/loansindex', 'routes.loans', false, true],
  ['/pages/loans/loansdetail', 'routes.loansDetail', true],
  ['/pages/coin/index', 'routes.coin', false, true],
  ['/pages/coin/coinlog', 'routes.coinlog', true, true],
];

export const ROUTES: RouteDef[] = [
  { path: '/', title: 'tabs.home', load: home, tab: 'home', refresh: true },
  { path: '/pages/home/home', title: 'tabs.home', load: home, tab: 'home', refresh: true },
  { path: '/pages/market/market', title: 'tabs.market', load: () => import('../features/market/pages/MarketPage'), tab: 'market', refresh: true },
  { path: '/pages/trade/trade', title: 'tabs.trade', load: notYet, tab: 'trade', refresh: true },
  { path: '/pages/lever/lever', title: 'tabs.lever', load: notYet, tab: 'lever', refresh: true },
  { path: '/pages/assets/assets', title: 'tabs.assets', load: notYet, tab: 'assets', auth: true, refresh: true },
  { path: '/pages/mine/login', title: 'routes.login', load: () => import('../features/account/pages/LoginPage') },
  { path: '/pages/mine/register', title: 'routes.register', load: () => import('../features/account/pages/RegisterPage') },
  ...PENDING.map(([path, title, auth, refresh]) => ({ path, title, load: notYet, auth: auth ?? false, refresh: refresh ?? false })),
];
