/**
 * The lever page's symbol picker: a bottom sheet with the lever symbols. Its own chunk, loaded when
 * first opened (`lazy`), so Mantine's Drawer stays out of the page's first download.
 */
import { useTranslation } from 'react-i18next';
import { PickerSheet } from '../../../ui/PickerSheet';
import type { LeverTerms } from '../forms/leverMath';
import { LeverSymbolList } from './LeverSymbolList';

export default function LeverSymbolPicker(props: {
  opened: boolean;
  symbols: LeverTerms[];
  current: string;
  onClose: () => void;
  onPick: (symbol: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <PickerSheet opened={props.opened} onClose={props.onClose} title={t('lever.chooseSymbol')}>
      <LeverSymbolList symbols={props.symbols} current={props.current} onPick={props.onPick} />
    </PickerSheet>
  );
}
