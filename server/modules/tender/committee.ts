import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { EntityRepository } from '../../resources/repository.ts';
import { refuse, statusRefusal } from './rules.ts';
import { defineRoute } from '../../http/module-route.ts';

type Row = Record<string, unknown>;
const params = { type: 'object', properties: { tenantId: { type: 'integer' }, id: { type: 'integer', minimum: 1 } } };

/**
 * Why an expert may not sit on a tender's committee: they act for a supplier that signed up for it
 * (a supplier account bound to them), or their work unit is that supplier. One SQL condition
 * (`e` the expert, `$1` the tender) serves the manual assignment and the random draw alike.
 */
const TIE = `(select s.supplier_name from tender_supplier s
               where s.tender_header_id = $1
                 and (lower(btrim(coalesce(e.work_unit, ''))) = lower(btrim(s.supplier_name))
                      or exists (select 1 from sslm_supplier_user su where su.supplier_id = s.supplier_id and su.user_id = e.user_id))
               order by s.supplier_name limit 1)`;

/** The bidder an expert is tied to, if any. */
export async function tiedBidder(tx: Queryable, tenderId: unknown, expertId: unknown): Promise<string | undefined> {
  return (await tx.query<{ tie: string | null }>(`select ${TIE} as tie from ssrc_expert e where e.expert_id = $2`, [tenderId, expertId])).rows[0]?.tie ?? undefined;
}

/**
 * The random draw (`POST …/bid/{id}/experts/draw {count, expertCategory?, expertRole?}`) from the
 * tenant's expert library: enabled experts with a login, not on the committee yet, of the category
 * asked, and not tied to a bidder. Drawn with a cryptographic generator, all or none: fewer
 * candidates than asked is a 400 naming `count` with how many there are and how many were avoided.
 */
export async function committeeRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const expert = ctx.entities.get('tenderExpert')!;
  const repo = new EntityRepository(expert, ctx);
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/ssrc/v1/:tenantId/bid/:id/experts/draw',
    by: 'buyer',
    byReason: 'The committee is the buyer\'s',
    entity: 'tenderExpert',
    access: 'write',
    permission: { code: 'tender.tenderHall.list.button.edit', what: 'draw the committee of a tender' },
    schema: {
      params,
      body: { type: 'object', required: ['count'], additionalProperties: false, properties: {
        count: { type: 'integer', minimum: 1, maximum: 20 },
        expertCategory: { type: ['string', 'null'], maxLength: 30 },
        expertRole: { type: ['string', 'null'], enum: ['ALL', 'TECHNICAL', 'COMMERCIAL', null] },
      } },
    },
  }, async (req, scope) => {
    const id = Number((req.params as Row).id);
    const b = req.body as { count: number; expertCategory?: string | null; expertRole?: string | null };
    return ctx.db.transaction(async (tx) => {
      const t = (await tx.query<{ num: string; status: string }>('select tender_num as num, tender_status as status from tender_header where tender_header_id = $1 and tenant_id = $2 for update', [id, scope.tenantId])).rows[0];
      if (!t) throw notFound(`Tender ${id} not found`);
      if (t.status !== 'OPENED') throw statusRefusal(`${t.num} is ${t.status}: its committee is drawn once it is opened and before the hand-out`);
      const pool = (await tx.query<{ id: number; name: string; tie: string | null }>(
        `select e.expert_id::float8 as id, e.expert_name as name, ${TIE} as tie from ssrc_expert e
          where e.tenant_id = $2 and coalesce(e.enabled_flag, 1) = 1 and e.user_id is not null
            and ($3::text is null or e.expert_category = $3)
            and not exists (select 1 from tender_expert x where x.tender_header_id = $1 and x.expert_id = e.expert_id)
          order by e.expert_id`, [id, scope.tenantId, b.expertCategory || null])).rows;
      const free = pool.filter((x) => x.tie === null);
      const avoided = pool.filter((x) => x.tie !== null).map((x) => ({ expertId: x.id, expertName: x.name, tiedTo: x.tie }));
      if (free.length < b.count) {
        throw refuse('count', `${t.num}: ${free.length} expert${free.length === 1 ? ' is' : 's are'} available for a draw of ${b.count}${avoided.length ? ` (${avoided.length} avoided for a tie to a bidder)` : ''}`);
      }
      // A partial Fisher–Yates shuffle: the first `count` places are a uniform sample.
      for (let i = 0; i < b.count; i++) {
        const j = i + randomInt(free.length - i);
        [free[i], free[j]] = [free[j]!, free[i]!];
      }
      const drawn: Row[] = [];
      for (const x of free.slice(0, b.count)) {
        drawn.push(await repo.create(scope, { tenderHeaderId: id, expertId: x.id, expertRole: b.expertRole || 'ALL' }, { tx }));
      }
      return { tenderHeaderId: id, drawn, avoided };
    });
  });
}
