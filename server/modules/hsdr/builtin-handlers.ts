import type { Queryable } from '../../db/database.ts';
import { sendMessages } from '../hmsg/message-store.ts';
import { supplierOrderRoute } from '../sodr/supplier-messages.ts';
import { registerJobHandler } from './handlers.ts';

type Row = Record<string, unknown>;

const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The tenants a run covers: its own, or every tenant for a platform job (tenant 0). */
async function tenantsOf(db: Queryable, tenantId: number): Promise<number[]> {
  if (tenantId !== 0) return [tenantId];
  return (await db.query<{ id: number }>('select tenant_id::float8 as id from hpfm_tenant where tenant_id <> 0 order by tenant_id')).rows.map((r) => r.id);
}

const code = (v: unknown, name: string): string | null => {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string' || !/^[A-Z][A-Z0-9_]{0,29}$/.test(v)) throw new Error(`${name} must be a code such as CORPORATE`);
  return v;
};

const wholeNumber = (v: unknown, name: string, min: number, max: number, fallback?: number): number => {
  if ((v === undefined || v === null || v === '') && fallback !== undefined) return fallback;
  const n = Number(v);
  if (v === undefined || v === null || v === '' || !Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return n;
};

const problem = (check: () => void): string | null => {
  try {
    check();
    return null;
  } catch (e) {
    return (e as Error).message;
  }
};

/**
 * Copies the platform's newest rate of each currency pair and rate type (`hpfm_exchange_rate`, the
 * rate master data) into each tenant's rates (`smdm_exchange_rate`) where the tenant lacks that
 * rate date. Rates are copied by the database as numerics: no floating point on the way.
 */
registerJobHandler('EXCHANGE_RATE_REFRESH', {
  checkParams: (p) =>
    problem(() => {
      code(p.rateTypeCode, 'rateTypeCode');
      code(p.toCurrencyCode, 'toCurrencyCode');
    }),
  async run({ ctx, tenantId, params, log }) {
    const rateType = code(params.rateTypeCode, 'rateTypeCode');
    const to = code(params.toCurrencyCode, 'toCurrencyCode');
    let total = 0;
    for (const t of await tenantsOf(ctx.db, tenantId)) {
      const r = await ctx.db.query<{ pair: string }>(
        `insert into smdm_exchange_rate (tenant_id, rate_type_code, from_currency_code, to_currency_code, rate, rate_date, start_date, enabled_flag)
         select $1, p.rate_type_code, p.from_currency_code, p.to_currency_code, p.rate, p.rate_date, p.rate_date, 1
           from (select distinct on (rate_type_code, from_currency_code, to_currency_code) rate_type_code, from_currency_code, to_currency_code, rate, rate_date
                   from hpfm_exchange_rate
                  where coalesce(enabled_flag, 1) = 1 and ($2::text is null or rate_type_code = $2) and ($3::text is null or to_currency_code = $3)
                  order by rate_type_code, from_currency_code, to_currency_code, rate_date desc) p
          where not exists (select 1 from smdm_exchange_rate x where x.tenant_id = $1 and x.rate_type_code = p.rate_type_code
                              and x.from_currency_code = p.from_currency_code and x.to_currency_code = p.to_currency_code and x.rate_date = p.rate_date)
         returning rate_type_code || ' ' || from_currency_code || '→' || to_currency_code || ' ' || rate::text || ' (' || to_char(rate_date, 'YYYY-MM-DD') || ')' as pair`,
        [t, rateType, to],
      );
      total += r.rows.length;
      log(`tenant ${t}: ${r.rows.length} rate(s) added${r.rows.length ? `: ${r.rows.map((x) => x.pair).join(', ')}` : ''}`);
    }
    return `${total} rate(s) refreshed from the platform's rates`;
  },
});

const REMINDER = {
  zh_CN: { subject: (n: string) => `请确认采购订单 ${n}`, content: (n: string, d: string) => `采购订单 ${n} 已于 ${d} 发布给您，尚未确认，请尽快确认。` },
  en_US: { subject: (n: string) => `Please confirm purchase order ${n}`, content: (n: string, d: string) => `Purchase order ${n} was released to you on ${d} and is not confirmed yet; please confirm it.` },
};

/**
 * Reminds every user bound to a supplier (`supplierUser`) of each order released to that supplier
 * at least `olderThanDays` days ago (default 1) and still unconfirmed, in their inbox, in their language.
 */
registerJobHandler('PO_CONFIRM_REMINDER', {
  checkParams: (p) => problem(() => wholeNumber(p.olderThanDays, 'olderThanDays', 0, 365, 1)),
  async run({ ctx, tenantId, params, log }) {
    const days = wholeNumber(params.olderThanDays, 'olderThanDays', 0, 365, 1);
    let messages = 0;
    let orders = 0;
    for (const t of await tenantsOf(ctx.db, tenantId)) {
      const due = (
        await ctx.db.query<Row>(
          `select po_header_id::float8 as "poHeaderId", display_po_num as "displayPoNum", supplier_id::float8 as "supplierId", to_char(released_date, 'YYYY-MM-DD') as "released"
             from sodr_po_header where tenant_id = $1 and status_code = 'PUBLISHED' and supplier_id is not null
              and coalesce(released_date, creation_date) <= now() - make_interval(days => $2::int)
            order by po_header_id`,
          [t, days],
        )
      ).rows;
      for (const o of due) {
        const users = (
          await ctx.db.query<{ id: number; language: string | null }>(
            `select distinct u.id::float8 as id, u.language from sslm_supplier_user su join iam_user u on u.id = su.user_id
              where su.tenant_id = $1 and su.supplier_id = $2 and coalesce(su.enabled_flag, 1) = 1 and coalesce(u.enabled_flag, 1) = 1`,
            [t, o.supplierId],
          )
        ).rows;
        if (!users.length) {
          log(`tenant ${t}: order ${String(o.displayPoNum)} has no supplier user to remind`);
          continue;
        }
        orders += 1;
        const num = String(o.displayPoNum ?? o.poHeaderId);
        for (const lang of ['zh_CN', 'en_US'] as const) {
          const userIds = users.filter((u) => (u.language === 'en_US' ? 'en_US' : 'zh_CN') === lang).map((u) => u.id);
          if (!userIds.length) continue;
          const text = REMINDER[lang];
          const link = supplierOrderRoute(o);
          await sendMessages(ctx, t, {
            userIds,
            subject: text.subject(num),
            content: `<p>${esc(text.content(num, String(o.released ?? '')))}</p><p><a href="${esc(link)}">${esc(num)}</a></p>`,
            typeCode: 'MSG',
            categoryCode: 'SYSTEM',
            fromUserName: 'Scheduler',
          });
          messages += userIds.length;
        }
        log(`tenant ${t}: reminded ${users.length} user(s) of order ${num}`);
      }
    }
    return `${messages} reminder(s) sent about ${orders} unconfirmed order(s)`;
  },
});

/**
 * Deletes job logs older than `keepDays` days (required: a clean-up with no age is refused when the
 * job is saved). Runs still queued or in progress are kept whatever their age.
 */
registerJobHandler('JOB_LOG_CLEAN', {
  checkParams: (p) => problem(() => wholeNumber(p.keepDays, 'keepDays', 1, 3650)),
  async run({ ctx, tenantId, params, log }) {
    const keep = wholeNumber(params.keepDays, 'keepDays', 1, 3650);
    const r = await ctx.db.query(
      `delete from hsdr_job_log where ($1::bigint = 0 or tenant_id = $1) and client_result not in ('PENDING', 'DOING')
          and coalesce(start_time, creation_date) < now() - make_interval(days => $2::int)`,
      [tenantId, keep],
    );
    log(`kept the last ${keep} day(s)${tenantId === 0 ? ' of every tenant' : ''}`);
    return `${r.affectedRows ?? 0} log(s) older than ${keep} day(s) deleted`;
  },
});
