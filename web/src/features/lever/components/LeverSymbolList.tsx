/** The lever symbol picker: search and every lever symbol with its last price and 24 h change, live. */
import { Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTickers } from '../../../api/market';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatAmount, formatPercent, isolate } from '../../../lib/format';
import { toneOf } from '../../../ui/market/tone';
import type { LeverTerms } from '../forms/leverMath';

export function LeverSymbolList({ symbols, current, onPick }: { symbols: LeverTerms[]; current: string; onPick: (symbol: string) => void }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const { data: tickers = [] } = useTickers();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => symbols.filter((s) => s.symbol.toLowerCase().includes(query.trim().toLowerCase())), [symbols, query]);
  return (
    <Stack gap={4}>
      <TextInput
        placeholder={t('lever.searchSymbol')}
        aria-label={t('lever.searchSymbol')}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        mb="xs"
      />
      {shown.map((s) => {
        const x = tickers.find((tk) => tk.symbol === s.symbol);
        return (
          <UnstyledButton
            key={s.symbol}
            onClick={() => onPick(s.symbol)}
            py={8}
            data-testid="lever-symbol-option"
            data-symbol={s.symbol}
            aria-current={s.symbol === current}
          >
            <Group justify="space-between" wrap="nowrap">
              <Group gap={6} wrap="nowrap">
                <Text fw={s.symbol === current ? 700 : 500}>{s.symbol}</Text>
                <Text size="xs" c="dimmed">
                  {isolate(t('lever.multipleRange', { min: s.multiples[0], max: s.multiples[s.multiples.length - 1] }))}
                </Text>
              </Group>
              <Group gap="sm" wrap="nowrap">
                <Text size="sm">{x ? formatAmount(x.last, s.pricePrecision, locale) : '--'}</Text>
                <Text size="sm" w={64} ta="end" className={x ? toneOf(x.change24h) : undefined}>
                  {x ? formatPercent(x.change24h, locale) : '--'}
                </Text>
              </Group>
            </Group>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
