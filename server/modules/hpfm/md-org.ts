import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { registerHooks } from '../../resources/hooks.ts';
import { alias, columnOf, ident } from '../../resources/naming.ts';

type Row = Record<string, unknown>;

/**
 * A reference from one master-data row to another (a purchasing organisation's company, an
 * employee's post …): the id (or code) field, and the referenced row's values copied next to it
 * so lists show names without joins. The server owns the copies: it fills them from the id on
 * every write, refuses an id that is not a row the record's tenant may use, and refreshes them
 * when the referenced row changes.
 */
interface Ref {
  entity: string;
  table: string;
  primaryKey: string;
  field: string;
  target: { entity: string; table: string; key: string; tenantScoped: boolean };
  /** Copied values: field of the referring row → field of the referenced row. */
  copy: Record<string, string>;
  what: string;
}

const ref = (entity: string, table: string, primaryKey: string, field: string, target: Ref['target'], copy: Record<string, string>, what: string): Ref => ({
  entity,
  table,
  primaryKey,
  field,
  target,
  copy,
  what,
});

const COUNTRY = { entity: 'country', table: 'hpfm_country', key: 'countryId', tenantScoped: false };
const COMPANY = { entity: 'company', table: 'hpfm_company', key: 'companyId', tenantScoped: true };
const UNIT = { entity: 'unit', table: 'hpfm_unit', key: 'unitId', tenantScoped: true };

export const REFS: Ref[] = [
  ref('currency', 'hpfm_currency', 'currencyId', 'countryId', COUNTRY, { countryName: 'countryName' }, 'country'),
  ref('calendar', 'hpfm_calendar', 'calendarId', 'countryId', COUNTRY, { countryName: 'countryName' }, 'country'),
  ref('exchangeRate', 'hpfm_exchange_rate', 'exchangeRateId', 'rateTypeCode', { entity: 'exchangeRateType', table: 'hpfm_exchange_rate_type', key: 'typeCode', tenantScoped: false }, { rateTypeName: 'typeName' }, 'rate type'),
  ref('exchangeRate', 'hpfm_exchange_rate', 'exchangeRateId', 'fromCurrencyCode', { entity: 'currency', table: 'hpfm_currency', key: 'currencyCode', tenantScoped: false }, {}, 'currency'),
  ref('exchangeRate', 'hpfm_exchange_rate', 'exchangeRateId', 'toCurrencyCode', { entity: 'currency', table: 'hpfm_currency', key: 'currencyCode', tenantScoped: false }, {}, 'currency'),
  ref('uom', 'hpfm_uom', 'uomId', 'uomTypeCode', { entity: 'uomType', table: 'hpfm_uom_type', key: 'uomTypeCode', tenantScoped: false }, { uomTypeName: 'uomTypeName' }, 'UOM type'),
  ref('company', 'hpfm_company', 'companyId', 'groupId', { entity: 'orgGroup', table: 'hpfm_group', key: 'groupId', tenantScoped: true }, { groupName: 'groupName' }, 'group'),
  ref('unit', 'hpfm_unit', 'unitId', 'companyId', COMPANY, {}, 'company'),
  ref('unit', 'hpfm_unit', 'unitId', 'parentUnitId', UNIT, {}, 'department'),
  ref('position', 'hpfm_position', 'positionId', 'unitId', UNIT, { companyId: 'companyId' }, 'department'),
  ref('employee', 'hpfm_employee', 'employeeId', 'companyId', COMPANY, { companyName: 'companyName' }, 'company'),
  ref('employee', 'hpfm_employee', 'employeeId', 'unitId', UNIT, { unitName: 'unitName' }, 'department'),
  ref('employee', 'hpfm_employee', 'employeeId', 'positionId', { entity: 'position', table: 'hpfm_position', key: 'positionId', tenantScoped: true }, { positionName: 'positionName' }, 'post'),
  ref('purchaseOrg', 'hpfm_purchase_org', 'purchaseOrgId', 'companyId', COMPANY, { companyName: 'companyName' }, 'company'),
  ref('operationUnit', 'hpfm_operation_unit', 'ouId', 'companyId', COMPANY, { companyName: 'companyName' }, 'company'),
  ref('invOrganization', 'hpfm_inv_organization', 'invOrganizationId', 'ouId', { entity: 'operationUnit', table: 'hpfm_operation_unit', key: 'ouId', tenantScoped: true }, { ouName: 'ouName' }, 'operating unit'),
  ref('invWarehouse', 'hpfm_inv_warehouse', 'warehouseId', 'invOrganizationId', { entity: 'invOrganization', table: 'hpfm_inv_organization', key: 'invOrganizationId', tenantScoped: true }, { invOrganizationName: 'organizationName' }, 'inventory organisation'),
  ref('invLocation', 'hpfm_inv_location', 'locationId', 'warehouseId', { entity: 'invWarehouse', table: 'hpfm_inv_warehouse', key: 'warehouseId', tenantScoped: true }, { warehouseName: 'warehouseName' }, 'store room'),
  ref('purchaseAgent', 'hpfm_purchase_agent', 'purchaseAgentId', 'purchaseOrgId', { entity: 'purchaseOrg', table: 'hpfm_purchase_org', key: 'purchaseOrgId', tenantScoped: true }, { purchaseOrgName: 'purchaseOrgName' }, 'purchasing organisation'),
];

