/**
 * Numbers as people type them in their language, and back: the rules of every amount field
 * (ui/AmountInput). What the user types ("1.234,56" in German, "1 234,56" in French, "١٢٣٫٤٥" on
 * an Arabic keyboard) becomes the plain decimal string the forms and the wire use ("1234.56"), and
 * a plain value the app fills in is shown the locale's way (`groupDigits` of lib/format).
 *
 * Read as typed:
 * - digits in any of the scripts phones type (Latin, Arabic-Indic ٠-٩, Persian ۰-۹, full-width
 *   ０-９), with leading and trailing spaces ignored; no sign (amounts are positive), no exponent;
 * - the locale's decimal mark, the Arabic decimal separator (٫) and, where it cannot be a
 *   grouping, the other one of "." and "," ("0.01" in German, "1,5" in English, "1.5" in French);
 * - grouping by the locale's group mark, spaces (any width), the Arabic thousands separator (٬),
 *   and "." or "," when the other one is the decimal mark ("1,234.5" anywhere): only in whole
 *   groups of three, so "1.234" is 1234 in German and "0.001" is a thousandth;
 * - at most one decimal mark.
 */
import { DECIMAL_INPUT } from '../../../common/amount';
import { groupDigits } from './format';

const marks = new Map<string, { decimal: string; group: string }>();

/** The locale's decimal and group marks ("," and "." in German; "." and "," in `ar-u-nu-latn`). */
export function numberMarks(locale: string): { decimal: string; group: string } {
  let found = marks.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale).formatToParts(11111.1);
    found = { decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.', group: parts.find((p) => p.type === 'group')?.value ?? ',' };
    marks.set(locale, found);
  }
  return found;
}

/** Zero of each digit script read as digits: Arabic-Indic, Persian (extended Arabic-Indic), full-width. */
const ZEROS = [0x0660, 0x06f0, 0xff10];

/** Latin digits for the digits of the other scripts, ASCII marks for the full-width ones. */
export function latinDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\uff10-\uff19\uff0c\uff0e]/g, (c) => {
    const code = c.charCodeAt(0);
    if (code === 0xff0c) return ',';
    if (code === 0xff0e) return '.';
    const zero = ZEROS.find((z) => code >= z && code <= z + 9)!;
    return String(code - zero);
  });
}

const SPACES = /[\s\u00a0\u2007\u2009\u202f]/;
const ARABIC_DECIMAL = '\u066b';
const ARABIC_GROUP = '\u066c';

/** Whole groups of three after a first group of one to three digits that does not start with 0. */
const isGrouped = (parts: string[]) => /^[1-9]\d{0,2}$/.test(parts[0]) && parts.slice(1).every((p) => /^\d{3}$/.test(p));

/**
 * The plain decimal string ("1234.56") of a number typed in `locale`'s way, or null when it is not
 * one (empty, a sign, letters, two decimal marks, broken grouping). The digits are kept as typed:
 * "0,010" is "0.010"; a decimal mark with nothing after it is dropped ("1," is "1").
 */
export function parseLocalNumber(text: string, locale: string): string | null {
  const { decimal, group } = numberMarks(locale);
  // Group marks that are spaces (French, Russian…) are typed as any space; "." and "," are read below.
  const t = latinDigits(text).trim().replace(new RegExp(SPACES.source, 'g'), ' ').replace(new RegExp(ARABIC_GROUP, 'g'), ' ');
  if (!t || /[^\d., \u066b]/.test(t)) return null;
  let point: number;
  if (t.includes(ARABIC_DECIMAL)) point = t.indexOf(ARABIC_DECIMAL);
  else {
    const dots = [...t].filter((c) => c === '.').length;
    const commas = [...t].filter((c) => c === ',').length;
    const last = Math.max(t.lastIndexOf('.'), t.lastIndexOf(','));
    if (dots && commas) {
      // Both: the last one is the point (once), the other groups ("1,234.5", "1.234,5").
      if ((t[last] === '.' ? dots : commas) > 1) return null;
      point = last;
    } else if (!dots && !commas) point = -1;
    else {
      const mark = dots ? '.' : ',';
      const count = dots || commas;
      // The locale's own decimal mark is the point; the other is a grouping when it can be one.
      const groups = t.split(mark).map((p) => p.replace(/ /g, ''));
      if (mark !== decimal && (mark === group.trim() || count > 1) && isGrouped(groups)) point = -1;
      else if (count === 1) point = last;
      else return null;
    }
  }
  const whole = point < 0 ? t : t.slice(0, point);
  const fraction = point < 0 ? '' : t.slice(point + 1);
  if (!/^\d*$/.test(fraction)) return null;
  const groups = whole.split(/[ .,\u066b]/);
  if (groups.length > 1 && !isGrouped(groups)) return null;
  const digits = groups.join('');
  if (!digits && !fraction) return null;
  return fraction ? `${digits || '0'}.${fraction}` : digits;
}

/**
 * Whether `text` is a number being typed in `locale`: one already, or one once a few more digits
 * come ("1.234." in German, the start of "1.234.567"). A keystroke that makes it neither
 * (a second decimal mark, a letter, a sign) is refused by the field.
 */
export function isLocalNumberPrefix(text: string, locale: string): boolean {
  if (!text.trim()) return true;
  return ['', '0', '00', '000'].some((more) => {
    const plain = parseLocalNumber(text + more, locale);
    return plain !== null && plain.length <= DECIMAL_INPUT.maxLength;
  });
}

/** A plain decimal string the locale's way, grouped ("1.234,56" in German); anything else as it is. */
export function formatLocalInput(plain: string, locale: string): string {
  return /^\d+(\.\d+)?$/.test(plain) ? groupDigits(plain, locale) : plain;
}
