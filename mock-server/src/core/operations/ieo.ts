/** IEO subscriptions. */
import type { Handlers } from '../operations.ts';

export const ieo = {
  listIeoProjects: ({ world }) => world.ieo.projects(),
  getIeoProject: ({ world, query }) => world.ieo.project(query.id),
  subscribeIeo: ({ world, body, userId }) => world.ieo.subscribe(userId, body),
  listIeoSubscriptions: ({ world, query, userId }) => world.ieo.list(userId, query ?? {}),
} satisfies Partial<Handlers>;
