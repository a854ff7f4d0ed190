/** My fiat orders (/pages/legal/recordlist, login): in progress, completed, cancelled, newest first, page by page, live. */
import panel from '../../../ui/panel.module.css';
import { OrderList } from '../components/OrderList';

export default function RecordListPage() {
  return (
    <div className={panel.page} data-testid="p2p-records">
      <OrderList scope="all" />
    </div>
  );
}
