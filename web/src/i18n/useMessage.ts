/** Shows the messages of the app's forms (lib/form.ts) in the user's language. */
import { useTranslation } from 'react-i18next';
import type { Notice } from '../lib/form';
import { isolateAmounts as isolate, localParams } from '../lib/format';
import { useIntlLocale } from './useIntlLocale';

/**
 * A message's text: its key translated with its params shown for the locale (decimals exact or at
 * their places), or the server's refusal as it came; undefined for none. `isolateAmounts`: each
 * amount with its unit in a dictionary message keeps its direction (lib/format `isolateAmounts`).
 */
export function useMessage(options: { isolateAmounts?: boolean } = {}): (notice: Notice | null | undefined) => string | undefined {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  return (notice) => {
    if (!notice) return undefined;
    if ('text' in notice) return notice.text;
    const text = t(notice.key, localParams(notice.params, locale));
    return options.isolateAmounts ? isolate(text) : text;
  };
}
