/** A credit application's contact fields with their longest value (the contract's LoanApplication bounds, pinned by a test). */
export const CONTACT_FIELDS = [
  ['emergencyName', 64],
  ['emergencyPhone', 32],
  ['contact', 128],
  ['address', 256],
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number][0];
