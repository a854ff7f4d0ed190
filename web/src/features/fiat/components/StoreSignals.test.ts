/**
 * A store's 30-day record in every language: the plural form its count asks for ("1 Order", not
 * "1 Orders"; Russian заказ/заказа/заказов, Arabic its own forms), the count grouped as numbers are.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { I18N_TAG, INTL_TAG, LOCALES, type Locale } from '../../../i18n';
import { storeRecord } from './StoreSignals';

async function tIn(locale: Locale) {
  const strings = JSON.parse(readFileSync(join(import.meta.dirname, `../../../../../locales/${locale}.json`), 'utf8')) as object;
  const i18n = i18next.createInstance();
  await i18n.init({ lng: I18N_TAG[locale], resources: { [I18N_TAG[locale]]: { translation: strings } }, interpolation: { escapeValue: false } });
  return (orders: number, rate?: string) =>
    storeRecord(i18n.t, { totalOrders: Math.max(orders, 1), orders30d: orders, ...(rate ? { completionRate30d: rate } : {}) }, INTL_TAG[locale]);
}

describe("a store's 30-day record", () => {
  it('says "1 order" and "2 orders", with and without a completion rate', async () => {
    const en = await tIn('en');
    expect(en(1)).toBe('1 order in 30 days');
    expect(en(2)).toBe('2 orders in 30 days');
    expect(en(1, '1')).toMatch(/^1 order in 30 days · .*100.*completed$/);
    const de = await tIn('de');
    expect(de(1)).toBe('1 Order in 30 Tagen');
    expect(de(1, '0.5')).toMatch(/^1 Order in 30 Tagen · /);
    expect(de(5210)).toBe('5.210 Orders in 30 Tagen');
  });

  it("takes each language's own forms: Russian one, few and many; Arabic few and many", async () => {
    const ru = await tIn('ru');
    expect([1, 3, 5, 21].map((n) => ru(n))).toEqual(['1 заказ за 30 дней', '3 заказа за 30 дней', '5 заказов за 30 дней', '21 заказ за 30 дней']);
    const ar = await tIn('ar');
    expect(ar(3)).toBe('3 طلبات خلال 30 يومًا');
    expect(ar(11)).toBe('11 طلبًا خلال 30 يومًا');
  });

  it.each(Object.keys(LOCALES) as Locale[])('%s has a form for every count, each showing the count', async (locale) => {
    const t = await tIn(locale);
    for (const n of [0, 1, 2, 3, 5, 11, 21, 101]) {
      expect(t(n)).not.toMatch(/record30dNoRate/);
      expect(t(n)).toContain(String(n));
      expect(t(n, '0.9')).not.toMatch(/fiat\.record/);
    }
  });
});
