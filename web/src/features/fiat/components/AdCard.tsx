/**
 * One ad of the market or of a store: the store with its record, presence and release time, the
 * price, what is left, the limits, the payment window and methods, and the button to trade.
 */
import { Badge, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatAmount, isolate, exactMoney } from '../../../lib/format';
import { paths, withQuery } from '../../../lib/paths';
import { WRAP } from '../../../ui/wrap';
import { fiatPlaces, type P2pAd } from '../api';
import classes from './fiat.module.css';
import { storeRecord, StoreSignals } from './StoreSignals';

export function AdCard({ ad, showStore = true }: { ad: P2pAd; showStore?: boolean }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const places = fiatPlaces(ad.fiat);
  // The merchant's sell ad is where the user buys.
  const userBuys = ad.side === 'sell';
  return (
    <div className={classes.ad} data-testid="p2p-ad" data-store={ad.store.name}>
      {showStore && (
        <div className={classes.adHead}>
          <Link to={withQuery(paths.legal.storeDetail, { id: ad.store.id })} className={classes.store} data-testid="p2p-store-link" data-server-text>
            {ad.store.name}
          </Link>
          <span className={classes.stats} data-testid="p2p-store-record">
            {storeRecord(t, ad.store, locale)}
          </span>
        </div>
      )}
      {showStore ? (
        <StoreSignals store={ad.store} payWindowMinutes={ad.payWindowMinutes} />
      ) : (
        <div className={classes.signals} data-testid="p2p-pay-window">
          {t('fiat.payWindow', { minutes: ad.payWindowMinutes })}
        </div>
      )}
      <div className={classes.adBody}>
        <div>
          <div className={classes.price} data-testid="p2p-price">
            {isolate(`${formatAmount(ad.price, places, locale)} ${ad.fiat}`)}
          </div>
          <div className={classes.line}>{t('fiat.available', { amount: exactMoney(ad.available, ad.coin, locale) })}</div>
          <div className={classes.line}>
            {t('fiat.limits', { range: isolate(`${formatAmount(ad.min, places, locale)} – ${formatAmount(ad.max, places, locale)} ${ad.fiat}`) })}
          </div>
        </div>
        <Button
          component={Link}
          to={withQuery(paths.legal.order, { ad: ad.id, store: ad.store.id })}
          color={userBuys ? 'teal' : 'red'}
          classNames={WRAP}
          data-testid="p2p-trade"
        >
          {t(userBuys ? 'fiat.buyCoin' : 'fiat.sellCoin', { coin: ad.coin })}
        </Button>
      </div>
      <div className={classes.chips}>
        {ad.payments.map((p) => (
          <Badge key={p} size="sm" variant="light" color="gray">
            {t(`fiat.payment.${p}`)}
          </Badge>
        ))}
      </div>
    </div>
  );
}
