/**
 * Loans (/pages/loans/loansindex): assistance and credit loans from their institutions; the
 * amount, period and repayment method, the full schedule and total cost before applying, and for
 * a credit loan the contact details with what they are used for. My loans are on loansdetail.
 */
import { Alert, Button, Text, TextInput } from '@mantine/core';
import { Segmented } from '../../../ui/Segmented';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { getToken } from '../../../api/client';
import { useMe } from '../../../api/me';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { checkAmount } from '../../../lib/amount';
import { exactMoney, formatMoney, formatRate, isolate } from '../../../lib/format';
import { paths, withRedirect } from '../../../lib/paths';
import { AmountInput } from '../../../ui/AmountInput';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { useConfirm } from '../../../ui/useConfirm';
import { useSubmitGuard } from '../../../ui/useSubmitGuard';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';
import { useApplyLoan, useLoanProducts, useLoanQuote, type LoanMethod, type LoanProduct } from '../api';
import { Schedule } from '../components/Schedule';
import { CONTACT_FIELDS, type ContactField } from '../contact';

export default function LoansPage() {
  const { t } = useTranslation();
  const products = useLoanProducts();
  const [type, setType] = useState<LoanProduct['type']>('assistance');
  if (products.isError && !products.data) return <LoadRetry onRetry={() => void products.refetch()} />;
  if (!products.data) return <PageSkeleton variant="products" rows={3} />;
  const product = products.data.find((p) => p.type === type) ?? products.data[0];
  return (
    <div className={panel.page} data-testid="loans">
      <Segmented
        value={type}
        onChange={(v) => setType(v as LoanProduct['type'])}
        data={products.data.map((p) => ({ value: p.type, label: t(`loans.type.${p.type}`) }))}
        fullWidth
        data-testid="loan-type"
      />
      <LoanForm key={product.id} product={product} />
      {getToken() && (
        <Button component={Link} to={paths.loans.loansdetail} variant="subtle" classNames={WRAP} data-testid="loan-mine-link">
          {t('routes.loansDetail')}
        </Button>
      )}
    </div>
  );
}

function LoanForm({ product: p }: { product: LoanProduct }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const navigate = useNavigate();
  const apply = useApplyLoan();
  const me = useMe().data;
  // Said before the form, so no one fills it in to learn it at the end (and lose what they typed).
  const unverified = me !== undefined && me.verification !== 'verified';
  const guard = useSubmitGuard();
  const [ask, dialog] = useConfirm();
  const [amount, setAmount] = useState('');
  const [days, setDays] = useState(p.days[0]);
  const [method, setMethod] = useState<LoanMethod>(p.methods[0]);
  const [contact, setContact] = useState<Record<ContactField, string>>({ emergencyName: '', emergencyPhone: '', contact: '', address: '' });
  const [tried, setTried] = useState(false);
  const parsed = checkAmount(amount, 6);
  const inRange = parsed.amount && parsed.amount.gte(p.minAmount) && parsed.amount.lte(p.maxAmount);
  const [terms] = useDebouncedValue(inRange ? { productId: p.id, amount, days, method } : null, 250);
  const quote = useLoanQuote(terms);
  const credit = p.type === 'credit';
  const missing = credit ? CONTACT_FIELDS.map(([f]) => f).filter((f) => !contact[f].trim()) : [];
  const amountProblem = !parsed.amount ? t('loans.enterAmount') : !inRange ? t('loans.outOfRange', { range: exactRange(p, locale) }) : null;
  const submit = async () => {
    setTried(true);
    if (amountProblem || missing.length || !quote.data || !guard.begin()) return;
    try {
      if (
        !(await ask({
          message: t('loans.confirm', { total: formatMoney(quote.data.total, 2, p.coin, locale), institution: p.institution }),
          confirmLabel: t('dialog.applyLoan'),
          cancelLabel: t('dialog.notNow'),
        }))
      )
        return;
      await apply.mutateAsync({ productId: p.id, amount, days, method, ...(credit ? contact : {}) });
      navigate(paths.loans.loansdetail);
    } catch {
      // The error is shown by the API layer; the form keeps what was typed.
    } finally {
      guard.end();
    }
  };
  return (
    <>
      {unverified && (
        <Alert variant="light" color="orange" data-testid="loan-verify-first">
          <Text size="sm">{t(me.verification === 'pending' ? 'loans.verifyPending' : 'loans.verifyFirst')}</Text>
          {me.verification !== 'pending' && (
            <Button
              component={Link}
              to={withRedirect(paths.mine.authentication, paths.loans.loansindex)}
              size="compact-sm"
              variant="light"
              mt="xs"
              classNames={WRAP}
              data-testid="loan-verify"
            >
              {t('loans.verify')}
            </Button>
          )}
        </Alert>
      )}
      <div className={panel.card}>
        <dl className={panel.facts}>
          <dt>{t('loans.institution')}</dt>
          <dd data-server-text>{p.institution}</dd>
          <dt>{t('loans.dailyRate')}</dt>
          <dd>{formatRate(p.dailyRate, locale)}</dd>
          <dt>{t('loans.range')}</dt>
          <dd>{exactRange(p, locale)}</dd>
        </dl>
        <AmountInput
          label={t('loans.amount', { coin: p.coin })}
          value={amount}
          onValueChange={setAmount}
          error={tried || amount ? amountProblem : null}
          data-testid="loan-amount"
        />
        <Text size="sm" fw={500}>
          {t('loans.period')}
        </Text>
        <Segmented
          value={String(days)}
          onChange={(v) => setDays(Number(v))}
          data={p.days.map((d) => ({ value: String(d), label: t('loans.days', { count: d }) }))}
          fullWidth
          data-testid="loan-days"
        />
        <Text size="sm" fw={500}>
          {t('loans.method')}
        </Text>
        <Segmented
          value={method}
          onChange={(v) => setMethod(v as LoanMethod)}
          data={p.methods.map((m) => ({ value: m, label: t(`loans.methods.${m}`) }))}
          fullWidth
          data-testid="loan-method"
        />
        {quote.data && inRange && <Schedule quote={quote.data} coin={p.coin} />}
      </div>
      {credit && (
        <div className={panel.card} data-testid="loan-contact-card">
          <Text size="sm" fw={600}>
            {t('loans.contactTitle')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('loans.contactUse')}
          </Text>
          {CONTACT_FIELDS.map(([field, max]) => (
            <TextInput
              key={field}
              label={t(`loans.fields.${field}`)}
              value={contact[field]}
              onChange={(e) => {
                const value = e.currentTarget.value.slice(0, max);
                setContact((c) => ({ ...c, [field]: value }));
              }}
              error={tried && missing.includes(field) ? t('validation.required') : null}
              autoComplete="off"
              data-testid={`loan-${field}`}
            />
          ))}
        </div>
      )}
      {getToken() ? (
        <Button onClick={() => void submit()} loading={apply.isPending} disabled={unverified} classNames={WRAP} data-testid="loan-apply">
          {t('loans.apply')}
        </Button>
      ) : (
        <Button component={Link} to={withRedirect(paths.mine.login, paths.loans.loansindex)} variant="light" classNames={WRAP}>
          {t('loans.loginToApply')}
        </Button>
      )}
      {dialog}
    </>
  );
}

/** "100 USDT – 5,000 USDT", one isolated unit: a right-to-left page keeps the minimum first. */
const exactRange = (p: LoanProduct, locale: string) => isolate(`${exactMoney(p.minAmount, p.coin, locale)} – ${exactMoney(p.maxAmount, p.coin, locale)}`);
