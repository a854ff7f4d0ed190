/**
 * My mining (/pages/lockming/list, login; ?kind=lock|machine): my lock-ups and my machine orders,
 * running or ended, with each payment, what is earned and expected, the next payment and the end;
 * live as payments land. Early redemption of a lock-up that allows it.
 */
import { Segmented } from '../../../ui/Segmented';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths, withQuery } from '../../../lib/paths';
import panel from '../../../ui/panel.module.css';
import { PositionList } from '../components/PositionList';

export default function PositionsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = new URLSearchParams(useLocation().search);
  const kind = params.get('kind') === 'machine' ? 'machine' : 'lock';
  const status = params.get('status') === 'ended' ? 'ended' : 'running';
  const go = (next: { kind?: string; status?: string }) => navigate(withQuery(paths.lockming.list, { kind, status, ...next }), { replace: true });
  return (
    <div className={panel.page} data-testid="earn-positions">
      <Segmented
        value={kind}
        onChange={(v) => go({ kind: v })}
        data={[
          { value: 'lock', label: t('earn.kind.lock') },
          { value: 'machine', label: t('earn.kind.machine') },
        ]}
        fullWidth
        data-testid="earn-kind"
      />
      <Segmented
        value={status}
        onChange={(v) => go({ status: v })}
        data={[
          { value: 'running', label: t('earn.filter.running') },
          { value: 'ended', label: t('earn.filter.ended') },
        ]}
        fullWidth
        data-testid="earn-filter"
      />
      <PositionList
        key={`${kind}|${status}`}
        filter={{ kind, status }}
        start={
          kind === 'lock' ? { to: paths.lockming.index, label: t('routes.lockming') } : { to: paths.lockming.lockmingindex, label: t('routes.lockmingMarket') }
        }
      />
    </div>
  );
}
