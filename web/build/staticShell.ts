/**
 * The static shell: the page frame (header, tab bar, a few skeleton lines) written into index.html
 * at build time, so a first visit paints the app's frame as soon as the HTML and the stylesheet are
 * there, not after the entry's JavaScript has downloaded and run (about 2.8 s on Lighthouse's slow
 * phone). main.tsx removes it in the task that renders the app, which draws the same frame.
 *
 * - Its classes are the shell's own (web/src/ui/shell.module.css, their built names collected from
 *   Vite's CSS modules), so it looks like the app's frame without a second copy of its styles;
 *   its icons are the app's (web/src/ui/shellIconShapes.ts), its tabs the app's (web/src/app/tabs.ts).
 * - What depends on the visit is chosen by CSS from two attributes theme.js puts on <html> before
 *   the first paint: `data-boot-path` (the path: which tab is current, whether there is a tab bar or
 *   a back button) and `data-lang` (the saved language: the tab names in it, from locales/*.json,
 *   as generated content). RTL follows `dir`, which theme.js sets as well.
 * - It is aria-hidden and holds nothing to press: it lasts until the app's first render.
 *
 * Build only: the dev server serves index.html before it has compiled any CSS module.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { TABS, type TabKey } from '../src/app/tabs.ts';
import { paths } from '../src/lib/paths.ts';
import { ICON_SVG, SHELL_ICON_SHAPES, type Shape, type ShellIcon } from '../src/ui/shellIconShapes.ts';

const SHELL_CSS = /[\\/]ui[\\/]shell\.module\.css$/;
/** The element main.tsx removes once the app has rendered. */
const BOOT_ID = 'boot';

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

/** The tab names in each language (`tabs.*` of locales/<lang>.json). */
export function tabLabels(dir = fileURLToPath(new URL('../../locales/', import.meta.url))): Record<string, Record<TabKey, string>> {
  const out: Record<string, Record<TabKey, string>> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const tabs = (JSON.parse(readFileSync(`${dir}${file}`, 'utf8')) as { tabs: Record<TabKey, string> }).tabs;
    out[file.slice(0, -5)] = Object.fromEntries(TABS.map((t) => [t.key, tabs[t.key]])) as Record<TabKey, string>;
  }
  return out;
}

/**
 * The shell's markup and its stylesheet, for the app served under `base`, with `cls` the built
 * names of shell.module.css's classes.
 */
export function staticShell(base: string, cls: Record<string, string>, labels: Record<string, Record<TabKey, string>>) {
  const c = (name: string) => {
    if (!cls[name]) throw new Error(`staticShell: shell.module.css has no .${name}`);
    return cls[name];
  };
  const at = (path: string) => `[data-boot-path="${base.replace(/\/$/, '')}${path}"]`;
  // Home also answers at the root (routes.tsx).
  const tabPaths = (tab: (typeof TABS)[number]) => [tab.path, ...(tab.key === 'home' ? [paths.root] : [])].map(at);
  const labelSpans = TABS.map((t) => `<span data-label="${t.key}"></span>`).join('');

  const html =
    `<div id="${BOOT_ID}" class="${c('app')}" aria-hidden="true">` +
    `<div class="${c('header')}">` +
    `<span class="${c('iconButton')} boot-back">${svg('back', ` class="${c('backIcon')}"`)}</span>` +
    `<div class="${c('headerTitle')} boot-title">${labelSpans}</div>` +
    `<span class="${c('iconButton')}">${svg('moon', ' class="boot-moon"')}${svg('sun', ' class="boot-sun"')}</span>` +
    `</div>` +
    `<div class="boot-lines">${'<i></i>'.repeat(8)}</div>` +
    `<div class="${c('tabbar')} boot-tabs">` +
    TABS.map((t) => `<span class="${c('tab')}" data-tab="${t.key}">${svg(t.icon)}<span data-label="${t.key}"></span></span>`).join('') +
    `</div></div>`;

  const rules: string[] = [
    // Until the path says otherwise: a page of its own (back button, no tab bar, no title).
    `#${BOOT_ID} .boot-tabs,#${BOOT_ID} .boot-title span,#${BOOT_ID} .boot-sun{display:none}`,
    `[data-mantine-color-scheme=dark] #${BOOT_ID} .boot-sun{display:block}[data-mantine-color-scheme=dark] #${BOOT_ID} .boot-moon{display:none}`,
    `#${BOOT_ID} .boot-lines i{display:block;height:14px;margin:22px 16px;border-radius:4px;background:var(--mantine-color-default-border)}`,
    `#${BOOT_ID} .boot-lines i:nth-child(odd){width:60%}`,
  ];
  for (const t of TABS) {
    const on = tabPaths(t);
    rules.push(
      `${on.map((p) => `${p} #${BOOT_ID} .boot-tabs`).join(',')}{display:grid}`,
      `${on.map((p) => `${p} #${BOOT_ID} .boot-back`).join(',')}{visibility:hidden}`,
      `${on.map((p) => `${p} #${BOOT_ID} .boot-title [data-label=${t.key}]`).join(',')}{display:inline}`,
      // The current tab: as .tab[aria-current='page'] in shell.module.css.
      `${on.map((p) => `${p} #${BOOT_ID} [data-tab=${t.key}]`).join(',')}{color:var(--mantine-color-anchor);font-weight:600}`,
    );
  }
  // English unless a saved language says otherwise (i18n/index.ts: the language is localStorage `lang`, default en).
  const { en, ...others } = labels;
  for (const t of TABS) rules.push(`#${BOOT_ID} [data-label=${t.key}]::after{content:${cssString(en[t.key])}}`);
  for (const [lang, names] of Object.entries(others))
    for (const t of TABS)
      if (names[t.key] !== en[t.key]) rules.push(`[data-lang=${lang}] #${BOOT_ID} [data-label=${t.key}]::after{content:${cssString(names[t.key])}}`);
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
        const shell = staticShell(base, classes, tabLabels());
        return html.replace('</head>', `  <style>${shell.css}</style>\n  </head>`).replace('<div id="root"></div>', `<div id="root"></div>${shell.html}`);
      },
    },
  };
}
