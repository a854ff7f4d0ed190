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
  ['/pages/market/second', 'routes.second', false, true],
  ['/pages/lever/leverList', 'routes.leverList', true, true],
  ['/pages/lever/orderList', 'routes.leverOrders', true, true],
  ['/pages/mine/systemMessages', 'routes.systemMessages', true, true],
  ['/pages/mine/systemMessagesDetail', 'routes.systemMessagesDetail', true],
  ['/pages/mine/invite', 'routes.invite', true],
  ['/pages/mine/group', 'routes.group', true, true],
  ['/pages/mine/group_log', 'routes.groupLog', true, true],
  ['/pages/mine/kefu', 'routes.kefu'],
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
  { path: '/pages/market/kline', title: 'routes.kline', load: () => import('../features/market/pages/KlinePage') },
  { path: '/pages/trade/trade', title: 'tabs.trade', load: () => import('../features/trade/pages/TradePage'), tab: 'trade', refresh: true },
  { path: '/pages/trade/entrust', title: 'routes.entrust', load: () => import('../features/trade/pages/EntrustPage'), auth: true, refresh: true },
  { path: '/pages/lever/lever', title: 'tabs.lever', load: notYet, tab: 'lever', refresh: true },
  { path: '/pages/assets/assets', title: 'tabs.assets', load: () => import('../features/assets/pages/AssetsPage'), tab: 'assets', auth: true, refresh: true },
  { path: '/pages/mine/login', title: 'routes.login', load: () => import('../features/account/pages/LoginPage') },
  { path: '/pages/mine/register', title: 'routes.register', load: () => import('../features/account/pages/RegisterPage') },
  // Account (issue 3)
  { path: '/pages/mine/userCenter', title: 'routes.userCenter', load: () => import('../features/account/pages/UserCenterPage'), auth: true },
  { path: '/pages/mine/security', title: 'routes.security', load: () => import('../features/account/pages/SecurityPage'), auth: true },
  { path: '/pages/mine/about', title: 'routes.about', load: () => import('../features/account/pages/AboutPage') },
  { path: '/pages/mine/app', title: 'routes.app', load: () => import('../features/account/pages/AppDownloadPage') },
  { path: '/pages/home/agreement', title: 'routes.agreement', load: () => import('../features/account/pages/AgreementPage') },
  { path: '/pages/mine/policy', title: 'routes.policy', load: () => import('../features/account/pages/PolicyPage') },
  { path: '/pages/mine/authorization_code', title: 'routes.authorizationCode', load: () => import('../features/account/pages/AuthorizationCodePage'), auth: true },
  // Passwords
  { path: '/pages/mine/forgetPwd', title: 'routes.forgetPwd', load: () => import('../features/password/pages/ForgetPwdPage') },
  { path: '/pages/mine/forgetPwdNext', title: 'routes.forgetPwdNext', load: () => import('../features/password/pages/ForgetPwdNextPage') },
  { path: '/pages/mine/setPwd', title: 'routes.setPwd', load: () => import('../features/password/pages/SetPwdPage'), auth: true },
  { path: '/pages/mine/modifyPwd', title: 'routes.modifyPwd', load: () => import('../features/password/pages/ModifyPwdPage'), auth: true },
  { path: '/pages/mine/modifyPwdNext', title: 'routes.modifyPwdNext', load: () => import('../features/password/pages/ModifyPwdNextPage'), auth: true },
  { path: '/pages/mine/resetLegalPwd', title: 'routes.resetLegalPwd', load: () => import('../features/password/pages/TransactionPasswordPage'), auth: true },
  // Assets (issue 4)
  { path: '/pages/assets/tradeAccount', title: 'routes.tradeAccount', load: () => import('../features/assets/pages/TradeAccountPage'), auth: true, refresh: true },
  { path: '/pages/assets/charge', title: 'routes.charge', load: () => import('../features/assets/pages/ChargePage'), auth: true },
  { path: '/pages/assets/chargeOther', title: 'routes.chargeOther', load: () => import('../features/assets/pages/ChargeOtherPage'), auth: true },
  { path: '/pages/assets/mention', title: 'routes.mention', load: () => import('../features/assets/pages/MentionPage'), auth: true },
  { path: '/pages/assets/bindMentionAddress', title: 'routes.bindMentionAddress', load: () => import('../features/assets/pages/BindMentionAddressPage'), auth: true },
  { path: '/pages/assets/transfer', title: 'routes.transfer', load: () => import('../features/assets/pages/TransferPage'), auth: true },
  { path: '/pages/assets/transferTolever', title: 'routes.transferTolever', load: () => import('../features/assets/pages/TransferPage'), auth: true },
  { path: '/pages/assets/transferTomicro', title: 'routes.transferTomicro', load: () => import('../features/assets/pages/TransferPage'), auth: true },
  // Not in the spec's route list, but the flash exchange of its feature list needs a page.
  { path: '/pages/assets/flash', title: 'routes.flash', load: () => import('../features/assets/pages/FlashExchangePage'), auth: true },
  // Identity and payment
  { path: '/pages/mine/authentication', title: 'routes.authentication', load: () => import('../features/identity/pages/AuthenticationPage'), auth: true },
  { path: '/pages/mine/real_authentication', title: 'routes.realAuthentication', load: () => import('../features/identity/pages/RealAuthenticationPage'), auth: true },
  { path: '/pages/mine/bank_authentication', title: 'routes.bankAuthentication', load: () => import('../features/identity/pages/BankAuthenticationPage'), auth: true },
  { path: '/pages/mine/collect_money', title: 'routes.collectMoney', load: () => import('../features/identity/pages/CollectMoneyPage'), auth: true },
  ...PENDING.map(([path, title, auth, refresh]) => ({ path, title, load: notYet, auth: auth ?? false, refresh: refresh ?? false })),
];
