/**
 * What an upload's bytes must be: an upload must be one complete JPEG, PNG or WebP image, checked over all of its bytes,
 * and is stored with the type found in it, whatever the client declared.
 * - PNG: decoded in full by fast-png (every chunk's CRC, the zlib stream, every row's filter). A
 *   chunk walk before it finds where the image ends (fast-png stops at IEND without saying where)
 *   and bounds the decompressed size, so a small file cannot inflate to gigabytes.
 * - JPEG and WebP: no library decodes them synchronously in plain JS fast enough (jpeg-js needs
 *   0.8-2.3 s for a 5 MB, 12-megapixel photo; the WebP decoders are wasm with an asynchronous
 *   start), so their structure is checked in full instead: every JPEG segment and table, the
 *   byte stuffing of every scan up to the end-of-image marker; the WebP RIFF container, every
 *   chunk, the VP8/VP8L bitstream headers and the canvas. Their compressed pixel data is not
 *   decoded, so damage inside it goes unnoticed (as it would in a browser, which shows it grey).
 * - Bytes after the end of the image are refused, except complete JPEG images after a JPEG (the
 *   gain map of an Ultra HDR photo, the other pictures of a multi-picture file).
 * - At most 50 megapixels (a few bytes can declare a huge image), and PNG pixel data of at most
 *   16 MB (what the full decode costs: ~6 ms per MB).
 *
 */
import { decode as decodePng } from 'fast-png';
import { Unzlib } from 'fflate';
import { DomainError } from './errors.ts';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** What an image may cost to check. */
export interface ImageLimits {
  /** Width × height at most. */
  maxPixels: number;
  /** Bytes of PNG pixel data (decompressed) at most. */
  maxPngDataBytes: number;
}

const MB = 1024 * 1024;

export const unreadable = () => new DomainError('upload_invalid', 'The file could not be read, please choose the image again');
export const wrongType = () => new DomainError('upload_type', 'Only JPEG, PNG or WebP images can be uploaded');
const corrupt = () => new DomainError('upload_corrupt', 'The image is damaged or incomplete, please choose another one');
const trailing = () =>
  new DomainError(
    'upload_trailing_data',
    'The file has extra data after the end of the image (for example the video of a motion photo), please save it as a still photo and try again',
  );
const tooManyPixels = (maxPixels: number) => {
  const megapixels = Math.floor(maxPixels / 1_000_000);
  return new DomainError('upload_dimensions', `The image has too many pixels (at most ${megapixels} megapixels), please choose a smaller one`).with({
    megapixels,
  });
};

/** The bytes of padded base64 with nothing else in it (atob alone would skip spaces), or null. */
export function decodeBase64(base64: string): Uint8Array | null {
  if (base64.length % 4 !== 0) return null;
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    return null;
  }
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  if (binary.length !== (base64.length / 4) * 3 - padding) return null;
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The type of a complete JPEG, PNG or WebP image, or the DomainError that says what is wrong. */
export function inspectImage(bytes: Uint8Array, limits: ImageLimits): ImageType {
  if (bytes.length === 0) throw new DomainError('upload_empty', 'The file is empty, please choose an image');
  if (startsWith(bytes, 0, PNG_SIGNATURE)) {
    checkPng(bytes, limits);
    return 'image/png';
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    checkJpegFile(bytes, limits);
    return 'image/jpeg';
  }
  if (startsWith(bytes, 0, RIFF) && startsWith(bytes, 8, WEBP)) {
    checkWebp(bytes, limits);
    return 'image/webp';
  }
  throw wrongType();
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const PNG_SIGNATURE = [0x89, ...ascii('PNG\r\n\x1a\n')];
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

function startsWith(bytes: Uint8Array, at: number, prefix: number[]): boolean {
  return prefix.every((b, i) => bytes[at + i] === b);
}

function fourCC(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);
}

const u16be = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];
const u32be = (b: Uint8Array, i: number) => ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;
const u24le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8) | (b[i + 2] << 16);
const u32le = (b: Uint8Array, i: number) => (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) >>> 0;

function checkPixels(width: number, height: number, limits: ImageLimits): void {
  if (width * height > limits.maxPixels) throw tooManyPixels(limits.maxPixels);
}

