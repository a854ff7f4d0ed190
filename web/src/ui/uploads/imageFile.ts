/**
 * Checks of a chosen image before anything is sent: declared type, size (the server's
 * `uploadMaxBytes` setting), and the real type from its first bytes. They spare the user an upload
 * that would surely be refused; the server then checks the whole image and may still refuse it
 * (damaged, truncated, extra data after the image, too many pixels), which the app shows from the
 * error's code.
 */
import type { components } from '../../../../contracts/generated/openapi';

/** The types the server accepts: the contract's `Upload.contentType` (a test keeps them equal). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const satisfies ReadonlyArray<components['schemas']['Upload']['contentType']>;
type ImageType = (typeof IMAGE_TYPES)[number];
const EXTENSIONS: Record<string, ImageType> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

type FileProblem = 'wrongType' | 'tooLarge' | 'empty';

/** The declared type of a file: its MIME type, or its extension when the browser gives none. */
function declaredType(file: File): string {
  if (file.type) return file.type;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSIONS[ext] ?? '';
}

/** What is wrong with a chosen file before reading it, or null. */
export function checkFile(file: File, maxBytes: number): FileProblem | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(declaredType(file))) return 'wrongType';
  if (file.size > maxBytes) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return null;
}

/** The image type from the first bytes of a base64 payload (the server recognises the type the same way), or null. */
export function sniffBase64(base64: string): ImageType | null {
  let head: string;
  try {
    head = atob(base64.slice(0, 16));
  } catch {
    return null;
  }
  const b = (i: number) => head.charCodeAt(i);
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'image/jpeg';
  if (head.startsWith('\x89PNG\r\n\x1a\n')) return 'image/png';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'image/webp';
  return null;
}
