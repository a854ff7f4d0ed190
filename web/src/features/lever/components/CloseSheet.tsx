/**
 * The close sheet of an open position: how many lots (typed, or 25/50/75/100 % rounded down to the
 * lot step), at market now or as a close order at a limit price, and before pressing what it
 * realizes (the part's estimated P/L and fee, what returns to the balance, what stays open and, at
 * market, the new estimated liquidation price). The state, checks and figures are forms/closeForm;
 * the request is sent once (one idempotency key per submission), the server's refusals inline.
 */
import { Button, Drawer, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useTicker } from '../../../api/market';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { useMessage } from '../../../i18n/useMessage';
import { formatExact } from '../../../lib/format';
import { hasErrors } from '../../../lib/form';
import { useForm } from '../../../lib/useForm';
import { AmountInput } from '../../../ui/AmountInput';
import { Segmented } from '../../../ui/Segmented';
import { toast } from '../../../ui/toast';
import { useLazySheet } from '../../../ui/useLazySheet';
import { useSubmitGuard } from '../../../ui/useSubmitGuard';
import { WRAP } from '../../../ui/wrap';
import { useClosePart, useLastPrices } from '../api';
import { closeForm, initialClose } from '../forms/closeForm';
import type { LeverKind, LeverOrder, LeverTerms } from '../forms/leverMath';
import type { AccountContext } from '../forms/leverSummary';
import { percentText, priceMoney, signedUsdt, usdt, usdtFee } from './display';
import { OrderTitle } from './OrderTitle';
import classes from './lever.module.css';

export function CloseSheet({
  order,
  terms,
  account,
  positions,
  onClose,
}: {
  order: LeverOrder | null;
  /** The position's symbol's terms (undefined until loaded: the sheet waits). */
  terms: LeverTerms | undefined;
  /** The account and every open position, for the liquidation estimate (undefined while not all are loaded). */
  account: AccountContext['account'] | undefined;
  positions: AccountContext['positions'] | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const sheet = useLazySheet(order !== null);
  if (!sheet.mount) return null;
  return (
    <Drawer opened={sheet.opened} onClose={onClose} position="bottom" size="auto" radius="lg" title={t('lever.closeTitle')} data-testid="lever-close-sheet">
      {order && terms && <CloseForm key={order.id} order={order} terms={terms} account={account} positions={positions} onDone={onClose} />}
    </Drawer>
  );
}

function CloseForm({
  order,
  terms,
  account,
  positions,
  onDone,
}: {
  order: LeverOrder;
  terms: LeverTerms;
  account: AccountContext['account'] | undefined;
  positions: AccountContext['positions'] | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  // Read here, while the sheet is open: the page itself does not render on every price move.
  const lasts = useLastPrices();
  const context: AccountContext | undefined = account && positions ? { account, positions, lasts } : undefined;
  const locale = useIntlLocale();
  const say = useMessage();
  const last = useTicker(order.symbol)?.last;
  const send = useClosePart();
  const guard = useSubmitGuard();
  const { state, summary, dispatch, errors } = useForm(closeForm, () => initialClose(order), { order, terms, last, context });
  const pp = terms.pricePrecision;
  const { part, liquidation } = summary;
  const limit = state.kind === 'limit';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending) return;
    const checked = errors();
    dispatch({ type: 'check', errors: checked });
    if (hasErrors(checked) || !summary.request || !guard.begin()) return;
    send.mutate(summary.request, {
      onSuccess: (done) => {
        // A close order the price had already reached closed at once: the answer is the position after it.
        if (limit) toast.success(t(done.closeOrder ? 'lever.closeOrderPlaced' : 'lever.closeOrderFilled'));
        else toast.success(t(done.closedFrom ? 'lever.partClosed' : 'lever.closed', { pnl: signedUsdt(done.realizedPnl ?? '0', locale) }));
        onDone();
      },
      onError: (err) => {
        if (err instanceof ApiError) dispatch({ type: 'refused', code: err.details.code, text: err.message });
      },
      onSettled: () => guard.end(),
    });
  };

  const fact = (key: string, label: string, value: string) => (
    <div key={key} style={{ display: 'contents' }}>
      <dt>{label}</dt>
      <dd data-testid={`close-${key}`}>{value}</dd>
    </div>
  );
  const changed = liquidation && !(liquidation.after && liquidation.before && liquidation.after.eq(liquidation.before));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <OrderTitle order={order} />
        <Segmented
          size="xs"
          fullWidth
          value={state.kind}
          onChange={(v) => dispatch({ type: 'kind', kind: v as LeverKind })}
          data={[
            { value: 'market', label: t('lever.closeAtMarket') },
            { value: 'limit', label: t('lever.closeAtLimit') },
          ]}
          data-testid="close-kind"
        />
        {limit && (
          <AmountInput
            label={t('lever.closePriceLabel')}
            description={t(order.side === 'long' ? 'lever.closeHintLong' : 'lever.closeHintShort')}
            value={state.price}
            onValueChange={(v) => dispatch({ type: 'edit', field: 'price', value: v })}
            error={say(state.errors.price)}
            data-testid="close-price-input"
          />
        )}
        <AmountInput
          label={t('lever.closeLots')}
          description={t('lever.openLots', { lots: formatExact(order.lots, locale) })}
          value={state.lots}
          onValueChange={(v) => dispatch({ type: 'edit', field: 'lots', value: v })}
          error={say(state.errors.lots)}
          data-testid="close-lots-input"
        />
        <div className={classes.multiples} role="group" aria-label={t('lever.closeLots')}>
          {summary.percents.map(({ percent, lots }) => (
            <Button
              key={percent}
              size="compact-sm"
              variant="default"
              disabled={lots.eq(0)}
              onClick={() => dispatch({ type: 'percent', percent })}
              data-testid={`close-percent-${percent}`}
            >
              {percentText(percent, locale)}
            </Button>
          ))}
        </div>
        <dl className={classes.facts} data-testid="close-preview">
          {fact('price', limit ? t('lever.closePriceLabel') : t('lever.marketPriceNow'), summary.price ? priceMoney(summary.price, pp, locale) : '--')}
          {fact('pnl', t('lever.estPnl'), part ? signedUsdt(part.pnl, locale) : '--')}
          {fact('fee', t('lever.closeFeeLabel'), part ? usdtFee(part.fee, locale) : '--')}
          {fact('returned', t('lever.returned'), part ? usdt(part.returned, locale) : '--')}
          {fact('remaining', t('lever.remaining'), part ? formatExact(part.restLots, locale) : '--')}
          {changed && fact('liquidation', t('lever.liquidationAfter'), liquidation.after ? priceMoney(liquidation.after, pp, locale) : '--')}
        </dl>
        <Text size="xs" c="dimmed">
          {t(limit ? 'lever.closeOrderNote' : 'lever.closeMarketNote')}
        </Text>
        <Button type="submit" color="red" loading={send.isPending} disabled={last === undefined} classNames={WRAP} data-testid="close-submit">
          {t(limit ? 'lever.placeCloseOrder' : 'lever.closeNow')}
        </Button>
      </Stack>
    </form>
  );
}
