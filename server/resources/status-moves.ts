import type { AuthContext, ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { EntityRepository } from './repository.ts';

type Row = Record<string, unknown>;

/** Who moves, where and in which transaction: what a hook's arguments carry. */
export interface MoveContext {
  ctx: ServerContext;
  auth: AuthContext;
  tenantId: number;
  tx: Queryable;
}

/**
 * The one way module rules change a status: a declared transition of the entity's status machine,
 * run by the repository as the server's move (declared `system` where no request may take it), so
 * each move is checked against the statuses it starts from, hooked, audited and recomputes the
 * record's formulas. A raw UPDATE of a status column fails tests/server/status-writes.test.ts.
 */
export function statusMoves(m: MoveContext) {
  const repo = (entity: string) => {
    const e = m.ctx.entities.get(entity);
    if (!e) throw new Error(`unknown entity ${entity}`);
    return new EntityRepository(e, m.ctx);
  };
  const scope = { auth: m.auth, tenantId: m.tenantId };
  return {
    /** Moves one record; refused (409-style business error) when its status is not one the move starts from. */
    move: (entity: string, id: number, action: string, body: Row = {}) => repo(entity).transition(scope, id, action, body, { system: true, tx: m.tx }),
    /** Moves every record matching `match` that is in a status the move starts from; `extra` adds conditions (values pushed onto `params`). */
    moveEvery: (entity: string, match: Row, action: string, extra?: (params: unknown[]) => string[]) => repo(entity).moveEvery(scope, match, action, { tx: m.tx, ...(extra ? { extra } : {}) }),
  };
}

/**
 * Who the server's own moves are recorded under when no person caused them (a scheduler noticing
 * a silent instance, a one-off job ending): `name` says which part of the server, in the audit.
 */
export function serverActor(tenantId: number, name: string): AuthContext {
  return { token: '', userId: 0, loginName: name, tenantId, roleId: 0, roleCode: name, roleLevel: 'site', tenantIds: [tenantId], memberTenantIds: [tenantId], language: 'en_US', supplierIds: null };
}
