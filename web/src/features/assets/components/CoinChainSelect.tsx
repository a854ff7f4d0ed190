/**
 * The coin and its network (chain), as every deposit and withdrawal form asks for them. The choice
 * lives in the query string (`?coin=USDT&chain=ERC20`), so links can preselect it and going back
 * keeps it; unknown values fall back to the first coin and its first chain.
 */
import { NativeSelect, Stack, Text } from '@mantine/core';
import { Segmented } from '../../../ui/Segmented';
import { useCallback, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Chain, ChainInfo, CoinInfo } from '../api';

export interface CoinChain {
  coin: CoinInfo | undefined;
  chain: ChainInfo | undefined;
  setCoin: (coin: string) => void;
  setChain: (chain: Chain) => void;
}

/** Coins that can be deposited and withdrawn (a coin the server lists without a chain is left out). */
const onChain = (coins: CoinInfo[] | undefined) => (coins ?? []).filter((c) => c.chains.length > 0);

/** The coin and chain of the query string, checked against the coin list. */
export function useCoinChainParams(allCoins: CoinInfo[] | undefined): CoinChain {
  const [params, setParams] = useSearchParams();
  const coin = useMemo(() => {
    const coins = onChain(allCoins);
    if (!coins.length) return undefined;
    const wanted = params.get('coin')?.toUpperCase();
    return coins.find((c) => c.coin === wanted) ?? coins[0];
  }, [allCoins, params]);
  const chain = useMemo(() => {
    if (!coin) return undefined;
    const wanted = params.get('chain')?.toUpperCase();
    return coin.chains.find((c) => c.chain === wanted) ?? coin.chains[0];
  }, [coin, params]);

  const update = useCallback(
    (next: Record<string, string | null>) =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(next)) {
            if (v === null) p.delete(k);
            else p.set(k, v);
          }
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setCoin = useCallback((c: string) => update({ coin: c, chain: null }), [update]);
  const setChain = useCallback((c: Chain) => update({ chain: c }), [update]);
  return { coin, chain, setCoin, setChain };
}

/** `onChange` runs after the user picks another coin or chain (e.g. to clear the form's errors). */
export function CoinChainSelect({
  coins,
  value,
  disabled,
  onChange,
}: {
  coins: CoinInfo[];
  value: CoinChain;
  disabled?: boolean;
  onChange?: (what: 'coin' | 'chain') => void;
}) {
  const { t } = useTranslation();
  const chainLabel = useId();
  const { coin, chain } = value;
  if (!coin || !chain) return null;
  return (
    <Stack gap={10}>
      <NativeSelect
        label={t('funds.coin')}
        value={coin.coin}
        onChange={(e) => {
          value.setCoin(e.currentTarget.value);
          onChange?.('coin');
        }}
        data={onChain(coins).map((c) => ({ value: c.coin, label: `${c.coin} · ${c.name}` }))}
        disabled={disabled}
        data-testid="coin-select"
      />
      <div>
        <Text id={chainLabel} size="sm" fw={500} display="block" mb={4}>
          {t('funds.network')}
        </Text>
        <Segmented
          fullWidth
          aria-labelledby={chainLabel}
          value={chain.chain}
          onChange={(c) => {
            value.setChain(c as Chain);
            onChange?.('chain');
          }}
          data={coin.chains.map((c) => ({ value: c.chain, label: c.chain }))}
          disabled={disabled}
          data-testid="chain-select"
        />
      </div>
    </Stack>
  );
}
