import type { EntityDecl, EntityField } from '../../renderer/schema/entity.ts';
import { fillValue, type FillFacts, type FillSource } from '../../renderer/schema/fill.ts';
import type { Queryable } from '../db/database.ts';

type Row = Record<string, unknown>;

interface FactsRow {
  real_name: string | null;
  time_zone: string | null;
  tenant_name: string | null;
  employee_id: number | null;
  employee_name: string | null;
  company_id: number | null;
  company_name: string | null;
  unit_id: number | null;
  unit_name: string | null;
  currency: string | null;
}

/** Minutes east of UTC of a zone as users name theirs (`GMT+8`, `GMT-3:30`); 8 hours when unreadable, the platform's default. */
function offsetMinutes(zone: string | null): number {
  const m = /^(?:GMT|UTC)([+-])(\d{1,2})(?::?(\d{2}))?$/.exec((zone || 'GMT+8').trim());
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : 480;
}

/**
 * What the system knows of a person in a tenant, for fields declaring `fill`
 * (renderer/schema/fill.ts). Their employee record is the tenant's enabled employee holding their
 * e-mail (as the workflow finds a post's holders), one at work before one on leave; without one,
 * the company falls back to the tenant's name (no id), as the company was filled before
 * organisation fields were lookups. Today is the day in the person's time zone.
 */
export async function contextFacts(db: Queryable, userId: number, tenantId: number, now = new Date()): Promise<FillFacts> {
  const r = (
    await db.query<FactsRow>(
      `select u.real_name, u.time_zone, t.tenant_name,
              e.employee_id::float8 as employee_id, e.name as employee_name,
              c.company_id::float8 as company_id, c.company_name, d.unit_id::float8 as unit_id, d.unit_name,
              coalesce((select config_value from hpfm_config where config_code = 'DEFAULT_CURRENCY' and tenant_id = $2 and config_value <> ''),
                       (select config_value from hpfm_config where config_code = 'DEFAULT_CURRENCY' and tenant_id = 0 and config_value <> '')) as currency
         from iam_user u
         left join hpfm_tenant t on t.tenant_id = $2
         left join lateral (
           select * from hpfm_employee e
            where e.tenant_id = $2 and e.enabled_flag = 1 and u.email is not null and lower(e.email) = lower(u.email)
            order by (e.status = 'ON') desc, e.employee_id limit 1
         ) e on true
         left join hpfm_company c on c.company_id = e.company_id and c.tenant_id = $2
         left join hpfm_unit d on d.unit_id = e.unit_id and d.tenant_id = $2
        where u.id = $1`,
      [userId, tenantId],
    )
  ).rows[0];
  const facts: FillFacts = {};
  const today = new Date(now.getTime() + offsetMinutes(r?.time_zone ?? null) * 60_000).toISOString().slice(0, 10);
  facts.today = { value: today };
  if (!r) return facts;
  if (r.real_name) facts['user.realName'] = { value: r.real_name };
  if (r.tenant_name) facts['tenant.name'] = { value: r.tenant_name };
  if (r.currency) facts['tenant.currency'] = { value: r.currency };
  if (r.employee_id !== null && r.employee_name) facts['user.employee'] = { value: r.employee_id, name: r.employee_name };
  if (r.company_id !== null && r.company_name) facts['user.company'] = { value: r.company_id, name: r.company_name };
  else if (r.tenant_name) facts['user.company'] = { value: r.tenant_name, name: r.tenant_name };
  if (r.unit_id !== null && r.unit_name) facts['user.unit'] = { value: r.unit_id, name: r.unit_name };
  return facts;
}

const empty = (v: unknown) => v === undefined || v === null || v === '';

/**
 * Fills the declared `fill` fields a create leaves empty from the creating user and tenant.
 * Fields naming the same fact (a company's id and its name) are one group, filled only when the
 * body gives none of them: an id and a name sent or filled together never name two companies.
 */
export async function fillFromContext(tx: Queryable, e: EntityDecl, values: Row, auth: { userId: number }, tenantId: number): Promise<void> {
  const groups = new Map<FillSource, EntityField[]>();
  for (const f of e.fields) if (f.fill) groups.set(f.fill, [...(groups.get(f.fill) ?? []), f]);
  if (!groups.size) return;
  const open = [...groups.values()].filter((fields) => fields.every((f) => empty(values[f.name])));
  if (!open.length) return;
  const facts = await contextFacts(tx, auth.userId, tenantId);
  for (const f of open.flat()) {
    const v = fillValue(f, facts);
    if (empty(v)) continue;
    values[f.name] = typeof v === 'string' && f.maxLength ? v.slice(0, f.maxLength) : v;
  }
}
