/**
 * The sweep: every page of the app (every path of web/src/lib/paths.ts, with the parameters it needs
 * and the demo's data behind it) visited once per language and theme, at 390×844, with every check
 * that looks at a whole page run on that one visit:
 *
 * - **layout**, in en, de, ru, fr and ar, light and dark: nothing scrolls sideways (the document, and
 *   the page's own scroller); no control clips its text (a button, a tab, a select or combobox, a
 *   segmented-control label or an input whose text is wider, or wrapped taller, than its box, or that
 *   spills out of the control);
 * - **bidi isolation**, in ar: every amount with its coin, every signed number and every "x / y" is
 *   one bidirectionally isolated unit (U+2066-2068 … U+2069, <bdi>, `dir`, or `unicode-bidi:
 *   isolate`), so a right-to-left paragraph does not reorder "-100.00 USDT" into "USDT 100.00-";
 * - **accessibility**, in en light, en dark and ar light: axe-core finds no violation of its WCAG 2.0,
 *   2.1 and 2.2 level A and AA rules (what the product promises, and what Lighthouse's accessibility
 *   audits are drawn from), nor of its `best-practice` rules except those about a document's outline
 *   rather than its users (`region`: content outside a landmark, and the heading-order rules of long
 *   documents), so the rules Lighthouse scores but WCAG does not list (`aria-allowed-role`,
 *   `landmark-unique`) are covered as well;
 * - **untranslated text**, in the pseudo locale (?pseudo=1 shows every translated string as
 *   "⟦Ḿàŕķéţš⟧"): no visible text, placeholder or aria-label in plain letters, i.e. text that did not
 *   go through the dictionaries;
 * - **English left over**, in de, ar and zh: no visible word (3 letters or more) of the English
 *   dictionary that the page's own dictionary does not use, e.g. an English string a translation
 *   kept or English the server sent as text to show (free text the contract marks, a person's
 *   message or a name, is `data-server-text` and not looked at; a news article in another language
 *   is labelled so).
 *
 * The guest pages (login, register, the forgotten password's two steps) are visited logged out, as a
 * guest sees them; then every other page logged in as the demo, and the 404 page. One test per
 * language and theme, from a fresh world with the clock stopped; the pages are visited in one page
 * object by client-side navigation (no reload, the sockets stay up), each checked once its loading
 * indicators are gone. A failure lists every problem as "page: what (the text)".
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import axe from 'axe-core';
import { test, expect } from '../fixtures/server.ts';
import type { Api } from '../fixtures/api.ts';
import { apiLogin, englishLeft, navigateInApp, untranslated } from '../fixtures/helpers.ts';
import { ALL_PATHS, paths, type AppPath } from '../../web/src/lib/paths.ts';

// The tests are independent (each starts from a fresh world): both workers share them.
test.describe.configure({ mode: 'parallel' });

const LANGS = ['en', 'de', 'ru', 'fr', 'ar'];
const THEMES = ['light', 'dark'] as const;
/** Where axe runs: both themes (contrast) and right to left. */
const AXE = new Set(['en light', 'en dark', 'ar light']);

/** Shown to a guest: visited logged out. */
const GUEST: AppPath[] = [paths.mine.login, paths.mine.register, paths.mine.forgetPwd, paths.mine.forgetPwdNext];

/**
 * Sets up through the API what the pages show (money in every account, an open spot order, a P2P
 * order of the demo's own) and returns the session token and every logged-in page with the query it
 * needs. A path missing from the query table still gets visited, so a new page is swept too.
 */
async function setUp(page: Page, api: Api): Promise<{ token: string; pages: string[] }> {
  const token = await apiLogin(page);
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
    [paths.lever.lever]: 'symbol=BTC/USDT',
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
  // The root is the home page again.
  const pages = ALL_PATHS.filter((p) => p !== paths.root && !GUEST.includes(p)).map((p) => `${p.slice(1)}${query[p] ? `?${query[p]}` : ''}`);
  return { token, pages };
}

