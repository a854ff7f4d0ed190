/** Identity: uploads, identity verification and payment methods. */
import type { Handlers } from '../operations.ts';

export const identity = {
  uploadImage: ({ world, body, token }) => {
    const { id, contentType, size } = world.uploads.add(world.support.ownerOf(token), body.image);
    return { id, contentType, size };
  },
  getUpload: ({ world, query, token }) => {
    const { id, contentType, size, dataUrl } = world.uploads.get(world.support.ownerOf(token), query.id);
    return { id, contentType, size, image: dataUrl };
  },
  submitIdentity: ({ world, body, userId }) => world.identity.submit(userId, body),
  addPaymentMethod: ({ world, body, userId }) => world.payments.add(userId, body),
  removePaymentMethod: ({ world, body, userId }) => world.payments.remove(userId, body.id),
  listPaymentMethods: ({ world, userId }) => world.payments.list(userId),
} satisfies Partial<Handlers>;
