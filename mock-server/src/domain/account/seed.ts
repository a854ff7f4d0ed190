import type { Accounts } from './accounts.ts';

/** The demo account every non-empty world starts with (the README and the login page's hint name it). */
export const DEMO_ACCOUNT = { account: 'demo@example.com', password: 'Demo1234', inviteCode: 'DEMO01' } as const;

/** Creates the demo account; returns its user id, which the other areas' seeds build on. */
export function seedDemoAccount(accounts: Accounts): string {
  return accounts.create(DEMO_ACCOUNT.account, 'email', DEMO_ACCOUNT.password, DEMO_ACCOUNT.inviteCode).id;
}
