/** Uploads (issue #9, items 9 and 12; issue #32, item 5): images checked over all their bytes, limits, expiry of unclaimed uploads, what chats keep. */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bytesOf, chunk, concat, dataUrl, PNG, pngOfSize } from '../../core/test-images';
import { DomainError } from './errors';
import { World } from '../world';
import { trimChat, UPLOAD_LIMITS, Uploads, type UploadLimits } from './uploads';

// Small real images made by cjpeg and cwebp (the PNG is the contract's example).
const JPEG =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAXEAEBAQEAAAAAAAAAAAAAAAAABSIx/8QAFQEBAQAAAAAAAAAAAAAAAAAAAgT/xAAbEQACAQUAAAAAAAAAAAAAAAADBAABEhMhMf/aAAwDAQACEQMRAD8AhPhcwAnKyS7saDZcNNz/2Q==';
const PROGRESSIVE_JPEG =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wgARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAVAQEBAAAAAAAAAAAAAAAAAAABA//aAAwDAQACEAMQAAABmJv/xAAVEAEBAAAAAAAAAAAAAAAAAAADAP/aAAgBAQABBQIwv//EABcRAAMBAAAAAAAAAAAAAAAAAAACAxL/2gAIAQMBAT8BhVsH/8QAFxEBAAMAAAAAAAAAAAAAAAAAAgADEf/aAAgBAgEBPwFWLZ//xAAUEAEAAAAAAAAAAAAAAAAAAAAA/9oACAEBAAY/An//xAAVEAEBAAAAAAAAAAAAAAAAAAAAYf/aAAgBAQABPyGD/9oADAMBAAIAAwAAABD3/8QAFhEAAwAAAAAAAAAAAAAAAAAAABEh/9oACAEDAQE/EF1P/8QAFREBAQAAAAAAAAAAAAAAAAAAAEH/2gAIAQIBAT8QuP/EABUQAQEAAAAAAAAAAAAAAAAAAAAx/9oACAEBAAE/EIv/2Q==';
const WEBP_LOSSY = 'UklGRkQAAABXRUJQVlA4IDgAAADQAQCdASoIAAgAAsBMJbACdAD0MaxAAAD+8ad5vDCBK46si+GWLKzuoS7Rv/N9T+hHeP9O5VwAAA==';
const WEBP_LOSSLESS = 'UklGRi4AAABXRUJQVlA4TCIAAAAvB8ABAJkyRPQ/NhHR/wBhtlFRzp9zryMYkAGMCaB6oP8A';
const WEBP_ALPHA =
  'UklGRg4BAABXRUJQVlA4WAoAAAAQAAAADwAACwAAQUxQSBgAAAABmYzof4BI28baHM3MPJ8dR0zABDgr7gJWUDgg0AAAAJAEAJ0BKhAADAABQCYloAJ0OIA3kQvQJdn3m/sAfxP+I/6zgAP0WPSzn0IboAD2EfJ8DnPZpXttp1Yi37G97vPKehG4l+c4X2H/jqDrnmB/owfucg7CgAXb9RAnIPR6XTs7B5vhKk7TIqJbA56v+OSjW2T1HSbA3rhYPemDJPgc57NK4Uo48XWILmYKxl1AwYCZX/qWTNEZO6XDSqg1xawAVSfGjmkD4GeN0N+2MGidC3EhXKbghpEt8fvKH79H5LnMhAUHq7c6eEz+W+ooAAA=';
const WEBP_ANIMATED =
  'UklGRpwBAABXRUJQVlA4WAoAAAASAAAADwAACwAAQU5JTQYAAAD/////AABBTk1GPgAAAAAAAAAAAA8AAAsAAGQAAAJWUDhMJQAAAC8PwAIQzWRE/wNE2jZq5mMi5/nseLanRCCQqIU0zMATwMWruAsAQU5NRioBAAAAAAAAAAAPAAALAABkAAAAVlA4TBEBAAAvD8ACAJkyRPQ/NhHR/4DjRpIUKXPhdcznv513nW5AbCRJkRTVh8/8/vv5v10QA7YN24Ck3P//3UJGMPLptjf58f2eP97Z3+Edf5kXfOH/wvJN7+zvrA86XG9dCJXy78IAOFQgIjXnajwmn3PohpcECzCUU2N4dsskVL3+v8kMMXuM4qolTSJX5CZzDd7HH9HSzGq9vtiF8JdlvM95/s3fl9cJ6sfidsxJxboYsU2K7GaegLH3iSWJ63IUAsjZlqMQQDXhcdCIGpNm5CaiJdFGtFh19SwVI7z1FCQT1ICFgQKomz5WdFVExCjMBoYwbUSg0NcRNdCxWGYM8otFMAUw7eV8CBpE0bKdOUBDRoUFFQEA';

