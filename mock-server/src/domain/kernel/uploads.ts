/**
 * Uploaded images (ID photos, payment QR codes, recharge vouchers, images sent in chats). What their
 * bytes must be is checked by images.ts.
 *
 * Memory: an upload is "pending" until a submission claims it (identity photos, payment QR code,
 * recharge voucher) or a chat sends it; pending uploads are dropped an hour (virtual clock) after
 * they were made. A user may have 10 pending uploads or 25 MB of them; the server keeps at most
 * 150 MB of images (about 200 MB held as base64) or 10,000 uploads in all, claimed ones included.
 * An upload over a limit is refused with a clear error; nothing of anyone else is dropped to make
 * room. A claim is made where a submission checks its uploads: if a later check of that submission
 * fails, the upload stays kept (and counts in the total), as the user may well send the submission
 * again.
 *
 * Chat images (support and P2P chats) are kept only while their chat shows them: a chat removes them
 * with the messages its capped history drops (`trimChat`), support with a guest whose conversation
 * expired (`dropOwner`). Each user keeps their newest 20 chat images (40 MB): sending one more removes
 * their oldest. A support guest, whose key anyone can mint (20 an hour per address), keeps at most 5
 * images or 10 MB, pending and sent together (a new upload removes its oldest sent ones), and all
 * guests together 25 MB. Chat images and guests' uploads together stay within 50 MB (2,000 images)
 * of the total, so identity photos, QR codes and vouchers always have the other 100 MB.
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
  /** Chat images one user keeps (support and P2P chats together): sending one more removes their oldest. */
  chatPerUser: number;
  chatBytesPerUser: number;
  /** What one support guest keeps, pending and sent together: a new upload removes its oldest sent images. */
  perGuest: number;
  bytesPerGuest: number;
  /** All guests' uploads together: anyone may start guests (20 an hour per address). */
  guestsCount: number;
  guestsBytes: number;
  /** Chat images and guests' uploads in all, a part of the total: the rest is for identity photos, QR codes and vouchers. */
  chatCount: number;
  chatBytes: number;
}

export const UPLOAD_LIMITS: UploadLimits = {
  maxBytes: UPLOAD_MAX_BYTES,
  pendingPerUser: 10,
  pendingBytesPerUser: 25 * MB,
  pendingTtlMs: 60 * 60_000,
  totalCount: 10_000,
  totalBytes: 150 * MB,
  chatPerUser: 20,
  chatBytesPerUser: 40 * MB,
  perGuest: 5,
  bytesPerGuest: 10 * MB,
  guestsCount: 500,
  guestsBytes: 25 * MB,
  chatCount: 2_000,
  chatBytes: 50 * MB,
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
  /** True once a submission uses it or a chat sends it: it is then kept. */
  claimed: boolean;
  /** Sent in a chat: kept while a chat shows it, as one of its owner's chat images. */
  chat?: boolean;
  /** Others who may see it (the other side of a P2P order's chat). */
  readers?: Set<string>;
}

/** How many expired ids are remembered, to answer "expired" rather than "missing". */
const EXPIRED_REMEMBERED = 1000;

interface Usage {
  count: number;
  bytes: number;
}
const NONE: Usage = { count: 0, bytes: 0 };
const sizeOf = (records: UploadRecord[]): Usage => ({ count: records.length, bytes: records.reduce((n, r) => n + r.size, 0) });
/** Whether `used`, less `freed`, has room for one more image of `size`. */
const fits = (used: Usage, freed: Usage, size: number, maxCount: number, maxBytes: number) =>
  used.count - freed.count + 1 <= maxCount && used.bytes - freed.bytes + size <= maxBytes;
const tally = (usage: Usage, record: UploadRecord, sign: 1 | -1) => {
  usage.count += sign;
  usage.bytes += sign * record.size;
};

/** A support guest's owner id (support.ts): its uploads are only ever chat images. */
const isGuest = (owner: string) => owner.startsWith('guest:');

const capacity = () => new DomainError('upload_capacity', 'The server cannot store more images at the moment, please try again later');

/**
 * Keeps the newest `max` messages of a chat history, removing the images of the messages it drops
 * (unless a message it keeps shows the same image).
 */
