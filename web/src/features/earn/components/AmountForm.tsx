/**
 * How much to put into an earn product (a lock-up, a savings deposit): the amount with Max, what
 * the funds account holds, the product's bounds, the figures it will pay (live as the user types),
 * and a confirmation that repeats them before anything moves. Problems are said on the form.
 */
import { Anchor, Button, Text } from '@mantine/core';
import { toast } from '../../../ui/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCoinDisplay, useCoinPrecision } from '../../../api/coins';
import { balanceOf, useWallet } from '../../../api/wallet';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { checkAmount } from '../../../lib/amount';
import { Big } from '../../../lib/decimal';
import { formatExact, formatMoney, isolate } from '../../../lib/format';
import { paths, withQuery } from '../../../lib/paths';
import { AmountField } from '../../../ui/AmountInput';
import { useSubmitGuard } from '../../../ui/useSubmitGuard';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';
import { ConfirmSheet, Facts, type Fact } from './ConfirmSheet';

export function AmountForm({
  coin,
  min,
  max,
  estimate,
  title,
  note,
  submitLabel,
  busy,
  onSubmit,
}: {
  coin: string;
  min: string;
  max: string;
  /** The figures an amount earns (shown under the field and in the confirmation): computed with the coin's `places`, shown with `shown` decimals. */
  estimate: (amount: Big, places: number, shown: number) => Fact[];
  title: string;
  note?: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (amount: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const places = useCoinPrecision()(coin) ?? 8;
  const shown = useCoinDisplay()(coin);
  const wallet = useWallet();
  const guard = useSubmitGuard();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [asking, setAsking] = useState(false);
  const available = balanceOf(wallet.data, 'funds', coin)?.available;
  const parsed = checkAmount(text, places);
  const amount: Big | undefined = parsed.amount;
  const range = isolate(`${formatExact(min, locale)} – ${formatExact(max, locale)} ${coin}`);
  let problem: string | null = null;
  if (!amount) problem = t(parsed.problem === 'required' ? 'validation.required' : parsed.problem === 'precision' ? 'earn.tooPrecise' : 'earn.enterAmount');
  else if (amount.lt(min) || amount.gt(max)) problem = t('earn.outOfRange', { range });
  else if (available !== undefined && amount.gt(available)) problem = t('earn.moreThanFunds');
  const facts = amount && !problem ? estimate(amount, places, shown) : [];
  const submit = () => {
    setTried(true);
    if (!problem) setAsking(true);
  };
  const confirm = () => {
    if (!guard.begin()) return;
    onSubmit(text)
      .then(() => {
        toast.success(t('earn.done'));
        setText('');
        setTried(false);
      })
      .catch(() => undefined)
      .finally(() => {
        guard.end();
        setAsking(false);
      });
  };
  const cap = available === undefined ? undefined : new Big(available).lt(max) ? new Big(available) : new Big(max);
  return (
    <div className={panel.card} data-testid="earn-form">
      <AmountField
        label={t('earn.amount', { coin })}
        value={text}
        onChange={setText}
        precision={places}
        max={cap && cap.gt(0) ? cap : undefined}
        suffix={coin}
        error={tried || (text && problem !== t('validation.required')) ? problem : null}
        testId="earn-amount"
      />
      <Text size="xs" c="dimmed" data-testid="earn-available">
        {t('earn.available', { amount: available !== undefined ? formatMoney(available, shown, coin, locale) : '--' })} ·{' '}
        <Anchor component={Link} to={withQuery(paths.assets.transfer, { to: 'funds', coin })} size="xs">
          {t('earn.transferIn')}
        </Anchor>
      </Text>
      <Text size="xs" c="dimmed">
        {t('earn.range', { range })}
      </Text>
      {facts.length > 0 && (
        <dl className={panel.facts} data-testid="earn-estimate">
          {facts.map(([label, value]) => (
            <Facts key={label} label={label} value={value} />
          ))}
        </dl>
      )}
      <Button onClick={submit} classNames={WRAP} data-testid="earn-submit">
        {submitLabel}
      </Button>
      {asking && amount && (
        <ConfirmSheet
          title={title}
          facts={[[t('earn.amount', { coin }), formatMoney(amount, shown, coin, locale)], ...facts]}
          note={note}
          busy={busy}
          onCancel={() => setAsking(false)}
          onConfirm={confirm}
        />
      )}
    </div>
  );
}
