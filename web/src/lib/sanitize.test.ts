// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('keeps text, headings, lists, links and images', () => {
    const html =
      '<h2>Title</h2><p>Text <strong>bold</strong> <a href="https://example.com">out</a> <a href="/h5/pages/mine/security">in</a></p><ul><li>x</li></ul><img src="data:image/png;base64,AAAA" alt="a">';
    const out = sanitizeHtml(html);
    expect(out).toContain('<h2>Title</h2>');
    expect(out).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">out</a>');
    expect(out).toContain('<a href="/h5/pages/mine/security">in</a>');
    expect(out).toContain('<li>x</li>');
    expect(out).toContain('src="data:image/png;base64,AAAA"');
  });

  it('drops scripts, handlers, frames, SVG, forms, styles and script URLs', () => {
    const hostile = [
      '<script>window.x=1</script>',
      '<img src="x" onerror="window.x=1">',
      '<a href="javascript:window.x=1">click</a>',
      '<a href="JaVaScRiPt:alert(1)">c2</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<svg><script>window.x=1</script><circle onload="window.x=1"/></svg>',
      '<form action="https://evil.example"><input name="p"></form>',
      '<p style="position:fixed;inset:0" onclick="window.x=1">cover</p>',
      '<a href="data:text/html,<script>alert(1)</script>">d</a>',
      '<object data="x"></object><embed src="x"><link rel="stylesheet" href="x"><meta http-equiv="refresh" content="0">',
    ].join('');
    const out = sanitizeHtml(hostile);
    for (const bad of [
      '<script',
      'onerror',
      'onclick',
      'onload',
      'javascript:',
      'JaVaScRiPt',
      '<iframe',
      '<svg',
      '<form',
      '<input',
      'style=',
      'data:text',
      '<object',
      '<embed',
      '<link',
      '<meta',
    ]) {
      expect(out, bad).not.toContain(bad);
    }
    expect(out).toContain('cover');
    expect(out).toContain('>click</a>');
  });
});