/** Goes to `path` inside the app (client-side, as a link would) and waits for the page to be drawn with its data. */
async function visit(page: Page, path: string, first: boolean, ready = page.locator('h1').first()): Promise<string | null> {
  try {
    if (first) await page.goto(path);
    else await navigateInApp(page, path);
    // index.html's static shell lies over the app until the page has drawn itself.
    await expect(page.locator('#boot')).toHaveCount(0);
    await expect(ready).toBeVisible();
    await expect(page.locator('[data-skeleton], .mantine-Skeleton-root, [data-testid=loading]')).toHaveCount(0, { timeout: 8_000 });
  } catch {
    return 'still loading after 8 s';
  }
  // Two frames: what the data rendered is laid out (and a Mantine indicator measured).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return null;
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
/** Best practices about a document's outline, not about using it: a one-screen app page is not an article. */
const AXE_NOT_CHECKED = ['region', 'heading-order', 'page-has-heading-one'];

/**
 * axe-core's violations on the page, one line each with the rule, its help, where to read more and
 * up to 8 elements with what fails. axe is put into the document once (client-side navigation keeps
 * it) and run on the whole document; the app has no frames.
 */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    ([tags, off]) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(document, {
          resultTypes: ['violations'],
          runOnly: { type: 'tag', values: tags },
          rules: Object.fromEntries(off.map((id) => [id, { enabled: false }])),
        })
        .then((r) => r.violations),
    [AXE_TAGS, AXE_NOT_CHECKED] as const,
  );
  return violations.map((v) => {
    const targets = v.nodes
      .slice(0, 8)
      .map((n) => `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.split('\n').slice(1).join(' ').trim()})` : ''}`);
    return `axe ${v.id} (${v.impact ?? ''}): ${v.help}\n  ${v.helpUrl}\n  ${targets.join('\n  ')}`;
  });
}

type Variant = { lang: string; theme: 'light' | 'dark'; layout: boolean; axe: boolean; pseudo: boolean; english?: boolean };

/** Where no English may be left: one theme each (the words do not change with it). */
const ENGLISH_CHECKED = new Set(['de light', 'ar light', 'zh light']);

const VARIANTS: Variant[] = [
  ...LANGS.flatMap((lang) =>
    THEMES.map((theme) => ({ lang, theme, layout: true, axe: AXE.has(`${lang} ${theme}`), pseudo: false, english: ENGLISH_CHECKED.has(`${lang} ${theme}`) })),
  ),
  // Chinese for its words only (its layout is the Latin languages' with shorter labels).
  { lang: 'zh', theme: 'light', layout: false, axe: false, pseudo: false, english: true },
  // Pseudo text is bracketed and accented, not a language to lay out.
  { lang: 'en', theme: 'light', layout: false, axe: false, pseudo: true },
];

function title({ lang, theme, axe, pseudo, layout, english }: Variant): string {
  if (pseudo) return 'pseudo locale: every visible string of every page comes from the dictionaries';
  const checks = [
    ...(layout ? ['no page scrolls sideways, no control clips its text'] : []),
    ...(lang === 'ar' ? ['values are isolated'] : []),
    ...(axe ? ['axe finds no violation'] : []),
    ...(english ? ['no English left'] : []),
  ];
  return `${lang} ${theme}: ${checks.join(', ')}`;
}

/** The words (3 letters or more, lower case) of a dictionary's strings, without their {{placeholders}}. */
function wordsOf(lang: string): Set<string> {
  const words = new Set<string>();
  const walk = (v: unknown): void => {
    if (v && typeof v === 'object') return Object.values(v).forEach(walk);
    if (typeof v !== 'string') return;
    const text = v.replace(/\{\{[^}]*\}\}/g, ' ').toLowerCase();
    for (const w of text.match(/\p{L}{3,}/gu) ?? []) words.add(w);
  };
  walk(JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), 'utf8')));
  return words;
}

/** English words a `lang` page must not show: the English dictionary's, less those `lang`'s own dictionary uses too (Margin, Spot, IEO…). */
function englishOnly(lang: string): string[] {
  const own = wordsOf(lang);
  return [...wordsOf('en')].filter((w) => !own.has(w));
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
    'button, [role=button], [role=tab], [role=radio], [role=combobox], select, input, textarea, .mantine-Button-root, [data-segment-label], .mantine-Tabs-tab',
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

for (const variant of VARIANTS) {
  test(title(variant), async ({ page, api, server }) => {
    // About 70 pages visited and checked in one test: well over the default budget on 2 cores.
    test.setTimeout(240_000);
    const { lang, theme } = variant;
    await server.control.reset({ seed: 42, freezeClock: true });
    const { token, pages } = await setUp(page, api);
    await page.addInitScript(
      ([l, th, pseudo]) => {
        localStorage.setItem('lang', l);
        localStorage.setItem('theme', th);
        if (pseudo) sessionStorage.setItem('pseudo', '1');
      },
      [lang, theme, variant.pseudo] as const,
    );

    const problems: string[] = [];
    const english = variant.english ? englishOnly(lang) : [];
    const check = async (label: string, stuck: string | null) => {
      const found: string[] = stuck ? [stuck] : [];
      const scheme = await page.locator('html').getAttribute('data-mantine-color-scheme');
      if (scheme !== theme) found.push(`shown in the ${scheme} theme`);
      if (variant.layout) found.push(...(await page.evaluate(measure, lang === 'ar')));
      if (variant.axe) found.push(...(await axeViolations(page)));
      if (variant.pseudo) found.push(...(await untranslated(page)).map((text) => `untranslated: ${text}`));
      if (variant.english) found.push(...(await englishLeft(page, english)).map((text) => `English left: ${text}`));
      // As it goes: a run cut short still shows what it found.
      if (found.length) console.log(found.map((p) => `${label}: ${p}`).join('\n'));
      problems.push(...found.map((p) => `${label}: ${p}`));
    };

    for (const [i, path] of GUEST.entries()) await check(`${path} (guest)`, await visit(page, path.slice(1), i === 0));
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    for (const [i, path] of pages.entries()) await check(path, await visit(page, path, i === 0));
    // The 404 page has no h1 of the shell: its own heading.
    await check('404', await visit(page, 'no/such/page', false, page.getByRole('heading', { name: '404' })));

    expect(problems, `problems in ${title(variant)}`).toEqual([]);
  });
}
