import { describe, expect, it } from 'vitest';
import { checkFile, sniffBase64 } from './imageFile';

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const MAX = 5 * 1024 * 1024;
const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('checkFile', () => {
  it('accepts JPEG, PNG and WebP up to the limit', () => {
    expect(checkFile(file('a.jpg', 'image/jpeg'), MAX)).toBeNull();
    expect(checkFile(file('a.png', 'image/png', MAX), MAX)).toBeNull();
    expect(checkFile(file('a.webp', 'image/webp'), MAX)).toBeNull();
  });
  it('refuses other types, even with an image extension', () => {
    expect(checkFile(file('a.gif', 'image/gif'), MAX)).toBe('wrongType');
    expect(checkFile(file('a.txt', 'text/plain'), MAX)).toBe('wrongType');
    expect(checkFile(file('a.png', 'application/pdf'), MAX)).toBe('wrongType');
  });
  it('falls back to the extension when the browser gives no type', () => {
    expect(checkFile(file('photo.JPEG', ''), MAX)).toBeNull();
    expect(checkFile(file('photo', ''), MAX)).toBe('wrongType');
  });
  it('refuses files over the limit and empty files', () => {
    expect(checkFile(file('a.png', 'image/png', MAX + 1), MAX)).toBe('tooLarge');
    expect(checkFile(file('a.png', 'image/png', 0), MAX)).toBe('empty');
  });
});

describe('sniffBase64', () => {
  it('recognises images by their first bytes', () => {
    expect(sniffBase64(PNG_BASE64)).toBe('image/png');
    expect(sniffBase64(btoa('\xff\xd8\xff\xe0rest of a jpeg'))).toBe('image/jpeg');
    expect(sniffBase64(btoa('RIFF\x00\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
  });
  it('refuses anything else', () => {
    expect(sniffBase64(btoa('GIF89a......'))).toBeNull();
    expect(sniffBase64(btoa('definitely not a png'))).toBeNull();
    expect(sniffBase64('***')).toBeNull();
  });
});
