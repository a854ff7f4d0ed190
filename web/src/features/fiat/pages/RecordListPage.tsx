/** My fiat orders (/pages/legal/recordlist, login): in progress, completed, cancelled, newest first, page by page, live. */
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';
import { OrderList } from '../components/OrderList';

export default function RecordListPage() {
  const { t } = useTranslation();
  return (
    <div className={panel.page} data-testid="p2p-records">
      <OrderList scope="all" />
      <Button component={Link} to={paths.legal.transactionRecord} variant="subtle" classNames={WRAP} data-testid="p2p-log-link">
        {t('routes.transactionRecord')}
      </Button>
    </div>
  );
}
