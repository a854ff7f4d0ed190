import { describe, expect, it } from 'vitest';
import { operationSchemas } from '../../../../contracts/generated/operation-schemas';
import { DomainError } from '../../../../mock-server/src/domain/kernel/errors';
import { inspectImage } from '../../../../mock-server/src/domain/kernel/images';
import { UPLOAD_LIMITS, UPLOAD_MAX_BYTES } from '../../../../mock-server/src/domain/kernel/uploads';
import { DEFAULT_UPLOAD_MAX_BYTES } from './api';
import { checkFile, IMAGE_TYPES, sniffBase64 } from './imageFile';

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

describe('the same rules as the server', () => {
  it('accepts the types of the contract and falls back to the server limit', () => {
    const response = operationSchemas.uploadImage.response as {
      oneOf: Array<{ properties: { message?: { properties: { contentType: { enum: string[] } } } } }>;
    };
    const enumOf = response.oneOf.find((s) => s.properties.message)!.properties.message!.properties.contentType.enum;
    expect([...IMAGE_TYPES].sort()).toEqual([...enumOf].sort());
    expect(DEFAULT_UPLOAD_MAX_BYTES).toBe(UPLOAD_MAX_BYTES);
  });

  it('finds the type the server finds; the server alone refuses a damaged image', () => {
    const server = (base64: string) => {
      try {
        return inspectImage(
          Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)),
          UPLOAD_LIMITS,
        );
      } catch (error) {
        return (error as DomainError).code;
      }
    };
    const WEBP = 'UklGRi4AAABXRUJQVlA4TCIAAAAvB8ABAJkyRPQ/NhHR/wBhtlFRzp9zryMYkAGMCaB6oP8A';
    expect([sniffBase64(PNG_BASE64), server(PNG_BASE64)]).toEqual(['image/png', 'image/png']);
    expect([sniffBase64(WEBP), server(WEBP)]).toEqual(['image/webp', 'image/webp']);
    const gif = btoa('GIF89a\x01\x00\x01\x00');
    expect([sniffBase64(gif), server(gif)]).toEqual([null, 'upload_type']);
    // A PNG header and a script: the first bytes look right, the whole file is not an image.
    const fake = btoa(`${atob(PNG_BASE64).slice(0, 8)}<script>alert(1)</script>`);
    expect([sniffBase64(fake), server(fake)]).toEqual(['image/png', 'upload_corrupt']);
  });
});
