/**
 * The one-time ticket of a checked code travels to the next step in the router's history state
 * (it survives a reload of that step, never appears in the URL and is gone with the tab).
 */
export interface TicketState {
  ticket: string;
  /** Forgot password: the account, to prefill the login form afterwards. */
  account?: string;
  country?: string;
  kind?: 'email' | 'phone';
}

export function readTicketState(state: unknown): TicketState | null {
  if (typeof state !== 'object' || state === null) return null;
  const s = state as Partial<TicketState>;
  return typeof s.ticket === 'string' && s.ticket ? (s as TicketState) : null;
}
