/** Time left until a round's next state, on the server's clock ("2d 04:12:09"); the date alone until the server's time is known. */
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatDate, isolate } from '../../../lib/format';
import { useServerNow } from '../../../api/serverNow';

const pad = (n: number) => String(n).padStart(2, '0');

export function Countdown({ to, label }: { to: number; label: string }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const now = useServerNow(true);
  const date = formatDate(to, 'dateTime', locale);
  if (now === undefined) return <span data-testid="ieo-countdown">{t('ieo.at', { label, date })}</span>;
  const s = Math.max(0, Math.floor((to - now) / 1000));
  const days = Math.floor(s / 86_400);
  const clock = `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return (
    <span data-testid="ieo-countdown" title={date}>
      {t('ieo.in', { label, time: isolate(days ? t('ieo.daysClock', { count: days, clock }) : clock) })}
    </span>
  );
}
