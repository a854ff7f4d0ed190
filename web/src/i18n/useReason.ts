/**
 * Why something failed or was rejected (a deposit not credited, a recharge or withdrawal failed, a
 * payment method or identity review rejected), in the reader's language from the server's code
 * (the contract's ReasonCode) and its values; the server's English for a code this app does not
 * know; undefined when there is no reason.
 */
import { useTranslation } from 'react-i18next';
import type { components } from '../../../contracts/generated/openapi';
import { exactMoney } from '../lib/format';
import { useIntlLocale } from './useIntlLocale';

type ReasonCode = components['schemas']['ReasonCode'];

export function useReason(): (code: ReasonCode | undefined, english: string | undefined, params?: Record<string, string>) => string | undefined {
  const { t, i18n } = useTranslation();
  const locale = useIntlLocale();
  return (code, english, params = {}) => {
    if (!code || !i18n.exists(`reasons.${code}`)) return english;
    const coin = params.coin ?? '';
    return t(`reasons.${code}`, {
      ...(params.min ? { min: exactMoney(params.min, coin, locale) } : {}),
      ...(params.received ? { received: exactMoney(params.received, coin, locale) } : {}),
    });
  };
}
