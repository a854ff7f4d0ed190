/**
 * Every path of the app (the spec's page paths, without the /h5 base), and the few helpers that
 * build links from them: a path with query parameters and the redirect to login. Pages take their
 * parameters from the query string; the spec has no path parameters.
 *
 * Grouped by the spec's folders (`/pages/<group>/<page>`): `paths.mine.login`,
 * `paths.assets.tradeAccount`. Keys are camelCase even where the spec's page name is snake_case
 * (`paths.mine.collectMoney` is `/pages/mine/collect_money`). The route table (app/routes.tsx)
 * has exactly one route per path here, and no other.
 */

export const paths = {
  /** The app's entry: the home page. */
  root: '/',
  home: {
    home: '/pages/home/home',
    news: '/pages/home/news',
    newsDetail: '/pages/home/newsDetail',
    agreement: '/pages/home/agreement',
  },
  market: {
    market: '/pages/market/market',
    kline: '/pages/market/kline',
    second: '/pages/market/second',
  },
  trade: {
    trade: '/pages/trade/trade',
    entrust: '/pages/trade/entrust',
  },
  lever: {
    lever: '/pages/lever/lever',
    leverList: '/pages/lever/leverList',
    orderList: '/pages/lever/orderList',
  },
  assets: {
    assets: '/pages/assets/assets',
    tradeAccount: '/pages/assets/tradeAccount',
    charge: '/pages/assets/charge',
    chargeOther: '/pages/assets/chargeOther',
    mention: '/pages/assets/mention',
    bindMentionAddress: '/pages/assets/bindMentionAddress',
    transfer: '/pages/assets/transfer',
    transferTolever: '/pages/assets/transferTolever',
    transferTomicro: '/pages/assets/transferTomicro',
    /** Not in the spec's route list; the flash exchange of its feature list needs a page. */
    flash: '/pages/assets/flash',
  },
  mine: {
    login: '/pages/mine/login',
    register: '/pages/mine/register',
    userCenter: '/pages/mine/userCenter',
    security: '/pages/mine/security',
    about: '/pages/mine/about',
    app: '/pages/mine/app',
    policy: '/pages/mine/policy',
    authorizationCode: '/pages/mine/authorization_code',
    forgetPwd: '/pages/mine/forgetPwd',
    forgetPwdNext: '/pages/mine/forgetPwdNext',
    setPwd: '/pages/mine/setPwd',
    modifyPwd: '/pages/mine/modifyPwd',
    modifyPwdNext: '/pages/mine/modifyPwdNext',
    /** The transaction (fund) password. */
    resetLegalPwd: '/pages/mine/resetLegalPwd',
    /** Identity verification overview (the "real name" target of error type 998). */
    authentication: '/pages/mine/authentication',
    realAuthentication: '/pages/mine/real_authentication',
    bankAuthentication: '/pages/mine/bank_authentication',
    /** Payment methods (the target of error type 997). */
    collectMoney: '/pages/mine/collect_money',
    systemMessages: '/pages/mine/systemMessages',
    systemMessagesDetail: '/pages/mine/systemMessagesDetail',
    invite: '/pages/mine/invite',
    group: '/pages/mine/group',
    groupLog: '/pages/mine/group_log',
    kefu: '/pages/mine/kefu',
  },
  legal: {
    legal: '/pages/legal/legal',
    storeUser: '/pages/legal/storeUser',
    store: '/pages/legal/store',
    storeDetail: '/pages/legal/storeDetail',
    transactionRecord: '/pages/legal/transactionRecord',
    transfer: '/pages/legal/transfer',
    storeOrder: '/pages/legal/storeOrder',
    orderDetail: '/pages/legal/orderDetail',
    order: '/pages/legal/order',
    recordlist: '/pages/legal/recordlist',
    finished: '/pages/legal/finished',
  },
  ieo: {
    index: '/pages/ieo/index',
    detail: '/pages/ieo/detail',
    order: '/pages/ieo/order',
  },
  lockming: {
    index: '/pages/lockming/index',
    list: '/pages/lockming/list',
    lockmingdetail: '/pages/lockming/lockmingdetail',
    lockmingindex: '/pages/lockming/lockmingindex',
  },
  loans: {
    loansindex: '/pages/loans/loansindex',
    loansdetail: '/pages/loans/loansdetail',
  },
  coin: {
    index: '/pages/coin/index',
    coinlog: '/pages/coin/coinlog',
  },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];

/** A path of the app: one of the constants of `paths`. */
export type AppPath = Leaves<typeof paths>;

/** Every path of `paths`, in declaration order. */
export const ALL_PATHS: readonly AppPath[] = Object.values(paths).flatMap((v) => (typeof v === 'string' ? [v] : Object.values(v))) as AppPath[];

/** A query value; `undefined` and `null` leave the parameter out. */
type QueryValue = string | number | boolean | null | undefined;

/**
 * `path` with query parameters, each key and value encoded with encodeURIComponent
 * (`withQuery(paths.market.kline, { symbol: 'BTC/USDT' })` is `/pages/market/kline?symbol=BTC%2FUSDT`);
 * pages read them back with URLSearchParams. Without any parameter, `path` itself.
 */
export function withQuery(path: AppPath, query: Record<string, QueryValue> = {}): string {
  const pairs = Object.entries(query)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined && entry[1] !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

/** `path` with `?redirect=<back>`: the page returns to `back` (a path of this app, query included) when done. */
export function withRedirect(path: AppPath, back: string): string {
  return withQuery(path, { redirect: back });
}

/**
 * The login page, coming back to `current` (path and query, without the /h5 base) after login.
 * On the login page itself, `current` unchanged: no redirect to login nested in another.
 */
export function loginRedirect(current: string): string {
  if (current.startsWith(paths.mine.login)) return current;
  return withRedirect(paths.mine.login, current);
}

/**
 * Where to go after login: the `redirect` query parameter of `search` when it is a path of this
 * app (not another origin, not the login page), the home page otherwise.
 */
export function redirectTarget(search: string, fallback: AppPath = paths.home.home): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith(paths.mine.login)) return fallback;
  return target;
}
