/**
 * Withdraw: coin and network, an address of the address book for them (none: the user is sent to
 * add one first and the form cannot be sent), the amount with "Max" (available minus the fee,
 * rounded down to the coin's precision), the fee, the amount received and the total deducted
 * shown live, the minimum withdrawal, what is left of the user's 24 h limit (the server's
 * `withdrawalLimitLeft`) and the available balance of the funds account, and the 6-digit
 * transaction password. Told before, not after: what is missing (a transaction password, an
 * address for this coin, a verification level whose limit is used up) is listed on the form with a
 * link to fix it before anything is typed, and the button stays disabled with the reason shown; an
 * amount over the balance or over what is left of the limit is flagged as it is typed. The rest is
 * checked on Withdraw, then a confirmation sheet sums it up; the server checks it all again (its
 * HTTP 401 without a transaction password still turns into the set-it-up prompt). The withdrawal
 * then shows below: pending review, confirming n/6, success or failure with the reason. The
 * form's state, figures and checks are forms/withdrawForm (the app's form shape, lib/form); this
 * page renders them. (Its public path is the spec's `mention`.)
 */
import { Alert, Anchor, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { toast } from '../../../ui/toast';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { Big } from '../../../lib/decimal';
import { exactMoney, formatAmount, formatExact, isolate, isolateAmounts } from '../../../lib/format';
import { useSettings } from '../../../api/settings';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { useMe } from '../../../api/me';
import { useSubmitGuard } from '../../../ui/useSubmitGuard';
import { balanceOf, useWallet } from '../../../api/wallet';
import { useAddresses, useCoins, useWithdraw, type ChainInfo, type CoinInfo } from '../api';
import { useCoinMoney } from '../format';
import { hasErrors } from '../../../lib/form';
import { useForm } from '../../../lib/useForm';
import { useMessage } from '../../../i18n/useMessage';
import { initialWithdraw, withdrawForm } from '../forms/withdrawForm';
import { AmountInput } from '../../../ui/AmountInput';
import { CoinChainSelect, useCoinChainParams, type CoinChain } from '../components/CoinChainSelect';
import { LoadRetry } from '../../../ui/LoadRetry';
import { RecordList, shortAddress } from '../components/RecordList';
import classes from '../components/funds.module.css';
import { PasswordField } from '../../../ui/PasswordField';
import panel from '../../../ui/panel.module.css';
import { paths, withQuery, withRedirect } from '../../../lib/paths';

export default function WithdrawPage() {
  const coins = useCoins();
  const wallet = useWallet();
  const book = useAddresses();
  const user = useMe();
  const pick = useCoinChainParams(coins.data);
  if (coins.isPending || book.isPending || wallet.isPending || user.isPending) return <PageSkeleton variant="form" rows={5} />;
  if (!coins.data || !pick.coin || !pick.chain) return <LoadRetry onRetry={() => void coins.refetch()} />;
  return <Withdraw coins={coins.data} pick={pick} coin={pick.coin} chain={pick.chain} />;
}

function Withdraw({ coins, pick, coin, chain }: { coins: CoinInfo[]; pick: CoinChain; coin: CoinInfo; chain: ChainInfo }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const money = useCoinMoney();
  const say = useMessage({ isolateAmounts: true });
  const { data: wallet } = useWallet();
  const { data: book } = useAddresses();
  const { data: me } = useMe();
  const { data: settings } = useSettings();
  const withdraw = useWithdraw();
  const guard = useSubmitGuard();
  const [confirming, setConfirming] = useState(false);
  // The form's state, figures and checks live in forms/withdrawForm.
  const { state, summary, dispatch, errors } = useForm(withdrawForm, initialWithdraw, {
    coin,
    chain,
    book,
    available: balanceOf(wallet, 'funds', coin.coin)?.available,
    me,
    limits: settings?.withdrawalLimits,
  });
  const { addresses, address, available, fee, received, total, limit, left, noPassword, limitUsedUp, reviewing, nextLimit, blocked } = summary;
  const exact = (value: Big) => exactMoney(value, coin.coin, locale);
  const bindLink = withQuery(paths.assets.bindMentionAddress, { coin: coin.coin, chain: chain.chain, from: 'mention' });
  const passwordLink = withRedirect(paths.mine.resetLegalPwd, withQuery(paths.assets.mention, { coin: coin.coin, chain: chain.chain }));
  const verifyLink =
    nextLimit && !reviewing ? (
      <Anchor component={Link} to={paths.mine.authentication} size="sm" data-testid="withdraw-verify">
        {isolateAmounts(t('funds.withdraw.verifyToRaise', { limit: formatExact(nextLimit, locale) }))}
      </Anchor>
    ) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (withdraw.isPending || confirming || blocked) return;
    const checked = errors();
    dispatch({ type: 'check', errors: checked });
    if (!hasErrors(checked)) setConfirming(true);
  };

  const send = () => {
    if (!summary.request || withdraw.isPending || !guard.begin()) return;
    withdraw.mutate(summary.request, {
      onSettled: guard.end,
      onSuccess: () => {
        setConfirming(false);
        toast.success(t('funds.withdraw.submitted'));
        dispatch({ type: 'sent' });
      },
      onError: (err) => {
        setConfirming(false);
        // The toast (or the transaction-password prompt) has said it; keep it next to its field too.
        if (err instanceof ApiError) dispatch({ type: 'refused', code: err.details.code, text: err.message });
      },
    });
  };

  return (
    <div className={panel.page}>
      <form className={panel.page} style={{ padding: 0 }} onSubmit={submit} noValidate data-testid="withdraw-form">
        <CoinChainSelect coins={coins} value={pick} onChange={(what) => dispatch({ type: 'coinChain', what })} disabled={withdraw.isPending} />

        <div className={panel.card} data-testid="withdraw-available-card">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0}>
              <Text size="sm">{t('funds.withdraw.available')}</Text>
              <Text size="xs" c="dimmed">
                {t('funds.withdraw.fundsAccount')}
              </Text>
            </Stack>
            <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid="withdraw-available">
              {money(available.toFixed(), coin.coin)}
            </Text>
          </Group>
        </div>

        {(noPassword || limitUsedUp || nextLimit || reviewing) && (
          <div className={panel.card} data-testid="withdraw-prereqs">
            <Text size="sm" fw={600}>
              {t('funds.withdraw.prereqTitle')}
            </Text>
            {noPassword && (
              <Stack gap={2} align="flex-start" data-testid="prereq-password">
                <Text size="sm" c="orange">
                  {t('funds.withdraw.prereqPassword')}
                </Text>
                <Anchor component={Link} to={passwordLink} size="sm" data-testid="prereq-password-link">
                  {t('funds.withdraw.setPassword')}
                </Anchor>
              </Stack>
            )}
            {limitUsedUp && (
              <Text size="sm" c="orange" data-testid="prereq-limit">
                {t('funds.withdraw.prereqLimit')}
              </Text>
            )}
            {reviewing ? (
              <Text size="sm" c="dimmed" data-testid="prereq-reviewing">
                {t('funds.withdraw.reviewing')}
              </Text>
            ) : (
              nextLimit && (
                <Stack gap={2} align="flex-start" data-testid="prereq-verify">
                  <Text size="sm" c={limitUsedUp ? 'orange' : 'dimmed'}>
                    {isolateAmounts(t('funds.withdraw.prereqVerify', { limit: formatExact(limit ?? '0', locale) }))}
                  </Text>
                  {verifyLink}
                </Stack>
              )
            )}
          </div>
        )}

        {addresses.length === 0 ? (
          <Alert color="orange" variant="light" title={t('funds.withdraw.noAddress')} data-testid="no-address">
            <Stack gap={8} align="flex-start">
              <Text size="sm">{t('funds.withdraw.noAddressBody', { coin: coin.coin, chain: chain.chain })}</Text>
              <Button component={Link} to={bindLink} size="compact-md" data-testid="go-bind-address">
                {t('funds.withdraw.addAddress')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Stack gap={4}>
            <NativeSelect
              label={t('funds.withdraw.address')}
              value={address?.id}
              onChange={(e) => dispatch({ type: 'address', id: e.currentTarget.value })}
              data={addresses.map((a) => ({ value: a.id, label: a.label ? `${a.label} · ${shortAddress(a.address)}` : shortAddress(a.address) }))}
              error={say(state.errors.address)}
              disabled={withdraw.isPending}
              data-testid="withdraw-address"
            />
            {address && (
              <Text size="xs" c="dimmed" className={classes.mono} data-testid="withdraw-address-full">
                {address.address}
              </Text>
            )}
            <Anchor component={Link} to={bindLink} size="sm" data-testid="manage-addresses">
              {t('funds.withdraw.manageAddresses')}
            </Anchor>
          </Stack>
        )}

        <AmountInput
          label={t('funds.withdraw.amount')}
          placeholder={isolateAmounts(t('funds.withdraw.amountPlaceholder', { min: formatExact(chain.minWithdraw, locale), coin: coin.coin }))}
          value={state.amount}
          onValueChange={(v) => dispatch({ type: 'amount', value: v })}
          error={say(state.errors.amount ?? summary.live)}
          disabled={withdraw.isPending}
          unit={coin.coin}
          onMax={() => dispatch({ type: 'max' })}
          maxLabel={t('funds.withdraw.max')}
          maxTestId="withdraw-max"
          data-testid="withdraw-amount"
        />

        <dl className={panel.facts} data-testid="withdraw-summary">
          <dt>{t('funds.withdraw.fee')}</dt>
          <dd data-testid="withdraw-fee">{exact(fee)}</dd>
          <dt>{t('funds.withdraw.received')}</dt>
          <dd data-testid="withdraw-received">{received ? exact(received) : '--'}</dd>
          <dt>{t('funds.withdraw.total')}</dt>
          <dd data-testid="withdraw-total">{total ? exact(total) : '--'}</dd>
          <dt>{t('funds.withdraw.minimum')}</dt>
          <dd data-testid="withdraw-min">{exactMoney(chain.minWithdraw, coin.coin, locale)}</dd>
          {limit && left !== undefined && (
            <>
              <dt>{t('funds.withdraw.limit')}</dt>
              <dd data-testid="withdraw-limit">
                {/* One isolate around it all: it reads in its own direction (a fallback English text too). */}
                {isolate(isolateAmounts(t('funds.withdraw.limitLeft', { left: formatAmount(left, 2, locale), limit: formatAmount(limit, 2, locale) })))}
              </dd>
            </>
          )}
        </dl>

        <PasswordField
          label={t('funds.withdraw.password')}
          placeholder={t('funds.withdraw.passwordPlaceholder')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={state.password}
          onChange={(e) => dispatch({ type: 'password', value: e.currentTarget.value })}
          error={say(state.errors.password)}
          // Nothing to type until one is set: the prerequisites above link to setting it.
          disabled={withdraw.isPending || noPassword}
          description={noPassword ? t('funds.withdraw.prereqPassword') : undefined}
          data-testid="withdraw-password"
        />

        <Stack gap={4}>
          <Button type="submit" size="md" disabled={Boolean(blocked)} loading={withdraw.isPending} data-testid="withdraw-submit">
            {t('funds.withdraw.submit')}
          </Button>
          {blocked && (
            <Text size="xs" c="dimmed" ta="center" data-testid="withdraw-blocked">
              {say(blocked)}
            </Text>
          )}
        </Stack>
      </form>

      <RecordList
        filter={{ type: 'withdrawal', coin: coin.coin }}
        title={t('funds.withdraw.recent', { coin: coin.coin })}
        empty={{ title: t('empty.withdrawals.title'), hint: t('empty.withdrawals.hint') }}
        testId="withdraw-records"
      />

      <Modal
        opened={confirming}
        onClose={() => !withdraw.isPending && setConfirming(false)}
        title={t('funds.withdraw.confirmTitle')}
        centered
        size="sm"
        radius="lg"
        closeOnClickOutside={!withdraw.isPending}
        withCloseButton={!withdraw.isPending}
      >
        {address && received && total && (
          <Stack gap="md" data-testid="withdraw-confirm">
            <dl className={panel.facts}>
              <dt>{t('funds.withdraw.confirmCoin')}</dt>
              <dd>
                {coin.coin} · {chain.chain}
              </dd>
              <dt>{t('funds.withdraw.amount')}</dt>
              <dd data-testid="confirm-amount">{exact(received)}</dd>
              <dt>{t('funds.withdraw.fee')}</dt>
              <dd data-testid="confirm-fee">{exact(fee)}</dd>
              <dt>{t('funds.withdraw.total')}</dt>
              <dd data-testid="confirm-total">{exact(total)}</dd>
              <dt>{t('funds.withdraw.received')}</dt>
              <dd data-testid="confirm-received">{exact(received)}</dd>
            </dl>
            <div>
              <Text size="xs" c="dimmed">
                {address.label ? t('funds.withdraw.toLabelled', { label: address.label }) : t('funds.withdraw.to')}
              </Text>
              <Text size="sm" className={classes.mono} data-testid="confirm-address">
                {address.address}
              </Text>
            </div>
            <Text size="xs" c="dimmed">
              {t('funds.withdraw.confirmNote')}
            </Text>
            <Group grow>
              <Button variant="default" onClick={() => setConfirming(false)} disabled={withdraw.isPending}>
                {t('common.back')}
              </Button>
              <Button onClick={send} loading={withdraw.isPending} data-testid="withdraw-confirm-send">
                {t('funds.withdraw.confirmSend')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </div>
  );
}