export function trimChat(messages: Array<{ image?: string }>, max: number, dropImage: (id: string) => void): void {
  if (messages.length <= max) return;
  for (const old of messages.splice(0, messages.length - max)) if (old.image && !messages.some((m) => m.image === old.image)) dropImage(old.image);
}

export class Uploads {
  private readonly byId = new Map<string, UploadRecord>();
  /** Pending uploads in the order they were made (so also by age: the clock only moves forward). */
  private readonly pending = new Map<string, UploadRecord>();
  private readonly pendingOf = new Map<string, Usage>();
  /** Each owner's chat images, oldest first. */
  private readonly chatsOf = new Map<string, Map<string, UploadRecord>>();
  private readonly expired = new Map<string, string>();
  private totalBytes = 0;
  /** Chat images and guests' uploads, in all; guests' uploads alone. */
  private readonly chat: Usage = { count: 0, bytes: 0 };
  private readonly guests: Usage = { count: 0, bytes: 0 };

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
    const guest = isGuest(owner);
    const mine = this.pendingOf.get(owner) ?? NONE;
    // A guest's uploads are only ever chat images: pending and sent ones count together, its oldest sent ones make room.
    const [max, maxBytes] = guest ? [limits.perGuest, limits.bytesPerGuest] : [limits.pendingPerUser, limits.pendingBytesPerUser];
    const room = guest ? this.roomFor(owner, declaredSize, mine, max, maxBytes) : fits(mine, NONE, declaredSize, max, maxBytes) ? [] : undefined;
    if (!room) {
      const params = { max, maxMb: Math.floor(maxBytes / MB), minutes: Math.round(limits.pendingTtlMs / 60_000) };
      throw new DomainError(
        'upload_quota',
        `Too many uploaded images are waiting to be used (at most ${params.max} or ${params.maxMb} MB). Submit your form first; unused images are removed after ${params.minutes} minutes`,
      ).with(params);
    }
    const freed = sizeOf(room);
    const fitsIn = (used: Usage, maxCount: number, maxBytes: number) => fits(used, freed, declaredSize, maxCount, maxBytes);
    const stored = fitsIn({ count: this.byId.size, bytes: this.totalBytes }, limits.totalCount, limits.totalBytes);
    if (!stored || (guest && !(fitsIn(this.chat, limits.chatCount, limits.chatBytes) && fitsIn(this.guests, limits.guestsCount, limits.guestsBytes))))
      throw capacity();
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
    for (const old of room) this.forget(old);
    this.byId.set(record.id, record);
    this.pending.set(record.id, record);
    this.pendingOf.set(owner, { count: mine.count + 1, bytes: mine.bytes + record.size });
    this.totalBytes += record.size;
    if (guest) {
      tally(this.chat, record, 1);
      tally(this.guests, record, 1);
    }
    return record;
  }

  /**
   * The owner's oldest chat images to remove so that one more image of `size` fits `max` images and
   * `maxBytes` (with `kept` besides them); undefined when removing them all would not do.
   */
  private roomFor(owner: string, size: number, kept: Usage, max: number, maxBytes: number): UploadRecord[] | undefined {
    const chats = [...(this.chatsOf.get(owner)?.values() ?? [])];
    const used = sizeOf(chats);
    const room: UploadRecord[] = [];
    const over = () => !fits({ count: kept.count + used.count, bytes: kept.bytes + used.bytes }, sizeOf(room), size, max, maxBytes);
    while (over() && room.length < chats.length) room.push(chats[room.length]);
    return over() ? undefined : room;
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
    const records = wanted.map(([id, what]) => this.find(owner, id, what));
    for (const record of records) {
      // A submission keeps for good an image sent in a chat before: no chat may remove it now.
      if (record.chat) {
        this.unlistChat(record);
        record.chat = false;
      }
      this.keep(record);
    }
    return records;
  }

  /**
   * An upload of this owner sent in a chat: kept from now on as one of the owner's chat images,
   * until a chat no longer shows it (`dropChat`). Sending one more than a user keeps removes their
   * oldest; an upload already kept (sent before, or used by a submission) stays as it is.
   */
  claimChat(owner: string, id: string | undefined): UploadRecord {
    this.sweep();
    const record = this.find(owner, id, 'image');
    if (record.claimed) return record;
    // A guest's uploads count as chat images from the start (add).
    if (!isGuest(owner)) {
      const limits = this.limits;
      const room = this.roomFor(owner, record.size, NONE, limits.chatPerUser, limits.chatBytesPerUser);
      if (!room || !fits(this.chat, sizeOf(room), record.size, limits.chatCount, limits.chatBytes)) throw capacity();
      for (const old of room) this.forget(old);
      tally(this.chat, record, 1);
    }
    this.keep(record);
    record.chat = true;
    let chats = this.chatsOf.get(owner);
    if (!chats) this.chatsOf.set(owner, (chats = new Map()));
    chats.set(record.id, record);
    return record;
  }

  /** Removes a chat image no chat shows any more; anything else (an image a submission uses) stays. */
  dropChat(id: string): void {
    const record = this.byId.get(id);
    if (record?.chat) this.forget(record);
  }

  /** Removes every upload of an owner (a support guest whose conversation expired). */
  dropOwner(owner: string): void {
    const pending = [...this.pending.values()].filter((r) => r.owner === owner);
    for (const record of [...pending, ...(this.chatsOf.get(owner)?.values() ?? [])]) this.forget(record);
  }

  /** An upload of this owner; names what is missing (or expired) otherwise. */
  private find(owner: string, id: string | undefined, what: string): UploadRecord {
    const record = id ? this.byId.get(id) : undefined;
    if (record && record.owner === owner) return record;
    if (id && this.expired.get(id) === owner) {
      const minutes = Math.round(this.limits.pendingTtlMs / 60_000);
      throw new DomainError('upload_expired', `The ${what} was removed because it was not used within ${minutes} minutes, please upload it again`).with({
        minutes,
      });
    }
    throw new DomainError('upload_missing', `Please upload the ${what}`);
  }

  /** From now on the record is kept: no longer pending. */
  private keep(record: UploadRecord): void {
    if (record.claimed) return;
    record.claimed = true;
    this.pending.delete(record.id);
    this.release(record);
  }

  /** What is kept: in all, and the pending uploads and chat images of one owner. */
  usage(owner?: string): { count: number; bytes: number; pendingCount: number; pendingBytes: number; chatCount: number; chatBytes: number } {
    this.sweep();
    const mine = owner ? this.pendingOf.get(owner) : undefined;
    const chats = sizeOf(owner ? [...(this.chatsOf.get(owner)?.values() ?? [])] : []);
    return {
      count: this.byId.size,
      bytes: this.totalBytes,
      pendingCount: mine?.count ?? 0,
      pendingBytes: mine?.bytes ?? 0,
      chatCount: chats.count,
      chatBytes: chats.bytes,
    };
  }

  /** Drops the pending uploads whose time is up. */
  private sweep(): void {
    const cutoff = this.now() - this.limits.pendingTtlMs;
    for (const record of this.pending.values()) {
      if (record.createdAt > cutoff) break;
      this.forget(record);
      this.expired.set(record.id, record.owner);
      if (this.expired.size > EXPIRED_REMEMBERED) this.expired.delete(this.expired.keys().next().value!);
    }
  }

  /** Removes an upload from the store and from everything that counts it. */
  private forget(record: UploadRecord): void {
    this.byId.delete(record.id);
    this.totalBytes -= record.size;
    if (this.pending.delete(record.id)) this.release(record);
    if (record.chat) this.unlistChat(record);
    else if (isGuest(record.owner)) tally(this.chat, record, -1);
    if (isGuest(record.owner)) tally(this.guests, record, -1);
  }

  /** Takes a chat image off its owner's chat images and off the chat images in all. */
  private unlistChat(record: UploadRecord): void {
    const chats = this.chatsOf.get(record.owner)!;
    chats.delete(record.id);
    if (!chats.size) this.chatsOf.delete(record.owner);
    tally(this.chat, record, -1);
  }

  /** Takes a record off its owner's pending count. */
  private release(record: UploadRecord): void {
    const mine = this.pendingOf.get(record.owner);
    if (!mine) return;
    if (mine.count <= 1) this.pendingOf.delete(record.owner);
    else this.pendingOf.set(record.owner, { count: mine.count - 1, bytes: mine.bytes - record.size });
  }
}
