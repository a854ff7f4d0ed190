/**
 * Uploaded images (ID photos, payment QR codes, recharge vouchers). What their bytes must be is
 * checked by images.ts.
 *
 * Memory: an upload is "pending" until a submission claims it (identity photos, payment QR code,
 * recharge voucher); pending uploads are dropped an hour (virtual clock) after they were made.
 * A user may have 10 pending uploads or 25 MB of them; the server keeps at most 150 MB of images
 * (about 200 MB held as base64) or 10,000 uploads in all, claimed ones included. An upload over a
 * limit is refused with a clear error; nothing already stored is dropped to make room. A claim is
 * made where a submission checks its uploads: if a later check of that submission fails, the upload
 * stays kept (and counts in the total), as the user may well send the submission again.
 */
import { DomainError } from './errors.ts';
import { decodeBase64, IMAGE_TYPES, inspectImage, unreadable, wrongType, type ImageLimits, type ImageType } from './images.ts';

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export type { ImageType };

const MB = 1024 * 1024;

export interface UploadLimits extends ImageLimits {
  /** Largest image, decoded bytes (the `uploadMaxBytes` setting). */
  maxBytes: number;
  /** Pending (not yet claimed) uploads one user may have. */
  pendingPerUser: number;
  /** Bytes of pending uploads one user may have. */
  pendingBytesPerUser: number;
  /** How long a pending upload is kept (virtual clock). */
  pendingTtlMs: number;
  /** Uploads kept in all, pending and claimed. */
  totalCount: number;
  /** Image bytes kept in all, pending and claimed. */
  totalBytes: number;
}

export const UPLOAD_LIMITS: UploadLimits = {
  maxBytes: UPLOAD_MAX_BYTES,
  pendingPerUser: 10,
  pendingBytesPerUser: 25 * MB,
  pendingTtlMs: 60 * 60_000,
  totalCount: 10_000,
  totalBytes: 150 * MB,
  maxPixels: 50_000_000,
  // Inflating is the slow part of a PNG check (~10 ms per MB here): 16 MB holds a phone screenshot (1290×2796 RGBA).
  maxPngDataBytes: 16 * MB,
};

interface UploadRecord {
  id: string;
  owner: string;
  contentType: ImageType;
  size: number;
  dataUrl: string;
  /** Virtual time of the upload. */
  createdAt: number;
  /** True once a submission uses it: it is then kept. */
  claimed: boolean;
  /** Others who may see it (the other side of a P2P order's chat). */
  readers?: Set<string>;
}

/** How many expired ids are remembered, to answer "expired" rather than "missing". */
const EXPIRED_REMEMBERED = 1000;

export class Uploads {
  private readonly byId = new Map<string, UploadRecord>();
  /** Pending uploads in the order they were made (so also by age: the clock only moves forward). */
  private readonly pending = new Map<string, UploadRecord>();
  private readonly pendingOf = new Map<string, { count: number; bytes: number }>();
  private readonly expired = new Map<string, string>();
  private totalBytes = 0;

  constructor(
    /** A new upload id of this owner (see OwnedIds). */
    private readonly newId: (owner: string) => string,
    private readonly now: () => number = () => 0,
    readonly limits: UploadLimits = UPLOAD_LIMITS,
  ) {}

