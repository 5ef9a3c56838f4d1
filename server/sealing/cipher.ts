import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM from node:crypto: a fresh 96-bit nonce per message, the 128-bit tag checked on
 * opening, and `aad` (what the ciphertext belongs to) authenticated but not stored, so a
 * ciphertext copied onto another row or document fails to open instead of reading as its value.
 * Text form: `v1.<nonce>.<tag>.<ciphertext>`, base64url parts.
 */
const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';

export function encrypt(key: Buffer, plain: Buffer, aad: string): string {
  const nonce = randomBytes(12);
  const c = createCipheriv(ALGORITHM, key, nonce);
  c.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([c.update(plain), c.final()]);
  return [VERSION, nonce, c.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** Throws when the text was altered, belongs elsewhere (`aad`) or was sealed under another key. */
export function decrypt(key: Buffer, text: string, aad: string): Buffer {
  const [version, nonce, tag, body] = text.split('.');
  if (version !== VERSION || nonce === undefined || tag === undefined || body === undefined) throw new Error('not a sealed value of this server');
  const d = createDecipheriv(ALGORITHM, key, Buffer.from(nonce, 'base64url'));
  d.setAAD(Buffer.from(aad, 'utf8'));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]);
}
