import type { EntityDecl } from '../../renderer/schema/entity.ts';
import type { Queryable } from '../db/database.ts';
import { badRequest } from '../http/errors.ts';
import { lovValues } from './lov-values.ts';

/** A field bound to a value set takes only that set's values (the tenant's own set when it has one). */
export async function checkLovValues(tx: Queryable, e: EntityDecl, values: Record<string, unknown>, tenantId: number): Promise<void> {
  for (const f of e.fields) {
    const v = values[f.name];
    if (!f.lov || v === undefined || v === null || v === '') continue;
    const allowed = await lovValues(tx, f.lov, tenantId, 'en_US');
    if (!allowed.some((x) => x.value === String(v))) throw badRequest(`${f.name} "${String(v).slice(0, 60)}" is not a value of ${f.lov}`);
  }
}
