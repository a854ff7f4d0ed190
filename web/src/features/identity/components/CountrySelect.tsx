/** Country/region of a payment method: every region, named in the user's language (Intl.DisplayNames). */
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRegionOptions } from '../../../i18n/regions';

export function CountrySelect({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (code: string) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const data = useRegionOptions();
  return (
    <NativeSelect
      label={t('identity.payment.country')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={data}
      error={error}
      disabled={disabled}
      data-testid="pm-country"
    />
  );
}
