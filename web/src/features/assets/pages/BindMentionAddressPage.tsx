/**
 * The withdrawal address book: the user's addresses (mirrored in localStorage `address_list` by
 * the query), each removable after a confirmation, and a form to add one: coin, network, address
 * (checked against the network's address format before anything is sent), an optional label (free
 * text checked by common/text.ts like the server does: left empty it is no label, but a label of
 * only spaces or invisible characters is an error, not silently dropped) and a security
 * verification code sent to the user's account. `?coin=&chain=` preselect the form;
 * `?from=mention` returns to the withdrawal page once the address is added.
 */
import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { toast } from '../../../ui/toast';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { checkText, TEXT_RULES } from '../../../../../common/text';
import { ApiError } from '../../../api/client';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { EmptyState } from '../../../ui/EmptyState';
import { PinIcon } from '../../../ui/emptyIcons';
import { useConfirm } from '../../../ui/useConfirm';
import { CodeField } from '../../../ui/account/CodeField';
import { useMe } from '../../../api/me';
import { useSubmitGuard } from '../../../ui/useSubmitGuard';
import { useAddAddress, useAddresses, useCoins, useRemoveAddress, type WithdrawAddress } from '../api';
import { useAddressProblem } from '../components/addressCheck';
import { CoinChainSelect, useCoinChainParams } from '../components/CoinChainSelect';
import { LoadRetry } from '../../../ui/LoadRetry';
import { shortAddress } from '../components/RecordList';
import classes from '../components/funds.module.css';
import panel from '../../../ui/panel.module.css';
import { paths, withQuery } from '../../../lib/paths';
import { formatDate } from '../../../lib/format';

type Field = 'address' | 'label' | 'code';
const CODE = /^\d{6}$/;
const LABEL_MAX = TEXT_RULES.addressLabel.max;

function AddressEntry({ entry, onRemove, removing }: { entry: WithdrawAddress; onRemove: () => void; removing: boolean }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  return (
    <li className={classes.bookEntry} data-testid="address-entry" data-address-id={entry.id} data-coin={entry.coin} data-chain={entry.chain}>
      <Group justify="space-between" wrap="nowrap" gap={8}>
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Badge variant="light" radius="sm" style={{ flex: 'none' }}>
            {entry.coin} · {entry.chain}
          </Badge>
          {entry.label && (
            <Text fw={600} size="sm" truncate data-testid="address-label">
              {entry.label}
            </Text>
          )}
        </Group>
        <Button size="compact-sm" variant="light" color="red" onClick={onRemove} loading={removing} data-testid="address-remove">
          {t('funds.book.remove')}
        </Button>
      </Group>
      <Text size="sm" className={classes.mono} data-testid="address-value">
        {entry.address}
      </Text>
      <Text size="xs" c="dimmed">
        {t('funds.book.added', { date: formatDate(entry.createdAt, 'date', locale) })}
      </Text>
    </li>
  );
}

