/**
 * What each contract operation does, as calls into the domain. Typed by the generated contract:
 * a handler receives the validated query and body and returns the ok payload.
 */
import type { OperationId, OpBody, OpQuery, OpResult } from '../../../contracts/generated/operations.ts';
import type { World } from '../domain/world.ts';
import type { KlinePeriod } from '../domain/market.ts';

export interface OperationContext<K extends OperationId> {
  world: World;
  token: string | undefined;
  query: OpQuery<K>;
  body: OpBody<K>;
}

type Handlers = { [K in OperationId]: (ctx: OperationContext<K>) => OpResult<K> };

export const handlers: Handlers = {
  getSettings: () => ({
    siteName: 'H5 Exchange',
    appVersion: '1.0.0',
    defaultLocale: 'en',
    locales: ['en', 'es', 'de', 'fr', 'zh', 'jp', 'hk', 'it', 'sv', 'cr', 'pt', 'ko', 'th', 'ar', 'vi', 'tr', 'ru', 'bg', 'ro', 'br'],
    codeCooldownSeconds: 60,
    passwordMinLength: 6,
    passwordMaxLength: 16,
  }),
  sendCode: ({ world, body }) => world.accounts.sendCode(body),
  register: ({ world, body }) => world.accounts.register(body),
  login: ({ world, body }) => world.accounts.login(body),
  logout: ({ world, token }) => {
    world.accounts.logout(token);
    return 'Logged out';
  },
  getCurrentUser: ({ world, token }) => world.accounts.authenticate(token),
  listTickers: ({ world }) => world.market.tickers(),
  getKline: ({ world, query }) => ({
    symbol: query.symbol,
    period: query.period,
    candles: world.market.kline(query.symbol, query.period as KlinePeriod, query.limit ?? 200, query.to),
  }),
};
