import type { FastifyRequest } from 'fastify';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { checkEntityAccess } from './permissions.ts';
import { EntityRepository } from './repository.ts';
import { resolveScope, type Scope } from './scope.ts';

type Row = Record<string, unknown>;

/**
 * Rows that carry a supplier's sealed offer (RFx quotation lines, tender bids): until their
 * document is opened, the offered fields are the supplier's alone. Shared by every module that
 * seals, so "sealed" means the same on each of them.
 */
export interface SealedRows {
  /** The field naming the document a row belongs to (`rfxHeaderId`). */
  documentField: string;
  /** The field naming the supplier who offered (`supplierId`). */
  supplierField: string;
  /** The offered fields, emptied while sealed. */
  fields: readonly string[];
  /** Which of these documents are still sealed. */
  sealedDocuments(db: Queryable, ids: number[], entities: ReadonlyMap<string, EntityDecl>): Promise<Set<number>>;
}

/** Empties the offered fields of rows whose document is still sealed; the caller's own supplier rows keep theirs. */
export async function maskSealed(db: Queryable, scope: Scope, rows: Row[], spec: SealedRows, entities: ReadonlyMap<string, EntityDecl>): Promise<Row[]> {
  const own = new Set(scope.auth.supplierIds ?? []);
  const ids = [...new Set(rows.map((r) => Number(r[spec.documentField])))].filter((n) => Number.isFinite(n));
  const sealed = ids.length ? await spec.sealedDocuments(db, ids, entities) : new Set<number>();
  for (const r of rows) {
    if (own.has(Number(r[spec.supplierField])) || !sealed.has(Number(r[spec.documentField]))) continue;
    for (const f of spec.fields) r[f] = null;
  }
  return rows;
}

/**
 * A query naming an offered field (filter, range bound or sort) would tell a sealed value by which
 * rows come back, and an export would bypass the masking: both are refused (400 naming the field).
 */
export function refuseSealedQuery(q: Row, fields: readonly string[], what: string, exportHint: string): void {
  for (const [k, v] of Object.entries(q)) {
    const named = fields.find((f) => k === f || k === `${f}From` || k === `${f}To` || (k === 'sort' && String(v).split(/[,;]/).includes(f)));
    if (named) throw Object.assign(badRequest(`${what} are not filtered or sorted by ${named}`), { field: named });
  }
  if (q.exportType !== undefined) throw badRequest(`${what} are not exported; ${exportHint}`);
}

/**
 * A read by id answered through the list query, so the module's list conditions (a supplier sees
 * only documents released to it) hold for reads by id too; `mask` seals the answer.
 */
export function readThroughList(ctx: ServerContext, e: EntityDecl, mask?: SealedRows) {
  const one = readOneThroughList(ctx, e, mask);
  return async (req: FastifyRequest): Promise<Row> => {
    const scope = resolveScope(req, 'tenant');
    await checkEntityAccess(ctx.db, e, scope.auth, 'read');
    return one(req, scope);
  };
}

/** The same read for a module route declared with defineRoute (which has checked scope and read access). */
export function readOneThroughList(ctx: ServerContext, e: EntityDecl, mask?: SealedRows) {
  const repo = new EntityRepository(e, ctx);
  return async (req: FastifyRequest, scope: Scope): Promise<Row> => {
    const id = Number((req.params as Row).id);
    const page = (await repo.list(scope, { [e.primaryKey]: id, size: 1 })) as { content: Row[] };
    const row = page.content[0];
    if (!row) throw notFound(`${e.name} ${id} not found`);
    return mask ? (await maskSealed(ctx.db, scope, [row], mask, ctx.entities))[0]! : row;
  };
}

/** A list answered with the sealed fields masked and sealed queries refused (a route declared with defineRoute: scope and read access checked). */
export function sealedList(ctx: ServerContext, e: EntityDecl, spec: SealedRows, what: string, exportHint: string) {
  const repo = new EntityRepository(e, ctx);
  return async (req: FastifyRequest, scope: Scope) => {
    const q = req.query as Row;
    refuseSealedQuery(q, spec.fields, what, exportHint);
    const page = (await repo.list(scope, q)) as { content: Row[] };
    await maskSealed(ctx.db, scope, page.content, spec, ctx.entities);
    return page;
  };
}
