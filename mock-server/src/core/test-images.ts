/**
 * Images for the upload tests: the contract's 1 × 1 PNG and the pieces to craft others. Test-only:
 * imported by *.test.ts files, not by the server; not a .test.ts file itself, so Vitest does not
 * collect it.
 */
import { crc32 } from 'node:zlib';

/** The PNG of the contract's example (1 × 1), as base64. */
export const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export const bytesOf = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));
const base64Of = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
export const dataUrl = (type: string, image: string | Uint8Array) => `data:${type};base64,${typeof image === 'string' ? image : base64Of(image)}`;
export const concat = (...parts: Array<Uint8Array | string>) =>
  new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p)))));

/** A PNG chunk with its length and CRC. */
export function chunk(type: string, data: Uint8Array = new Uint8Array(0)): Uint8Array {
  const body = concat(type, data);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  out.set(body, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return new Uint8Array(out);
}

/** A valid PNG data URL of exactly `size` bytes (a private ancillary chunk fills it). */
export const pngOfSize = (size: number) => dataUrl('image/png', concat(bytesOf(PNG).subarray(0, -12), chunk('fiLl', new Uint8Array(size - 82)), chunk('IEND')));
