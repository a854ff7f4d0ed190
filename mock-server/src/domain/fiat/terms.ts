/** An ad's terms, checked as at publication and at every edit (fiat.ts). */
import Big from 'big.js';
import { coinInfo } from '../assets/coins.ts';
import { DomainError } from '../kernel/errors.ts';
import { FIAT_DECIMALS, fiatPlaces, type Ad } from './model.ts';

export function checkAdTerms(ad: Pick<Ad, 'coin' | 'fiat' | 'price' | 'remaining' | 'min' | 'max' | 'payments'>): void {
  if (!ad.payments.length) throw new DomainError('field_required', 'Please choose a payment method');
  if (!(ad.fiat in FIAT_DECIMALS)) throw new DomainError('p2p_fiat_unsupported', 'This currency is not supported').with({ fiat: ad.fiat });
  coinInfo(ad.coin);
  if (ad.price.lte(0) || ad.remaining.lte(0) || ad.min.lte(0)) throw new DomainError('amount_invalid', 'Enter the amount correctly');
  const coinPlaces = coinInfo(ad.coin).precision;
  if (!ad.remaining.round(coinPlaces, Big.roundDown).eq(ad.remaining))
    throw new DomainError('amount_precision', `${ad.coin} amounts have at most ${coinPlaces} decimal places`).with({ places: coinPlaces, field: 'quantity' });
  const places = fiatPlaces(ad.fiat);
  for (const [field, value] of [
    ['price', ad.price],
    ['min', ad.min],
    ['max', ad.max],
  ] as const) {
    if (!value.round(places, Big.roundDown).eq(value))
      throw new DomainError('amount_precision', `${ad.fiat} amounts have at most ${places} decimal places`).with({ places, field });
  }
  if (ad.max.lt(ad.min)) throw new DomainError('p2p_max_below_min', 'Maximum volume cannot be less than minimum');
  if (ad.min.gt(ad.remaining.times(ad.price))) throw new DomainError('p2p_min_above_total', 'The minimum is more than the whole ad is worth');
}
