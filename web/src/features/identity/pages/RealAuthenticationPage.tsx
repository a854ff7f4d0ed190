/**
 * Identity submission. Primary (real-name): real name, ID type, ID number and both sides of the
 * document, each uploaded with a preview. `?level=advanced`: the photo of the user holding the
 * document, once the primary level is verified. A pending or verified level shows its status
 * instead of the form. The form keeps its values when the server refuses it. The real name is free
 * text, normalised and checked by common/text.ts as the server does, and sent normalised.
 */
import { Alert, Button, NativeSelect, Text, TextInput } from '@mantine/core';
import { toast } from '../../../ui/toast';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useReason } from '../../../i18n/useReason';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { checkText, TEXT_RULES } from '../../../../../common/text';
import { ApiError } from '../../../api/client';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { useMeWhileReviewing, useSubmitIdentity, type IdentityRequest, type ReviewStatus, type User } from '../api';
import { ImageUpload } from '../../../ui/uploads/ImageUpload';
import { LoadRetry } from '../../../ui/LoadRetry';
import { ReviewBadge } from '../../../ui/ReviewBadge';
import classes from '../components/identity.module.css';
import { paths } from '../../../lib/paths';
import { useSubmitGuard } from '../../../ui/useSubmitGuard';
import panel from '../../../ui/panel.module.css';

type Level = 'primary' | 'advanced';
type IdType = NonNullable<IdentityRequest['idType']>;
const ID_TYPES: IdType[] = ['id_card', 'passport', 'driving_license'];
const ID_NUMBER = /^[A-Za-z0-9-]{4,32}$/;

/** Tracks which image fields are still reading or uploading. */
function useBusyFields() {
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const track = useCallback((field: string) => (b: boolean) => setBusy((s) => (s[field] === b ? s : { ...s, [field]: b })), []);
  return { busy, track };
}

function useSubmitted() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return () => {
    toast.success(t('identity.real.submitted'));
    navigate(paths.mine.authentication, { replace: true });
  };
}

/** A level that is under review or verified: its status instead of the form. */
function StatusView({ level, status, user }: { level: Level; status: ReviewStatus; user: User }) {
  const { t } = useTranslation();
  return (
    <div className={panel.page}>
      <section className={panel.card} data-testid="identity-status" data-status={status}>
        <div className={panel.cardHeader}>
          <h2 className={classes.cardTitle}>{t(`identity.overview.${level}.title`)}</h2>
          <ReviewBadge status={status} />
        </div>
        <Text size="sm">{status === 'pending' ? t('identity.real.pendingBody') : t('identity.real.verifiedBody')}</Text>
        {user.realName && (
          <dl className={panel.facts}>
            <dt>{t('identity.real.realName')}</dt>
            <dd>{user.realName}</dd>
          </dl>
        )}
        <Button component={Link} to={paths.mine.authentication} variant="light" replace>
          {t('identity.real.backToOverview')}
        </Button>
      </section>
    </div>
  );
}

function PrimaryForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const reason = useReason();
  const submit = useSubmitIdentity();
  const guard = useSubmitGuard();
  const onSubmitted = useSubmitted();
  const { busy, track } = useBusyFields();
  const [realName, setRealName] = useState(user.realName ?? '');
  const [idType, setIdType] = useState<IdType>('id_card');
  const [idNumber, setIdNumber] = useState('');
  const [front, setFront] = useState<string | null>(null);
  const [back, setBack] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<'realName' | 'idNumber' | 'front' | 'back', string | null>>>({});
  const onFrontBusy = track('front');
  const onBackBusy = track('back');

  const image = (id: string | null, field: 'front' | 'back') =>
    busy[field] ? t('identity.validation.uploadBusy') : id ? null : t(`identity.validation.${field}Required`);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (submit.isPending) return;
    const name = checkText(realName, TEXT_RULES.realName);
    const { min, max } = TEXT_RULES.realName;
    const number = idNumber.trim();
    const next = {
      realName: !realName.trim()
        ? t('identity.validation.required')
        : !name.error
          ? null
          : name.error.code === 'text_too_short' || name.error.code === 'text_too_long'
            ? t('identity.validation.length', { min, max })
            : t(`apiErrors.${name.error.code}`, name.error.params),
      idNumber: !number ? t('identity.validation.required') : ID_NUMBER.test(number) ? null : t('identity.validation.idNumber'),
      front: image(front, 'front'),
      back: image(back, 'back'),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    if (!guard.begin()) return;
    // mutateAsync: the form is replaced by the status as soon as the user is pending, and the
    // navigation must still happen.
    submit
      .mutateAsync({ level: 'primary', realName: name.value, idType, idNumber: number, frontImage: front!, backImage: back! })
      .then(onSubmitted, (err) => {
        // Errors have toasted; the form keeps its values, and a refused name says so next to it.
        if (err instanceof ApiError && err.details.code?.startsWith('text_')) setErrors((s) => ({ ...s, realName: err.message }));
      })
      .finally(guard.end);
  };

  return (
    <form className={panel.page} onSubmit={onSubmit} noValidate data-testid="identity-form">
      {user.verification === 'rejected' && (
        <Alert color="red" variant="light" title={t('identity.real.rejectedTitle')} data-testid="identity-rejected">
          {reason(user.verificationReasonCode, user.verificationReason) ?? t('identity.overview.rejectedNoReason')}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {t('identity.real.intro')}
      </Text>
      <TextInput
        label={t('identity.real.realName')}
        description={t('identity.real.realNameHint')}
        placeholder={t('identity.real.realNamePlaceholder')}
        value={realName}
        onChange={(e) => {
          setRealName(e.currentTarget.value);
          setErrors((s) => ({ ...s, realName: null }));
        }}
        error={errors.realName}
        autoComplete="name"
        data-testid="real-name-input"
      />
      <NativeSelect
        label={t('identity.real.idType')}
        value={idType}
        onChange={(e) => setIdType(e.currentTarget.value as IdType)}
        data={ID_TYPES.map((value) => ({ value, label: t(`identity.idTypes.${value}`) }))}
        data-testid="id-type-select"
      />
      <TextInput
        label={t('identity.real.idNumber')}
        placeholder={t('identity.real.idNumberPlaceholder')}
        value={idNumber}
        onChange={(e) => {
          setIdNumber(e.currentTarget.value.replace(/\s/g, ''));
          setErrors((s) => ({ ...s, idNumber: null }));
        }}
        error={errors.idNumber}
        maxLength={32}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        data-testid="id-number-input"
      />
      <ImageUpload
        label={t('identity.real.front')}
        description={t('identity.real.frontHint')}
        value={front}
        onChange={(id) => {
          setFront(id);
          if (id) setErrors((s) => ({ ...s, front: null }));
        }}
        onBusyChange={onFrontBusy}
        error={errors.front}
        testId="front-image"
      />
      <ImageUpload
        label={t('identity.real.back')}
        description={t('identity.real.backHint')}
        value={back}
        onChange={(id) => {
          setBack(id);
          if (id) setErrors((s) => ({ ...s, back: null }));
        }}
        onBusyChange={onBackBusy}
        error={errors.back}
        testId="back-image"
      />
      <Text size="xs" c="dimmed">
        {t('identity.real.privacy')}
      </Text>
      <Button type="submit" size="md" loading={submit.isPending} data-testid="identity-submit">
        {user.verification === 'rejected' ? t('identity.real.resubmit') : t('identity.real.submit')}
      </Button>
    </form>
  );
}

function AdvancedForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const reason = useReason();
  const submit = useSubmitIdentity();
  const guard = useSubmitGuard();
  const onSubmitted = useSubmitted();
  const { busy, track } = useBusyFields();
  const [hand, setHand] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onHandBusy = track('hand');

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (submit.isPending) return;
    const problem = busy.hand ? t('identity.validation.uploadBusy') : hand ? null : t('identity.validation.handRequired');
    setError(problem);
    if (problem) return;
    if (!guard.begin()) return;
    submit
      .mutateAsync({ level: 'advanced', handImage: hand! })
      .then(onSubmitted, () => {})
      .finally(guard.end);
  };

  return (
    <form className={panel.page} onSubmit={onSubmit} noValidate data-testid="identity-form">
      <h2 className={classes.cardTitle}>{t('identity.overview.advanced.title')}</h2>
      {user.advancedVerification === 'rejected' && (
        <Alert color="red" variant="light" title={t('identity.real.rejectedTitle')} data-testid="identity-rejected">
          {reason(user.advancedVerificationReasonCode, user.advancedVerificationReason) ?? t('identity.overview.rejectedNoReason')}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {t('identity.real.advancedIntro')}
      </Text>
      <ImageUpload
        label={t('identity.real.hand')}
        description={t('identity.real.handHint')}
        value={hand}
        onChange={(id) => {
          setHand(id);
          if (id) setError(null);
        }}
        onBusyChange={onHandBusy}
        error={error}
        testId="hand-image"
      />
      <Text size="xs" c="dimmed">
        {t('identity.real.privacy')}
      </Text>
      <Button type="submit" size="md" loading={submit.isPending} data-testid="identity-submit">
        {user.advancedVerification === 'rejected' ? t('identity.real.resubmit') : t('identity.real.submit')}
      </Button>
    </form>
  );
}

export default function RealAuthenticationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const level: Level = params.get('level') === 'advanced' ? 'advanced' : 'primary';
  const me = useMeWhileReviewing();
  if (!me.data) return me.isError ? <LoadRetry onRetry={() => void me.refetch()} /> : <PageSkeleton variant="form" rows={5} />;
  const user = me.data;

  if (level === 'primary') {
    if (user.verification === 'pending' || user.verification === 'verified') return <StatusView level="primary" status={user.verification} user={user} />;
    return <PrimaryForm user={user} />;
  }
  if (user.verification !== 'verified') {
    return (
      <div className={panel.page}>
        <section className={panel.card} data-testid="advanced-needs-primary">
          <h2 className={classes.cardTitle}>{t('identity.overview.advanced.title')}</h2>
          <Text size="sm">{t('identity.overview.advancedLocked')}</Text>
          <Button component={Link} to={paths.mine.realAuthentication} replace>
            {t('identity.real.goPrimary')}
          </Button>
        </section>
      </div>
    );
  }
  if (user.advancedVerification === 'pending' || user.advancedVerification === 'verified') {
    return <StatusView level="advanced" status={user.advancedVerification} user={user} />;
  }
  return <AdvancedForm user={user} />;
}