  add(owner: string, dataUrl: string): UploadRecord {
    this.sweep();
    // The header by a regular expression; the base64 (megabytes, where a regular expression takes
    // tens of milliseconds) by decoding it.
    const match = /^data:([\w.+-]+\/[\w.+-]+);base64,/.exec(dataUrl.slice(0, 256));
    if (!match) throw unreadable();
    if (!(IMAGE_TYPES as readonly string[]).includes(match[1].toLowerCase())) throw wrongType();
    const base64 = dataUrl.slice(match[0].length);
    const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
    const declaredSize = Math.floor((base64.length * 3) / 4) - padding;
    const limits = this.limits;
    if (declaredSize > limits.maxBytes) {
      const mb = Math.floor(limits.maxBytes / MB);
      throw new DomainError('upload_too_large', `The image is larger than ${mb} MB, please choose a smaller one`).with({ max: mb });
    }
    if (declaredSize <= 0) throw new DomainError('upload_empty', 'The file is empty, please choose an image');
    const mine = this.pendingOf.get(owner) ?? { count: 0, bytes: 0 };
    if (mine.count + 1 > limits.pendingPerUser || mine.bytes + declaredSize > limits.pendingBytesPerUser) {
      const params = { max: limits.pendingPerUser, maxMb: Math.floor(limits.pendingBytesPerUser / MB), minutes: Math.round(limits.pendingTtlMs / 60_000) };
      throw new DomainError(
        'upload_quota',
        `Too many uploaded images are waiting to be used (at most ${params.max} or ${params.maxMb} MB). Submit your form first; unused images are removed after ${params.minutes} minutes`,
      ).with(params);
    }
    if (this.byId.size + 1 > limits.totalCount || this.totalBytes + declaredSize > limits.totalBytes) {
      throw new DomainError('upload_capacity', 'The server cannot store more images at the moment, please try again later');
    }
    const bytes = decodeBase64(base64);
    if (!bytes) throw unreadable();
    const contentType = inspectImage(bytes, limits);
    const record: UploadRecord = {
      id: this.newId(owner),
      owner,
      contentType,
      size: bytes.length,
      dataUrl: `data:${contentType};base64,${base64}`,
      createdAt: this.now(),
      claimed: false,
    };
    this.byId.set(record.id, record);
    this.pending.set(record.id, record);
    this.pendingOf.set(owner, { count: mine.count + 1, bytes: mine.bytes + record.size });
    this.totalBytes += record.size;
    return record;
  }

  /** An upload of this owner (or shared with them), to show again; anyone else's looks the same as a missing one. */
  get(owner: string, id: string): UploadRecord {
    this.sweep();
    const record = this.byId.get(id);
    if (!record || (record.owner !== owner && !record.readers?.has(owner))) throw new DomainError('not_found', 'Not found');
    return record;
  }

  /** Lets `reader` see a claimed upload too (an image sent in a chat); the owner still owns it. */
  share(record: UploadRecord, reader: string): void {
    (record.readers ??= new Set()).add(reader);
  }

  /**
   * An upload of this owner that a submission uses: from now on it is kept. Names what is missing
   * (or expired) otherwise.
   */
  claim(owner: string, id: string | undefined, what: string): UploadRecord {
    return this.claimAll(owner, [[id, what]])[0];
  }

  /** Several uploads of one submission: all are there, then all are claimed; or none is. */
  claimAll(owner: string, wanted: Array<[id: string | undefined, what: string]>): UploadRecord[] {
    this.sweep();
    const records = wanted.map(([id, what]) => {
      const record = id ? this.byId.get(id) : undefined;
      if (record && record.owner === owner) return record;
      if (id && this.expired.get(id) === owner) {
        const minutes = Math.round(this.limits.pendingTtlMs / 60_000);
        throw new DomainError('upload_expired', `The ${what} was removed because it was not used within ${minutes} minutes, please upload it again`).with({
          minutes,
        });
      }
      throw new DomainError('upload_missing', `Please upload the ${what}`);
    });
    for (const record of records) {
      if (record.claimed) continue;
      record.claimed = true;
      this.pending.delete(record.id);
      this.release(record);
    }
    return records;
  }

  /** What is kept: in all, and the pending uploads of one owner. */
  usage(owner?: string): { count: number; bytes: number; pendingCount: number; pendingBytes: number } {
    this.sweep();
    const mine = owner ? this.pendingOf.get(owner) : undefined;
    return { count: this.byId.size, bytes: this.totalBytes, pendingCount: mine?.count ?? 0, pendingBytes: mine?.bytes ?? 0 };
  }

  /** Drops the pending uploads whose time is up. */
  private sweep(): void {
    const cutoff = this.now() - this.limits.pendingTtlMs;
    for (const record of this.pending.values()) {
      if (record.createdAt > cutoff) break;
      this.pending.delete(record.id);
      this.byId.delete(record.id);
      this.totalBytes -= record.size;
      this.release(record);
      this.expired.set(record.id, record.owner);
      if (this.expired.size > EXPIRED_REMEMBERED) this.expired.delete(this.expired.keys().next().value!);
    }
  }

  /** Takes a record off its owner's pending count. */
  private release(record: UploadRecord): void {
    const mine = this.pendingOf.get(record.owner);
    if (!mine) return;
    if (mine.count <= 1) this.pendingOf.delete(record.owner);
    else this.pendingOf.set(record.owner, { count: mine.count - 1, bytes: mine.bytes - record.size });
  }
}
