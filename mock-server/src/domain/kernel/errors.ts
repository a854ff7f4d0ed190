import type { components } from '../../../../contracts/generated/openapi.ts';

/** Every reason the API may give: the contract's `ErrorCode` (a code outside it does not compile). */
export type ErrorCode = components['schemas']['ErrorCode'];

/** A failure the API reports in its envelope: `type` is "error" or one of 999/998/997. */
type EnvelopeErrorType = 'error' | '999' | '998' | '997';

export class DomainError extends Error {
  /** The values in the message, sent as `params` so a client can translate `code` with them. */
  params?: Record<string, string | number>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly type: EnvelopeErrorType = 'error',
  ) {
    super(message);
  }

  with(params: Record<string, string | number>): this {
    this.params = params;
    return this;
  }
}

export const notLoggedIn = () => new DomainError('not_logged_in', 'Please log in', '999');
