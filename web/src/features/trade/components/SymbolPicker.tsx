/**
 * The trade page's symbol picker: a bottom sheet with the symbol list. Its own chunk, loaded when
 * first opened (`lazy`), so Mantine's Drawer stays out of the page's first download.
 */
import { useTranslation } from 'react-i18next';
import { PickerSheet } from '../../../ui/PickerSheet';
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
  return (
    <PickerSheet opened={opened} onClose={onClose} title={t('trade.chooseSymbol')}>
      <SymbolList current={current} onPick={onPick} />
    </PickerSheet>
  );
}
