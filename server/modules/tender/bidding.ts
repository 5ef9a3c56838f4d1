import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { BusinessError, forbidden, notFound } from '../../http/errors.ts';
import { appendBidEvent, appendOffer } from '../../bid-log/append.ts';
import type { Scope } from '../../resources/scope.ts';
import { sealValues } from '../../sealing/sealed-rows.ts';
import { refuse, time } from './rules.ts';
import { assertSupplierEligible } from '../sslm/lifecycle/gate.ts';
import { defineRoute } from '../../http/module-route.ts';

type Row = Record<string, unknown>;
interface Tender { id: number; num: string; title: string; status: string; prequal: number; prequalEnd: Date | null; start: Date; end: Date; round: number }

const closed = (message: string) => new BusinessError('tender.bid.closed', message, 'warn');
const params = { type: 'object', properties: { tenantId: { type: 'integer' }, id: { type: 'integer', minimum: 1 } } };

/**
 * The tender whose notice was published, locked for share while a sign-up or bid is written so no opening (which
 * locks it for update) slips in between. A draft, a released but unpublished tender and a missing
 * one are one answer: the supplier side learns nothing of a tender before its notice.
 */
async function publishedTender(tx: Queryable, tenantId: number | null, id: number): Promise<Tender> {
  const t = (
    await tx.query<Tender>(
      `select tender_header_id::float8 as id, tender_num as num, tender_title as title, tender_status as status, pre_qualification_flag::int as prequal,
              prequal_end_date as "prequalEnd", quotation_start_date as start, quotation_end_date as end, coalesce(round_number, 1)::int as round
         from tender_header where tender_header_id = $1 and tenant_id = $2 and published_date is not null for share`,
      [id, tenantId],
    )
  ).rows[0];
  if (!t) throw notFound(`Tender ${id} not found`);
  return t;
}

const iso = (d: Date) => new Date(d).toISOString();

/**
 * The supplier's side of a tender (`/supplierBidding/involveBidding/:id`): sign up before the
 * sign-up end; bid per lot (technical and commercial envelope) once qualified, inside the bidding
 * window; revise or withdraw before the bidding end. Refusals name fields and times, never a price.
 */
