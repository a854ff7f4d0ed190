/**
 * Lever contracts (tab page; ?symbol=BTC/USDT&side=long|short): the symbol with its live price,
 * the lever account (balance, available margin, a transfer link), and the order form: long or
 * short, at market or as a delegation, a size in lots within the symbol's bounds or as a USDT
 * amount or a percentage of the available balance (turned into lots), a multiple from its list,
 * optional take-profit and stop-loss, and before sending the margin, fee, equivalent quantity,
 * estimated liquidation price and available margin. The form's state, figures and checks are
 * forms/leverForm (the app's form shape, lib/form); this page renders them. A
 * confirmation sheet comes before every order, which is sent once. A plain risk notice comes first.
 */
import { Alert, Anchor, Button, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { Segmented } from '../../../ui/Segmented';
import { toast } from '../../../ui/toast';
import { lazy, startTransition, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError, getToken } from '../../../api/client';
import { useTicker } from '../../../api/market';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { Big } from '../../../lib/decimal';
import { formatExact, isolate } from '../../../lib/format';
import { hasErrors } from '../../../lib/form';
import { useForm } from '../../../lib/useForm';
import { useMessage } from '../../../i18n/useMessage';
import { loginRedirect, paths, withQuery } from '../../../lib/paths';
import { AmountInput } from '../../../ui/AmountInput';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { RiskNotice } from '../../../ui/RiskNotice';
import { LivePrice } from '../../../ui/market/LivePrice';
import { useSubmitGuard } from '../../../ui/useSubmitGuard';
import { ordersOf, useLastPrices, useLeverAccount, useLeverEvents, useLeverOrders, useLeverSymbols, useOpenLever } from '../api';
import { priceMoney, quantityText, ratePercentText, usdt, usdtFee, LEVER_COIN } from '../components/display';
import { SIDE_COLOR } from '../components/sideColor';
import { SizeField } from '../components/SizeField';
import { WRAP } from '../../../ui/wrap';
import classes from '../components/lever.module.css';
import type { LeverKind, LeverSide, LeverTerms } from '../forms/leverMath';
import { leverForm, initialLeverForm, switchSide, type LeverFormState } from '../forms/leverForm';
import type { AccountContext, LeverSummary } from '../forms/leverSummary';
import { useLazySheet } from '../../../ui/useLazySheet';

// The sheets are loaded when first opened: Mantine's Modal and Drawer (focus trap, scroll lock,
// portal) are not part of the page's first download. They are opened in a transition, so the page
// stays as it is until the chunk has come, the first time, and the sheet shows as soon as it has.
const LeverConfirmSheet = lazy(() => import('../components/LeverConfirmSheet').then((m) => ({ default: m.LeverConfirmSheet })));
const LeverSymbolPicker = lazy(() => import('../components/LeverSymbolPicker'));

export default function LeverPage() {
  const { t } = useTranslation();
  const { data: symbols, isError, refetch } = useLeverSymbols();
  const [params, setParams] = useSearchParams();
  if (isError && !symbols) return <LoadRetry onRetry={() => void refetch()} />;
  if (!symbols) return <PageSkeleton variant="trade" />;
  if (!symbols.length) {
    return (
      <Text c="dimmed" ta="center" py={48}>
        {t('lever.noSymbols')}
      </Text>
    );
  }
  const terms = symbols.find((s) => s.symbol === params.get('symbol')) ?? symbols[0];
  const side: LeverSide = params.get('side') === 'short' ? 'short' : 'long';
  const update = (next: Record<string, string>) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        for (const [k, v] of Object.entries(next)) q.set(k, v);
        return q;
      },
      { replace: true },
    );
  return (
    <>
      <RiskNotice
        storageKey="leverRiskAccepted"
        title={t('lever.risk.title')}
        intro={t('lever.risk.intro')}
        points={[t('lever.risk.loseMargin'), t('lever.risk.liquidation'), t('lever.risk.fees'), t('lever.risk.affordable')]}
        accept={t('lever.risk.accept')}
        leave={t('lever.risk.leave')}
        testId="lever-risk"
      />
      <Lever key={terms.symbol} terms={terms} symbols={symbols} side={side} onSide={(s) => update({ side: s })} onSymbol={(s) => update({ symbol: s })} />
    </>
  );
}