function ihdr(width: number, height: number, colour = 0, depth = 8): Uint8Array {
  const d = Buffer.alloc(13);
  d.writeUInt32BE(width, 0);
  d.writeUInt32BE(height, 4);
  d[8] = depth;
  d[9] = colour;
  return chunk('IHDR', new Uint8Array(d));
}
const SIGNATURE = bytesOf(PNG).subarray(0, 8);
/** A greyscale PNG whose pixel data inflates to `raw` bytes, with optional extra chunks before IEND. */
const craftPng = (width: number, height: number, raw: number, ...extra: Uint8Array[]) =>
  concat(SIGNATURE, ihdr(width, height), chunk('IDAT', new Uint8Array(deflateSync(new Uint8Array(raw)))), ...extra, chunk('IEND'));

const MB = 1024 * 1024;
const USER = 'u1';

/** Pseudo-random bytes (xorshift32), the same every run. */
function noise(length: number, seed = 7): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    out[i] = seed >>> 24;
  }
  return out;
}

function uploads(limits: Partial<UploadLimits> = {}) {
  const clock = { now: 1_000_000 };
  let n = 0;
  const store = new Uploads(
    () => `up_${++n}`,
    () => clock.now,
    { ...UPLOAD_LIMITS, ...limits },
  );
  return { store, clock };
}

