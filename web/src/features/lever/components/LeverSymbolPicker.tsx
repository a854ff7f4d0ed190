/**
 * The lever page's symbol picker: a bottom sheet with the lever symbols. Its own chunk, loaded when
 * first opened (`lazy`), so Mantine's Drawer stays out of the page's first download; it renders
 * closed once, then open, so it slides in on the first tap as on the next ones.
 */
import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLazySheet } from '../../../ui/useLazySheet';
import type { LeverTerms } from '../forms/leverForm';
import { LeverSymbolList } from './LeverSymbolList';

export default function LeverSymbolPicker({
  opened,
  symbols,
  current,
  onClose,
  onPick,
}: {
  opened: boolean;
  symbols: LeverTerms[];
  current: string;
  onClose: () => void;
  onPick: (symbol: string) => void;
}) {
  const { t } = useTranslation();
  const sheet = useLazySheet(opened);
  return (
    <Drawer opened={sheet.opened} onClose={onClose} position="bottom" size="70%" title={t('lever.chooseSymbol')} radius="lg">
      <LeverSymbolList symbols={symbols} current={current} onPick={onPick} />
    </Drawer>
  );
}