export default function BindMentionAddressPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const coins = useCoins();
  const book = useAddresses();
  const { data: me } = useMe();
  const pick = useCoinChainParams(coins.data);
  const { coin, chain } = pick;
  const add = useAddAddress();
  const remove = useRemoveAddress();
  const guard = useSubmitGuard();
  const [ask, dialog] = useConfirm();
  const addressProblem = useAddressProblem();
  const [values, setValues] = useState<Record<Field, string>>({ address: '', label: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});
  const [removingId, setRemovingId] = useState<string | null>(null);

  if (coins.isPending || book.isPending) return <PageSkeleton variant="form" rows={5} />;
  if (!coins.data || !coin || !chain) return <LoadRetry onRetry={() => void coins.refetch()} />;

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: null }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (add.isPending) return;
    // An empty label field is no label; anything typed must be valid, visible text.
    const label = values.label ? checkText(values.label, TEXT_RULES.addressLabel) : null;
    const next: Partial<Record<Field, string | null>> = {
      address: addressProblem(chain, values.address),
      label: !label?.error
        ? null
        : label.error.code === 'text_too_long'
          ? t('funds.book.labelTooLong', { max: LABEL_MAX })
          : t(`apiErrors.${label.error.code}`, label.error.params),
      code: CODE.test(values.code) ? null : t('funds.book.codeInvalid'),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    if (!guard.begin()) return;
    add.mutate(
      { coin: coin.coin, chain: chain.chain, address: values.address.trim(), code: values.code, ...(label ? { label: label.value } : {}) },
      {
        onSettled: guard.end,
        onSuccess: () => {
          toast.success(t('funds.book.addedToast'));
          setValues({ address: '', label: '', code: '' });
          setErrors({});
          if (params.get('from') === 'mention') navigate(withQuery(paths.assets.mention, { coin: coin.coin, chain: chain.chain }), { replace: true });
        },
        onError: (err) => {
          if (!(err instanceof ApiError)) return;
          const code = err.details.code ?? '';
          // The toast has said it; keep it next to the field it is about too.
          if (['wrong_code', 'code_not_sent', 'code_expired'].includes(code)) setErrors((x) => ({ ...x, code: err.message }));
          if (['address_invalid', 'duplicate_address', 'own_address'].includes(code)) setErrors((x) => ({ ...x, address: err.message }));
          if (code.startsWith('text_')) setErrors((x) => ({ ...x, label: err.message }));
        },
      },
    );
  };

  const onRemove = async (entry: WithdrawAddress) => {
    if (removingId) return;
    const yes = await ask({
      message: t('funds.book.removeConfirm', { coin: entry.coin, chain: entry.chain, address: shortAddress(entry.address) }),
      confirmLabel: t('dialog.removeAddress'),
      cancelLabel: t('dialog.keepAddress'),
      destructive: true,
    });
    if (!yes) return;
    setRemovingId(entry.id);
    remove.mutate(entry.id, {
      onSettled: () => setRemovingId(null),
      onSuccess: () => toast.success(t('funds.book.removed')),
    });
  };

  const entries = book.data ?? [];

  return (
    <div className={panel.page}>
      <section className={classes.section} aria-labelledby="book-title">
        <h2 id="book-title" className={classes.sectionTitle}>
          {t('funds.book.title')}
        </h2>
        {book.isError && !entries.length ? (
          <LoadRetry compact onRetry={() => void book.refetch()} />
        ) : entries.length === 0 ? (
          <EmptyState compact testId="address-empty" icon={<PinIcon />} title={t('empty.addresses.title')} hint={t('empty.addresses.hint')} />
        ) : (
          <ul className={classes.book} data-testid="address-list">
            {entries.map((entry) => (
              <AddressEntry key={entry.id} entry={entry} onRemove={() => void onRemove(entry)} removing={removingId === entry.id} />
            ))}
          </ul>
        )}
      </section>

      <form className={panel.card} onSubmit={submit} noValidate aria-labelledby="add-title" data-testid="address-form">
        <h2 id="add-title" className={classes.cardTitle}>
          {t('funds.book.addTitle')}
        </h2>
        <CoinChainSelect coins={coins.data} value={pick} onChange={() => setErrors((x) => ({ ...x, address: null }))} disabled={add.isPending} />
        <TextInput
          label={t('funds.book.address')}
          description={t(`funds.addressHint.${chain.chain}`, { defaultValue: '' }) || undefined}
          placeholder={t('funds.book.addressPlaceholder', { chain: chain.chain })}
          value={values.address}
          onChange={(e) => set('address', e.currentTarget.value)}
          error={errors.address}
          maxLength={128}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          classNames={{ input: classes.mono }}
          data-testid="address-input"
        />
        <TextInput
          label={t('funds.book.label')}
          placeholder={t('funds.book.labelPlaceholder')}
          value={values.label}
          onChange={(e) => set('label', e.currentTarget.value)}
          error={errors.label}
          data-testid="label-input"
        />
        <Stack gap={4}>
          <CodeField
            label={t('funds.book.code')}
            placeholder={t('funds.book.codePlaceholder')}
            value={values.code}
            onChange={(v) => set('code', v)}
            error={errors.code}
            onClearError={() => setErrors((x) => ({ ...x, code: null }))}
            request={() => (me ? { account: me.account, scene: 'security' } : null)}
          />
          {me && (
            <Text size="xs" c="dimmed">
              {t('funds.book.codeHint', { account: me.account })}
            </Text>
          )}
        </Stack>
        <Button type="submit" size="md" loading={add.isPending} data-testid="address-submit">
          {t('funds.book.submit')}
        </Button>
      </form>
      {dialog}
    </div>
  );
}
