/** My deposits (/pages/coin/coinlog, login): every savings deposit, running or matured, with its interest and end time; live. */
import { Segmented } from '../../../ui/Segmented';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import panel from '../../../ui/panel.module.css';
import { PositionList } from '../components/PositionList';

export default function SavingsLogPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'running' | 'ended'>('running');
  return (
    <div className={panel.page} data-testid="earn-savings-log">
      <Segmented
        value={status}
        onChange={(v) => setStatus(v as typeof status)}
        data={[
          { value: 'running', label: t('earn.filter.running') },
          { value: 'ended', label: t('earn.filter.matured') },
        ]}
        fullWidth
        data-testid="earn-filter"
      />
      <PositionList key={status} filter={{ kind: 'savings', status }} start={{ to: paths.coin.index, label: t('routes.coin') }} />
    </div>
  );
}
