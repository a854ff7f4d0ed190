/** The symbol picker of the trade page: search and every symbol with its last price and 24 h change. */
import { Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTickers } from '../../../api/market';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatAmount, formatPercent } from '../../../lib/format';
import { toneOf } from '../../../ui/market/tone';

export function SymbolList({ current, onPick }: { current: string; onPick: (symbol: string) => void }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const { data: tickers = [] } = useTickers();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => tickers.filter((x) => x.symbol.toLowerCase().includes(query.trim().toLowerCase())), [tickers, query]);
  return (
    <Stack gap={4}>
      <TextInput
        placeholder={t('trade.searchSymbol')}
        aria-label={t('trade.searchSymbol')}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        mb="xs"
      />
      {shown.map((x) => (
        <UnstyledButton
          key={x.symbol}
          onClick={() => onPick(x.symbol)}
          py={8}
          data-testid="symbol-option"
          data-symbol={x.symbol}
          aria-current={x.symbol === current}
        >
          <Group justify="space-between" wrap="nowrap">
            <Text fw={x.symbol === current ? 700 : 500}>{x.symbol}</Text>
            <Group gap="sm" wrap="nowrap">
              <Text size="sm">{formatAmount(x.last, x.pricePrecision, locale)}</Text>
              <Text size="sm" w={64} ta="end" className={toneOf(x.change24h)}>
                {formatPercent(x.change24h, locale)}
              </Text>
            </Group>
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
