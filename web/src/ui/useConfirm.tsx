/**
 * A promise-based yes/no dialog:
 * `const [ask, dialog] = useConfirm(); if (await ask({ message, confirmLabel, cancelLabel })) …`
 *
 * Both labels are required: each button states what it does ("Cancel order" and "Keep order",
 * "Log out" and "Stay logged in"), so a question such as "Cancel this order?" never meets a
 * "Cancel" button that means the opposite.
 */
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { ConfirmRequest } from './ConfirmDialog';

export type { ConfirmRequest };

const ConfirmDialog = lazy(() => import('./ConfirmDialog'));

export function useConfirm(): [(request: ConfirmRequest) => Promise<boolean>, ReactNode] {
  const [pending, setPending] = useState<{ request: ConfirmRequest; resolve: (yes: boolean) => void } | null>(null);
  const ask = useCallback((request: ConfirmRequest) => new Promise<boolean>((resolve) => setPending({ request, resolve })), []);
  const dialog = pending ? (
    <Suspense fallback={null}>
      <ConfirmDialog
        request={pending.request}
        onAnswer={(yes) => {
          pending.resolve(yes);
          setPending(null);
        }}
      />
    </Suspense>
  ) : null;
  return [ask, dialog];
}
