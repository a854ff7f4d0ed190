/**
 * The static shell: the page frame (header, tab bar) and, on home, markets and assets, the page's
 * own outline with its fixed labels (home's tagline and shortcuts, the markets' tabs, search and
 * column names, the assets card), written into index.html at build time. A first visit paints it
 * as soon as the HTML and the stylesheet are there, not after the entry's JavaScript has downloaded
 * and run (about 2.8 s on Lighthouse's slow phone). It lies over the app until the opened page has
 * drawn itself (ui/bootShell.ts), so the labels do not blink out into a blank skeleton between.
 *
 * - Its classes are the shell's own (web/src/ui/shell.module.css, their built names collected from
 *   Vite's CSS modules), so it looks like the app's frame without a second copy of its styles;
 *   its icons are the app's (web/src/ui/shellIconShapes.ts), its tabs the app's (web/src/app/tabs.ts).
 * - What depends on the visit is chosen by CSS from two attributes theme.js puts on <html> before
 *   the first paint: `data-boot-path` (the path: which tab is current, whether there is a tab bar or
 *   a back button, which page outline) and `data-lang` (the saved language: the labels in it, from
 *   locales/*.json, as generated content). RTL follows `dir`, which theme.js sets as well.
 * - The page outlines' styles are their own (below): the pages' stylesheets come with their code.
 * - It is aria-hidden and holds nothing to press: it lasts until the opened page has drawn itself.
 *
 * Build only: the dev server serves index.html before it has compiled any CSS module.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { TABS, type TabKey } from '../src/app/tabs.ts';
import { paths } from '../src/lib/paths.ts';
import { ICON_SVG, SHELL_ICON_SHAPES, type Shape, type ShellIcon } from '../src/ui/shellIconShapes.ts';
import { BOOT_ID } from '../src/ui/bootShell.ts';
import { SHORTCUTS } from '../src/app/home/shortcuts.ts';
import { ASSET_ACTIONS } from '../src/features/assets/actions.ts';
import { LOCALES } from '../src/i18n/localeNames.ts';
import { DARK_BACKGROUND, FONT_FAMILY } from '../src/theme/tokens.ts';

const SHELL_CSS = /[\\/]ui[\\/]shell\.module\.css$/;

/** React's SVG prop names as attributes (viewBox keeps its case). */
const kebab = (name: string) => (name === 'viewBox' ? name : name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
const attrs = (values: Record<string, string | number>) =>
  Object.entries(values)
    .map(([k, v]) => ` ${kebab(k)}="${v}"`)
    .join('');
const svg = (name: ShellIcon, extra = '') =>
  `<svg${attrs(ICON_SVG)}${extra}>${(SHELL_ICON_SHAPES[name] as Shape[]).map(([tag, a]) => `<${tag}${attrs(a)}/>`).join('')}</svg>`;
/** A CSS string literal. */
const cssString = (text: string) => JSON.stringify(text).replace(/</g, '\\3c ');

/** A dictionary's strings, by language: `strings[lang][key]`, `{{name}}` filled from `values[key]`. */
type ShellStrings = Record<string, Record<string, string>>;

/** The strings `keys` names in each language of locales/*.json, with `values` filled in (`{{currency}}`). */
function shellStrings(
  keys: string[],
  values: Record<string, Record<string, string>> = {},
  dir = fileURLToPath(new URL('../../locales/', import.meta.url)),
): ShellStrings {
  const out: ShellStrings = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const dict = JSON.parse(readFileSync(`${dir}${file}`, 'utf8')) as Record<string, unknown>;
    const lookup = (key: string) => {
      const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dict);
      if (typeof text !== 'string') throw new Error(`staticShell: locales/${file} has no ${key}`);
      return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[key]?.[name] ?? `{{${name}}}`);
    };
    out[file.slice(0, -5)] = Object.fromEntries(keys.map((k) => [k, lookup(k)]));
  }
  return out;
}

/** A page's outline drawn before its code: markup, and rules scoped to it (`&` stands for the outline). */
interface Outline {
  html: string;
  css: string[];
}

