/**
 * Form drafts kept in memory for the session, so a form survives a visit to another page (for
 * example reading the user agreement in the middle of registering). Nothing is written to disk.
 */
import { useState } from 'react';

export class Draft {
  private values = new Map<string, unknown>();

  /** useState whose value is also kept in the draft under `key`. */
  useField<T>(key: string, initial: T | (() => T)): [T, (next: T) => void] {
    // eslint-disable-next-line react-hooks/rules-of-hooks
    const [value, setValue] = useState<T>(() =>
      this.values.has(key) ? (this.values.get(key) as T) : typeof initial === 'function' ? (initial as () => T)() : initial,
    );
    return [
      value,
      (next: T) => {
        this.values.set(key, next);
        setValue(next);
      },
    ];
  }

  clear(): void {
    this.values.clear();
  }
}
