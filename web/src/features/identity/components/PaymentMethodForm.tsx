/**
 * Adding a payment method: the type (bank card, PIX, Alipay, WeChat) decides which fields apply;
 * country/region and the real name apply to all. Every applicable field is checked inline before
 * anything is sent (the names and accounts are free text, normalised and checked by common/text.ts
 * as the server does, and sent normalised); the server's answers (998, name mismatch, duplicates)
 * toast on their own.
 */
import { Alert, Button, Text, TextInput } from '@mantine/core';
import { Segmented } from '../../../ui/Segmented';
import { toast } from '../../../ui/toast';
import { useCallback, useState, type ComponentProps, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentMethodTypeValues } from '../../../../../contracts/generated/enums';
import { checkText, TEXT_RULES, type TextRule } from '../../../../../common/text';
import { useAddPaymentMethod, type PaymentMethodRequest, type PaymentMethodType, type User } from '../api';
import { defaultRegion } from '../../../i18n/regions';
import { CountrySelect } from './CountrySelect';
import { ImageUpload } from '../../../ui/uploads/ImageUpload';
import { ClockIcon } from '../../../ui/icons';
import { useSubmitGuard } from '../../../ui/useSubmitGuard';
import panel from '../../../ui/panel.module.css';

const PAYMENT_TYPES: readonly PaymentMethodType[] = paymentMethodTypeValues;

type Field = 'country' | 'realName' | 'bankName' | 'accountNumber' | 'pixKey' | 'alipayAccount' | 'wechatNickname' | 'wechatAccount' | 'qrImage';
type TextField = Exclude<Field, 'qrImage' | 'country'>;
type FreeTextField = Exclude<TextField, 'accountNumber'>;

/** The fields each type needs besides country and real name (as the contract says). */
const FIELDS: Record<PaymentMethodType, Field[]> = {
  bank: ['bankName', 'accountNumber'],
  pix: ['pixKey'],
  alipay: ['alipayAccount', 'qrImage'],
  wechat: ['wechatNickname', 'wechatAccount', 'qrImage'],
};

/** The free-text fields' rules (common/text.ts, the bounds of the contract's PaymentMethodRequest). */
const TEXT: Record<FreeTextField, TextRule> = {
  realName: TEXT_RULES.realName,
  bankName: TEXT_RULES.bankName,
  pixKey: TEXT_RULES.pixKey,
  alipayAccount: TEXT_RULES.alipayAccount,
  wechatNickname: TEXT_RULES.wechatNickname,
  wechatAccount: TEXT_RULES.wechatAccount,
};
const CARD_NUMBER_MAX = 34;

const EMPTY: Record<TextField, string> = {
  realName: '',
  bankName: '',
  accountNumber: '',
  pixKey: '',
  alipayAccount: '',
  wechatNickname: '',
  wechatAccount: '',
};

