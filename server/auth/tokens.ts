import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

export const TOKEN_LIFETIME_SECONDS = 3600;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a bearer token; only its hash is stored, so a database dump leaks no usable token. */
export async function issueToken(db: Queryable, userId: number, tenantId: number, roleId: number, lifetime = TOKEN_LIFETIME_SECONDS): Promise<string> {
  const token = randomBytes(24).toString('hex');
  await db.query(
    `insert into oauth_token (token_hash, user_id, tenant_id, role_id, expires_at) values ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [hash(token), userId, tenantId, roleId, lifetime],
  );
  return token;
}

export interface TokenRow {
  user_id: number;
  tenant_id: number;
  role_id: number;
}

/** A live token's row. Expiry is compared here, not in SQL, so the answer can be cached (server/db/read-cache.ts). */
export async function findToken(db: Queryable, token: string): Promise<TokenRow | undefined> {
  const r = await db.query<TokenRow & { expires_ms: number }>(
    `select user_id, tenant_id, role_id, extract(epoch from expires_at)::float8 * 1000 as expires_ms from oauth_token where token_hash = $1 and not revoked`,
    [hash(token)],
  );
  const row = r.rows[0];
  return row && row.expires_ms > Date.now() ? { user_id: row.user_id, tenant_id: row.tenant_id, role_id: row.role_id } : undefined;
}

export async function revokeToken(db: Queryable, token: string): Promise<void> {
  await db.query('update oauth_token set revoked = true where token_hash = $1', [hash(token)]);
}

/** Role and tenant switches are per sign-in: they live on the token, not on the user. */
export async function updateTokenContext(db: Queryable, token: string, ctx: { tenantId?: number; roleId?: number }): Promise<void> {
  if (ctx.tenantId !== undefined) await db.query('update oauth_token set tenant_id = $2 where token_hash = $1', [hash(token), ctx.tenantId]);
  if (ctx.roleId !== undefined) await db.query('update oauth_token set role_id = $2 where token_hash = $1', [hash(token), ctx.roleId]);
}

/** Test hook: ages a token so expiry can be checked without waiting an hour. */
export async function expireToken(db: Queryable, token: string): Promise<void> {
  await db.query(`update oauth_token set expires_at = now() - interval '1 second' where token_hash = $1`, [hash(token)]);
}
