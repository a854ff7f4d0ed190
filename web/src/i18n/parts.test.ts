// @vitest-environment jsdom
/**
 * The dictionary's parts at run time (index.ts, coreGroups.ts): a tab page's strings come with core
 * and its own part, not the rest; a string in no part loaded yet shows blank and brings the rest; a
 * language switch loads, in the new language, every part the old one had (also into a language
 * shown before, which i18next does not read again).
 */
import { describe, expect, it, vi } from 'vitest';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import i18n, { changeLanguage, initI18n, loadStrings } from '.';

const has = (lng: string, key: string) => i18n.exists(key, { lng });

describe('dictionary parts', () => {
  it('load per page, fall back to the rest, and follow a language switch', async () => {
    localStorage.setItem('lang', 'en');
    await initI18n({ part: 'trade' });
    // Opened on the trade page: core and the trade part (the chart's strings with it), not the rest.
    expect(i18n.t('market.search')).toBe(en.market.search);
    expect(i18n.t('trade.book')).toBe(en.trade.book);
    expect(i18n.t('kline.high')).toBe(en.kline.high);
    expect(has('en', 'lever.symbol')).toBe(false);
    expect(has('en', 'fiat.buy')).toBe(false);

    await loadStrings('lever');
    expect(i18n.t('lever.symbol')).toBe(en.lever.symbol);
    expect(has('en', 'fiat.buy')).toBe(false);

    // A switch: German gets core and both parts before it shows.
    await changeLanguage('de');
    expect(i18n.language).toBe('de');
    expect(i18n.t('market.search')).toBe(de.market.search);
    expect(i18n.t('trade.book')).toBe(de.trade.book);
    expect(i18n.t('lever.symbol')).toBe(de.lever.symbol);
    expect(has('de', 'assets.total')).toBe(false);

    // A part first wanted in German, then back to English (read before): English gets it too.
    await loadStrings('assets');
    expect(has('en', 'assets.total')).toBe(false);
    await changeLanguage('en');
    expect(i18n.t('assets.total')).toBe(en.assets.total);

    // A string in no part loaded: blank, and the rest comes (development builds say so once); then a
    // key in no dictionary shows as itself.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(i18n.t('fiat.buy')).toBe('');
    expect(i18n.t('fiat.buy')).toBe('');
    expect(warn).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(i18n.t('fiat.buy')).toBe(en.fiat.buy));
    expect(i18n.t('nothing.here')).toBe('nothing.here');
    // And German, shown before, gets the rest at the next switch.
    await changeLanguage('de');
    expect(i18n.t('fiat.buy')).toBe(de.fiat.buy);
    // Core's single key of a group and the rest of the group, side by side.
    expect(i18n.t('auth.login')).toBe(de.auth.login);
    expect(i18n.t('auth.welcomeBack')).toBe(de.auth.welcomeBack);
  });
});
