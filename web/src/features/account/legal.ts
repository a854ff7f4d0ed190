/** The legal texts must be opened before registration counts their acceptance. */
export const LEGAL_READ_KEYS = { agreement: 'read_agreement', policy: 'read_policy' } as const;

export function markRead(doc: keyof typeof LEGAL_READ_KEYS): void {
  try {
    sessionStorage.setItem(LEGAL_READ_KEYS[doc], '1');
  } catch {
    /* storage unavailable: acceptance simply stays required */
  }
}

export function hasRead(doc: keyof typeof LEGAL_READ_KEYS): boolean {
  try {
    return sessionStorage.getItem(LEGAL_READ_KEYS[doc]) === '1';
  } catch {
    return false;
  }
}
