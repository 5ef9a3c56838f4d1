import { createHash } from 'node:crypto';
import { HttpError } from '../../http/errors.ts';

/** The SHA-256 of an upload's bytes (hex), kept with its metadata row. */
export const contentHash = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/**
 * Refuses bytes that no longer hash to what was uploaded (changed on disk behind the service).
 * The hash is of the bytes as uploaded: a store that keeps them transformed (sealed at rest)
 * checks the bytes it turns them back into. Checked on the very buffer then served, so nothing
 * can change in between.
 */
export function checkContent(data: Buffer, expected: string): Buffer {
  if (contentHash(data) !== expected) throw tampered('The stored file was altered after it was uploaded (its content no longer matches the upload), so it is not served; ask an administrator to restore it');
  return data;
}

/** Stored bytes that are not what was uploaded: refused, never served. */
export const tampered = (message: string): HttpError => new HttpError(409, 'hfle.error.file.tampered', message);
