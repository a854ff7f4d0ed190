import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatDate,
  formatExact,
  formatMoney,
  formatRate,
  formatRatio,
  formatSignedMoney,
  isolate,
  isolateAmounts,
  localParams,
} from './format';

const MOMENT = Date.UTC(2026, 10, 23, 9, 5, 7);

describe('one formatting module', () => {
  it('keeps an amount with its coin, and "x / y", as one isolated unit (right-to-left pages keep them whole)', () => {
    expect(formatMoney('-100', 2, 'USDT', 'ar-u-nu-latn')).toBe('\u2068-100.00 USDT\u2069');
    expect(formatMoney('1234.5678', 2, 'USDT', 'de')).toBe(isolate('1.234,56 USDT'));
    expect(formatRatio('2,000 USDT', '24 h')).toBe('\u20682,000 USDT / 24 h\u2069');
  });

  it('shows a minimum or a limit the server prints at full scale in its shortest exact form', () => {
    expect(formatExact('10.000000')).toBe('10');
    expect(formatExact('0.00050000')).toBe('0.0005');
    expect(formatExact('50000.00', 'de')).toBe('50.000');
    expect(formatExact('1234.5600', 'de')).toBe('1.234,56');
    expect(formatExact('x')).toBe('--');
  });

  it("formats a moment in the user's language, with Latin digits in Arabic, the same way for every list", () => {
    const en = formatDate(MOMENT, 'dateTime', 'en-US');
    const de = formatDate(MOMENT, 'dateTime', 'de-DE');
    expect(en).not.toBe(de);
    expect(de).toMatch(/23\.11\.26/);
    expect(formatDate(MOMENT, 'dateTime', 'ar-u-nu-latn')).toMatch(/[0-9]/);
    expect(formatDate(MOMENT, 'dateTime', 'ar-u-nu-latn')).not.toMatch(/[٠-٩]/);
  });

  it('shows times of day on a 24-hour clock with seconds for the trades tape', () => {
    expect(formatDate(MOMENT, 'time', 'en-US')).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  });
});

describe('signed money, rates and message params', () => {
  it('signs a profit only when what is shown is above zero, truncated', () => {
    expect(formatSignedMoney('10', 2, 'USDT', 'en')).toBe(isolate('+10.00 USDT'));
    expect(formatSignedMoney('-3.219', 2, 'USDT', 'de')).toBe(isolate('-3,21 USDT'));
    expect(formatSignedMoney('0.004', 2, 'USDT', 'en')).toBe(isolate('0.00 USDT'));
  });
  it('shows a rate as its shortest percentage', () => {
    expect(formatRate('0.0005', 'en')).toBe(isolate('0.05%'));
    expect(formatRate('0.85', 'de')).toBe(isolate('85%'));
  });
  it('formats the decimals of message params for the locale and leaves the rest', () => {
    expect(localParams({ min: '10.000000', max: '5000.000000', coin: 'USDT', places: 6 }, 'de')).toEqual({ min: '10', max: '5.000', coin: 'USDT', places: 6 });
    // An amount at fixed places: truncated, its places kept (what is left of a limit, "2,000.00").
    expect(localParams({ left: { amount: '2000', places: 2 }, low: { amount: '1999.999', places: 2 } }, 'en')).toEqual({ left: '2,000.00', low: '1,999.99' });
  });
});

describe('isolating the amounts of a composed string', () => {
  it('isolates an amount with its unit, and a signed number, where a translation holds the coin', () => {
    expect(isolateAmounts('إجمالي الحساب ≈ 1,234.56 USDT')).toBe(`إجمالي الحساب ≈ ${isolate('1,234.56 USDT')}`);
    expect(isolateAmounts('Fee 0.5 USDT, then -100.00 and +3.2 %')).toBe(`Fee ${isolate('0.5 USDT')}, then ${isolate('-100.00')} and ${isolate('+3.2 %')}`);
    expect(isolateAmounts('1.234,56\u00a0BTC')).toBe(isolate('1.234,56\u00a0BTC'));
  });
  it('leaves plain numbers, words and what is already isolated as they are', () => {
    expect(isolateAmounts('Step 2 of 3, 24 h')).toBe('Step 2 of 3, 24 h');
    expect(isolateAmounts(`Total ${isolate('-1.00 USDT')} and 5 ETH`)).toBe(`Total ${isolate('-1.00 USDT')} and ${isolate('5 ETH')}`);
    expect(isolateAmounts('BTC/USDT 11/23/2026, 2026-11-23')).toBe('BTC/USDT 11/23/2026, 2026-11-23');
  });
});

describe('compact volumes in the locale (issue #37)', () => {
  // Intl separates a number from its word with a no-break space.
  const compact = (value: string, locale: string) => formatCompact(value, locale).replace(/\u00a0/g, ' ');

  it("speaks each language's own large units, truncated to at most 2 decimals", () => {
    expect(compact('16509999999.99', 'de')).toBe('16,5 Mrd.');
    expect(compact('1289999', 'de')).toBe('1,28 Mio.');
    // German writes thousands out.
    expect(compact('12345.678', 'de')).toBe('12.345,67');
    expect(compact('16509999999.99', 'zh-CN')).toBe('165.09亿');
    expect(compact('1289999', 'zh-CN')).toBe('128.99万');
    expect(compact('16509999999.99', 'ja')).toBe('165.09億');
    expect(compact('12345', 'ja')).toBe('1.23万');
    expect(compact('16509999999.99', 'en')).toBe('16.5B');
    expect(compact('1289999', 'en')).toBe('1.28M');
    expect(compact('12349.99', 'en')).toBe('12.34K');
    expect(compact('999.999', 'en')).toBe('999.99');
  });

  it('keeps Latin digits in Arabic', () => {
    expect(compact('16509999999.99', 'ar-u-nu-latn')).toBe('16.5 مليار');
    expect(compact('1289999', 'ar-u-nu-latn')).toBe('1.28 مليون');
  });

  it('truncates toward zero, never shows "-0", and shows -- for what is not a number', () => {
    expect(compact('-16509999999', 'en')).toBe('-16.5B');
    expect(compact('-0.001', 'en')).toBe('0');
    expect(compact('abc', 'de')).toBe('--');
  });
});
