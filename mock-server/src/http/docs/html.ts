/** The HTML of the docs pages (http/docs/routes.ts): escaping, the contracts' Markdown, the page frame and its stylesheet. */
export const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Inline Markdown of the contracts' prose: `code`, **strong**, *em*; everything escaped first. */
export function inline(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part) =>
      part.length > 1 && part.startsWith('`') && part.endsWith('`')
        ? `<code>${escapeHtml(part.slice(1, -1))}</code>`
        : escapeHtml(part)
            .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
            .replace(/(^|[^*\w])\*([^*\s][^*]*)\*(?!\w)/g, '$1<em>$2</em>'),
    )
    .join('');
}

/**
 * The small Markdown subset of the contracts' descriptions: paragraphs, `-` and `1.` lists (an
 * indented line continues its item), inline code, strong and emphasis. Tables and headings are not
 * needed by the sections this renders.
 */
export function markdown(text: string): string {
  const out: string[] = [];
  let paragraph: string[] = [];
  let list: { tag: 'ul' | 'ol'; items: string[] } | undefined;
  const flushParagraph = () => {
    if (paragraph.length) out.push(`<p>${inline(paragraph.join(' '))}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (list) out.push(`<${list.tag}>${list.items.map((item) => `<li>${inline(item)}</li>`).join('')}</${list.tag}>`);
    list = undefined;
  };
  for (const line of text.split('\n')) {
    const item = /^\s*(?:(-|\*)|(\d+)\.)\s+(.*)$/.exec(line);
    if (line.trim() === '') {
      flushParagraph();
      flushList();
    } else if (item) {
      flushParagraph();
      const tag = item[1] ? 'ul' : 'ol';
      if (list && list.tag !== tag) flushList();
      list ??= { tag, items: [] };
      list.items.push(item[3]);
    } else if (list && /^\s/.test(line)) {
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      flushList();
      paragraph.push(line.trim());
    }
  }
  flushParagraph();
  flushList();
  return out.join('\n');
}

/** The `## name` section of a Markdown description, without its heading ('' when absent). */
export function section(description: string, name: string): string {
  const lines = description.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${name}`);
  if (start < 0) return '';
  const end = lines.findIndex((line, i) => i > start && /^##\s/.test(line.trim()));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

export const NAV: [string, string][] = [
  ['/__docs/', 'Docs'],
  ['/__docs/rest', 'REST'],
  ['/__docs/realtime', 'Realtime'],
  ['/__docs/errors', 'Errors'],
];

export function page(opts: { title: string; body: string; current?: string; head?: string; scripts?: string[]; bodyClass?: string }): string {
  const nav = NAV.map(([href, label]) =>
    href === opts.current ? `<a href="${href}" aria-current="page">${label}</a>` : `<a href="${href}">${label}</a>`,
  ).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(opts.title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/__docs/assets/docs.css">
${opts.head ?? ''}
</head>
<body${opts.bodyClass ? ` class="${opts.bodyClass}"` : ''}>
<nav class="docs-nav" aria-label="Reference">${nav}</nav>
${opts.body}
${(opts.scripts ?? []).map((src) => `<script src="${src}"></script>`).join('\n')}
</body>
</html>
`;
}

/** The docs' own stylesheet: readable on a phone and a desktop, light and dark. */
export const DOCS_CSS = `:root { color-scheme: light dark; --bg: #fff; --fg: #1b1f24; --muted: #5b6470; --line: #d8dee4; --code: #f3f5f7; --link: #0b62c4; --accent: #e8f0fb; }
@media (prefers-color-scheme: dark) { :root { --bg: #14171b; --fg: #e6e9ed; --muted: #9aa4b0; --line: #323841; --code: #22272e; --link: #6cb0ff; --accent: #1d2a3a; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: var(--link); }
code { font: 0.88em ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--code); padding: 0.1em 0.3em; border-radius: 4px; overflow-wrap: anywhere; }
main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.3rem; margin: 2rem 0 0.5rem; border-bottom: 1px solid var(--line); padding-bottom: 0.25rem; }
h3 { font-size: 1.05rem; margin: 1.5rem 0 0.25rem; }
.muted { color: var(--muted); }
.docs-nav { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; padding: 0.6rem 1rem; border-bottom: 1px solid var(--line); background: var(--bg); font-size: 0.95rem; }
.docs-nav a { text-decoration: none; }
.docs-nav a[aria-current] { font-weight: 600; color: var(--fg); }
ul.cards { list-style: none; padding: 0; display: grid; gap: 0.75rem; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); }
ul.cards li { border: 1px solid var(--line); border-radius: 8px; padding: 0.75rem 1rem; }
ul.cards a { font-weight: 600; font-size: 1.05rem; }
ul.cards p { margin: 0.25rem 0 0; color: var(--muted); font-size: 0.95rem; }
table { border-collapse: collapse; width: 100%; font-size: 0.92rem; margin: 0.5rem 0 1rem; }
th, td { text-align: left; vertical-align: top; padding: 0.4rem 0.5rem; border-bottom: 1px solid var(--line); }
th { background: var(--accent); font-weight: 600; }
tr.shared td { color: var(--muted); }
.op-path { color: var(--muted); font-size: 0.9rem; margin: 0; overflow-wrap: anywhere; }
.toc { columns: 14rem; padding-left: 1.2rem; }
.intro { max-width: 48rem; }
@media (max-width: 640px) {
  table.stack thead { display: none; }
  table.stack, table.stack tbody, table.stack tr, table.stack td { display: block; width: 100%; }
  table.stack tr { border-bottom: 1px solid var(--line); padding: 0.4rem 0; }
  table.stack td { border: 0; padding: 0.1rem 0; }
  table.stack td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); }
}
body.renderer .docs-nav { position: sticky; top: 0; z-index: 100; }
body.renderer main { max-width: none; padding: 0; }
body.renderer .generated { max-width: 72rem; margin: 0 auto; padding: 1rem; }
td code { overflow-wrap: normal; }
td.nowrap { white-space: nowrap; }
/* The AsyncAPI component is light only; on a phone its server badges may wrap (an atomic inline can). */
#asyncapi { background: #fff; color: #1b1f24; }
#asyncapi strong.rounded { display: inline-block; margin-top: 0.25rem; }
/* A description's table (the P2P order's states) wider than a phone scrolls within itself, not the page. */
#asyncapi table { display: block; max-width: 100%; overflow-x: auto; }
`;

/** Starts Redoc on the container's `data-spec` URL (a file, so that the CSP needs no inline script). */
export const REDOC_INIT = `(function () {
  var el = document.getElementById('redoc');
  Redoc.init(el.getAttribute('data-spec'), { scrollYOffset: '.docs-nav', expandResponses: '200', jsonSampleExpandLevel: 3, hideHostname: true, sortPropsAlphabetically: false, theme: { typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' }, code: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' } } } }, el);
})();
`;

/** Renders the AsyncAPI document (parsed on the server) with the component's parser-less bundle. */
export const ASYNCAPI_INIT = `(function () {
  var el = document.getElementById('asyncapi');
  fetch(el.getAttribute('data-spec'))
    .then(function (r) { if (!r.ok) throw new Error('HTTP ' + r.status); return r.text(); })
    .then(function (schema) {
      AsyncApiStandalone.render({ schema: schema, config: { show: { sidebar: true } } }, el);
    })
    .catch(function (e) { el.textContent = 'The realtime reference could not be loaded: ' + e.message; });
})();
`;
