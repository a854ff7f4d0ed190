// @vitest-environment jsdom
/**
 * Loading and empty states (issue #18, item 10): the skeleton is one busy region named once, its
 * shapes hidden, its variant named; the empty state says what would be here and offers one next
 * step; every empty.* string is used and every one used exists; no page falls back to the old
 * grey bars or a bare "No data".
 */
import { appSources } from '../testing/appSources';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { initI18n } from '../i18n';
import { EmptyState } from './EmptyState';
import { PageSkeleton, type SkeletonVariant } from './PageSkeleton';
import '../testing/matchMedia';

/** The markup a node renders to in the page (the runtime the app ships, rendered in jsdom). */
function html(node: ReactNode): string {
  const container = document.createElement('div');
  const root = createRoot(container);
  flushSync(() =>
    root.render(
      <MantineProvider>
        <MemoryRouter>{node}</MemoryRouter>
      </MantineProvider>,
    ),
  );
  const markup = container.innerHTML;
  root.unmount();
  return markup;
}

const VARIANTS: SkeletonVariant[] = [
  'list',
  'records',
  'cards',
  'inbox',
  'orders',
  'orderRows',
  'orderTabs',
  'products',
  'assets',
  'account',
  'market',
  'tickers',
  'home',
  'trade',
  'chart',
  'form',
  'detail',
  'article',
  'settings',
  'chat',
  'figures',
];

describe('PageSkeleton', () => {
  beforeAll(async () => {
    await initI18n();
  });

  it.each(VARIANTS)('%s: one busy status region, named, not live, its shapes hidden', (variant) => {
    const doc = new DOMParser().parseFromString(html(<PageSkeleton variant={variant} />), 'text/html');
    const regions = doc.querySelectorAll('[role="status"]');
    expect(regions).toHaveLength(1);
    const region = regions[0];
    expect(region.getAttribute('aria-busy')).toBe('true');
    expect(region.getAttribute('aria-live')).toBe('off');
    expect(region.getAttribute('aria-label')).toBe('Loading…');
    expect(region.getAttribute('data-skeleton')).toBe(variant);
    // Everything drawn is under one aria-hidden wrapper, with no text for a reader to stumble on.
    expect(region.children).toHaveLength(1);
    expect(region.children[0].getAttribute('aria-hidden')).toBe('true');
    expect(region.textContent).toBe('');
    expect(region.querySelectorAll('span').length).toBeGreaterThan(3);
  });

  it('draws the variants differently (a page shape, not the same bars everywhere)', () => {
    const shapes = new Set(VARIANTS.map((v) => html(<PageSkeleton variant={v} />).replace(/data-skeleton="[^"]*"/, '')));
    expect(shapes.size).toBe(VARIANTS.length);
  });
});

describe('EmptyState', () => {
  it('says what would be here, helps in one line, and links the next step', () => {
    const doc = new DOMParser().parseFromString(
      html(
        <EmptyState
          testId="orders-empty"
          title="No orders yet"
          hint="Every order is kept here."
          action={{ label: 'Place an order', to: '/pages/trade/trade' }}
        />,
      ),
      'text/html',
    );
    const root = doc.querySelector('[data-testid="orders-empty"]')!;
    expect(root.textContent).toContain('No orders yet');
    expect(root.textContent).toContain('Every order is kept here.');
    const action = root.querySelector('a[data-testid="orders-empty-action"]')!;
    expect(action.getAttribute('href')).toBe('/pages/trade/trade');
    expect(action.textContent).toBe('Place an order');
  });

  it('offers a button for an action on the page itself, and nothing when there is no next step', () => {
    const withButton = new DOMParser().parseFromString(
      html(<EmptyState title="No coins match" action={{ label: 'Show all coins', onClick: () => {} }} />),
      'text/html',
    );
    expect(withButton.querySelector('button[data-testid="empty-state-action"]')?.textContent).toBe('Show all coins');
    const plain = new DOMParser().parseFromString(html(<EmptyState title="No news yet" />), 'text/html');
    expect(plain.querySelector('a, button')).toBeNull();
  });
});

const code = appSources();

const leaves = (o: object, prefix: string): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? leaves(v as object, `${prefix}.${k}`) : [`${prefix}.${k}`]));

describe('empty and loading strings', () => {
  const all = code.map((c) => c.text).join('\n');
  it('every empty.* and loading.* key of en.json is used', () => {
    const unused = [...leaves(en.empty, 'empty'), ...leaves(en.loading, 'loading')].filter((key) => !all.includes(`'${key}'`));
    expect(unused).toEqual([]);
  });

  it('every empty.* key the code names exists in en.json', () => {
    const known = new Set(leaves(en.empty, 'empty'));
    const named = [...all.matchAll(/'(empty\.[a-zA-Z.]+)'/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((key) => !known.has(key))).toEqual([]);
  });
});

describe('pages', () => {
  const pages = code.filter((c) => c.path.startsWith('features/'));
  it('name the skeleton they show (no bare grey bars)', () => {
    const bare = pages.filter((c) => /<PageSkeleton(?![^>]*\bvariant=)[^>]*\/>/.test(c.text)).map((c) => c.path);
    expect(bare).toEqual([]);
  });

  it('never say a bare "No data" for an empty list', () => {
    expect(pages.filter((c) => c.text.includes("'common.noData'")).map((c) => c.path)).toEqual([]);
  });
});
