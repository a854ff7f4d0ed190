import { describe, expect, it } from 'vitest';
import { segments } from './linkify';

describe('support message links', () => {
  it('links https URLs (not the full stop after them) and pages of the app', () => {
    expect(segments('See https://example.com/help. Or open /pages/assets/charge now')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'url', text: 'https://example.com/help', href: 'https://example.com/help' },
      { kind: 'text', text: '. Or open ' },
      { kind: 'page', text: '/pages/assets/charge', path: '/pages/assets/charge' },
      { kind: 'text', text: ' now' },
    ]);
  });

  it('leaves everything else as text: other schemes, bare domains, unknown pages, markup', () => {
    for (const text of [
      'javascript:alert(1)',
      'http://example.com',
      'ftp://example.com',
      'mailto:a@b.c',
      'example.com',
      '//evil.example/x',
      '/pages/evil/page',
      '<a href="https://x.y">x</a>'.replace('https://x.y', 'javascript:alert(1)'),
      '<img src=x onerror=alert(1)>',
    ]) {
      expect(
        segments(text).every((s) => s.kind === 'text'),
        text,
      ).toBe(true);
      expect(
        segments(text)
          .map((s) => s.text)
          .join(''),
      ).toBe(text);
    }
  });

  it('keeps a page link with its query', () => {
    expect(segments('/pages/home/newsDetail?id=news_fees')).toEqual([
      { kind: 'page', text: '/pages/home/newsDetail?id=news_fees', path: '/pages/home/newsDetail?id=news_fees' },
    ]);
  });
});
