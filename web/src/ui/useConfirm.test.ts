/**
 * Confirm dialogs (issue #18, item 6): both buttons say what they do. The labels are required by
 * the type (checked by tsc below), and no call site passes a bare question any more.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appSources } from '../testing/appSources';
import { describe, expect, it } from 'vitest';
import type { ConfirmRequest } from './useConfirm';

// @ts-expect-error a confirm dialog without the action's label does not compile
const noAction: ConfirmRequest = { message: 'Cancel this BTC/USDT order?', cancelLabel: 'Keep order' };
// @ts-expect-error nor one without the non-action's label
const noKeep: ConfirmRequest = { message: 'Cancel this BTC/USDT order?', confirmLabel: 'Cancel order' };

describe('confirm dialogs', () => {
  it('are typed to need both labels', () => {
    expect([noAction, noKeep]).toHaveLength(2);
  });

  it('are asked with labels everywhere (no ask(text) and no generic Confirm/Cancel in the dialog)', () => {
    const bare = appSources()
      .filter((s) => /\bask\(\s*t\(/.test(s.text))
      .map((s) => s.path);
    expect(bare, 'ask({ message, confirmLabel, cancelLabel })').toEqual([]);
    const dialog = readFileSync(join(import.meta.dirname, 'ConfirmDialog.tsx'), 'utf8');
    expect(dialog).not.toMatch(/common\.(confirm|cancel)/);
  });
});
