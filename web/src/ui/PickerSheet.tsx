/**
 * A bottom sheet to pick one thing from a list (a symbol), for a picker in a chunk of its own that
 * is loaded when first opened (`lazy`, see useLazySheet): it renders closed once, then open, so it
 * slides in on the first tap as on the next ones.
 */
import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLazySheet } from './useLazySheet';

export function PickerSheet({ opened, title, onClose, children }: { opened: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const sheet = useLazySheet(opened);
  return (
    <Drawer opened={sheet.opened} onClose={onClose} position="bottom" size="70%" title={title} radius="lg">
      {children}
    </Drawer>
  );
}
