/**
 * A store's name: chosen by its merchant (when the store opens, and changed later), free text by
 * common/text.ts's rules (normalised: white space collapsed and trimmed; TEXT_RULES.storeName
 * bounds it), and unique among stores ignoring case and compatibility forms (NFKC, lower case):
 * "harbor otc" or a full-width "Ｈａｒｂｏｒ ＯＴＣ" cannot pose as Harbor OTC. Without a choice the
 * store takes the merchant's nickname, numbered ("demo 2") if a store has that name already.
 */
import { checkText, normalizeText, textErrorMessage, textLength, TEXT_RULES } from '../../../../common/text.ts';
import { DomainError } from '../kernel/errors.ts';
import type { Store } from './model.ts';

/** What two names that must not both exist have in common. */
export const storeNameKey = (name: string) => name.normalize('NFKC').toLowerCase();

/** The name as stored, or the reason it cannot be: text_* (bounds, characters) or p2p_store_name_taken. */
export function checkStoreName(raw: string, stores: Iterable<Store>, except?: Store): string {
  const { value, error } = checkText(raw, TEXT_RULES.storeName);
  if (error) throw new DomainError(error.code, textErrorMessage(error, 'the store name')).with({ field: 'name', ...error.params });
  const key = storeNameKey(value);
  for (const s of stores)
    if (s !== except && storeNameKey(s.name) === key) throw new DomainError('p2p_store_name_taken', 'Another store has this name').with({ field: 'name' });
  return value;
}

/** A free name after the nickname: the nickname itself (cut to the longest a name may be), else numbered. */
export function defaultStoreName(nickname: string, stores: Iterable<Store>): string {
  const taken = new Set([...stores].map((s) => storeNameKey(s.name)));
  const { max, min } = TEXT_RULES.storeName;
  const cut = (text: string, length: number) => [...text].slice(0, length).join('').trim();
  let base = cut(normalizeText(nickname), max);
  if (textLength(base) < min || checkText(base, TEXT_RULES.storeName).error) base = 'Store';
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : ` ${n}`;
    const name = `${cut(base, max - suffix.length)}${suffix}`;
    if (!taken.has(storeNameKey(name))) return name;
  }
}