// ---- PNG -------------------------------------------------------------------------------------

/** Samples per pixel by colour type, with the bit depths each allows (PNG 11.2.2). */
const PNG_COLOUR: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/** Bytes of the filtered pixel data a PNG header announces (each row has one filter byte). */
function pngDataSize(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rows = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * bitsPerPixel) / 8)) : 0);
  if (!interlaced) return rows(width, height);
  return ADAM7.reduce((sum, [x0, y0, dx, dy]) => sum + rows(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)), 0);
}

/** Size of a zlib stream once inflated, stopping as soon as it passes `max` (returns max + 1 then). */
function inflatedSize(parts: Uint8Array[], max: number): number {
  let total = 0;
  const over = new Error('over');
  const inflater = new Unzlib((chunk) => {
    total += chunk.length;
    if (total > max) throw over;
  });
  try {
    // Small pushes keep each piece of output small (deflate expands at most ~1000 times).
    for (const part of parts) for (let i = 0; i < part.length; i += 32_768) inflater.push(part.subarray(i, i + 32_768), false);
    inflater.push(new Uint8Array(0), true);
  } catch (error) {
    if (error === over) return max + 1;
    throw corrupt();
  }
  return total;
}

function checkPng(bytes: Uint8Array, limits: ImageLimits): void {
  // The chunk walk: the header first, then chunks up to IEND, which must end the file.
  let at = 8;
  let header: { width: number; height: number; depth: number; colour: number; interlace: number } | null = null;
  const idat: Uint8Array[] = [];
  const iccp: Uint8Array[] = [];
  let end = -1;
  while (end < 0) {
    if (at + 12 > bytes.length) throw corrupt();
    const length = u32be(bytes, at);
    const type = fourCC(bytes, at + 4);
    const data = at + 8;
    if (length > 0x7fffffff || data + length + 4 > bytes.length) throw corrupt();
    if ((type === 'IHDR') !== (at === 8)) throw corrupt();
    if (type === 'IHDR') {
      if (length !== 13) throw corrupt();
      header = { width: u32be(bytes, data), height: u32be(bytes, data + 4), depth: bytes[data + 8], colour: bytes[data + 9], interlace: bytes[data + 12] };
    } else if (type === 'IDAT') idat.push(bytes.subarray(data, data + length));
    else if (type === 'iCCP') iccp.push(bytes.subarray(data, data + length));
    at = data + length + 4;
    if (type === 'IEND') end = at;
  }
  if (!header || !idat.length) throw corrupt();
  const colour = PNG_COLOUR[header.colour];
  if (!colour || !colour.depths.includes(header.depth) || header.interlace > 1 || !header.width || !header.height) throw corrupt();
  checkPixels(header.width, header.height, limits);
  if (end !== bytes.length) throw trailing();
  const expected = pngDataSize(header.width, header.height, colour.channels * header.depth, header.interlace === 1);
  if (expected > limits.maxPngDataBytes) {
    const bytesPerPixel = (colour.channels * header.depth) / 8 + 1 / header.width;
    throw tooManyPixels(Math.min(limits.maxPixels, limits.maxPngDataBytes / bytesPerPixel));
  }
  // Exactly the pixel data the header announces, and an ICC profile of sane size: bounded before
  // fast-png inflates them without a limit.
  if (inflatedSize(idat, expected) !== expected) throw corrupt();
  for (const profile of iccp) {
    const name = profile.indexOf(0);
    if (name < 0 || inflatedSize([profile.subarray(name + 2)], 4 * MB) > 4 * MB) throw corrupt();
  }
  try {
    decodePng(bytes, { checkCrc: true });
  } catch {
    throw corrupt();
  }
}

// ---- JPEG ------------------------------------------------------------------------------------

function checkJpegFile(bytes: Uint8Array, limits: ImageLimits): void {
  let end = checkJpeg(bytes, 0, limits);
  // A multi-picture file (an Ultra HDR gain map, a depth map) goes on with complete JPEG images.
  while (end < bytes.length) {
    if (bytes[end] !== 0xff || bytes[end + 1] !== 0xd8) throw trailing();
    try {
      end = checkJpeg(bytes, end, limits);
    } catch {
      throw trailing();
    }
  }
}

