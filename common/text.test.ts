import { describe, expect, it } from 'vitest';
import { operationSchemas } from '../contracts/generated/operation-schemas';
import { checkText, normalizeText, textErrorMessage, textLength, TEXT_RULES, type TextRule } from './text';

const LABEL: TextRule = { max: 32 };
const NAME: TextRule = { min: 2, max: 64 };
const code = (raw: string, rule: TextRule = LABEL) => checkText(raw, rule).error?.code ?? null;

describe('normalising', () => {
  it('composes to NFC, collapses white space runs of any kind and trims', () => {
    expect(normalizeText('  Jose\u0301   Marti\u0301\u00A0\u3000Pe\u0301rez  ')).toBe('José Martí Pérez');
    expect(normalizeText('Cold\u2003\u2003wallet\u20282')).toBe('Cold wallet 2');
    expect(checkText('  Cold   wallet ', LABEL)).toEqual({ value: 'Cold wallet', error: null });
  });

  it('counts characters as code points: an emoji outside the BMP is one', () => {
    expect(textLength('💰')).toBe(1);
    expect(textLength('e\u0301'.normalize('NFC'))).toBe(1);
    expect(code('💰'.repeat(32))).toBeNull();
    expect(code('💰'.repeat(33))).toBe('text_too_long');
  });
});

describe('good text in any language stays allowed', () => {
  it.each([
    ['Latin with accents', 'Itaú Unibanco — São Paulo'],
    ['German', 'Sparkasse Köln/Bonn'],
    ['CJK', '中国工商银行 北京分行'],
    ['Japanese', '三菱UFJ銀行'],
    ['Korean', '국민은행'],
    ['Arabic', 'مصرف الراجحي'],
    ['Hebrew with a bidi mark', 'בנק\u200F לאומי'],
    ['Persian with a zero-width non-joiner', 'می\u200Cخواهم'],
    ['Devanagari', 'भारतीय स्टेट बैंक'],
    ['Thai', 'ธนาคารกรุงเทพ'],
    ['emoji', 'Cold 🧊 wallet 💰'],
    ['emoji with joiners and a variation selector', '👩‍💻 ❤️ 🏳️‍🌈'],
    ['a flag of tag characters', '🏴󠁧󠁢󠁳󠁣󠁴󠁿'],
    ['punctuation and digits', "O'Brien & Sons, No. 2 (EUR)"],
  ])('%s', (_, text) => {
    const result = checkText(text, { max: 80 });
    expect(result.error).toBeNull();
    expect(result.value).toBe(text.normalize('NFC'));
  });
});

