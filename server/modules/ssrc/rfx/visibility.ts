import type { FastifyInstance } from 'fastify';
import type { EntityDecl } from '../../../../renderer/schema/entity.ts';
import type { ServerContext } from '../../../context.ts';
import type { Queryable } from '../../../db/database.ts';
import { registerListFilter } from '../../../resources/hooks.ts';
import { registerRecordReader } from '../../../resources/record-readers.ts';
import { defineRoute, type ModuleHandler } from '../../../http/module-route.ts';
import { maskSealed, readOneThroughList, sealedList, type SealedRows } from '../../../resources/sealed.ts';
import type { Scope } from '../../../resources/scope.ts';
import { statusGroup } from '../../../../renderer/schema/status/groups.ts';
import { OFFER_FIELDS } from './statuses.ts';


/**
 * An RFx (and its lines) reaches a supplier-side caller only once released and only when one of
 * its suppliers is invited: the header names no single supplier, so the generic supplier
 * condition (supplierField) cannot say it.
 */
function invitedCondition(alias: string, scope: Scope, params: unknown[], rfx: EntityDecl): string {
  params.push(scope.auth.supplierIds);
  const ids = `$${params.length}`;
  params.push(statusGroup(rfx, 'supplier'));
  return `exists (select 1 from ssrc_rfx_header ih join ssrc_rfx_supplier iv on iv.rfx_header_id = ih.rfx_header_id
                   where ih.rfx_header_id = ${alias}.rfx_header_id and ih.rfx_status = any($${params.length}::text[]) and iv.supplier_id = any(${ids}::bigint[]))`;
}

registerListFilter(async (e, scope, params, _db, entities) => {
  if (!scope.auth.supplierIds) return [];
  if (e.name === 'rfxHeader' || e.name === 'rfxLine' || e.name === 'rfxSupplier' || e.name === 'rfxQuotationLine') return [invitedCondition('t', scope, params, entities.get('rfxHeader')!)];
  return [];
});

/** Which RFx of `ids` still hide their offers from the buyer: sealed and not yet opened. */
export async function sealedRfx(db: Queryable, ids: readonly unknown[], entities: ReadonlyMap<string, EntityDecl>): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const r = await db.query<{ id: number }>(
    `select rfx_header_id::float8 as id from ssrc_rfx_header where rfx_header_id = any($1::bigint[]) and sealed_quotation_flag = 1 and not (rfx_status = any($2::text[]))`,
    [[...new Set(ids.map(Number))], statusGroup(entities.get('rfxHeader')!, 'opened')],
  );
  return new Set(r.rows.map((x) => Number(x.id)));
}

/** What a quotation line seals, in the shared sealed-rows terms (server/resources/sealed.ts). */
const SEALED: SealedRows = { documentField: 'rfxHeaderId', supplierField: 'supplierId', fields: OFFER_FIELDS, sealedDocuments: sealedRfx };

// Whatever reads a quotation line for someone else (who may open a file it names) sees it sealed as the lists do.
registerRecordReader('rfxQuotationLine', { mask: (db, scope, rows, entities) => maskSealed(db, scope, rows, SEALED, entities) });

/**
 * The reads of RFx documents answered here rather than by the generic paths (a module's route
 * goes first): a single RFx or line is found through the list query, so a supplier-side caller
 * gets the same invited-only rows by id as in lists; quotation lines are masked as above, and
 * never filtered, sorted or exported by an offered field.
 */
export async function visibilityRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const idParams = { type: 'object', properties: { tenantId: { type: 'integer' }, id: { type: 'integer', minimum: 1 } } };
  const quotation = ctx.entities.get('rfxQuotationLine')!;
  const read = (url: string, entity: string, handler: ModuleHandler) => defineRoute(app, ctx, { method: 'GET', url, ...(url.endsWith('/:id') ? { schema: { params: idParams } } : {}), entity, access: 'read' }, handler);
  read('/ssrc/v1/:tenantId/rfx/:id', 'rfxHeader', readOneThroughList(ctx, ctx.entities.get('rfxHeader')!));
  read('/ssrc/v1/:tenantId/rfx/items/:id', 'rfxLine', readOneThroughList(ctx, ctx.entities.get('rfxLine')!));
  read('/ssrc/v1/:tenantId/quotation-lines/:id', 'rfxQuotationLine', readOneThroughList(ctx, quotation, SEALED));
  read('/ssrc/v1/:tenantId/quotation-lines', 'rfxQuotationLine', sealedList(ctx, quotation, SEALED, 'quotation lines', 'the results query exports awarded lines'));
}