/** Checks one JPEG image from its SOI at `start`; returns the offset after its EOI. */
function checkJpeg(b: Uint8Array, start: number, limits: ImageLimits): number {
  const n = b.length;
  let i = start + 2;
  let frame: Set<number> | null = null;
  let quantTables = false;
  let scans = 0;
  for (;;) {
    // Every segment and every scan is followed by a marker (fill bytes 0xFF may precede it).
    if (i >= n || b[i] !== 0xff) throw corrupt();
    while (i < n && b[i] === 0xff) i++;
    if (i >= n) throw corrupt();
    const marker = b[i++];
    if (marker === 0xd9) {
      if (!frame || !scans) throw corrupt();
      return i;
    }
    if (i + 2 > n) throw corrupt();
    const length = u16be(b, i);
    if (length < 2 || i + length > n) throw corrupt();
    const seg = b.subarray(i + 2, i + length);
    i += length;
    if (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) {
      // Baseline, extended or progressive Huffman-coded 8-bit frame: what browsers show. One only.
      if (frame || seg.length < 6 || seg[0] !== 8) throw corrupt();
      const height = u16be(seg, 1);
      const width = u16be(seg, 3);
      const count = seg[5];
      if (!width || !height || ![1, 3, 4].includes(count) || seg.length !== 6 + 3 * count) throw corrupt();
      frame = new Set();
      for (let c = 0; c < count; c++) {
        const [id, sampling, table] = seg.subarray(6 + 3 * c, 9 + 3 * c);
        const h = sampling >> 4;
        const v = sampling & 15;
        if (frame.has(id) || h < 1 || h > 4 || v < 1 || v > 4 || table > 3) throw corrupt();
        frame.add(id);
      }
      checkPixels(width, height, limits);
    } else if (marker === 0xc4) {
      // DHT: class/id, 16 code counts, then the values, table after table.
      let j = 0;
      while (j < seg.length) {
        if (j + 17 > seg.length || seg[j] >> 4 > 1 || (seg[j] & 15) > 3) throw corrupt();
        let values = 0;
        for (let k = 1; k <= 16; k++) values += seg[j + k];
        if (values > 256) throw corrupt();
        j += 17 + values;
      }
      if (j !== seg.length || !seg.length) throw corrupt();
    } else if (marker === 0xdb) {
      // DQT: precision/id, then 64 values of 8 or 16 bits, table after table.
      let j = 0;
      while (j < seg.length) {
        if (seg[j] >> 4 > 1 || (seg[j] & 15) > 3) throw corrupt();
        j += 1 + 64 * ((seg[j] >> 4) + 1);
      }
      if (j !== seg.length || !seg.length) throw corrupt();
      quantTables = true;
    } else if (marker === 0xda) {
      // SOS: the components of the frame it codes, then the entropy-coded data up to a marker.
      const count = seg[0];
      if (!frame || !quantTables || count < 1 || count > 4 || seg.length !== 4 + 2 * count) throw corrupt();
      for (let c = 0; c < count; c++) if (!frame.has(seg[1 + 2 * c])) throw corrupt();
      const [ss, se] = [seg[1 + 2 * count], seg[2 + 2 * count]];
      if (ss > 63 || se > 63 || ss > se) throw corrupt();
      i = endOfScan(b, i);
      scans++;
    } else if (marker === 0xdd || marker === 0xdc) {
      if (seg.length !== 2) throw corrupt(); // DRI, DNL
    } else if (!((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe)) {
      // Not APPn or COM: SOI or RSTn out of place, arithmetic or lossless coding, reserved markers.
      throw corrupt();
    }
  }
}

/** The offset of the marker that ends a scan: in the data, 0xFF is followed by 0x00 or a restart marker only. */
function endOfScan(b: Uint8Array, i: number): number {
  for (;;) {
    const j = b.indexOf(0xff, i);
    if (j < 0 || j + 1 >= b.length) throw corrupt();
    const next = b[j + 1];
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) i = j + 2;
    else return j;
  }
}

// ---- WebP ------------------------------------------------------------------------------------

interface Chunk {
  type: string;
  data: Uint8Array;
}

