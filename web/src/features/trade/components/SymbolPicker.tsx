/**
 * The trade page's symbol picker: a bottom sheet with the symbol list. Its own chunk, loaded when
 * first opened (`lazy`), so Mantine's Drawer stays out of the page's first download; it renders
 * closed once, then open, so it slides in on the first tap as on the next ones.
 */
import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLazySheet } from '../../../ui/useLazySheet';
import { SymbolList } from './SymbolList';

export default function SymbolPicker({
  opened,
  current,
  onClose,
  onPick,
}: {
  opened: boolean;
  current: string;
  onClose: () => void;
  onPick: (symbol: string) => void;
}) {
  const { t } = useTranslation();
  const sheet = useLazySheet(opened);
  return (
    <Drawer opened={sheet.opened} onClose={onClose} position="bottom" size="70%" title={t('trade.chooseSymbol')} radius="lg">
      <SymbolList current={current} onPick={onPick} />
    </Drawer>
  );
}
