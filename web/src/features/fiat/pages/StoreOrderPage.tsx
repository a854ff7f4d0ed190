/** Orders on my store's ads (/pages/legal/storeOrder, login): by state, each opening its detail, where the merchant acts. */
import panel from '../../../ui/panel.module.css';
import { OrderList } from '../components/OrderList';

export default function StoreOrderPage() {
  return (
    <div className={panel.page} data-testid="p2p-store-order-list">
      <OrderList scope="store" />
    </div>
  );
}
