import { useTranslation } from 'react-i18next';
import { useMerchant } from '../../features/fiat/api';
import { paths } from '../../lib/paths';
import { StoreIcon } from '../../ui/icons';
import { ListRow } from '../../ui/ListRow';
import classes from './home.module.css';

/** A merchant's way to their store (orders to handle, ads on the shelf), under the shortcuts; nothing for anyone else. */
export default function MyStoreEntry() {
  const { t } = useTranslation();
  const store = useMerchant().data?.store;
  if (!store) return null;
  return (
    <div className={classes.storeEntry}>
      <ListRow
        label={
          <span className={classes.storeLabel}>
            <StoreIcon aria-hidden className={classes.storeIcon} />
            {t('routes.store')}
          </span>
        }
        value={<span className={classes.storeName}>{store.name}</span>}
        to={paths.legal.store}
        testId="home-my-store"
      />
    </div>
  );
}
