import { randomUUID } from 'node:crypto';
import { isAbsolute } from 'node:path';
import { badRequest } from '../../http/errors.ts';

/** Largest accepted upload; the multipart parser stops reading past it. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** Bucket names and directory segments become folder names, so they are kept to a safe alphabet (no dots at all). */
export const BUCKET_PATTERN = '^[A-Za-z0-9_-]{1,63}$';
export const DIRECTORY_PATTERN = '^[A-Za-z0-9_-]{1,63}(/[A-Za-z0-9_-]{1,63}){0,4}/?$';

/**
 * A name safe on any file system and in a URL path segment: no separators, control characters or
 * reserved characters, no leading dot. Letters of any script stay readable.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f<>:"|?*%#&@]+/g, '_').replace(/^[.\s]+/, '').trim();
  return (cleaned || 'file').slice(-120);
}

/**
 * Where an upload goes, relative to the storage folder; it is also the file's URL. Like the
 * original's object-store URL it is opaque to clients, which only hand it back to download and
 * delete calls. The random part makes it unguessable and unique; the name keeps it readable.
 */
export function newFileUrl(bucketName: string, tenantId: number, directory: string | undefined, fileName: string): string {
  const dir = (directory ?? '').split('/').filter(Boolean);
  return [bucketName, String(tenantId), ...dir, `${randomUUID().replace(/-/g, '')}@${safeFileName(fileName)}`].join('/');
}

/**
 * Refuses, before any lookup, a `url` that could name something outside the storage folder:
 * an absolute path, a scheme or host, a backslash, a NUL or a `..` segment.
 */
export function refuseUnsafeUrl(url: string): void {
  const bad =
    url.includes('\0') ||
    url.includes('\\') ||
    isAbsolute(url) ||
    /^[A-Za-z][A-Za-z0-9+.-]*:/.test(url) ||
    url.split('/').some((seg) => seg === '..' || seg === '.' || seg === '');
  if (bad) throw badRequest('url must be a file URL returned by an upload');
}

/** `content-disposition` for a download: an ASCII fallback plus the real name (RFC 6266/5987). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
