import { describe, expect, it } from 'vitest';
import { operationSchemas } from '../../../../contracts/generated/operation-schemas';
import { CONTACT_FIELDS } from './contact';

describe('a credit application form', () => {
  it.each(CONTACT_FIELDS)('takes %s up to the length the contract takes (%i)', (field, max) => {
    const body = operationSchemas.applyLoan.body as { properties: Record<string, { maxLength: number }> };
    expect(body.properties[field].maxLength).toBe(max);
  });
});
