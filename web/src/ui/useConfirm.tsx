/** A promise-based yes/no dialog: `const [ask, dialog] = useConfirm(); if (await ask(text)) …` */
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';

const ConfirmDialog = lazy(() => import('./ConfirmDialog'));

export function useConfirm(): [(message: string) => Promise<boolean>, ReactNode] {
  const [pending, setPending] = useState<{ message: string; resolve: (yes: boolean) => void } | null>(null);
  const ask = useCallback((message: string) => new Promise<boolean>((resolve) => setPending({ message, resolve })), []);
  const dialog = pending ? (
    <Suspense fallback={null}>
      <ConfirmDialog
        message={pending.message}
        onAnswer={(yes) => {
          pending.resolve(yes);
          setPending(null);
        }}
      />
    </Suspense>
  ) : null;
  return [ask, dialog];
}
