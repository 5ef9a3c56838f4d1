// The storage folder's confinement: the file module's downloads, the sealed envelopes' files and the
// report templates all read stored files, so the check that keeps them inside the folder is core.
import { mkdir, realpath } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { badRequest } from '../http/errors.ts';

async function storageRoot(storageDir: string): Promise<string> {
  await mkdir(storageDir, { recursive: true });
  return realpath(storageDir);
}

/**
 * The absolute path of a stored file, or undefined when it does not exist or resolves (through
 * `..` or a symbolic link) outside the storage folder. The second check guards against a tampered
 * metadata row: nothing outside the folder is ever served or deleted.
 */
export async function confinedPath(storageDir: string, fileUrl: string): Promise<string | undefined> {
  const root = await storageRoot(storageDir);
  const candidate = resolve(root, fileUrl);
  if (!candidate.startsWith(root + sep)) return undefined;
  let real: string;
  try {
    real = await realpath(candidate);
  } catch {
    return undefined;
  }
  return real.startsWith(root + sep) ? real : undefined;
}

/** The absolute path a new upload is written to; the URL was built from checked parts, this re-checks it. */
export async function targetPath(storageDir: string, fileUrl: string): Promise<string> {
  const root = await storageRoot(storageDir);
  const abs = resolve(root, fileUrl);
  if (!abs.startsWith(root + sep)) throw badRequest('The file would be stored outside the storage folder');
  return abs;
}