/** The error code of an upload, or its stored type. */
function upload(store: Uploads, image: string, owner = USER): string {
  try {
    return store.add(owner, image).contentType;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

describe('what an upload must be', () => {
  it('accepts complete PNG, JPEG and WebP images and stores them with their type', () => {
    const { store } = uploads();
    for (const [image, type] of [
      [PNG, 'image/png'],
      [JPEG, 'image/jpeg'],
      [PROGRESSIVE_JPEG, 'image/jpeg'],
      [WEBP_LOSSY, 'image/webp'],
      [WEBP_LOSSLESS, 'image/webp'],
      [WEBP_ALPHA, 'image/webp'],
      [WEBP_ANIMATED, 'image/webp'],
    ]) {
      const record = store.add(USER, dataUrl(type, image));
      expect(record).toMatchObject({ contentType: type, size: bytesOf(image).length, claimed: false });
      expect(record.dataUrl).toBe(dataUrl(type, image));
    }
  });

  it('stores the type found in the content, whatever the client declared', () => {
    const { store } = uploads();
    const png = store.add(USER, dataUrl('image/jpeg', PNG));
    expect(png.contentType).toBe('image/png');
    expect(png.dataUrl).toBe(dataUrl('image/png', PNG));
    expect(store.get(USER, png.id).dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    expect(store.add(USER, dataUrl('image/webp', JPEG)).dataUrl).toBe(dataUrl('image/jpeg', JPEG));
    expect(store.add(USER, dataUrl('IMAGE/PNG', WEBP_LOSSY)).contentType).toBe('image/webp');
  });

  it('refuses a PNG header followed by a script', () => {
    const { store } = uploads();
    const script = concat(SIGNATURE, '<script>alert(document.cookie)</script>');
    expect(upload(store, dataUrl('image/png', script))).toBe('upload_corrupt');
    // Also when the script comes as a well-formed but bogus chunk sequence.
    expect(upload(store, dataUrl('image/png', concat(SIGNATURE, ihdr(1, 1), chunk('IEND'))))).toBe('upload_corrupt');
  });

  it('refuses truncated images', () => {
    const { store } = uploads();
    const png = bytesOf(PNG);
    expect(upload(store, dataUrl('image/png', png.subarray(0, png.length - 12)))).toBe('upload_corrupt'); // no IEND
    expect(upload(store, dataUrl('image/png', png.subarray(0, 45)))).toBe('upload_corrupt'); // inside IDAT
    const jpeg = bytesOf(JPEG);
    expect(upload(store, dataUrl('image/jpeg', jpeg.subarray(0, jpeg.length - 2)))).toBe('upload_corrupt'); // no EOI
    expect(upload(store, dataUrl('image/jpeg', jpeg.subarray(0, 200)))).toBe('upload_corrupt');
    const webp = bytesOf(WEBP_ALPHA);
    expect(upload(store, dataUrl('image/webp', webp.subarray(0, webp.length - 1)))).toBe('upload_corrupt');
    // Every cut of every sample is refused.
    for (const image of [PNG, JPEG, PROGRESSIVE_JPEG, WEBP_LOSSY, WEBP_LOSSLESS, WEBP_ALPHA, WEBP_ANIMATED]) {
      const bytes = bytesOf(image);
      for (let n = 1; n < bytes.length; n++) expect(upload(store, dataUrl('image/png', bytes.subarray(0, n)))).toMatch(/^upload_(corrupt|type)$/);
    }
    expect(store.usage().count).toBe(0);
  });

  it('refuses bytes after the end of the image, but keeps a multi-picture JPEG', () => {
    const { store } = uploads();
    const script = '<script>alert(1)</script>';
    expect(upload(store, dataUrl('image/png', concat(bytesOf(PNG), script)))).toBe('upload_trailing_data');
    expect(upload(store, dataUrl('image/jpeg', concat(bytesOf(JPEG), script)))).toBe('upload_trailing_data');
    expect(upload(store, dataUrl('image/jpeg', concat(bytesOf(JPEG), '\0')))).toBe('upload_trailing_data');
    expect(upload(store, dataUrl('image/webp', concat(bytesOf(WEBP_LOSSY), script)))).toBe('upload_trailing_data');
    // A JPEG followed by complete JPEG images (an Ultra HDR gain map, MPF pictures) is one file.
    expect(upload(store, dataUrl('image/jpeg', concat(bytesOf(JPEG), bytesOf(PROGRESSIVE_JPEG))))).toBe('image/jpeg');
    expect(upload(store, dataUrl('image/jpeg', concat(bytesOf(JPEG), bytesOf(JPEG).subarray(0, 100))))).toBe('upload_trailing_data');
  });

  it('refuses other content, empty files and unreadable data URLs', () => {
    const { store } = uploads();
    expect(upload(store, dataUrl('image/png', noise(4096)))).toBe('upload_type');
    expect(upload(store, dataUrl('image/gif', 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'))).toBe('upload_type');
    expect(upload(store, dataUrl('text/plain', PNG))).toBe('upload_type');
    expect(upload(store, dataUrl('image/png', ''))).toBe('upload_empty');
    expect(upload(store, 'data:image/png;base64,AAAAA')).toBe('upload_invalid');
    expect(upload(store, `data:image/png;base64,${PNG.slice(0, 8)} ${PNG.slice(9)}`)).toBe('upload_invalid');
    expect(upload(store, `data:image/png;base64,${PNG.slice(0, 40)}*${PNG.slice(41)}`)).toBe('upload_invalid');
    expect(upload(store, 'data:image/png;base64,====')).toBe('upload_invalid');
    expect(upload(store, 'not a data url')).toBe('upload_invalid');
    expect(store.usage()).toMatchObject({ count: 0, bytes: 0 });
  });

  it('refuses images with too many pixels, and PNG data that inflates beyond its header', () => {
    const { store } = uploads();
    // 20,000 × 20,000 declared in a few hundred bytes.
    expect(upload(store, dataUrl('image/png', craftPng(20_000, 20_000, 1000)))).toBe('upload_dimensions');
    // 7,000 × 7,000 greyscale: under the pixel limit, over the PNG decoding budget (16 MB).
    expect(upload(store, dataUrl('image/png', craftPng(7000, 7000, 1000)))).toBe('upload_dimensions');
    // A 1 × 1 image whose data inflates to 100 MB: inflation stops as soon as it passes the header's size.
    const bomb = craftPng(1, 1, 100 * MB);
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(upload(store, dataUrl('image/png', bomb))).toBe('upload_corrupt');
    // Exactly the data the header announces is accepted (1 filter byte + 1 pixel per row).
    expect(upload(store, dataUrl('image/png', craftPng(1, 3, 6)))).toBe('image/png');
    expect(upload(store, dataUrl('image/png', craftPng(1, 3, 5)))).toBe('upload_corrupt');
    // A JPEG frame header claiming 60,000 × 60,000.
    const jpeg = bytesOf(JPEG);
    const sof = jpeg.findIndex((b, i) => b === 0xff && jpeg[i + 1] === 0xc0);
    jpeg.set([0xea, 0x60, 0xea, 0x60], sof + 5);
    expect(upload(store, dataUrl('image/jpeg', jpeg))).toBe('upload_dimensions');
    expect(store.usage().count).toBe(1);
  });

  it('refuses damaged PNG chunks (CRC) and unsupported JPEG codings', () => {
    const { store } = uploads();
    const png = bytesOf(PNG);
    png[45] ^= 0x01; // a bit of the IDAT payload
    expect(upload(store, dataUrl('image/png', png))).toBe('upload_corrupt');
    const jpeg = bytesOf(JPEG);
    const sof = jpeg.findIndex((b, i) => b === 0xff && jpeg[i + 1] === 0xc0);
    jpeg[sof + 1] = 0xc9; // arithmetic coding: browsers do not show it
    expect(upload(store, dataUrl('image/jpeg', jpeg))).toBe('upload_corrupt');
  });

  it('checks a whole 5 MB image (the time it takes is measured apart, not here)', () => {
    const { store } = uploads();
    // A valid PNG of 5 MB (incompressible pixel data): the whole of it is inflated and decoded.
    const side = 1200;
    const rows = noise(side * (1 + side * 3));
    for (let i = 0; i < rows.length; i += 1 + side * 3) rows[i] = 0; // filter byte of each row: none
    const d = Buffer.alloc(13);
    d.writeUInt32BE(side, 0);
    d.writeUInt32BE(side, 4);
    d[8] = 8;
    d[9] = 2;
    const png = concat(SIGNATURE, chunk('IHDR', new Uint8Array(d)), chunk('IDAT', new Uint8Array(deflateSync(rows, { level: 1 }))), chunk('IEND'));
    expect(png.length).toBeGreaterThan(4 * MB);
    expect(png.length).toBeLessThan(UPLOAD_LIMITS.maxBytes);
    expect(upload(store, dataUrl('image/png', png))).toBe('image/png');
    // One flipped bit in the last row of pixel data is found.
    png[png.length - 20] ^= 0x10;
    expect(upload(store, dataUrl('image/png', png))).toBe('upload_corrupt');
  });
});

describe('how much is kept', () => {
  it('keeps at most 25 MB of unclaimed images per user: 20 uploads of 5 MB keep 25 MB, not 100', () => {
    const { store } = uploads();
    const image = pngOfSize(5 * MB);
    const codes = Array.from({ length: 20 }, () => upload(store, image));
    expect(codes.filter((c) => c === 'image/png')).toHaveLength(5);
    expect(codes.slice(5)).toEqual(Array(15).fill('upload_quota'));
    expect(store.usage(USER)).toEqual({ count: 5, bytes: 25 * MB, pendingCount: 5, pendingBytes: 25 * MB, chatCount: 0, chatBytes: 0 });
    // Another user is not held back by it.
    expect(upload(store, image, 'u2')).toBe('image/png');
  });

  it('keeps at most 10 unclaimed uploads per user, with a clear error; claiming one makes room', () => {
    const { store } = uploads();
    const ids = Array.from({ length: 10 }, () => store.add(USER, dataUrl('image/png', PNG)).id);
    let error: unknown;
    try {
      store.add(USER, dataUrl('image/png', PNG));
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'upload_quota', params: { max: 10, maxMb: 25, minutes: 60 } });
    expect((error as Error).message).toContain('at most 10');
    // The refusal lost nothing: the ten are all there.
    for (const id of ids) expect(store.get(USER, id).id).toBe(id);
    store.claim(USER, ids[0], 'front of your ID');
    expect(upload(store, dataUrl('image/png', PNG))).toBe('image/png');
    expect(store.usage(USER)).toMatchObject({ count: 11, pendingCount: 10 });
  });

  it('keeps at most the total for everyone, claimed uploads included', () => {
    const { store } = uploads({ totalCount: 3 });
    const a = store.add('a', dataUrl('image/png', PNG)).id;
    store.add('b', dataUrl('image/png', PNG));
    store.claim('a', a, 'voucher');
    store.add('c', dataUrl('image/png', PNG));
    expect(upload(store, dataUrl('image/png', PNG), 'd')).toBe('upload_capacity');
    const bytes = uploads({ totalBytes: 3 * MB });
    expect(upload(bytes.store, pngOfSize(2 * MB), 'a')).toBe('image/png');
    expect(upload(bytes.store, pngOfSize(2 * MB), 'b')).toBe('upload_capacity');
  });

  it('drops unclaimed uploads an hour after they were made; claimed ones stay', () => {
    const { store, clock } = uploads();
    const claimed = store.add(USER, dataUrl('image/png', PNG)).id;
    const pending = store.add(USER, dataUrl('image/png', PNG)).id;
    store.claim(USER, claimed, 'payment voucher');
    clock.now += 60 * 60_000 - 1;
    expect(store.get(USER, pending).id).toBe(pending);
    clock.now += 1;
    expect(() => store.get(USER, pending)).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(() => store.claim(USER, pending, 'front of your ID')).toThrow(
      expect.objectContaining({ code: 'upload_expired', params: { minutes: 60 }, message: expect.stringContaining('front of your ID') }),
    );
    expect(() => store.claim('u2', pending, 'front of your ID')).toThrow(expect.objectContaining({ code: 'upload_missing' }));
    expect(store.get(USER, claimed).claimed).toBe(true);
    expect(store.usage(USER)).toEqual({ count: 1, bytes: 70, pendingCount: 0, pendingBytes: 0, chatCount: 0, chatBytes: 0 });
  });

  it('claims the uploads of a submission together, or none', () => {
    const { store } = uploads();
    const front = store.add(USER, dataUrl('image/png', PNG)).id;
    expect(() =>
      store.claimAll(USER, [
        [front, 'front of your ID'],
        ['up_nope', 'back of your ID'],
      ]),
    ).toThrow(expect.objectContaining({ code: 'upload_missing', message: 'Please upload the back of your ID' }));
    expect(store.get(USER, front).claimed).toBe(false);
    const back = store.add(USER, dataUrl('image/png', PNG)).id;
    expect(
      store
        .claimAll(USER, [
          [front, 'front'],
          [back, 'back'],
        ])
        .map((r) => r.claimed),
    ).toEqual([true, true]);
    expect(store.usage(USER).pendingCount).toBe(0);
  });
});

describe('chat images (issue #32, item 5)', () => {
  const SMALL = dataUrl('image/png', PNG);
  const GUEST = 'guest:1';
  const notFound = expect.objectContaining({ code: 'not_found' });
  const send = (store: Uploads, owner: string, image = SMALL) => store.claimChat(owner, store.add(owner, image).id).id;

  it('a user keeps their newest 20 chat images or 40 MB: one more removes their oldest; images a submission uses stay', () => {
    const { store } = uploads();
    const voucher = store.add(USER, SMALL).id;
    store.claim(USER, voucher, 'payment voucher');
    const sent = Array.from({ length: UPLOAD_LIMITS.chatPerUser + 1 }, () => send(store, USER));
    expect(() => store.get(USER, sent[0])).toThrow(notFound);
    for (const id of sent.slice(1)) expect(store.get(USER, id).id).toBe(id);
    expect(store.get(USER, voucher).claimed).toBe(true);
    expect(store.usage(USER)).toMatchObject({ count: 21, chatCount: 20, pendingCount: 0 });
    // By bytes: 3 MB of 1 MB images keep 3 of them.
    const bytes = uploads({ chatBytesPerUser: 3 * MB }).store;
    const big = Array.from({ length: 4 }, () => send(bytes, USER, pngOfSize(MB)));
    expect(() => bytes.get(USER, big[0])).toThrow(notFound);
    expect(bytes.usage(USER)).toMatchObject({ chatCount: 3, chatBytes: 3 * MB });
  });

  it('a guest keeps at most 5 images or 10 MB, pending and sent together: a new upload removes its oldest sent one, never an unsent one', () => {
    const { store } = uploads();
    const sent = Array.from({ length: 4 }, () => send(store, GUEST));
    const unsent = store.add(GUEST, SMALL).id;
    const next = store.add(GUEST, SMALL).id;
    expect(() => store.get(GUEST, sent[0])).toThrow(notFound);
    expect([unsent, next, ...sent.slice(1)].map((id) => store.get(GUEST, id).id)).toEqual([unsent, next, ...sent.slice(1)]);
    expect(store.usage(GUEST)).toMatchObject({ count: 5, pendingCount: 2, chatCount: 3 });
    // Five unsent fill it: the sixth is refused, naming the guest's limits.
    for (let i = 0; i < 3; i++) store.add(GUEST, SMALL);
    expect(() => store.add(GUEST, SMALL)).toThrow(expect.objectContaining({ code: 'upload_quota', params: { max: 5, maxMb: 10, minutes: 60 } }));
    expect(store.usage(GUEST)).toMatchObject({ count: 5, pendingCount: 5, chatCount: 0 });
    // By bytes: two 5 MB images fill 10 MB.
    const big = Array.from({ length: 3 }, () => send(store, 'guest:2', pngOfSize(5 * MB)));
    expect(() => store.get('guest:2', big[0])).toThrow(notFound);
    expect(store.usage('guest:2')).toMatchObject({ chatCount: 2, chatBytes: 10 * MB });
    // A guest forgotten takes everything of its own with it.
    store.dropOwner(GUEST);
    expect(store.usage(GUEST)).toMatchObject({ count: 2, pendingCount: 0, chatCount: 0 });
  });

  it('guests together, and chat images in all, keep to their share of the total: identity uploads have the rest', () => {
    const half = pngOfSize(MB / 2);
    const { store } = uploads({ totalBytes: 4 * MB, chatBytes: 2 * MB, guestsBytes: MB });
    send(store, 'guest:1', half);
    store.add('guest:2', half);
    expect(upload(store, half, 'guest:3')).toBe('upload_capacity');
    send(store, USER, half);
    send(store, USER, half);
    const refused = store.add(USER, half).id;
    expect(() => store.claimChat(USER, refused)).toThrow(expect.objectContaining({ code: 'upload_capacity' }));
    expect(store.get(USER, refused).claimed).toBe(false);
    // Chat images hold 2 MB of the 4: the other 2 are for everything else.
    expect(Array.from({ length: 4 }, () => upload(store, half, 'u2'))).toEqual(['image/png', 'image/png', 'image/png', 'upload_capacity']);
    // A guest's image removed frees its room for other guests.
    store.dropOwner('guest:2');
    expect(upload(store, half, 'guest:3')).toBe('image/png');
  });

  it('removes only chat images: an image a submission uses stays, sent in a chat before or after', () => {
    const { store } = uploads();
    const photo = store.add(USER, SMALL).id;
    store.claim(USER, photo, 'front of your ID');
    expect(store.claimChat(USER, photo).chat).toBeFalsy();
    store.dropChat(photo);
    const sent = send(store, USER);
    store.claim(USER, sent, 'payment voucher');
    store.dropChat(sent);
    expect([store.get(USER, photo).id, store.get(USER, sent).id]).toEqual([photo, sent]);
    expect(store.usage(USER)).toMatchObject({ count: 2, chatCount: 0 });
    const gone = send(store, USER);
    store.dropChat(gone);
    expect(() => store.get(USER, gone)).toThrow(notFound);
  });

  it('trimChat keeps the newest messages and removes the images no kept message shows', () => {
    const dropped: string[] = [];
    const messages = [{ image: 'a' }, { image: 'b' }, {}, { image: 'b' }, { image: 'c' }];
    trimChat(messages, 3, (id) => dropped.push(id));
    expect(messages).toEqual([{}, { image: 'b' }, { image: 'c' }]);
    expect(dropped).toEqual(['a']);
  });
});

describe('in the world', () => {
  it('uses the virtual clock, and submissions claim their uploads', () => {
    const world = new World({ seed: 5, freezeClock: true });
    const user = world.accounts.record(world.accounts.login({ account: 'demo@example.com', password: 'Demo1234' }).token);
    const voucher = world.uploads.add(user.id, dataUrl('image/png', PNG)).id;
    const stale = world.uploads.add(user.id, dataUrl('image/png', PNG)).id;
    world.uploads.claim(user.id, voucher, 'payment voucher');
    world.clock.advance(60 * 60_000);
    expect(world.uploads.get(user.id, voucher).id).toBe(voucher);
    expect(() => world.uploads.get(user.id, stale)).toThrow(expect.objectContaining({ code: 'not_found' }));
    const front = world.uploads.add(user.id, dataUrl('image/png', PNG)).id;
    expect(() =>
      world.identity.submit(user.id, {
        level: 'primary',
        realName: 'Alex Morgan',
        idType: 'id_card',
        idNumber: 'X1234',
        frontImage: front,
        backImage: stale,
      } as never),
    ).toThrow(expect.objectContaining({ code: 'upload_expired' }));
    expect(world.uploads.get(user.id, front).claimed).toBe(false);
  });
});
