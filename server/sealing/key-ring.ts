import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The server keys that wrap the per-document keys of sealed offers. The database never holds
 * them: a dump or backup of it holds wrapped keys and ciphertext only.
 *
 * Where the current key comes from, first found wins: `SEAL_KEY` (32 bytes, base64 or hex),
 * `SEAL_KEY_FILE` (a file holding that), else `seal.key` in the data folder (or `.tmp/` of the
 * working folder for a database without one), written at the first start with mode 0600.
 * Rotation: put the new key in `SEAL_KEY` and the old ones in `SEAL_KEYS_RETIRED`
 * (comma-separated); at start every document key wrapped by a retired key is wrapped again by the
 * current one (document-keys.ts), after which the retired keys may be dropped. Several server
 * instances on one PostgreSQL must share the same key (the environment or a shared file).
 */
export interface KeyRing {
  current: { id: string; key: Buffer };
  byId: ReadonlyMap<string, Buffer>;
}

const KEY_BYTES = 32;

/** A key's id names it in the wrapped rows without revealing it. */
const idOf = (key: Buffer) => createHash('sha256').update('seal-key-id').update(key).digest('hex').slice(0, 16);

function parseKey(text: string, where: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${where}: a seal key is ${KEY_BYTES} random bytes written in base64 or hex (openssl rand -base64 32)`);
  return key;
}

/** The key file of a data folder, made once: parallel starts (test workers) agree on the one written first. */
function fileKey(path: string): Buffer {
  try {
    return parseKey(readFileSync(path, 'utf8'), path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  mkdirSync(dirname(path), { recursive: true });
  try {
    writeFileSync(path, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return parseKey(readFileSync(path, 'utf8'), path);
}

const rings = new Map<string, KeyRing>();

/** The key ring of a server whose data folder is `dataDir` (undefined: an in-memory or PostgreSQL database without one). */
export function keyRing(dataDir: string | undefined, env: NodeJS.ProcessEnv = process.env): KeyRing {
  const source = env.SEAL_KEY ? 'env' : env.SEAL_KEY_FILE ? `file:${resolve(env.SEAL_KEY_FILE)}` : `file:${resolve(dataDir ?? join(process.cwd(), '.tmp'), 'seal.key')}`;
  const memo = `${source}|${env.SEAL_KEYS_RETIRED ?? ''}`;
  const known = rings.get(memo);
  if (known) return known;
  const current = env.SEAL_KEY ? parseKey(env.SEAL_KEY, 'SEAL_KEY') : fileKey(source.slice('file:'.length));
  const retired = (env.SEAL_KEYS_RETIRED ?? '').split(',').filter((k) => k.trim()).map((k, i) => parseKey(k, `SEAL_KEYS_RETIRED[${i}]`));
  const byId = new Map<string, Buffer>([...retired, current].map((k) => [idOf(k), k]));
  const ring: KeyRing = { current: { id: idOf(current), key: current }, byId };
  rings.set(memo, ring);
  return ring;
}
