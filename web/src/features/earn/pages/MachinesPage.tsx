/** The mining-machine market (/pages/lockming/lockmingindex): each machine's price, daily output, cycle and stock; a machine opens its details and purchase. */
import { Badge, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCoinDisplay } from '../../../api/coins';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatMoney } from '../../../lib/format';
import { paths, withQuery } from '../../../lib/paths';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';
import { useMachines } from '../api';
import offer from '../../../ui/offer.module.css';
import { machineEstimate } from '../forms/estimate';
import { RiskNote } from '../../../ui/RiskNote';

export default function MachinesPage() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const machines = useMachines();
  const display = useCoinDisplay();
  if (machines.isError && !machines.data) return <LoadRetry onRetry={() => void machines.refetch()} />;
  if (!machines.data) return <PageSkeleton variant="products" rows={3} />;
  return (
    <div className={panel.page} data-testid="earn-machines">
      <div className={offer.links}>
        <Button component={Link} to={paths.lockming.index} variant="light" size="compact-sm" classNames={WRAP}>
          {t('routes.lockming')}
        </Button>
        <Button component={Link} to={withQuery(paths.lockming.list, { kind: 'machine' })} variant="default" size="compact-sm" classNames={WRAP}>
          {t('routes.lockmingList')}
        </Button>
      </div>
      <Text size="xs" c="dimmed">
        {t('earn.machineIntro')}
      </Text>
      <RiskNote text={t('earn.machineRisks')} />
      <div className={offer.list}>
        {machines.data.map((m) => (
          <Link
            key={m.id}
            to={withQuery(paths.lockming.lockmingdetail, { id: m.id })}
            className={offer.card}
            data-testid="earn-machine"
            data-id={m.id}
            data-status={m.status}
          >
            <div className={offer.head}>
              <span className={offer.name}>{t('earn.machineShare', { name: m.name })}</span>
              <Badge size="sm" variant="light" color={m.status === 'on_sale' ? 'teal' : 'gray'}>
                {m.status === 'on_sale' ? t('earn.stock', { count: m.stock }) : t('earn.soldOut')}
              </Badge>
            </div>
            <div className={`${offer.figure} ${offer.up}`}>{formatMoney(m.price, 2, m.coin, locale)}</div>
            <div className={offer.line}>{t('earn.outputPerDay', { amount: formatMoney(m.dailyOutput, display(m.outputCoin), m.outputCoin, locale) })}</div>
            <div className={offer.line}>
              {t('earn.cycleTotal', {
                count: m.days,
                amount: formatMoney(machineEstimate(m.price, m.dailyOutput, m.days, 1).total, display(m.outputCoin), m.outputCoin, locale),
              })}
            </div>
          </Link>
        ))}
      </div>
    </div>
  );
}
