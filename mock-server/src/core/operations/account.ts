/** Account: codes, registration, sessions and passwords. */
import type { Handlers } from '../operations.ts';

export const account = {
  sendCode: ({ world, body, token }) => world.accounts.sendCode(body, token),
  register: ({ world, body, client }) => world.accounts.register(body, client),
  login: ({ world, body, client }) => world.accounts.login(body, client),
  logout: ({ world, token }) => {
    world.accounts.logout(token);
    return 'Logged out';
  },
  getCurrentUser: ({ world, userId }) => world.accounts.view(world.accounts.get(userId)),
  checkCode: ({ world, body, token, client }) => world.accounts.checkCode(body, token, client),
  resetPassword: ({ world, body, token }) => world.accounts.resetPassword(body, token),
  changePassword: ({ world, body, userId, token, client }) => world.accounts.changePassword(userId, token, body, client),
  setTransactionPassword: ({ world, body, userId, client }) => world.accounts.setTransactionPassword(userId, body, client),
  redeemAuthorizationCode: ({ world, body, userId }) => world.accounts.redeemAuthorizationCode(userId, body.code),
} satisfies Partial<Handlers>;