/** The chunks from `at` to `end`, each padded to an even size, exactly filling the range. */
function riffChunks(b: Uint8Array, at: number, end: number): Chunk[] {
  const chunks: Chunk[] = [];
  while (at < end) {
    if (at + 8 > end) throw corrupt();
    const size = u32le(b, at + 4);
    const dataEnd = at + 8 + size;
    if (dataEnd > end) throw corrupt();
    chunks.push({ type: fourCC(b, at), data: b.subarray(at + 8, dataEnd) });
    at = dataEnd + (size & 1);
  }
  if (at !== end) throw corrupt();
  return chunks;
}

/** Width and height from a VP8 (lossy) or VP8L (lossless) bitstream header, as libwebp checks it. */
function webpBitstream({ type, data: d }: Chunk): { width: number; height: number } {
  if (type === 'VP8 ') {
    if (d.length < 10) throw corrupt();
    const tag = u24le(d, 0);
    const keyFrame = (tag & 1) === 0;
    const profile = (tag >> 1) & 7;
    const shown = (tag >> 4) & 1;
    const firstPartition = tag >> 5;
    if (!keyFrame || profile > 3 || !shown || firstPartition >= d.length) throw corrupt();
    if (d[3] !== 0x9d || d[4] !== 0x01 || d[5] !== 0x2a) throw corrupt();
    const width = (d[6] | (d[7] << 8)) & 0x3fff;
    const height = (d[8] | (d[9] << 8)) & 0x3fff;
    if (!width || !height) throw corrupt();
    return { width, height };
  }
  if (d.length < 5 || d[0] !== 0x2f) throw corrupt();
  const bits = u32le(d, 1);
  if (bits >>> 29 !== 0) throw corrupt();
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

const isBitstream = (c: Chunk) => c.type === 'VP8 ' || c.type === 'VP8L';

/** One still image (a file's, or an animation frame's): one bitstream of the given size, at most one alpha chunk. */
function webpImage(chunks: Chunk[], width: number, height: number): void {
  const images = chunks.filter(isBitstream);
  const alpha = chunks.filter((c) => c.type === 'ALPH');
  if (images.length !== 1 || alpha.length > 1) throw corrupt();
  const size = webpBitstream(images[0]);
  if (size.width !== width || size.height !== height) throw corrupt();
}

function checkWebp(b: Uint8Array, limits: ImageLimits): void {
  if (b.length < 20) throw corrupt();
  const end = 8 + u32le(b, 4);
  if (end > b.length) throw corrupt();
  if (end < b.length) throw trailing();
  const chunks = riffChunks(b, 12, end);
  const [first] = chunks;
  if (first && isBitstream(first)) {
    // The simple format: one bitstream (other chunks are metadata).
    if (chunks.slice(1).some((c) => isBitstream(c) || ['VP8X', 'ALPH', 'ANIM', 'ANMF'].includes(c.type))) throw corrupt();
    const { width, height } = webpBitstream(first);
    checkPixels(width, height, limits);
    return;
  }
  // The extended format: VP8X gives the canvas, then one image or an animation's frames.
  if (!first || first.type !== 'VP8X' || first.data.length < 10) throw corrupt();
  const width = u24le(first.data, 4) + 1;
  const height = u24le(first.data, 7) + 1;
  checkPixels(width, height, limits);
  const rest = chunks.slice(1);
  const frames = rest.filter((c) => c.type === 'ANMF');
  if ((first.data[0] & 0x02) === 0) {
    if (frames.length || rest.some((c) => c.type === 'ANIM')) throw corrupt();
    webpImage(rest, width, height);
    return;
  }
  if (!frames.length || !rest.some((c) => c.type === 'ANIM' && c.data.length >= 6) || rest.some((c) => isBitstream(c) || c.type === 'ALPH')) {
    throw corrupt();
  }
  for (const { data } of frames) {
    if (data.length < 16) throw corrupt();
    const x = 2 * u24le(data, 0);
    const y = 2 * u24le(data, 3);
    const frameWidth = u24le(data, 6) + 1;
    const frameHeight = u24le(data, 9) + 1;
    if (x + frameWidth > width || y + frameHeight > height) throw corrupt();
    webpImage(riffChunks(data, 16, data.length), frameWidth, frameHeight);
  }
}
