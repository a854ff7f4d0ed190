/**
 * Free text that users type and the platform stores and shows back (address labels, names, bank
 * names, payment account names): one normalisation and one set of checks, shared by the web forms
 * (instant feedback, in the user's language) and the mock domain (enforcement, with the API codes).
 * Pure TypeScript, no Node or browser APIs.
 *
 * Normalising: Unicode NFC, every run of white space (spaces, no-break spaces, ideographic spaces,
 * line/paragraph separators) becomes one space, then the ends are trimmed.
 *
 * Refused (checked on the text as given, before normalising):
 * - `text_invalid_characters`: C0 and C1 control characters (NUL, tab, line feed, escape, DEL,
 *   U+0080–U+009F: none is allowed), the bidirectional embedding, override and isolate controls
 *   (U+202A–U+202E, U+2066–U+2069) that reorder what is shown, noncharacters (U+FFFE, U+FDD0…) and
 *   lone surrogates (half of a UTF-16 pair, not a character at all).
 * - `text_empty`: nothing left once normalised, or only invisible characters (zero-width space
 *   and joiners, word joiner, byte order mark, soft hyphen, variation selectors, Hangul fillers,
 *   the blank Braille pattern…). Those characters stay allowed inside visible text: emoji and many
 *   scripts need joiners and variation selectors.
 * - `text_too_short` {min}, `text_too_long` {max}: the length of the normalised text in characters
 *   (Unicode code points, as JSON Schema's minLength/maxLength count them).
 *
 * Letters of every script, accents, digits, punctuation, symbols and emoji are allowed, as are
 * the bidi marks (U+200E, U+200F, U+061C) that right-to-left text legitimately uses.
 */

type TextErrorCode = 'text_invalid_characters' | 'text_empty' | 'text_too_short' | 'text_too_long';

export interface TextRule {
  /** Fewest characters once normalised (default 1: not empty). */
  readonly min?: number;
  /** Most characters once normalised: the contract's maxLength of the field. */
  readonly max: number;
}

interface TextError {
  code: TextErrorCode;
  /** The values of the message: `min` for text_too_short, `max` for text_too_long. */
  params: { min?: number; max?: number };
}

interface TextCheck {
  /** The normalised text (what is stored and shown); meaningful when `error` is null. */
  value: string;
  error: TextError | null;
}

/**
 * The free-text fields of the API's request bodies, with the bounds of contracts/openapi.yaml
 * (a unit test keeps them equal to the contract's minLength/maxLength).
 */
export const TEXT_RULES = {
  /** AddressRequest.label (optional). */
  addressLabel: { max: 32 },
  /** IdentityRequest.realName and PaymentMethodRequest.realName. */
  realName: { min: 2, max: 64 },
  bankName: { min: 2, max: 80 },
  pixKey: { min: 4, max: 77 },
  alipayAccount: { min: 3, max: 64 },
  wechatNickname: { min: 1, max: 64 },
  wechatAccount: { min: 3, max: 64 },
  /** OpenP2pStoreRequest.name and RenameP2pStoreRequest.name. */
  storeName: { min: 2, max: 24 },
} as const satisfies Record<string, TextRule>;

// C0, DEL, C1 · bidi embeddings/overrides (LRE RLE PDF LRO RLO) and isolates (LRI RLI FSI PDI) ·
// noncharacters · lone surrogates (in a `u` regex, a surrogate range matches unpaired halves only).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const INVALID = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\p{Noncharacter_Code_Point}\uD800-\uDFFF]/u;
const WHITE_SPACE = /\p{White_Space}+/gu;
/** Characters that show nothing on their own: default-ignorables, white space, the blank Braille pattern. */
const INVISIBLE_ONLY = /^[\p{Default_Ignorable_Code_Point}\p{White_Space}\u2800]*$/u;

/** Length in characters (code points): an emoji outside the BMP counts once, as in JSON Schema. */
export function textLength(value: string): number {
  return [...value].length;
}

/** The normalised form (NFC, white space runs collapsed to one space, trimmed), without checking. */
export function normalizeText(value: string): string {
  return value.normalize('NFC').replace(WHITE_SPACE, ' ').trim();
}

/** Normalises and checks free text against a rule; the first problem found, or null. */
export function checkText(raw: string, rule: TextRule): TextCheck {
  const value = normalizeText(raw);
  if (INVALID.test(raw)) return { value, error: { code: 'text_invalid_characters', params: {} } };
  if (INVISIBLE_ONLY.test(value)) return { value, error: { code: 'text_empty', params: {} } };
  const length = textLength(value);
  if (length > rule.max) return { value, error: { code: 'text_too_long', params: { max: rule.max } } };
  const min = rule.min ?? 1;
  if (length < min) return { value, error: { code: 'text_too_short', params: { min } } };
  return { value, error: null };
}

/**
 * The English message of a problem, for servers (the envelope's `message`); `what` names the
 * field ("the label"). Clients translate `code` with `params` instead (locales `apiErrors.text_*`).
 */
export function textErrorMessage(error: TextError, what: string): string {
  const The = what.charAt(0).toUpperCase() + what.slice(1);
  switch (error.code) {
    case 'text_invalid_characters':
      return `${The} contains control or text-direction characters; please type it again`;
    case 'text_empty':
      return `${The} cannot be only spaces or invisible characters`;
    case 'text_too_short':
      return `${The} must have at least ${error.params.min} characters`;
    case 'text_too_long':
      return `${The} must have at most ${error.params.max} characters`;
  }
}
