/**
 * Layout in every language that stresses it: every real page of the app (every path of
 * web/src/lib/paths.ts, with the parameters it needs and the demo's data behind it), logged in as
 * the demo, at 390×844, in en, de, ru, fr and ar, light and dark:
 *
 * - nothing scrolls sideways (the document, and the page's own scroller);
 * - no control clips its text: a button, a tab, a select or combobox, a segmented-control label or
 *   an input (its value or placeholder) whose text is wider (or, wrapped, taller) than the box
 *   that shows it, or that spills out of the control;
 * - in Arabic, every amount with its coin, every signed number and every "x / y" is one
 *   bidirectionally isolated unit (U+2066-2068 … U+2069, <bdi>, `dir`, or `unicode-bidi: isolate`),
 *   so a right-to-left paragraph does not reorder "-100.00 USDT" into "USDT 100.00-".
 *
 * One test per language and theme; the pages are visited in one page object by client-side
 * navigation (no reload, the sockets stay up), each measured once its loading indicators are gone.
 * A failure lists every problem as "page: what (the text)".
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/server.ts';
import type { Api } from '../fixtures/api.ts';
import { loginWithToken, setPreferences } from '../fixtures/helpers.ts';
import { ALL_PATHS, paths } from '../../web/src/lib/paths.ts';

// The ten tests are independent (each starts from a fresh world): both workers share them.
test.describe.configure({ mode: 'parallel' });

const LANGS = (process.env.LAYOUT_LANGS ?? 'en,de,ru,fr,ar').split(',');
const THEMES = ['light', 'dark'] as const;

/** Every path of the app with the query it needs; a path missing here fails the test (a new page is measured too). */
async function pageList(page: Page, api: Api): Promise<string[]> {
  const token = await loginWithToken(page);
  const ok = async <T>(p: Promise<{ type: string; message?: unknown }>): Promise<T | undefined> => {
    const env = await p;
    return env.type === 'ok' ? (env.message as T) : undefined;
  };
  for (const to of ['exchange', 'lever', 'second', 'fiat'] as const) {
    await api.call('transfer', { token, body: { coin: 'USDT', from: 'funds', to, amount: '100' } });
  }
  await api.call('placeOrder', { token, body: { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: '1000', quantity: '0.01' } });
  // The id of the first thing a list answers (an array, or an object holding one).
  const firstId = async (p: Promise<{ type: string; message?: unknown }>): Promise<string> => {
    const message = await ok<unknown>(p);
    const list = Array.isArray(message) ? message : Object.values((message ?? {}) as object).find(Array.isArray);
    return ((list as Array<{ id?: string }> | undefined)?.[0]?.id as string | undefined) ?? '';
  };
  const newsId = await firstId(api.call('listNews', { query: {} }));
  const messageId = await firstId(api.call('listMessages', { token, query: {} }));
  const ieoId = await firstId(api.call('listIeoProjects', {}));
  const machineId = await firstId(api.call('listMiningMachines', {}));
  const ads = await ok<{ items: Array<{ id: string; store: { id: string; name: string } }> }>(
    api.call('listP2pAds', { query: { side: 'buy', coin: 'USDT', fiat: 'USD' } }),
  );
  const ad = ads?.items.find((a) => a.store.name === 'Harbor OTC') ?? ads?.items[0];
  const order = ad ? await ok<{ id: string }>(api.call('placeP2pOrder', { token, body: { adId: ad.id, amount: '100.20', payment: 'bank' } })) : undefined;

  const query: Partial<Record<string, string>> = {
    [paths.home.newsDetail]: `id=${newsId}`,
    [paths.mine.systemMessagesDetail]: `id=${messageId}`,
    [paths.market.kline]: 'symbol=BTC/USDT',
    [paths.trade.trade]: 'symbol=BTC/USDT&side=sell',
    [paths.market.second]: 'symbol=BTC/USDT',
    [paths.ieo.detail]: `id=${ieoId}`,
    [paths.lockming.lockmingdetail]: `id=${machineId}`,
    [paths.legal.storeDetail]: `id=${ad?.store.id ?? ''}`,
    [paths.legal.order]: `store=${ad?.store.id ?? ''}&ad=${ad?.id ?? ''}`,
    [paths.legal.orderDetail]: `id=${order?.id ?? ''}`,
    [paths.legal.finished]: `id=${order?.id ?? ''}`,
    [paths.assets.mention]: 'coin=USDT',
    [paths.assets.tradeAccount]: 'kind=exchange&coin=USDT',
  };
  // The root is the home page again; the login page and register come last (they are guest pages, shown to the demo as they are).
  return ALL_PATHS.filter((p) => p !== paths.root).map((p) => `${p.slice(1)}${query[p] ? `?${query[p]}` : ''}`);
}

