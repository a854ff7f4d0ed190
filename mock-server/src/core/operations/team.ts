/** Referral team. */
import type { Handlers } from '../operations.ts';

export const team = {
  getTeam: ({ world, userId }) => world.team.summary(userId),
  listTeamMembers: ({ world, query, userId }) => world.team.listMembers(userId, query ?? {}),
  listRebates: ({ world, query, userId }) => world.team.listRebates(userId, query ?? {}),
} satisfies Partial<Handlers>;
