/** Image bytes for the upload cases: a valid PNG, and PNGs each broken in one way only. */
import { encode } from 'fast-png';

export const dataUrl = (bytes: Uint8Array, type = 'image/png') => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

/** A valid PNG of `width` × `height` opaque pixels. */
export const pngBytes = (width = 2, height = 2) => encode({ width, height, channels: 4, data: new Uint8Array(width * height * 4).fill(255) });

const VALID = pngBytes();
export const PNG = dataUrl(VALID);

/** The PNG without its IEND chunk (its last 12 bytes): the chunk walk runs off the end. */
export const TRUNCATED_PNG = dataUrl(VALID.subarray(0, VALID.length - 12));

/** The PNG followed by bytes after IEND, as a motion photo carries its video. */
export const TRAILING_PNG = dataUrl(new Uint8Array([...VALID, ...Buffer.from('MOTION-PHOTO-VIDEO')]));

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * A well-formed PNG (every chunk's CRC right) whose header announces `width` × `height` 8-bit
 * RGBA pixels, with a token IDAT: a few bytes that declare a huge image.
 */
export function declaredPng(width: number, height: number): string {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const signature = VALID.subarray(0, 8);
  const idat = new Uint8Array([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]);
  return dataUrl(Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))]));
}

/**
 * A valid 2 × 2 PNG of exactly `size` bytes, its bulk a tEXt comment: the fewest uploads that fill
 * the server's room for images, each cheap to check.
 */
export function heavyPng(size: number): string {
  const base = { width: 2, height: 2, channels: 4, data: new Uint8Array(16).fill(255) };
  const overhead = encode({ ...base, text: { Comment: '' } }).length;
  return dataUrl(encode({ ...base, text: { Comment: 'x'.repeat(size - overhead) } }));
}