/**
 * The tab pages' outlines: what each shows before its data, laid out as the page lays it out
 * (app/home/HomePage.tsx, features/market/pages/MarketPage.tsx, features/assets/pages/AssetsPage.tsx),
 * with `text(key)` for each fixed label. Grey bars stand for what comes from the server.
 */
function outlines(text: (key: string, values?: Record<string, string>) => string): Partial<Record<TabKey, Outline>> {
  const bars = (n: number) => '<i></i>'.repeat(n);
  const onBlue = 'background:rgb(255 255 255/.25);border-radius:6px';
  return {
    home: {
      html:
        `<div class="bk-hero"><div class="bk-row"><i class="bk-hello"></i></div>` +
        `<div class="bk-row bk-row2"><span class="bk-tagline">${text('home.tagline')}</span><span class="bk-lang"></span></div></div>` +
        `<div class="bk-cards">${bars(3)}</div>` +
        `<div class="bk-shortcuts">${SHORTCUTS.map((s) => `<span><i></i>${text(s.label)}</span>`).join('')}</div>`,
      css: [
        `& .bk-hero{margin:12px 16px 0;padding:16px;border-radius:16px;color:#fff;background:var(--app-hero-gradient)}`,
        `& .bk-row{display:flex;align-items:center;justify-content:space-between;gap:16px;min-height:34px}`,
        `& .bk-row2{min-height:30px;margin-top:4px}`,
        `& .bk-hello{width:45%;height:20px;${onBlue}}`,
        `& .bk-tagline{flex:1 1 auto;min-width:0;font-size:var(--mantine-font-size-sm);line-height:var(--mantine-line-height-sm);opacity:.9;overflow-wrap:anywhere}`,
        // The language field (ui/languageSelect.module.css), with the saved language's name.
        `& .bk-lang{flex:none;height:1.875rem;padding-inline:.625rem;overflow:hidden;white-space:nowrap;font-size:var(--mantine-font-size-xs);line-height:calc(1.875rem - 2px);color:var(--mantine-color-text);background:var(--mantine-color-white);border:1px solid var(--mantine-color-gray-4);border-radius:var(--mantine-radius-default)}`,
        `[data-mantine-color-scheme=dark] & .bk-lang{background:var(--mantine-color-dark-6);border-color:var(--mantine-color-dark-4)}`,
        `& .bk-cards{display:grid;grid-template-columns:repeat(3,1fr);gap:8px;padding:12px 16px}`,
        `& .bk-cards i{height:84px;border-radius:12px;background:var(--bk-grey)}`,
        `& .bk-shortcuts{display:grid;grid-template-columns:repeat(4,1fr);gap:4px;padding:4px 8px 8px}`,
        `& .bk-shortcuts>span{display:flex;flex-direction:column;align-items:center;gap:6px;padding:8px 0;font-size:12px;text-align:center}`,
        `& .bk-shortcuts i{width:40px;height:40px;border-radius:12px;background:var(--mantine-primary-color-light)}`,
      ],
    },
    market: {
      html:
        // The quote coins come with the data: USDT is the first and the one open.
        `<div class="bk-tabs"><span>${text('market.favorites')}</span><span class="bk-on">USDT</span></div>` +
        `<div class="bk-search">${text('market.search')}</div>` +
        `<div class="bk-head">${text('market.nameVol')} ${text('market.lastPrice')} ${text('market.change24h')}</div>` +
        `<div class="bk-rows">${`<p>${bars(3)}</p>`.repeat(10)}</div>`,
      css: [
        `& .bk-tabs{display:flex;margin:0 16px;padding-top:4px;border-bottom:2px solid var(--bk-grey);font-size:var(--mantine-font-size-sm)}`,
        `& .bk-tabs>span{padding:10px 16px;margin-bottom:-2px;border-bottom:2px solid transparent}`,
        `& .bk-tabs .bk-on{border-color:var(--mantine-primary-color-filled)}`,
        `& .bk-search{margin:10px 16px 4px;height:2.25rem;padding-inline-start:36px;border:1px solid var(--bk-grey);border-radius:2rem;font-size:var(--mantine-font-size-sm);line-height:calc(2.25rem - 2px);color:var(--mantine-color-placeholder)}`,
        // One line of text, as the list's column heads: name on the left, change on the right.
        `& .bk-head{padding-block:6px;padding-inline:52px 16px;font-size:12px;color:var(--mantine-color-dimmed);text-align:justify;text-align-last:justify}`,
        `& .bk-head>span{display:inline-block}`,
        `& .bk-rows p{display:grid;grid-template-columns:1.3fr 1fr 88px;gap:8px;align-items:center;margin:0;padding:10px 16px;min-height:64px;border-bottom:1px solid var(--app-bar-border)}`,
        `& .bk-rows i{height:14px;border-radius:4px;background:var(--bk-grey)}`,
        `& .bk-rows i+i{height:24px}`,
        `& .bk-rows i+i+i{height:30px;border-radius:6px}`,
      ],
    },
    assets: {
      html:
        `<div class="bk-card"><span class="bk-label">${text('assets.totalIn', { currency: 'USDT' })}</span><i class="bk-total"></i><i class="bk-fiat"></i>` +
        `<div class="bk-actions">${ASSET_ACTIONS.map((a) => `<span><i></i>${text(a.label)}</span>`).join('')}</div></div>` +
        `<div class="bk-pills">${bars(5)}</div>`,
      css: [
        `& .bk-card{margin:12px 16px;padding:16px;border-radius:16px;color:#fff;background:var(--app-card-gradient)}`,
        `& .bk-label{display:block;min-height:28px;font-size:var(--mantine-font-size-sm);line-height:28px;opacity:.9}`,
        `& .bk-total{display:block;width:55%;height:30px;margin-block:2px;${onBlue}}`,
        `& .bk-fiat{display:block;width:35%;height:16px;margin-top:8px;${onBlue}}`,
        `& .bk-actions{display:grid;grid-template-columns:repeat(4,1fr);gap:8px;margin-top:14px}`,
        `& .bk-actions>span{display:flex;flex-direction:column;align-items:center;gap:4px;padding:8px 0;border-radius:10px;font-size:12px;background:rgb(255 255 255/.16)}`,
        `& .bk-actions i{width:24px;height:24px}`,
        `& .bk-pills{display:flex;gap:6px;padding:4px 16px 8px;overflow:hidden}`,
        `& .bk-pills i{flex:none;width:72px;height:32px;border-radius:16px;background:var(--bk-grey)}`,
      ],
    },
  };
}