const empty = (v: unknown) => v === null || v === undefined || v === '';
const col = (field: string) => ident(columnOf(field));

/** The referenced row's copied values, or a 400 when the id names no row the tenant may use. */
async function lookup(tx: Queryable, r: Ref, value: unknown, tenantId: number): Promise<Row> {
  const cols = Object.values(r.copy);
  const select = cols.length ? cols.map((c) => `${col(c)} as ${alias(c)}`).join(', ') : '1 as found';
  const params: unknown[] = [value];
  // A tenant's row may point at its own rows only; platform rows (tenant 0) are shared.
  const where = r.target.tenantScoped ? ` and tenant_id = $2` : '';
  if (r.target.tenantScoped) params.push(tenantId);
  const row = (await tx.query<Row>(`select ${select} from ${ident(r.target.table)} where ${col(r.target.key)} = $1${where} limit 1`, params)).rows[0];
  if (!row) throw badRequest(`${r.field} ${String(value)} is not a ${r.what} you can use`);
  return row;
}

async function fill(tx: Queryable, refs: Ref[], values: Row, tenantId: number): Promise<Row> {
  const out: Row = {};
  for (const r of refs) {
    if (!(r.field in values)) continue;
    const v = values[r.field];
    const found = empty(v) ? undefined : await lookup(tx, r, v, tenantId);
    for (const [target, source] of Object.entries(r.copy)) out[target] = found ? (found[source] ?? null) : null;
  }
  return out;
}

const byEntity = new Map<string, Ref[]>();
for (const r of REFS) byEntity.set(r.entity, [...(byEntity.get(r.entity) ?? []), r]);

for (const [entity, refs] of byEntity) {
  registerHooks(entity, {
    async beforeCreate(values, { tx, tenantId }) {
      Object.assign(values, await fill(tx, refs, values, tenantId));
    },
    async afterWrite(row, action, { tx, tenantId }) {
      if (action !== 'update') return;
      const copies = await fill(tx, refs, row, tenantId);
      const changed = Object.entries(copies).filter(([k, v]) => row[k] !== v);
      if (!changed.length) return;
      const params: unknown[] = [row[refs[0]!.primaryKey], ...changed.map(([, v]) => v)];
      await tx.query(`update ${ident(refs[0]!.table)} set ${changed.map(([k], i) => `${col(k)} = $${i + 2}`).join(', ')} where ${col(refs[0]!.primaryKey)} = $1`, params);
      Object.assign(row, Object.fromEntries(changed));
    },
  });
}

/** When a referenced row changes, the copies of its values in the rows pointing at it follow. */
const byTarget = new Map<string, Ref[]>();
for (const r of REFS) if (Object.keys(r.copy).length) byTarget.set(r.target.entity, [...(byTarget.get(r.target.entity) ?? []), r]);
for (const [entity, refs] of byTarget) {
  registerHooks(entity, {
    async afterWrite(row, action, { tx, tenantId }) {
      if (action !== 'update') return;
      for (const r of refs) {
        const sets = Object.entries(r.copy);
        const params: unknown[] = [row[r.target.key], ...sets.map(([, source]) => row[source] ?? null)];
        const tenant = r.target.tenantScoped ? ` and tenant_id = $${params.push(tenantId)}` : '';
        await tx.query(`update ${ident(r.table)} set ${sets.map(([target], i) => `${col(target)} = $${i + 2}`).join(', ')} where ${col(r.field)} = $1${tenant}`, params);
      }
    },
  });
}

/** A department sits under a department of the same company, never under itself or its own sub-departments. */
registerHooks('unit', {
  async beforeCreate(values, { tx, tenantId }) {
    await checkParentUnit(tx, values, tenantId);
  },
  async afterWrite(row, action, { tx, tenantId }) {
    if (action === 'update') await checkParentUnit(tx, row, tenantId);
  },
});

async function checkParentUnit(tx: Queryable, unit: Row, tenantId: number): Promise<void> {
  if (empty(unit.parentUnitId)) return;
  const parent = (await tx.query<{ company_id: number }>('select company_id::float8 as company_id from hpfm_unit where unit_id = $1 and tenant_id = $2', [unit.parentUnitId, tenantId])).rows[0];
  if (!parent) throw badRequest(`parentUnitId ${String(unit.parentUnitId)} is not a department you can use`);
  if (parent.company_id !== Number(unit.companyId)) throw badRequest('The parent department belongs to another company');
  if (empty(unit.unitId)) return;
  const loop = await tx.query(
    `with recursive up(unit_id, parent_unit_id, depth) as (
       select unit_id, parent_unit_id, 1 from hpfm_unit where unit_id = $1 and tenant_id = $3
       union all
       select u.unit_id, u.parent_unit_id, up.depth + 1 from hpfm_unit u join up on u.unit_id = up.parent_unit_id where up.depth < 100
     )
     select 1 from up where unit_id = $2 limit 1`,
    [unit.parentUnitId, unit.unitId, tenantId],
  );
  if (loop.rows.length) throw badRequest('A department cannot be moved under itself');
}

/**
 * Master data and organisation of §2.3 (`/hpfm/currency` … `/hpfm/org-info/*`) are generic
 * entities; what this module adds are the write rules above, registered when it is loaded.
 */
export async function hpfmMasterDataRoutes(_app: FastifyInstance, _ctx: ServerContext): Promise<void> {}
