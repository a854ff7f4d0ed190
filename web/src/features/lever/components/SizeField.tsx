/**
 * The size of a new position on the order form: a unit switch (lots, a USDT amount, or a
 * percentage of the available balance, with 25/50/75/100 % as one tap) and its field. The form
 * (forms/leverForm, leverSize) turns an amount into lots; the preview shows them.
 */
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { useMessage } from '../../../i18n/useMessage';
import { formatExact } from '../../../lib/format';
import { AmountInput } from '../../../ui/AmountInput';
import { Segmented } from '../../../ui/Segmented';
import type { LeverAction, LeverFormState } from '../forms/leverForm';
import type { LeverTerms } from '../forms/leverMath';
import { PERCENTS, SIZE_UNITS, type SizeUnit } from '../forms/leverSize';
import { LEVER_COIN, percentText } from './display';
import classes from './lever.module.css';

export function SizeField({ form, terms, dispatch }: { form: LeverFormState; terms: LeverTerms; dispatch: (action: LeverAction) => void }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const say = useMessage();
  return (
    <>
      <Segmented
        size="xs"
        fullWidth
        value={form.unit}
        onChange={(v) => dispatch({ type: 'unit', unit: v as SizeUnit })}
        data={SIZE_UNITS.map((u) => ({ value: u, label: u === 'usdt' ? LEVER_COIN : t(`lever.unit.${u}`) }))}
        aria-label={t('lever.sizeBy')}
        data-testid="lever-unit"
      />
      {form.unit === 'lots' ? (
        <AmountInput
          label={t('lever.lots')}
          placeholder={t('lever.lotsPlaceholder')}
          description={t('lever.lotsHint', {
            min: formatExact(terms.minLots, locale),
            max: formatExact(terms.maxLots, locale),
            step: formatExact(terms.lotStep, locale),
          })}
          value={form.lots}
          onValueChange={(v) => dispatch({ type: 'edit', field: 'lots', value: v })}
          error={say(form.errors.lots)}
          data-testid="lever-lots-input"
        />
      ) : (
        <AmountInput
          label={form.unit === 'usdt' ? t('lever.amountLabel') : t('lever.percentLabel')}
          description={t('lever.amountHint')}
          value={form.amount}
          onValueChange={(v) => dispatch({ type: 'edit', field: 'amount', value: v })}
          error={say(form.errors.amount)}
          data-testid="lever-amount-input"
        />
      )}
      {form.unit === 'percent' && (
        <div className={classes.multiples} role="group" aria-label={t('lever.percentLabel')}>
          {PERCENTS.map((p) => (
            <Button
              key={p}
              size="compact-sm"
              variant={form.amount === String(p) ? 'filled' : 'default'}
              onClick={() => dispatch({ type: 'percent', percent: p })}
              data-testid={`lever-percent-${p}`}
            >
              {percentText(p, locale)}
            </Button>
          ))}
        </div>
      )}
    </>
  );
}
