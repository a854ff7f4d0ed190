/**
 * Copying a value (an address, an account number) with a toast saying whether it worked. Uses the
 * Clipboard API, and falls back to a selected text area where it is missing (pages opened over
 * plain http on a phone have no navigator.clipboard).
 */
import { Button, type ButtonProps } from '@mantine/core';
import { toast } from '../../../ui/toast';
import { useTranslation } from 'react-i18next';

function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok: boolean;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

/** Copies `text`; resolves true when it is on the clipboard. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or unavailable: try the old way.
  }
  return legacyCopy(text);
}

/** A "Copy" button for one value; toasts "Copied" or "Copy failed". */
export function CopyValue({ value, label, testId, ...props }: { value: string; label?: string; testId?: string } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const { t } = useTranslation();
  const onClick = async () => {
    const ok = await copyText(value);
    if (ok) toast.success(t('funds.copied'));
    else toast.error(t('funds.copyFailed'));
  };
  return (
    <Button
      size="compact-xs"
      variant="light"
      {...props}
      onClick={() => void onClick()}
      aria-label={label ? t('funds.copyLabel', { label }) : undefined}
      data-testid={testId}
      style={{ flex: 'none' }}
    >
      {t('funds.copy')}
    </Button>
  );
}
