import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { membershipOf } from '../../renderer/schema/documents/chain.ts';
import type { ServerContext } from '../context.ts';
import { afterCommit, type Queryable } from '../db/database.ts';
import { columnOf, ident } from '../resources/naming.ts';

type Row = Record<string, unknown>;

/**
 * A record made from another (`source` fields) changes what the source's document became: its open
 * pages hear of it once the transaction commits (`record.changed`), so a requisition shown in
 * another tab or browser lists the order just made from its lines without a reload.
 */
export async function announceToSources(ctx: ServerContext, tx: Queryable, e: EntityDecl, values: Row, tenantId: number): Promise<void> {
  for (const f of e.fields) {
    const id = f.source ? values[f.name] : undefined;
    if (id === undefined || id === null) continue;
    const source = ctx.entities.get(f.source!);
    const m = source && membershipOf(source, ctx.entities);
    if (!source || !m) continue;
    const doc = m.field === source.primaryKey
      ? Number(id)
      : (await tx.query<{ id: number }>(`select ${ident(columnOf(m.field))}::float8 as id from ${ident(source.table)} where ${ident(columnOf(source.primaryKey))} = $1`, [id])).rows[0]?.id;
    if (doc === undefined) continue;
    afterCommit(tx, () => ctx.events.publish({ type: 'record.changed', userId: 0, tenantId, payload: { entity: m.document.name, id: doc } }));
  }
}
