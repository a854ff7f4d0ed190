import { describe, expect, it } from 'vitest';
import { operationSchemas } from '../../../../contracts/generated/operation-schemas';
import { MAX_CHAT_TEXT } from './Composer';

describe('the chat composer', () => {
  it.each(['sendSupportMessage', 'sendP2pMessage'] as const)('takes exactly the text %s accepts', (op) => {
    const body = operationSchemas[op].body as { properties: { text: { maxLength: number } } };
    expect(body.properties.text.maxLength).toBe(MAX_CHAT_TEXT);
  });
});
