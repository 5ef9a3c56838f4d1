import type { EntityDecl } from '../../renderer/schema/entity.ts';
import type { FillSource } from '../../renderer/schema/fill.ts';
import type { AuthContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';

type Row = Record<string, unknown>;

const SQL: Record<FillSource, (auth: AuthContext, tenantId: number) => [string, unknown[]]> = {
  'user.realName': (auth) => ['select real_name as v from iam_user where id = $1', [auth.userId]],
  'tenant.name': (_, tenantId) => ['select tenant_name as v from hpfm_tenant where tenant_id = $1', [tenantId]],
};

/** Fills the declared `fill` fields a create leaves empty from the creating user and tenant (renderer/schema/fill.ts). */
export async function fillFromContext(tx: Queryable, e: EntityDecl, values: Row, auth: AuthContext, tenantId: number): Promise<void> {
  for (const f of e.fields) {
    if (!f.fill || (values[f.name] !== undefined && values[f.name] !== null && values[f.name] !== '')) continue;
    const v = (await tx.query<{ v: string | null }>(...SQL[f.fill](auth, tenantId))).rows[0]?.v;
    if (v) values[f.name] = f.maxLength ? v.slice(0, f.maxLength) : v;
  }
}