function Lever({
  terms,
  symbols,
  side,
  onSide,
  onSymbol,
}: {
  terms: LeverTerms;
  symbols: LeverTerms[];
  side: LeverSide;
  onSide: (s: LeverSide) => void;
  onSymbol: (s: string) => void;
}) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const loggedIn = Boolean(getToken());
  useLeverEvents();
  const { symbol, pricePrecision: pp } = terms;
  const last = useTicker(symbol)?.last;
  const lasts = useLastPrices();
  const { data: account } = useLeverAccount();
  const positions = useLeverOrders('open');
  const delegations = useLeverOrders('delegating');
  const open = useOpenLever();
  const guard = useSubmitGuard();
  const say = useMessage();
  const openPositions = ordersOf(positions.data);
  // The estimate needs every open position; until they are all loaded it is not shown.
  const context: AccountContext | undefined = account && positions.data && !positions.hasNextPage ? { account, positions: openPositions, lasts } : undefined;
  const available = account?.available;
  // The form's state, figures and checks live in forms/leverForm; the side lives in the URL.
  const {
    state: form,
    summary,
    dispatch,
    errors,
  } = useForm(
    leverForm,
    () => initialLeverForm(terms, side),
    { terms, last, available, context },
    (s: LeverFormState) => switchSide(s, side),
  );
  const [review, setReview] = useState<LeverSummary | null>(null);
  const confirm = useLazySheet(review !== null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const picker = useLazySheet(pickerOpen);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (open.isPending || review || last === undefined) return;
    const checked = errors();
    dispatch({ type: 'check', errors: checked });
    const next = summary.review;
    if (!hasErrors(checked) && next) startTransition(() => setReview(next));
  };

  const send = () => {
    if (!review || open.isPending || !guard.begin()) return;
    open.mutate(review.request, {
      onSuccess: (order) => {
        toast.success(order.status === 'delegating' ? t('lever.delegated') : t('lever.opened'));
        dispatch({ type: 'opened' });
      },
      onError: (err) => {
        // The client has shown the message; the ones about a field are shown under it too.
        if (err instanceof ApiError) dispatch({ type: 'refused', code: err.details.code, text: err.message });
      },
      onSettled: () => {
        guard.end();
        setReview(null);
      },
    });
  };

  const fact = (key: string, label: string, value: string) => (
    <div key={key} style={{ display: 'contents' }}>
      <dt>{label}</dt>
      <dd data-testid={`lever-${key}`}>{value}</dd>
    </div>
  );

  return (
    <div className={classes.page}>
      <div className={classes.headerRow}>
        <UnstyledButton onClick={() => startTransition(() => setPickerOpen(true))} data-testid="lever-symbol-switch" aria-haspopup="dialog">
          <Group gap={6} wrap="nowrap">
            <Text fw={700} size="lg" data-testid="lever-symbol">
              {symbol}
            </Text>
            <Text c="dimmed" aria-hidden>
              ▾
            </Text>
          </Group>
        </UnstyledButton>
        <Anchor component={Link} to={withQuery(paths.market.kline, { symbol })} size="sm">
          {t('lever.chart')}
        </Anchor>
      </div>
      <LivePrice symbol={symbol} pricePrecision={pp} testId="lever-last" />

      {loggedIn && (
        <div className={classes.card} data-testid="lever-account">
          <div className={classes.cardHeader}>
            <Text fw={600}>{t('lever.account.title')}</Text>
            <Anchor component={Link} to={paths.assets.transferTolever} size="sm" data-testid="lever-transfer">
              {t('lever.account.transfer')}
            </Anchor>
          </div>
          <dl className={classes.facts}>
            {fact('balance', t('lever.account.balance'), account ? usdt(account.balance, locale) : '--')}
            {fact('available', t('lever.available'), account ? usdt(account.available, locale) : '--')}
          </dl>
        </div>
      )}

      <form onSubmit={submit} noValidate data-testid="lever-form">
        <Stack gap={10}>
          <div className={classes.two} role="group" aria-label={t('lever.sideLabel')}>
            {(['long', 'short'] as const).map((s) => (
              <Button
                key={s}
                color={SIDE_COLOR[s]}
                variant={side === s ? 'filled' : 'default'}
                onClick={() => {
                  onSide(s);
                  dispatch({ type: 'side', side: s });
                }}
                aria-pressed={side === s}
                classNames={WRAP}
                data-testid={`lever-side-${s}`}
              >
                {t(`lever.side.${s}`)}
              </Button>
            ))}
          </div>
          <Segmented
            size="xs"
            fullWidth
            value={form.kind}
            onChange={(v) => dispatch({ type: 'kind', kind: v as LeverKind })}
            data={[
              { value: 'market', label: t('lever.type.market') },
              { value: 'limit', label: t('lever.type.limit') },
            ]}
            data-testid="lever-type"
          />
          {form.kind === 'limit' ? (
            <AmountInput
              label={t('lever.price')}
              placeholder={`${t('lever.price')} (${LEVER_COIN})`}
              value={form.price}
              onValueChange={(v) => dispatch({ type: 'edit', field: 'price', value: v })}
              error={say(form.errors.price)}
              data-testid="lever-price-input"
            />
          ) : (
            <TextInput label={t('lever.price')} value={t('lever.marketPrice')} disabled readOnly />
          )}
          <SizeField form={form} terms={terms} dispatch={dispatch} />
          <div role="radiogroup" aria-label={t('lever.multiple')}>
            <Text size="sm" fw={500} mb={4}>
              {t('lever.multiple')}
            </Text>
            <div className={classes.multiples}>
              {terms.multiples.map((m) => (
                <Button
                  key={m}
                  size="compact-sm"
                  variant={form.multiple === m ? 'filled' : 'default'}
                  role="radio"
                  aria-checked={form.multiple === m}
                  onClick={() => dispatch({ type: 'multiple', multiple: m })}
                  data-testid={`lever-multiple-${m}`}
                >
                  {isolate(t('lever.multipleValue', { multiple: m }))}
                </Button>
              ))}
            </div>
            {form.errors.multiple && (
              <Text size="xs" c="red" mt={4}>
                {say(form.errors.multiple)}
              </Text>
            )}
          </div>
          <div className={classes.two}>
            <AmountInput
              label={t('lever.takeProfit')}
              placeholder={t('lever.optional')}
              value={form.takeProfit}
              onValueChange={(v) => dispatch({ type: 'edit', field: 'takeProfit', value: v })}
              error={say(form.errors.takeProfit)}
              data-testid="lever-tp-input"
            />
            <AmountInput
              label={t('lever.stopLoss')}
              placeholder={t('lever.optional')}
              value={form.stopLoss}
              onValueChange={(v) => dispatch({ type: 'edit', field: 'stopLoss', value: v })}
              error={say(form.errors.stopLoss)}
              data-testid="lever-sl-input"
            />
          </div>
          <dl className={classes.facts} data-testid="lever-preview">
            {form.unit !== 'lots' && fact('lots', t('lever.lots'), summary.lots ? formatExact(summary.lots, locale) : '--')}
            {fact('quantity', t('lever.quantity'), summary.quantity ? quantityText(summary.quantity, symbol, locale) : '--')}
            {fact('margin', t('lever.margin'), summary.margin ? usdt(summary.margin, locale) : '--')}
            {fact('fee', t('lever.feeWithRate', { rate: ratePercentText(terms.feeRate, locale) }), summary.fee ? usdtFee(summary.fee, locale) : '--')}
            {fact('liquidation', t('lever.liquidationPrice'), summary.liquidationPrice ? priceMoney(summary.liquidationPrice, pp, locale) : '--')}
            {loggedIn && fact('available-margin', t('lever.available'), available !== undefined ? usdt(available, locale) : '--')}
          </dl>
          {loggedIn ? (
            <Button type="submit" color={SIDE_COLOR[side]} loading={open.isPending} disabled={last === undefined} classNames={WRAP} data-testid="lever-submit">
              {t(side === 'long' ? 'lever.openLong' : 'lever.openShort')}
            </Button>
          ) : (
            <Button component={Link} to={loginRedirect(withQuery(paths.lever.lever, { symbol }))} classNames={WRAP} data-testid="lever-login">
              {t('lever.login')}
            </Button>
          )}
          <Text className={classes.notice}>{t('lever.riskReminder')}</Text>
        </Stack>
      </form>

      {loggedIn && (
        <div className={classes.links}>
          <Button component={Link} to={paths.lever.leverList} variant="light" classNames={WRAP} data-testid="lever-positions-link">
            {t('lever.positionsCount', { count: positions.data?.pages[0]?.total ?? 0 })}
          </Button>
          <Button component={Link} to={paths.lever.orderList} variant="light" classNames={WRAP} data-testid="lever-orders-link">
            {t('lever.delegationsCount', { count: delegations.data?.pages[0]?.total ?? 0 })}
          </Button>
        </div>
      )}
      {loggedIn && account && new Big(account.balance).eq(0) && (
        <Alert color="blue" variant="light" data-testid="lever-empty-account">
          {t('lever.account.empty')}{' '}
          <Anchor component={Link} to={paths.assets.transferTolever}>
            {t('lever.account.transfer')}
          </Anchor>
        </Alert>
      )}

      <Suspense fallback={null}>
        {confirm.mount && <LeverConfirmSheet review={review} terms={terms} pending={open.isPending} onClose={() => setReview(null)} onConfirm={send} />}
      </Suspense>
      <Suspense fallback={null}>
        {picker.mount && (
          <LeverSymbolPicker
            opened={pickerOpen}
            symbols={symbols}
            current={symbol}
            onClose={() => setPickerOpen(false)}
            onPick={(s) => {
              setPickerOpen(false);
              onSymbol(s);
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