/**
 * The shell's markup and its stylesheet, for the app served under `base`, with `cls` the built
 * names of shell.module.css's classes; its labels come from locales/*.json.
 */
export function staticShell(base: string, cls: Record<string, string>) {
  const c = (name: string) => {
    if (!cls[name]) throw new Error(`staticShell: shell.module.css has no .${name}`);
    return cls[name];
  };
  const at = (path: string) => `[data-boot-path="${base.replace(/\/$/, '')}${path}"]`;
  // Home also answers at the root (routes.tsx).
  const tabPaths = (tab: (typeof TABS)[number]) => [tab.path, ...(tab.key === 'home' ? [paths.root] : [])].map(at);
  const boot = `#${BOOT_ID}`;

  const values: Record<string, Record<string, string>> = {};
  /** A fixed label: the dictionary's `key` in the saved language, drawn as generated content. */
  const text = (key: string, fill?: Record<string, string>) => {
    if (fill) values[key] = fill;
    return `<span data-t="${key}"></span>`;
  };
  const pages = outlines(text);

  const html =
    `<div id="${BOOT_ID}" class="${c('app')}" aria-hidden="true">` +
    `<div class="${c('header')}">` +
    `<span class="${c('iconButton')} boot-back">${svg('back', ` class="${c('backIcon')}"`)}</span>` +
    `<div class="${c('headerTitle')} boot-title">${TABS.map((t) => `<span data-title="${t.key}">${text(t.title)}</span>`).join('')}</div>` +
    `<span class="${c('iconButton')}">${svg('moon', ' class="boot-moon"')}${svg('sun', ' class="boot-sun"')}</span>` +
    `</div>` +
    `<div class="boot-lines">${'<i></i>'.repeat(8)}</div>` +
    Object.entries(pages)
      .map(([tab, page]) => `<div class="boot-page" data-page="${tab}">${page.html}</div>`)
      .join('') +
    `<div class="${c('tabbar')} boot-tabs">` +
    TABS.map((t) => `<span class="${c('tab')}" data-tab="${t.key}">${svg(t.icon)}${text(t.title)}</span>`).join('') +
    `</div></div>`;

  const rules: string[] = [
    // Over the app until the opened page has drawn itself (ui/bootShell.ts).
    // The theme's font and dark body, which Mantine declares only when it starts (theme/tokens.ts).
    `${boot}{position:fixed;inset:0;z-index:400;overflow:hidden;font-family:${FONT_FAMILY};--bk-grey:var(--mantine-color-default-border)}`,
    `[data-mantine-color-scheme=dark] ${boot}{background:${DARK_BACKGROUND}}`,
    // Until the path says otherwise: a page of its own (back button, no tab bar, no title, grey lines).
    `${boot} .boot-tabs,${boot} .boot-title [data-title],${boot} .boot-page,${boot} .boot-sun{display:none}`,
    `[data-mantine-color-scheme=dark] ${boot} .boot-sun{display:block}[data-mantine-color-scheme=dark] ${boot} .boot-moon{display:none}`,
    `${boot} .boot-lines i{display:block;height:14px;margin:22px 16px;border-radius:4px;background:var(--bk-grey)}`,
    `${boot} .boot-lines i:nth-child(odd){width:60%}`,
    ...Object.entries(pages).flatMap(([tab, page]) => page.css.map((rule) => rule.replace(/&/g, `${boot} [data-page=${tab}]`))),
  ];
  for (const t of TABS) {
    const on = tabPaths(t);
    const where = (selector: string) => on.map((p) => `${p} ${boot} ${selector}`).join(',');
    rules.push(
      `${where('.boot-tabs')}{display:grid}`,
      `${where('.boot-back')}{visibility:hidden}`,
      `${where(`.boot-title [data-title=${t.key}]`)}{display:inline}`,
      // The current tab: as .tab[aria-current='page'] in shell.module.css.
      `${where(`[data-tab=${t.key}]`)}{color:var(--mantine-color-anchor);font-weight:600}`,
    );
    if (pages[t.key]) rules.push(`${where(`[data-page=${t.key}]`)}{display:block}`, `${where('.boot-lines')}{display:none}`);
  }
  // English unless a saved language says otherwise (i18n/index.ts: the language is localStorage `lang`, default en).
  const { en, ...others } = shellStrings([...new Set([...html.matchAll(/data-t="([^"]+)"/g)].map((m) => m[1]))], values);
  const label = (key: string, text: string, lang?: string) =>
    `${lang ? `[data-lang=${lang}] ` : ''}${boot} [data-t="${key}"]::after{content:${cssString(text)}}`;
  for (const [key, text] of Object.entries(en)) rules.push(label(key, text));
  for (const [lang, strings] of Object.entries(others))
    for (const [key, text] of Object.entries(strings)) if (text !== en[key]) rules.push(label(key, text, lang));
  // The language field on home: the saved language's name (i18n/localeNames.ts), as wide as the
  // app's (ui/LanguageSelect.tsx), so that the tagline beside it wraps as it will in the app.
  for (const [lang, name] of Object.entries(LOCALES)) {
    const on = `${lang === 'en' ? '' : `[data-lang=${lang}] `}${boot} .bk-lang`;
    rules.push(`${on}{width:calc(${name.length * 0.65}em + 2.75rem)}${on}::after{content:${cssString(name)}}`);
  }
  return { html, css: rules.join('\n') };
}

export function staticShellPlugin(): Plugin {
  let classes: Record<string, string> | undefined;
  let base = '/';
  return {
    name: 'h5-static-shell',
    apply: 'build',
    config: () => ({
      css: {
        modules: {
          getJSON(file: string, json: Record<string, string>) {
            if (SHELL_CSS.test(file)) classes = json;
          },
        },
      },
    }),
    configResolved(resolved) {
      base = resolved.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!classes) throw new Error('staticShell: shell.module.css was not built');
        const shell = staticShell(base, classes);
        return html.replace('</head>', `  <style>${shell.css}</style>\n  </head>`).replace('<div id="root"></div>', `<div id="root"></div>${shell.html}`);
      },
    },
  };
}
