import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { EntityRepository } from '../../resources/repository.ts';
import { refuse, statusRefusal } from './rules.ts';
import { defineRoute } from '../../http/module-route.ts';

type Row = Record<string, unknown>;
const params = { type: 'object', properties: { tenantId: { type: 'integer' }, id: { type: 'integer', minimum: 1 } } };

interface AwardedLot {
  awardId: number;
  supplierId: number;
  supplierName: string;
  sectionNum: number;
  sectionName: string;
  amount: string;
  quantity: string | null;
  uomCode: string | null;
}

/**
 * An awarded tender's lots become draft contracts (`POST …/bid/{id}/contracts`), as a finished
 * RFx's awards become orders: one contract per winning supplier, in the tender's company and
 * currency, one line per lot it won. A lot is awarded as a lump sum, so its line is one `SET` at
 * the awarded amount (exact, never divided by the lot's quantity, which the line's remark keeps).
 * Each award remembers its contract, so a second call makes none twice. The buyer then sends the
 * contracts to the suppliers as any other.
 */
export async function awardContractRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const headers = new EntityRepository(ctx.entities.get('contractHeader')!, ctx);
  const lines = new EntityRepository(ctx.entities.get('contractLine')!, ctx);
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/ssrc/v1/:tenantId/bid/:id/contracts',
    schema: { params },
    by: 'buyer',
    byReason: 'Contracts are drafted by the buyer',
    entity: 'contractHeader',
    access: 'write',
    permission: { code: 'tender.tenderHall.list.button.submit', what: 'turn awarded lots into contracts' },
  }, async (req, scope) => {
    const id = Number((req.params as Row).id);
    return ctx.db.transaction(async (tx) => {
      const t = (await tx.query<{ num: string; title: string; status: string; companyId: number | null; company: string; currency: string }>(
        'select tender_num as num, tender_title as title, tender_status as status, company_id::float8 as "companyId", company_name as company, currency_code as currency from tender_header where tender_header_id = $1 and tenant_id = $2 for update',
        [id, scope.tenantId])).rows[0];
      if (!t) throw notFound(`Tender ${id} not found`);
      if (t.status !== 'AWARDED') throw statusRefusal(`${t.num} is ${t.status}: contracts are drafted once its award is approved`);
      const lots = (await tx.query<AwardedLot>(
        `select a.award_id::float8 as "awardId", a.supplier_id::float8 as "supplierId", a.supplier_name as "supplierName", a.section_num::int as "sectionNum", a.section_name as "sectionName",
                a.awarded_amount::text as amount, s.quantity::text as quantity, s.uom_code as "uomCode"
           from tender_award a join tender_section s on s.section_id = a.section_id
          where a.tender_header_id = $1 and a.pc_header_id is null order by a.supplier_id, a.section_num`, [id])).rows;
      if (!lots.length) throw refuse('tenderAward', `${t.num}: every awarded lot already has its contract`);
      const bySupplier = new Map<number, AwardedLot[]>();
      for (const l of lots) bySupplier.set(l.supplierId, [...(bySupplier.get(l.supplierId) ?? []), l]);
      const made: Row[] = [];
      for (const [supplierId, won] of bySupplier) {
        const pc = await headers.create(scope, {
          pcName: `${t.num} ${t.title} · ${won[0]!.supplierName}`.slice(0, 120), usageTypeCode: 'PURCHASE', supplierId, supplierName: won[0]!.supplierName,
          tenderHeaderId: id, companyId: t.companyId, companyName: t.company, currencyCode: t.currency, startDateActive: new Date().toISOString().slice(0, 10), remark: `From tender ${t.num}`,
        }, { tx, set: { tenderHeaderId: id } });
        for (const l of won) {
          await lines.create(scope, {
            pcHeaderId: pc.pcHeaderId, itemCode: `${t.num}-L${l.sectionNum}`.slice(0, 60), itemName: l.sectionName, quantity: 1, uomCode: 'SET', unitPrice: l.amount,
            remark: l.quantity ? `Lot ${l.sectionNum}: ${Number(l.quantity)} ${l.uomCode ?? ''}`.trim() : `Lot ${l.sectionNum}`,
          }, { tx });
          await tx.query('update tender_award set pc_header_id = $2, pc_num = $3 where award_id = $1', [l.awardId, pc.pcHeaderId, pc.pcNum]);
        }
        made.push({ pcHeaderId: pc.pcHeaderId, pcNum: pc.pcNum, supplierId, lots: won.map((l) => l.sectionNum) });
      }
      return { tenderHeaderId: id, contracts: made };
    });
  });
}
