/** The shape every differ reports in. */
import type { Severity } from './schema-diff.ts';

export type DocName = 'openapi' | 'asyncapi' | 'control';

export interface Finding {
  doc: DocName;
  /** What changed: an operationId, `event <name>`, `document`, … */
  subject: string;
  /** Where inside it: `request body /properties/amount`, `parameter query limit`, … ('' for the subject itself). */
  location: string;
  message: string;
  severity: Severity;
}

export function formatFinding(f: Finding): string {
  return `[${f.doc}] ${f.subject}${f.location ? `: ${f.location}` : ''}: ${f.message}`;
}
