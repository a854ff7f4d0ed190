/** The title line of a lever order or position: side, symbol, multiple and type. */
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../lib/format';
import type { LeverOrder } from '../forms/leverMath';
import { SIDE_TEXT } from './sideColor';
import classes from './lever.module.css';

export function OrderTitle({ order }: { order: Pick<LeverOrder, 'side' | 'symbol' | 'multiple' | 'type'> }) {
  const { t } = useTranslation();
  return (
    <div className={classes.cardTitle}>
      <Badge color={SIDE_TEXT[order.side]} variant="light" radius="sm">
        {t(`lever.side.${order.side}`)}
      </Badge>
      <span>{order.symbol}</span>
      <Text span size="xs" c="dimmed">
        {isolate(t('lever.multipleValue', { multiple: order.multiple }))} · {t(`lever.type.${order.type}`)}
      </Text>
    </div>
  );
}
