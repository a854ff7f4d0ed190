import { describe, expect, it } from 'vitest';
import { checkAmount } from './amount';
import { formatLocalInput, isLocalNumberPrefix, latinDigits, parseLocalNumber } from './localNumber';

// The tags the app formats with (i18n INTL_TAG): Arabic pins Latin digits.
const AR = 'ar-u-nu-latn';
const NNBSP = '\u202f';

describe('parseLocalNumber: what a user types, as the plain decimal the form and the wire use', () => {
  it.each([
    // German: "," is the point, "." groups
    ['de', '1.234,5', '1234.5'],
    ['de', '0,01', '0.01'],
    ['de', '1.234.567,89', '1234567.89'],
    ['de', '1.234', '1234'],
    ['de', '0.01', '0.01'], // "." where it cannot group is the point
    ['de', '0.001', '0.001'],
    ['de', '1.5', '1.5'],
    ['de', '1 234,5', '1234.5'],
    // English and Chinese: "." is the point, "," groups
    ['en', '1,234.5', '1234.5'],
    ['en', '1,234', '1234'],
    ['en', '0,01', '0.01'],
    ['en', '1234.56', '1234.56'],
    ['zh-CN', '66,641.82', '66641.82'],
    ['zh-CN', '０.５', '0.5'], // full-width, as a Chinese keyboard types it
    // French and Russian group with (narrow) no-break spaces; any space is taken
    ['fr', `1${NNBSP}234,56`, '1234.56'],
    ['fr', '1 234,56', '1234.56'],
    ['fr', '1.5', '1.5'],
    ['fr', '1.234', '1.234'], // "." never groups in French: a point
    ['ru', '1\u00a0234,5', '1234.5'],
    ['ru', '0,5', '0.5'],
    // Brazilian Portuguese as German
    ['pt-BR', '1.234,56', '1234.56'],
    ['pt-BR', '0,01', '0.01'],
    // Arabic (Latin digits shown, Arabic-Indic and Persian digits typed)
    [AR, '١٢٣٫٤٥', '123.45'],
    [AR, '١٬٢٣٤٫٥', '1234.5'],
    [AR, '١٢٣.٤٥', '123.45'],
    [AR, '۱۲۳٫۴۵', '123.45'],
    [AR, '1,234.5', '1234.5'],
    [AR, '0.01', '0.01'],
    // both marks: the last is the point, whatever the locale
    ['de', '1,234.5', '1234.5'],
    ['en', '1.234,5', '1234.5'],
    // spaces around, digits kept as typed, a trailing point dropped, a leading one given its 0
    ['de', '  0,50 ', '0.50'],
    ['de', '12,', '12'],
    ['en', '.5', '0.5'],
  ])('%s: %j is %s', (locale, text, plain) => {
    expect(parseLocalNumber(text, locale)).toBe(plain);
  });

  it.each([
    ['de', '1,2,3'], // a second decimal mark
    ['de', '1,5,'],
    ['en', '1.5.'],
    [AR, '١٫٢٫٣'],
    ['de', '1.234,5.6'],
    ['en', '1,23,4.5'], // broken grouping
    ['de', '1.2345,6'],
    ['de', '-5'], // amounts are positive
    ['en', '-0.5'],
    ['en', '+1'],
    ['en', '1e5'],
    ['en', 'abc'],
    ['en', ''],
    ['en', '   '],
    ['de', ','],
  ])('%s: %j is not a number', (locale, text) => {
    expect(parseLocalNumber(text, locale)).toBeNull();
  });

  it('leaves the decimals to the field: "0,001" is read, then refused for a 2-place coin', () => {
    const plain = parseLocalNumber('0,001', 'de')!;
    expect(plain).toBe('0.001');
    expect(checkAmount(plain, 2).problem).toBe('precision');
    expect(checkAmount(parseLocalNumber('0,01', 'de')!, 2).amount?.toFixed()).toBe('0.01');
  });
});

describe('isLocalNumberPrefix: what the field lets the user go on typing', () => {
  it('takes a grouping being typed and refuses a second point or a sign', () => {
    expect(isLocalNumberPrefix('1.234.', 'de')).toBe(true); // on its way to 1.234.567
    expect(isLocalNumberPrefix('1,', 'de')).toBe(true);
    expect(isLocalNumberPrefix(',', 'de')).toBe(true);
    expect(isLocalNumberPrefix('1 ', 'fr')).toBe(true);
    expect(isLocalNumberPrefix('', 'fr')).toBe(true);
    expect(isLocalNumberPrefix('1,5,', 'de')).toBe(false);
    expect(isLocalNumberPrefix('1.5.', 'en')).toBe(false);
    expect(isLocalNumberPrefix('١٫٢٫', AR)).toBe(false);
    expect(isLocalNumberPrefix('-', 'en')).toBe(false);
    expect(isLocalNumberPrefix('1x', 'en')).toBe(false);
  });
  it('refuses more than the API takes (40 characters)', () => {
    expect(isLocalNumberPrefix('9'.repeat(40), 'en')).toBe(true);
    expect(isLocalNumberPrefix('9'.repeat(41), 'en')).toBe(false);
  });
});

describe('formatLocalInput: a value the app fills in, the locale’s way', () => {
  it.each([
    ['de', '1234.56', '1.234,56'],
    ['de', '0.01', '0,01'],
    ['fr', '1234.56', `1${NNBSP}234,56`],
    ['ru', '1234.5', '1\u00a0234,5'],
    ['pt-BR', '66641.82', '66.641,82'],
    [AR, '1234.56', '1,234.56'],
    ['en', '1234.56', '1,234.56'],
    ['zh-CN', '0.00833', '0.00833'],
    ['de', '', ''],
  ])('%s: %s shows as %j', (locale, plain, shown) => {
    expect(formatLocalInput(plain, locale)).toBe(shown);
  });
  it('reads back what it shows, in every locale', () => {
    for (const locale of ['de', 'fr', 'ru', 'pt-BR', AR, 'en', 'zh-CN', 'sv', 'bg', 'hr', 'tr', 'ja'])
      for (const plain of ['1234567.891', '0.01', '1000', '12'])
        expect(parseLocalNumber(formatLocalInput(plain, locale), locale), `${locale} ${plain}`).toBe(plain);
  });
  it('reads the digits of Arabic and Persian keyboards', () => {
    expect(latinDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789 0123456789');
  });
});
