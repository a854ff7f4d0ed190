/**
 * The open positions, live: the last prices are read here, once for the whole list (re-rendering
 * on the live pulse when one moves), and each card gets its own symbol's price, so only the cards
 * whose price moved render again, and not the page.
 *
 * The prices are deferred (`useDeferredValue`): 50 cards moving at once are rendered at a lower
 * priority, in slices that leave the main thread free in between (input, frames), and committed
 * together, with the account panel's figures, which defers the same prices.
 */
import { Stack } from '@mantine/core';
import { memo, useDeferredValue } from 'react';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { useLastPrices } from '../api';
import type { LastPrices, LeverOrder } from '../forms/leverMath';
import { PositionCard, usePositionLabels } from './PositionCard';

type Props = {
  positions: LeverOrder[];
  places: (symbol: string) => number;
  /** Stable callbacks (the cards are memoised). */
  onTpSl: (order: LeverOrder) => void;
  onClose: (order: LeverOrder) => void;
  onCancelCloseOrder: (order: LeverOrder) => void;
  /** Whether a position's close is under way. */
  closing: (order: LeverOrder) => boolean;
};

export function PositionList(props: Props) {
  // The stack renders with the page; only the cards inside read the prices.
  return (
    <Stack gap={10}>
      <LiveCards {...props} />
    </Stack>
  );
}

/** Reads the prices: on a pulse only this renders at once; the cards render with the deferred prices. */
function LiveCards(props: Props) {
  const lasts = useDeferredValue(useLastPrices());
  return <Cards {...props} lasts={lasts} />;
}

const Cards = memo(function Cards({ positions, places, onTpSl, onClose, onCancelCloseOrder, closing, lasts }: Props & { lasts: LastPrices }) {
  const labels = usePositionLabels();
  const locale = useIntlLocale();
  return positions.map((o) => (
    <PositionCard
      key={o.id}
      order={o}
      last={lasts[o.symbol]}
      pricePrecision={places(o.symbol)}
      labels={labels}
      locale={locale}
      onTpSl={onTpSl}
      onClose={onClose}
      onCancelCloseOrder={onCancelCloseOrder}
      closing={closing(o)}
    />
  ));
});