describe('bad input', () => {
  it.each([
    ['NUL', 'Cold\u0000'],
    ['tab', 'Cold\twallet'],
    ['line feed', 'Cold\nwallet'],
    ['carriage return', 'Cold\r'],
    ['escape (terminal sequences)', '\u001B[31mred'],
    ['DEL', 'Cold\u007F'],
    ['C1 next line', 'Cold\u0085wallet'],
    ['C1 CSI', 'Cold\u009Bwallet'],
  ])('refuses control characters: %s', (_, raw) => {
    expect(code(raw)).toBe('text_invalid_characters');
  });

  it.each([
    ['LRE', '\u202A'],
    ['RLE', '\u202B'],
    ['PDF', '\u202C'],
    ['LRO', '\u202D'],
    ['RLO', '\u202E'],
    ['LRI', '\u2066'],
    ['RLI', '\u2067'],
    ['FSI', '\u2068'],
    ['PDI', '\u2069'],
  ])('refuses the bidi embedding/override/isolate control %s', (_, ch) => {
    // "Refund to exe.txt" spoofing: the override makes the end of the text read backwards.
    expect(code(`invoice${ch}txt.exe`)).toBe('text_invalid_characters');
  });

  it('refuses lone surrogates (either half) but not a proper pair', () => {
    expect(code('Cold\uD83D')).toBe('text_invalid_characters');
    expect(code('\uDCB0Cold')).toBe('text_invalid_characters');
    expect(code('Cold\uDCB0\uD83D')).toBe('text_invalid_characters'); // halves in the wrong order
    expect(code('Cold\uD83D\uDCB0')).toBeNull();
  });

  it('refuses noncharacters', () => {
    expect(code('Cold\uFFFE')).toBe('text_invalid_characters');
    expect(code('Cold\uFDD0')).toBe('text_invalid_characters');
  });

  it.each([
    ['nothing', ''],
    ['spaces', '     '],
    ['no-break and ideographic spaces', '\u00A0\u3000'],
    ['zero-width spaces', '\u200B\u200B\u200B'],
    ['joiners and a byte order mark', '\u200C\u200D\uFEFF\u2060'],
    ['a soft hyphen', '\u00AD'],
    ['variation selectors', '\uFE0F\uFE0E'],
    ['Hangul fillers', '\u3164\u115F\uFFA0'],
    ['the blank Braille pattern', '\u2800\u2800'],
    ['invisible characters between spaces', ' \u200B \u2060 '],
    ['bidi marks only', '\u200E\u200F'],
  ])('refuses text that is empty or only invisible once normalised: %s', (_, raw) => {
    expect(code(raw)).toBe('text_empty');
  });

  it('bounds the normalised length, in characters, both ways', () => {
    expect(code('a'.repeat(32))).toBeNull();
    expect(checkText('a'.repeat(33), LABEL).error).toEqual({ code: 'text_too_long', params: { max: 32 } });
    expect(checkText(' A ', NAME).error).toEqual({ code: 'text_too_short', params: { min: 2 } });
    expect(code('李明', NAME)).toBeNull();
    // White space that collapses does not count: 32 letters with a run of spaces inside are fine.
    expect(code(`${'a'.repeat(16)}     ${'b'.repeat(15)}`)).toBeNull();
  });

  it('checks invalid characters before anything else, even inside white space', () => {
    expect(code(' \u0000 ')).toBe('text_invalid_characters');
    expect(code(`${'a'.repeat(40)}\u202E`)).toBe('text_invalid_characters');
  });
});

describe('server messages', () => {
  it('name the field and the bound', () => {
    expect(textErrorMessage({ code: 'text_too_long', params: { max: 32 } }, 'the label')).toBe('The label must have at most 32 characters');
    expect(textErrorMessage({ code: 'text_empty', params: {} }, 'the bank name')).toBe('The bank name cannot be only spaces or invisible characters');
  });
});

describe('the rules follow the contract', () => {
  const body = (op: keyof typeof operationSchemas, field: string) =>
    (operationSchemas[op].body as { properties: Record<string, { minLength?: number; maxLength?: number }> }).properties[field];

  it.each([
    ['addAddress', 'label', TEXT_RULES.addressLabel],
    ['openP2pStore', 'name', TEXT_RULES.storeName],
    ['renameP2pStore', 'name', TEXT_RULES.storeName],
    ['submitIdentity', 'realName', TEXT_RULES.realName],
    ['addPaymentMethod', 'realName', TEXT_RULES.realName],
    ['addPaymentMethod', 'bankName', TEXT_RULES.bankName],
    ['addPaymentMethod', 'pixKey', TEXT_RULES.pixKey],
    ['addPaymentMethod', 'alipayAccount', TEXT_RULES.alipayAccount],
    ['addPaymentMethod', 'wechatNickname', TEXT_RULES.wechatNickname],
    ['addPaymentMethod', 'wechatAccount', TEXT_RULES.wechatAccount],
  ] as const)('%s %s', (op, field, rule: TextRule) => {
    const schema = body(op, field);
    expect(schema.maxLength).toBe(rule.max);
    expect(schema.minLength ?? 1).toBe(rule.min ?? 1);
  });
});
