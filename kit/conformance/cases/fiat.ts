/** Fiat (P2P) cases: the merchant's side (fiat-1.ts) and the trader's (fiat-2.ts), and the codes no case can reach. */
import type { Case } from './case.ts';
import { fiatStoreCases } from './fiat-1.ts';
import { fiatOrderCases } from './fiat-2.ts';

export const fiatCases: Case[] = [...fiatStoreCases, ...fiatOrderCases];

const NO_METHOD =
  "`payments` names no method: the request schema's pattern (^(bank|pix|alipay|wechat)(,…){0,3}$) needs at least one, and the field is required, so such a request is refused as invalid_request before the operation runs";

export const fiatUnreachable: Record<string, string> = {
  'publishP2pAd/field_required': NO_METHOD,
  'editP2pAd/field_required': NO_METHOD,
  'publishP2pAd/p2p_fiat_unsupported':
    "the request schema's `fiat` enum is the contract's FiatCurrency, and the contract says a server of it never answers this code (only a server listing fewer currencies would)",
  'sendP2pMessage/upload_capacity':
    "needs the server's store of chat images (all users' and guests' together, 50 MiB or 2,000 images) full: about 55 MiB of 5 MiB images sent by two users, which stay while their chats show them (the newest 500 messages) and then refuse every other user's chat image; a case must change no one else's state and a run must be repeatable, and no control call empties the store short of a reset of the whole world",
};
