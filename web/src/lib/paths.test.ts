/** The paths module against the route table, and the link helpers round-tripped through URLSearchParams. */
import { describe, expect, it } from 'vitest';
// The one place lib/ reaches into app/: this test holds the paths module to the route table and the tabs.
// eslint-disable-next-line import-x/no-restricted-paths
import { ROUTES } from '../app/routes';
// eslint-disable-next-line import-x/no-restricted-paths
import { TABS } from '../app/tabs';
import { ALL_PATHS, loginRedirect, paths, redirectTarget, withQuery, withRedirect } from './paths';

/** The query of a built link, as a page reads it. */
const queryOf = (link: string) => new URLSearchParams(link.slice(link.indexOf('?') + 1));
const pathOf = (link: string) => (link.includes('?') ? link.slice(0, link.indexOf('?')) : link);

describe('paths and the route table', () => {
  const routePaths = ROUTES.map((r) => r.path);

  it('has one constant per route of the table and one route per constant', () => {
    expect(new Set(ALL_PATHS).size).toBe(ALL_PATHS.length);
    expect(new Set(routePaths).size).toBe(routePaths.length);
    expect([...ALL_PATHS].sort()).toEqual([...routePaths].sort());
  });

  it('lists every spec path: the root and 68 pages', () => {
    expect(ALL_PATHS).toHaveLength(69);
    expect(ALL_PATHS.filter((p) => p !== paths.root).every((p) => /^\/pages\/[a-z]+\/\w+$/.test(p))).toBe(true);
  });

  it('keeps every constant under the group of its folder', () => {
    for (const [group, entries] of Object.entries(paths)) {
      if (typeof entries === 'string') continue;
      for (const path of Object.values(entries)) expect(path.startsWith(`/pages/${group}/`)).toBe(true);
    }
  });

  it('points every tab at a route with that tab', () => {
    for (const tab of TABS) expect(ROUTES.find((r) => r.path === tab.path)?.tab).toBe(tab.key);
  });
});

describe('withQuery', () => {
  it('returns the bare path without parameters', () => {
    expect(withQuery(paths.assets.charge)).toBe('/pages/assets/charge');
    expect(withQuery(paths.assets.charge, { coin: undefined, chain: null })).toBe('/pages/assets/charge');
  });

  it('encodes keys and values the way the pages built them by hand', () => {
    expect(withQuery(paths.market.kline, { symbol: 'BTC/USDT' })).toBe('/pages/market/kline?symbol=BTC%2FUSDT');
    expect(withQuery(paths.trade.trade, { symbol: 'ETH/USDT', side: 'buy' })).toBe('/pages/trade/trade?symbol=ETH%2FUSDT&side=buy');
    expect(withQuery(paths.assets.tradeAccount, { coin: 'USDT', kind: 'funds', n: 2, ok: true })).toBe(
      '/pages/assets/tradeAccount?coin=USDT&kind=funds&n=2&ok=true',
    );
  });

  it('round-trips any value through URLSearchParams', () => {
    const query = { symbol: 'BTC/USDT', note: 'a b+c&d=e?f#g%h', 'odd key': 'ü 中文 🙂', empty: '' };
    const link = withQuery(paths.market.kline, query);
    expect(pathOf(link)).toBe(paths.market.kline);
    expect(Object.fromEntries(queryOf(link))).toEqual(query);
  });
});

describe('the redirect', () => {
  const here = `${paths.market.kline}?symbol=${encodeURIComponent('BTC/USDT')}&tab=depth`;

  it('sends to login with the current path and query encoded in `redirect`', () => {
    const link = loginRedirect(here);
    expect(pathOf(link)).toBe(paths.mine.login);
    expect(link).toBe(`/pages/mine/login?redirect=${encodeURIComponent(here)}`);
    expect(queryOf(link).get('redirect')).toBe(here);
    expect([...queryOf(link).keys()]).toEqual(['redirect']);
  });

  it('does not nest a login redirect inside another', () => {
    const onLogin = loginRedirect(paths.market.market);
    expect(loginRedirect(onLogin)).toBe(onLogin);
    expect(loginRedirect(paths.mine.login)).toBe(paths.mine.login);
  });

  it('reads the redirect back after login', () => {
    expect(redirectTarget(loginRedirect(here).slice(paths.mine.login.length))).toBe(here);
    expect(redirectTarget(withRedirect(paths.mine.resetLegalPwd, here).slice(paths.mine.resetLegalPwd.length))).toBe(here);
  });

  it('falls back to home for a missing, foreign or login target', () => {
    expect(redirectTarget('')).toBe(paths.home.home);
    expect(redirectTarget('?redirect=')).toBe(paths.home.home);
    expect(redirectTarget(`?redirect=${encodeURIComponent('https://evil.example/')}`)).toBe(paths.home.home);
    expect(redirectTarget(`?redirect=${encodeURIComponent('//evil.example/')}`)).toBe(paths.home.home);
    expect(redirectTarget(`?redirect=${encodeURIComponent(paths.mine.login)}`)).toBe(paths.home.home);
    expect(redirectTarget('', paths.mine.userCenter)).toBe(paths.mine.userCenter);
  });
});