/** Goes to `path` inside the app (client-side, as a link would) and waits for the page to be drawn with its data. */
async function visit(page: Page, path: string, first: boolean): Promise<string | null> {
  if (first) await page.goto(path);
  else
    await page.evaluate((url) => {
      window.history.pushState(null, '', url);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/h5/${path}`);
  try {
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.locator('.mantine-Skeleton-root, [data-testid=loading]')).toHaveCount(0, { timeout: 8_000 });
  } catch {
    return 'still loading after 8 s';
  }
  // Two frames: what the data rendered is laid out (and a Mantine indicator measured).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return null;
}

/** What is wrong with the layout of the page on screen (run in the page). */
function measure(rtl: boolean): string[] {
  const problems: string[] = [];
  const label = (el: Element) => {
    const text =
      (el instanceof HTMLInputElement ? el.value || el.placeholder : el instanceof HTMLSelectElement ? (el.selectedOptions[0]?.text ?? '') : el.textContent) ??
      '';
    const aria = el.getAttribute('aria-label');
    return `"${text.replace(/\s+/g, ' ').trim().slice(0, 60) || aria || el.tagName.toLowerCase()}"`;
  };
  // On screen: not hidden, not a visually hidden text for screen readers (1 px, clipped).
  const shown = (el: Element) => {
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.clip === 'auto' && !el.closest('[aria-hidden="true"]');
  };

  // (a) Sideways scrolling: the document, and the page's own scroller (main).
  const doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth) problems.push(`the page scrolls sideways (${doc.scrollWidth} > ${window.innerWidth})`);
  for (const el of document.querySelectorAll('main, main > *')) {
    const style = getComputedStyle(el);
    if (/auto|scroll/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1)
      problems.push(`the page scrolls sideways in <${el.tagName.toLowerCase()}> (${el.scrollWidth} > ${el.clientWidth})`);
  }

  const scrolledSideways = (el: Element) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (/auto|scroll/.test(getComputedStyle(p).overflowX)) return true;
    return false;
  };

  // (b) Controls that clip their text.
  const ctx = document.createElement('canvas').getContext('2d')!;
  const textWidth = (el: Element, text: string) => {
    const s = getComputedStyle(el);
    ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    return ctx.measureText(text).width;
  };
  const controls = document.querySelectorAll<HTMLElement>(
    'button, [role=button], [role=tab], [role=radio], [role=combobox], select, input, textarea, .mantine-Button-root, .mantine-SegmentedControl-label, .mantine-Tabs-tab',
  );
  const seen = new Set<Element>();
  for (const control of controls) {
    // A loading button slides its label out on purpose.
    if (!shown(control) || control.closest('[data-loading]')) continue;
    // Out of its field (a button drawn in an input's section, as Max was).
    const field = control.parentElement?.closest('.mantine-Input-wrapper');
    if (field) {
      const f = field.getBoundingClientRect();
      const c = control.getBoundingClientRect();
      if (c.left < f.left - 1 || c.right > f.right + 1)
        problems.push(
          `${label(control)} sticks out of its field (${Math.round(c.left)}..${Math.round(c.right)}, field ${Math.round(f.left)}..${Math.round(f.right)})`,
        );
    }
    // Out of the screen, unless inside a strip that scrolls sideways on purpose (tabs, chips).
    const edge = control.getBoundingClientRect();
    if ((edge.left < -1 || edge.right > window.innerWidth + 1) && !scrolledSideways(control))
      problems.push(`${label(control)} sticks out of the screen (${Math.round(edge.left)}..${Math.round(edge.right)})`);
    if (control instanceof HTMLInputElement && /^(hidden|checkbox|radio|range|file|color)$/.test(control.type)) continue;
    if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) {
      // The field's own text box: its padding and any section drawn over it are inside clientWidth.
      const s = getComputedStyle(control);
      const room = control.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      const texts = control instanceof HTMLSelectElement ? [control.selectedOptions[0]?.text ?? ''] : [control.value, control.value ? '' : control.placeholder];
      for (const text of texts) {
        if (text && textWidth(control, text) > room + 1)
          problems.push(
            `${control.tagName.toLowerCase()} clips its text ${JSON.stringify(text)} (${Math.ceil(textWidth(control, text))} > ${Math.floor(room)})`,
          );
      }
      continue;
    }
    for (const el of [control, ...control.querySelectorAll<HTMLElement>('*')]) {
      if (seen.has(el) || !shown(el)) continue;
      seen.add(el);
      const s = getComputedStyle(el);
      const clipsX = /hidden|clip/.test(s.overflowX) || s.textOverflow === 'ellipsis';
      const clipsY = /hidden|clip/.test(s.overflowY);
      if (clipsX && el.scrollWidth > el.clientWidth + 1) problems.push(`${label(control)} is cut off (${el.scrollWidth} > ${el.clientWidth} wide)`);
      else if (clipsY && el.scrollHeight > el.clientHeight + 1) problems.push(`${label(control)} is cut off (${el.scrollHeight} > ${el.clientHeight} high)`);
    }
    // Text that spills out of the control without being clipped.
    const box = control.getBoundingClientRect();
    for (const el of control.querySelectorAll<HTMLElement>('*')) {
      if (!el.childNodes.length || ![...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim())) continue;
      const range = document.createRange();
      range.selectNodeContents(el);
      const r = range.getBoundingClientRect();
      if (r.width && (r.left < box.left - 1 || r.right > box.right + 1)) {
        problems.push(
          `${label(control)} spills out of its control (text ${Math.round(r.left)}..${Math.round(r.right)}, control ${Math.round(box.left)}..${Math.round(box.right)})`,
        );
        break;
      }
    }
  }

  // (c) In a right-to-left page, values that a paragraph would reorder unless isolated.
  if (rtl) {
    const isolatedTag = (el: Element) => {
      const s = getComputedStyle(el);
      return el.tagName === 'BDI' || el.hasAttribute('dir') || /isolate|plaintext/.test(s.unicodeBidi);
    };
    // The text of one paragraph of `el` as the bidi algorithm sees it, isolated parts as one neutral U+FFFC.
    const paragraphText = (el: Element): string => {
      let out = '';
      for (const n of el.childNodes) {
        if (n.nodeType === Node.TEXT_NODE) out += n.textContent;
        else if (n instanceof Element) {
          const s = getComputedStyle(n);
          if (s.display === 'none') continue;
          if (!s.display.startsWith('inline')) out += '\n';
          else if (isolatedTag(n) || s.display !== 'inline') out += '\uFFFC';
          else out += paragraphText(n);
        }
      }
      return out;
    };
    const patterns: Array<[RegExp, string]> = [
      [/\d(?:[\d.,\u00a0\u202f]*\d)?\s+[A-Z][A-Z0-9]{1,9}\b/, 'an amount with its unit'],
      [/(^|[^\p{L}\p{N}.,])[-+\u2212]\d/u, 'a signed number'],
      // Words on both sides of the slash keep their order; a number beside it does not.
      [/\d\S*\s+\/\s+\S|\S\s+\/\s+\S*\d/, 'an "x / y"'],
    ];
    const found = new Set<string>();
    for (const el of document.body.querySelectorAll('*')) {
      if (!shown(el) || getComputedStyle(el).direction !== 'rtl') continue;
      // Block containers only: inline ones are read as part of their paragraph.
      const display = getComputedStyle(el).display;
      if (display === 'inline' || el.closest('script, style')) continue;
      if (![...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim())) continue;
      let text = paragraphText(el);
      // An isolate is one neutral character to the paragraph around it.
      for (let before = ''; before !== text;) {
        before = text;
        text = text.replace(/[\u2066\u2067\u2068][^\u2066-\u2069]*\u2069/g, '\uFFFC');
      }
      for (const line of text.split('\n')) {
        for (const [re, what] of patterns) {
          if (re.test(line)) found.add(`${what} is not isolated in "${line.trim().slice(0, 80)}"`);
        }
      }
    }
    problems.push(...found);
  }
  return problems;
}

for (const lang of LANGS) {
  for (const theme of THEMES) {
    test(`${lang} ${theme}: no page scrolls sideways, no control clips its text${lang === 'ar' ? ', values are isolated' : ''}`, async ({ page, api }) => {
      // About 70 pages visited and measured in one test: well over the default budget on 2 cores.
      test.slow();
      const pages = await pageList(page, api);
      await setPreferences(page, lang, theme);
      const problems: string[] = [];
      for (const [i, path] of pages.entries()) {
        const stuck = await visit(page, path, i === 0);
        if (stuck) problems.push(`${path}: ${stuck}`);
        for (const p of await page.evaluate(measure, lang === 'ar')) problems.push(`${path}: ${p}`);
      }
      expect(problems, `layout problems in ${lang} ${theme}`).toEqual([]);
    });
  }
}
