/** Checks an address against its network's format (ChainInfo.addressPattern) with a per-network message. */
import { useTranslation } from 'react-i18next';
import type { ChainInfo } from '../api';

/** Why an address does not fit a network, or null when it does. */
export function useAddressProblem(): (chain: ChainInfo, address: string) => string | null {
  const { t } = useTranslation();
  return (chain, address) => {
    const a = address.trim();
    if (!a) return t('funds.addressRequired');
    let ok: boolean;
    try {
      ok = new RegExp(chain.addressPattern).test(a);
    } catch {
      ok = true; // A pattern this browser cannot read: the server checks it.
    }
    return ok ? null : t(`funds.addressFormat.${chain.chain}`, { defaultValue: t('funds.addressFormat.other', { chain: chain.chain }) });
  };
}
