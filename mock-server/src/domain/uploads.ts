/** Uploaded images (ID photos, payment QR codes): type checked by content, size limited. */
import { DomainError } from './errors.ts';

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof TYPES)[number];

export interface UploadRecord {
  id: string;
  owner: string;
  contentType: ImageType;
  size: number;
  dataUrl: string;
}

/** The image type from the first bytes (magic numbers), whatever the data URL claims. */
function sniff(bytes: string): ImageType | null {
  const b = (i: number) => bytes.charCodeAt(i);
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'image/jpeg';
  if (bytes.startsWith('\x89PNG\r\n\x1a\n')) return 'image/png';
  if (bytes.startsWith('RIFF') && bytes.slice(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export class Uploads {
  private readonly byId = new Map<string, UploadRecord>();
  private counter = 0;

  constructor(private readonly newId: (n: number) => string) {}

  add(owner: string, dataUrl: string): UploadRecord {
    const match = /^data:([\w.+-]+\/[\w.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/.exec(dataUrl);
    if (!match) throw new DomainError('upload_invalid', 'The file could not be read, please choose the image again');
    const base64 = match[2];
    const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
    const size = (base64.length / 4) * 3 - padding;
    const type = sniff(atob(base64.slice(0, 16)));
    if (!type || !(TYPES as readonly string[]).includes(match[1])) {
      throw new DomainError('upload_type', 'Only JPEG, PNG or WebP images can be uploaded');
    }
    if (size > UPLOAD_MAX_BYTES) throw new DomainError('upload_too_large', 'The image is larger than 5 MB, please choose a smaller one');
    if (size <= 0) throw new DomainError('upload_invalid', 'The file is empty');
    const record: UploadRecord = { id: this.newId(++this.counter), owner, contentType: type, size, dataUrl };
    this.byId.set(record.id, record);
    return record;
  }

  /** An upload of this owner, to show again; another owner's looks the same as a missing one. */
  get(owner: string, id: string): UploadRecord {
    const record = this.byId.get(id);
    if (!record || record.owner !== owner) throw new DomainError('not_found', 'Not found');
    return record;
  }

  /** An upload of this owner, or a clear error naming what is missing. */
  require(owner: string, id: string | undefined, what: string): UploadRecord {
    const record = id ? this.byId.get(id) : undefined;
    if (!record || record.owner !== owner) throw new DomainError('upload_missing', `Please upload the ${what}`);
    return record;
  }
}