export function PaymentMethodForm({
  me,
  types = PAYMENT_TYPES,
  onAdded,
}: {
  me: User | undefined;
  types?: readonly PaymentMethodType[];
  onAdded?: () => void;
}) {
  const { t } = useTranslation();
  const add = useAddPaymentMethod();
  const guard = useSubmitGuard();
  const verifiedName = me?.verification === 'verified' && me.realName ? me.realName : null;
  const [type, setType] = useState<PaymentMethodType>(types[0]);
  const [country, setCountry] = useState<string>(defaultRegion);
  const [values, setValues] = useState<Record<TextField, string>>(() => ({ ...EMPTY, realName: me?.realName ?? '' }));
  const [qrImage, setQrImage] = useState<string | null>(null);
  const [qrBusy, setQrBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});
  const onQrBusy = useCallback((busy: boolean) => setQrBusy(busy), []);
  const realName = verifiedName ?? values.realName;

  const set = (field: TextField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: null }));
  };

  const check = (field: Field): string | null => {
    if (field === 'country') return country ? null : t('identity.validation.required');
    if (field === 'qrImage') {
      if (qrBusy) return t('identity.validation.uploadBusy');
      return qrImage ? null : t('identity.validation.qrRequired');
    }
    const raw = field === 'realName' ? realName : values[field];
    if (!raw.trim()) return t('identity.validation.required');
    if (field === 'accountNumber') {
      const value = raw.trim();
      const digits = value.replace(/[\s-]/g, '');
      return /^[0-9 -]+$/.test(value) && digits.length >= 6 && value.length <= CARD_NUMBER_MAX ? null : t('identity.validation.cardNumber');
    }
    const rule = TEXT[field];
    const { error } = checkText(raw, rule);
    if (!error) return null;
    if (error.code === 'text_too_short' || error.code === 'text_too_long') return t('identity.validation.length', { min: rule.min ?? 1, max: rule.max });
    return t(`apiErrors.${error.code}`, error.params);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (add.isPending) return;
    const applicable: Field[] = ['country', 'realName', ...FIELDS[type]];
    const next = Object.fromEntries(applicable.map((f) => [f, check(f)])) as Partial<Record<Field, string | null>>;
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    // Sent as the server stores them: normalised.
    const body: PaymentMethodRequest = { type, country, realName: checkText(realName, TEXT.realName).value };
    for (const field of FIELDS[type]) {
      if (field === 'qrImage') body.qrImage = qrImage!;
      else if (field === 'accountNumber') body.accountNumber = values.accountNumber.trim();
      else if (field !== 'country') body[field as FreeTextField] = checkText(values[field as FreeTextField], TEXT[field as FreeTextField]).value;
    }
    if (!guard.begin()) return;
    // mutateAsync: the form may unmount when the refreshed list arrives (its page closes it).
    add
      .mutateAsync(body)
      .then(
        () => {
          toast.success(t('identity.payment.submitted'));
          setValues((v) => ({ ...EMPTY, realName: v.realName }));
          setQrImage(null);
          setErrors({});
          onAdded?.();
        },
        () => {}, // already toasted (998 also went to identity verification); the values stay
      )
      .finally(guard.end);
  };

  const text = (field: TextField, extra: Partial<ComponentProps<typeof TextInput>> = {}) => (
    <TextInput
      label={t(`identity.payment.${field === 'accountNumber' ? 'cardNumber' : field}`)}
      placeholder={t(`identity.payment.placeholders.${field}`)}
      value={values[field]}
      onChange={(e) => set(field, e.currentTarget.value)}
      error={errors[field]}
      maxLength={field === 'accountNumber' ? CARD_NUMBER_MAX : undefined}
      data-testid={`pm-${field}`}
      {...extra}
    />
  );

  return (
    <form className={panel.page} style={{ padding: 0 }} onSubmit={submit} noValidate data-testid="pm-form">
      {types.length > 1 && (
        <Segmented
          fullWidth
          value={type}
          onChange={(v) => {
            setType(v as PaymentMethodType);
            setQrImage(null);
            setErrors({});
          }}
          data={types.map((value) => ({ value, label: t(`identity.payment.types.${value}`) }))}
          data-testid="pm-type"
        />
      )}
      <CountrySelect
        value={country}
        onChange={(c) => {
          setCountry(c);
          setErrors((e) => ({ ...e, country: null }));
        }}
        error={errors.country}
      />
      <TextInput
        label={t('identity.payment.realName')}
        description={verifiedName ? t('identity.payment.realNameVerified') : t('identity.payment.realNameHint')}
        placeholder={t('identity.payment.placeholders.realName')}
        value={realName}
        readOnly={Boolean(verifiedName)}
        variant={verifiedName ? 'filled' : 'default'}
        onChange={(e) => set('realName', e.currentTarget.value)}
        error={errors.realName}
        autoComplete="name"
        data-testid="pm-realName"
      />
      {type === 'bank' && (
        <>
          {text('bankName', { autoComplete: 'off' })}
          {text('accountNumber', {
            inputMode: 'numeric',
            autoComplete: 'off',
            onChange: (e) => set('accountNumber', e.currentTarget.value.replace(/[^\d ]/g, '')),
          })}
        </>
      )}
      {type === 'pix' && text('pixKey', { autoComplete: 'off', description: t('identity.payment.pixKeyHint') })}
      {type === 'alipay' && text('alipayAccount', { autoComplete: 'off' })}
      {type === 'wechat' && (
        <>
          {text('wechatNickname', { autoComplete: 'off' })}
          {text('wechatAccount', { autoComplete: 'off' })}
        </>
      )}
      {(type === 'alipay' || type === 'wechat') && (
        <ImageUpload
          key={type}
          label={t('identity.payment.qrImage')}
          description={t(type === 'alipay' ? 'identity.payment.qrHintAlipay' : 'identity.payment.qrHintWechat')}
          value={qrImage}
          onChange={(id) => {
            setQrImage(id);
            if (id) setErrors((e) => ({ ...e, qrImage: null }));
          }}
          onBusyChange={onQrBusy}
          error={errors.qrImage}
          testId="qr-image"
        />
      )}
      <Alert variant="light" color="blue" icon={<ClockIcon width={18} />} p="xs" data-testid="review-notice">
        <Text size="sm">{t('identity.payment.reviewNotice')}</Text>
      </Alert>
      <Button type="submit" size="md" loading={add.isPending} data-testid="pm-submit">
        {types.length === 1 && types[0] === 'bank' ? t('identity.bank.submit') : t('identity.payment.submit')}
      </Button>
    </form>
  );
}
