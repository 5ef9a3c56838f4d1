import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EntityDecl } from '../../../../renderer/schema/entity.ts';
import type { ServerContext } from '../../../context.ts';
import type { Queryable } from '../../../db/database.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { registerListFilter } from '../../../resources/hooks.ts';
import { checkEntityAccess } from '../../../resources/permissions.ts';
import { EntityRepository } from '../../../resources/repository.ts';
import { resolveScope, type Scope } from '../../../resources/scope.ts';
import { OFFER_FIELDS, OPENED_STATUSES, SUPPLIER_STATUSES } from './statuses.ts';

type Row = Record<string, unknown>;

/**
 * An RFx (and its lines) reaches a supplier-side caller only once released and only when one of
 * its suppliers is invited: the header names no single supplier, so the generic supplier
 * condition (supplierField) cannot say it.
 */
function invitedCondition(alias: string, scope: Scope, params: unknown[]): string {
  params.push(scope.auth.supplierIds);
  const ids = `$${params.length}`;
  params.push(SUPPLIER_STATUSES);
  return `exists (select 1 from ssrc_rfx_header ih join ssrc_rfx_supplier iv on iv.rfx_header_id = ih.rfx_header_id
                   where ih.rfx_header_id = ${alias}.rfx_header_id and ih.rfx_status = any($${params.length}::text[]) and iv.supplier_id = any(${ids}::bigint[]))`;
}

registerListFilter(async (e, scope, params) => {
  if (!scope.auth.supplierIds) return [];
  if (e.name === 'rfxHeader' || e.name === 'rfxLine' || e.name === 'rfxSupplier' || e.name === 'rfxQuotationLine') return [invitedCondition('t', scope, params)];
  return [];
});

/** Which RFx of `ids` still hide their offers from the buyer: sealed and not yet opened. */
export async function sealedRfx(db: Queryable, ids: unknown[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const r = await db.query<{ id: number }>(
    `select rfx_header_id::float8 as id from ssrc_rfx_header where rfx_header_id = any($1::bigint[]) and sealed_quotation_flag = 1 and not (rfx_status = any($2::text[]))`,
    [[...new Set(ids.map(Number))], OPENED_STATUSES],
  );
  return new Set(r.rows.map((x) => Number(x.id)));
}

/** Offers of a sealed, unopened RFx leave out everything the supplier offered; the caller's own supplier rows keep theirs. */
export async function maskOffers(db: Queryable, scope: Scope, rows: Row[]): Promise<Row[]> {
  const own = new Set(scope.auth.supplierIds ?? []);
  const sealed = await sealedRfx(db, rows.map((r) => r.rfxHeaderId));
  for (const r of rows) {
    if (own.has(Number(r.supplierId)) || !sealed.has(Number(r.rfxHeaderId))) continue;
    for (const f of OFFER_FIELDS) r[f] = null;
  }
  return rows;
}

/** A query naming an offer field (filter, range bound or sort) would tell a sealed price by which rows come back. */
function refuseOfferQuery(q: Row): void {
  for (const [k, v] of Object.entries(q)) {
    const named = OFFER_FIELDS.find((f) => k === f || k === `${f}From` || k === `${f}To` || (k === 'sort' && String(v).split(/[,;]/).includes(f)));
    if (named) throw Object.assign(badRequest(`quotation lines are not filtered or sorted by ${named}`), { field: named });
  }
  if (q.exportType !== undefined) throw badRequest('quotation lines are not exported; the results query exports awarded lines');
}

/**
 * The reads of RFx documents answered here rather than by the generic paths (a module's route
 * goes first): a single RFx or line is found through the list query, so a supplier-side caller
 * gets the same invited-only rows by id as in lists; quotation lines are masked as above.
 */
export async function visibilityRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const byId = (e: EntityDecl, mask: boolean) => {
    const repo = new EntityRepository(e, ctx);
    return async (req: FastifyRequest) => {
      const scope = resolveScope(req, 'tenant');
      await checkEntityAccess(ctx.db, e, scope.auth, 'read');
      const id = Number((req.params as Row).id);
      const page = (await repo.list(scope, { [e.primaryKey]: id, size: 1 })) as { content: Row[] };
      const row = page.content[0];
      if (!row) throw notFound(`${e.name} ${id} not found`);
      return mask ? (await maskOffers(ctx.db, scope, [row]))[0] : row;
    };
  };
  const idParams = { type: 'object', properties: { tenantId: { type: 'integer' }, id: { type: 'integer', minimum: 1 } } };
  const header = ctx.entities.get('rfxHeader')!;
  const line = ctx.entities.get('rfxLine')!;
  const quotation = ctx.entities.get('rfxQuotationLine')!;
  app.get('/ssrc/v1/:tenantId/rfx/:id', { schema: { params: idParams } }, byId(header, false));
  app.get('/ssrc/v1/:tenantId/rfx/items/:id', { schema: { params: idParams } }, byId(line, false));
  app.get('/ssrc/v1/:tenantId/quotation-lines/:id', { schema: { params: idParams } }, byId(quotation, true));
  const repo = new EntityRepository(quotation, ctx);
  app.get('/ssrc/v1/:tenantId/quotation-lines', async (req) => {
    const scope = resolveScope(req, 'tenant');
    await checkEntityAccess(ctx.db, quotation, scope.auth, 'read');
    const q = req.query as Row;
    refuseOfferQuery(q);
    const page = (await repo.list(scope, q)) as { content: Row[] };
    await maskOffers(ctx.db, scope, page.content);
    return page;
  });
}