export async function biddingRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/ssrc/v1/:tenantId/bid/:id/signup',
    by: 'supplier',
    byReason: 'Signing up for a tender is a supplier\'s act',
    // A body-less button sends null: the same as an empty sign-up.
    schema: { params, body: { type: ['object', 'null'], additionalProperties: false, properties: { supplierId: { type: 'integer', minimum: 1 }, applicationRemark: { type: 'string', maxLength: 480 }, prequalAttachmentUuid: { type: 'string', maxLength: 64 } } } },
  }, async (req, scope) => {
    const ids = scope.auth.supplierIds!;
    const body = (req.body ?? {}) as { supplierId?: number; applicationRemark?: string; prequalAttachmentUuid?: string };
    const supplierId = body.supplierId ?? ids[0]!;
    if (!ids.includes(supplierId)) throw refuse('supplierId', `supplierId ${supplierId} is not a supplier you act for`);
    return ctx.db.transaction(async (tx) => {
      const t = await publishedTender(tx, scope.tenantId, Number((req.params as Row).id));
      if (t.status !== 'PUBLISHED') throw closed(`${t.num} is ${t.status}: sign-up is open while it is published`);
      const until = t.prequalEnd ?? t.end;
      if (Date.now() >= time(until)) throw closed(`${t.num}: sign-up closed at ${iso(until)}`);
      const s = (await tx.query<{ name: string }>('select supplier_name as name from sslm_supplier where supplier_id = $1 and tenant_id = $2', [supplierId, scope.tenantId])).rows[0];
      if (!s) throw refuse('supplierId', `supplierId ${supplierId} is not a supplier of this tenant`);
      await assertSupplierEligible(tx, Number(scope.tenantId), supplierId, 'signed up for a tender');
      const twice = await tx.query('select 1 from tender_supplier where tender_header_id = $1 and supplier_id = $2', [t.id, supplierId]);
      if (twice.rows.length) throw refuse('supplierId', `${s.name} has already signed up for ${t.num}`);
      const status = t.prequal === 1 ? 'SUBMITTED' : 'QUALIFIED';
      const r = await tx.query<{ id: number }>(
        `insert into tender_supplier (tenant_id, tender_header_id, tender_num, tender_title, supplier_id, supplier_name, signup_status, signup_date, application_remark, prequal_attachment_uuid, bond_paid_flag, bid_flag, created_by, last_updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, now(), $8, $9, 0, 0, $10, $10) returning tender_supplier_id::float8 as id`,
        [scope.tenantId, t.id, t.num, t.title, supplierId, s.name, status, body.applicationRemark ?? null, body.prequalAttachmentUuid ?? null, scope.auth.userId],
      );
      return { tenderSupplierId: r.rows[0]!.id, tenderHeaderId: t.id, supplierId, signupStatus: status };
    });
  });

  // Optional envelope fields may come empty (null) from a form; amounts also as decimal strings.
  const opt = (schema: Row) => ({ anyOf: [schema, { type: 'null' }] });
  const envelopeProps = {
    supplierId: { type: 'integer', minimum: 1 }, sectionId: { type: 'integer', minimum: 1 },
    technicalProposal: opt({ type: 'string', maxLength: 4000 }), technicalAttachmentUuid: opt({ type: 'string', maxLength: 64 }),
    // A string too, so an amount typed as "1234.50" reaches the database's numeric unrounded.
    bidAmount: { anyOf: [{ type: 'number', minimum: 0, maximum: 1e15 }, { type: 'string', pattern: '^\\d{1,15}(\\.\\d{1,2})?$' }] },
    taxRate: opt({ type: 'number', minimum: 0, maximum: 100 }), deliveryPeriod: opt({ type: 'integer', minimum: 0, maximum: 3650 }),
    commercialRemark: opt({ type: 'string', maxLength: 480 }), commercialAttachmentUuid: opt({ type: 'string', maxLength: 64 }),
  };
  const envelope = { type: 'object', required: ['sectionId', 'bidAmount'], additionalProperties: false, properties: envelopeProps };
  // The lot named by the path (the bid dialog opened from a lot's row) instead of the body.
  const lotEnvelope = { type: 'object', required: ['bidAmount'], additionalProperties: false, properties: envelopeProps };
  const lotParams = { type: 'object', properties: { tenantId: { type: 'integer' }, id: { type: 'integer', minimum: 1 }, sectionId: { type: 'integer', minimum: 1 } } };

  /** The caller's qualified sign-up for the tender, the lot, and the window, checked in that order. */
  async function bidder(tx: Queryable, scope: Scope, tenderId: number, supplierId: number | undefined, sectionId: number) {
    // The routes calling this declare the supplier side (defineRoute): the caller acts for suppliers.
    const ids = scope.auth.supplierIds!;
    const t = await publishedTender(tx, scope.tenantId, tenderId);
    const signups = (await tx.query<{ supplierId: number; name: string; status: string; round: number }>('select supplier_id::float8 as "supplierId", supplier_name as name, signup_status as status, coalesce(round_number, 1)::int as round from tender_supplier where tender_header_id = $1 and supplier_id = any($2::bigint[]) order by supplier_id', [t.id, ids])).rows;
    const mine = supplierId === undefined ? signups[0] : signups.find((s) => s.supplierId === supplierId);
    if (supplierId !== undefined && !ids.includes(supplierId)) throw refuse('supplierId', `supplierId ${supplierId} is not a supplier you act for`);
    if (!mine) throw forbidden(`You have not signed up for ${t.num}: sign up first`);
    if (mine.status !== 'QUALIFIED') throw forbidden(`Your sign-up for ${t.num} is ${mine.status}: only qualified suppliers bid`);
    if (mine.round !== t.round) throw forbidden(`${t.num} is in bidding round ${t.round}, to which you were not invited`);
    const lot = (await tx.query<{ num: number; name: string }>('select section_num::int as num, section_name as name from tender_section where section_id = $1 and tender_header_id = $2', [sectionId, t.id])).rows[0];
    if (!lot) throw refuse('sectionId', `sectionId ${sectionId} is not a lot of ${t.num}`);
    if (t.status !== 'PUBLISHED') throw closed(`${t.num} is ${t.status}: bids are taken while it is published`);
    const now = Date.now();
    if (now < time(t.start)) throw closed(`${t.num}: bidding opens at ${iso(t.start)}`);
    if (now >= time(t.end)) throw closed(`${t.num}: bidding closed at ${iso(t.end)}; late bids are not taken`);
    return { t, supplier: mine, lot };
  }

  const bidEntity = ctx.entities.get('tenderBid')!;
  const submitBid = async (req: FastifyRequest, scope: Scope) => {
    const path = req.params as Row;
    const b = { ...(req.body as Row), ...(path.sectionId === undefined ? {} : { sectionId: Number(path.sectionId) }) } as Row & { supplierId?: number; sectionId: number };
    return ctx.db.transaction(async (tx) => {
      const { t, supplier, lot } = await bidder(tx, scope, Number(path.id), b.supplierId, b.sectionId);
      // Both envelopes are written encrypted (server/sealing/): until opening no read of the table can show them.
      const o = await sealValues(tx, ctx.sealKeys, bidEntity, Number(scope.tenantId), {
        tenderHeaderId: t.id, supplierId: supplier.supplierId, sectionId: b.sectionId, roundNumber: t.round,
        technicalProposal: b.technicalProposal ?? null, technicalAttachmentUuid: b.technicalAttachmentUuid ?? null, bidAmount: String(b.bidAmount),
        taxRate: b.taxRate ?? null, deliveryPeriod: b.deliveryPeriod ?? null, commercialRemark: b.commercialRemark ?? null, commercialAttachmentUuid: b.commercialAttachmentUuid ?? null,
      }, ctx.config.storageDir);
      const v = [o.sealedTechnical, o.sealedCommercial, scope.auth.userId];
      // Written by SQL, not the generic repository: no audit entry, so no history ever holds an envelope.
      const upd = await tx.query<{ id: number; rev: number }>(
        `update tender_bid set technical_proposal = null, technical_attachment_uuid = null, bid_amount = null, tax_rate = null, delivery_period = null, commercial_remark = null, commercial_attachment_uuid = null,
                sealed_technical = $3, sealed_commercial = $4, bid_status = 'SUBMITTED', revision_number = revision_number + 1, submitted_date = now(), object_version_number = object_version_number + 1, last_update_date = now(), last_updated_by = $5
          where section_id = $1 and supplier_id = $2 and coalesce(round_number, 1) = $6 returning bid_id::float8 as id, revision_number::int as rev`,
        [b.sectionId, supplier.supplierId, ...v, t.round],
      );
      const row = upd.rows[0] ?? (
        await tx.query<{ id: number; rev: number }>(
          `insert into tender_bid (tenant_id, tender_header_id, section_id, section_num, section_name, supplier_id, supplier_name, bid_status, revision_number, submitted_date,
                                   sealed_technical, sealed_commercial, created_by, last_updated_by, round_number)
           values ($1, $2, $3, $4, $5, $6, $7, 'SUBMITTED', 1, now(), $8, $9, $10, $10, $11) returning bid_id::float8 as id, revision_number::int as rev`,
          [scope.tenantId, t.id, b.sectionId, lot.num, lot.name, supplier.supplierId, supplier.name, ...v, t.round],
        )
      ).rows[0]!;
      await tx.query('update tender_supplier set bid_flag = 1 where tender_header_id = $1 and supplier_id = $2', [t.id, supplier.supplierId]);
      await appendOffer(tx, { documentEntity: 'tenderHeader', documentId: t.id, actorUserId: scope.auth.userId, supplierId: supplier.supplierId, detail: { round: t.round, sectionId: b.sectionId, bidId: row.id } });
      return { bidId: row.id, tenderHeaderId: t.id, sectionId: b.sectionId, supplierId: supplier.supplierId, bidStatus: 'SUBMITTED', revisionNumber: row.rev, roundNumber: t.round };
    });
  };
  const bidding = { method: 'POST', by: 'supplier', byReason: 'Bidding is a supplier\'s act' } as const;
  defineRoute(app, ctx, { ...bidding, url: '/ssrc/v1/:tenantId/bid/:id/quotation', schema: { params, body: envelope } }, submitBid);
  defineRoute(app, ctx, { ...bidding, url: '/ssrc/v1/:tenantId/bid/:id/sections/:sectionId/quotation', schema: { params: lotParams, body: lotEnvelope } }, submitBid);

  defineRoute(app, ctx, {
    ...bidding,
    url: '/ssrc/v1/:tenantId/bid/:id/quotation/withdraw',
    schema: { params, body: { type: 'object', required: ['sectionId'], additionalProperties: false, properties: { supplierId: { type: 'integer', minimum: 1 }, sectionId: { type: 'integer', minimum: 1 } } } },
  }, async (req, scope) => {
    const b = req.body as { supplierId?: number; sectionId: number };
    return ctx.db.transaction(async (tx) => {
      const { t, supplier } = await bidder(tx, scope, Number((req.params as Row).id), b.supplierId, b.sectionId);
      // A withdrawn bid is not opened: its envelopes are emptied, not kept aside.
      const r = await tx.query<{ id: number }>(
        `update tender_bid set bid_status = 'WITHDRAWN', technical_proposal = null, technical_attachment_uuid = null, bid_amount = null, tax_rate = null, delivery_period = null, commercial_remark = null, commercial_attachment_uuid = null,
                sealed_technical = null, sealed_commercial = null, object_version_number = object_version_number + 1, last_update_date = now(), last_updated_by = $3
          where section_id = $1 and supplier_id = $2 and bid_status = 'SUBMITTED' and coalesce(round_number, 1) = $4 returning bid_id::float8 as id`,
        [b.sectionId, supplier.supplierId, scope.auth.userId, t.round],
      );
      if (!r.rows[0]) throw refuse('sectionId', `There is no bid of yours on lot ${b.sectionId} of ${t.num} to withdraw`);
      const live = await tx.query("select 1 from tender_bid where tender_header_id = $1 and supplier_id = $2 and bid_status = 'SUBMITTED' and coalesce(round_number, 1) = $3", [t.id, supplier.supplierId, t.round]);
      await tx.query('update tender_supplier set bid_flag = $3 where tender_header_id = $1 and supplier_id = $2', [t.id, supplier.supplierId, live.rows.length ? 1 : 0]);
      await appendBidEvent(tx, { documentEntity: 'tenderHeader', documentId: t.id, event: 'withdraw', actorUserId: scope.auth.userId, supplierId: supplier.supplierId, detail: { round: t.round, sectionId: b.sectionId, bidId: r.rows[0].id } });
      return { bidId: r.rows[0].id, tenderHeaderId: t.id, sectionId: b.sectionId, bidStatus: 'WITHDRAWN' };
    });
  });
}
