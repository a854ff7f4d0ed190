/** A failure the API reports in its envelope: `type` is "error" or one of 999/998/997. */
export type EnvelopeErrorType = 'error' | '999' | '998' | '997';

export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly type: EnvelopeErrorType = 'error',
  ) {
    super(message);
  }
}

export const notLoggedIn = () => new DomainError('not_logged_in', 'Please log in', '999');
