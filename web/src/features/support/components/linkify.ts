/**
 * What of a support message's plain text becomes a link, and nothing else: `https://` URLs (found
 * by linkify-it, which knows where a URL ends: not at the full stop after it) and paths of this
 * app's own pages. Everything else stays text, rendered by React as text (never as HTML).
 */
import { LinkifyIt } from 'linkify-it';
import { paths } from '../../../lib/paths';

export type Segment = { kind: 'text'; text: string } | { kind: 'url'; text: string; href: string } | { kind: 'page'; text: string; path: string };

const urls = new LinkifyIt();
// Only https: no http, ftp, mailto or protocol-relative links, and no bare domains.
for (const schema of ['http:', 'ftp:', 'mailto:', '//']) urls.add(schema, null);
urls.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });

const flatten = (node: unknown): string[] => (typeof node === 'string' ? [node] : Object.values(node as object).flatMap(flatten));
/** Every page of the app (lib/paths). */
export const APP_PAGES: ReadonlySet<string> = new Set(flatten(paths).filter((p) => p.startsWith('/pages/')));
const PAGE = /\/pages\/[A-Za-z_]+\/[A-Za-z_]+(?:\?[A-Za-z0-9_=&%.-]*)?/g;

function pages(text: string): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const m of text.matchAll(PAGE)) {
    const path = m[0].split('?')[0];
    if (!APP_PAGES.has(path)) continue;
    if (m.index > at) out.push({ kind: 'text', text: text.slice(at, m.index) });
    out.push({ kind: 'page', text: m[0], path: m[0] });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ kind: 'text', text: text.slice(at) });
  return out;
}

export function segments(text: string): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const m of urls.match(text) ?? []) {
    if (m.schema !== 'https:') continue;
    out.push(...pages(text.slice(at, m.index)), { kind: 'url', text: m.text, href: m.url });
    at = m.lastIndex;
  }
  out.push(...pages(text.slice(at)));
  return out;
}
