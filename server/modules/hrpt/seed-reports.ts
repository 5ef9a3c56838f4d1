import { seedPrintLayouts } from './print-layouts.ts';
import type { Queryable } from '../../db/database.ts';
import type { SeedStep } from '../../seed/seed.ts';
import { loadEntities } from '../../resources/entities.ts';
import { DEMO_TENANT, SECOND_TENANT } from '../../seed/platform-seed.ts';
import { captions } from './captions.ts';
import { loadReport, reportWorkbook, shapeReport } from './reports.ts';
import { prepare, selectIn } from './run.ts';
import { createViewsIn } from './views.ts';

const DATE_RANGE = [
  { name: 'dateFrom', text: 'hrpt.param.dateFrom', dataType: 'date' },
  { name: 'dateTo', text: 'hrpt.param.dateTo', dataType: 'date' },
];
const DATED = (col: string) => `(:dateFrom is null or ${col} >= :dateFrom) and (:dateTo is null or ${col} < :dateTo + 1)`;

type Col = { name: string; text: string; type: 'D' | 'S' | 'L'; format?: string; total?: boolean };
const D = (name: string, format?: string): Col => ({ name, text: `hrpt.col.${name}`, type: 'D', ...(format ? { format } : {}) });
const S = (name: string, format = 'number', total = true): Col => ({ name, text: `hrpt.col.${name}`, type: 'S', format, total });
const L = (name: string, format?: string): Col => ({ name, text: `hrpt.col.${name}`, type: 'L', ...(format ? { format } : {}) });

/** The report-manage screens' reports: code (the route's last part), type, chart, SQL over the report views, columns. */
export const MANAGED_REPORTS: Array<{ code: string; type: 'ST' | 'T'; chart: 'bar' | 'line' | 'pie'; sql: string; params: unknown[]; columns: Col[] }> = [
  {
    code: 'QUOTATION_STATUS', type: 'ST', chart: 'bar', params: DATE_RANGE,
    sql: `select h.rfx_num, h.rfx_title, h.quotation_end_date, count(s.rfx_line_supplier_id) as invited_count,
  count(s.rfx_line_supplier_id) filter (where s.quoted_flag = 1) as quoted_count, h.rfx_status
from rfx_header h left join rfx_supplier s on s.rfx_header_id = h.rfx_header_id
where ${DATED('h.creation_date')}
group by h.rfx_header_id, h.rfx_num, h.rfx_title, h.quotation_end_date, h.rfx_status
order by h.rfx_num`,
    columns: [D('rfx_num'), L('rfx_title'), L('quotation_end_date', 'datetime'), S('invited_count', 'integer'), S('quoted_count', 'integer'), L('rfx_status')],
  },
  {
    code: 'CHECK_RESULT', type: 'ST', chart: 'bar', params: DATE_RANGE,
    sql: `select h.rfx_num, l.item_code, q.supplier_name, case when coalesce(q.award_quantity, 0) > 0 then 'Y' else 'N' end as suggested_flag,
  q.unit_price as checked_price, round((l.last_price - q.unit_price) / nullif(l.last_price, 0) * 100, 2) as saving_rate
from rfx_quotation_line q join rfx_header h on h.rfx_header_id = q.rfx_header_id join rfx_line l on l.rfx_line_id = q.rfx_line_id
where coalesce(q.current_flag, 1) = 1 and ${DATED('q.creation_date')}
order by h.rfx_num, l.item_code, q.unit_price`,
    columns: [D('rfx_num'), L('item_code'), L('supplier_name'), L('suggested_flag'), S('checked_price', 'money', false), S('saving_rate', 'percent', false)],
  },
  {
    code: 'SUPPLIER_SERVICE', type: 'ST', chart: 'pie', params: [],
    sql: `select coalesce(category_name, category_code) as category_name, count(distinct supplier_id) as supplier_count, sum(annual_capacity) as annual_capacity, round(avg(lead_time_days), 1) as lead_time_days
from supplier_supply_category group by 1 order by 2 desc, 1`,
    columns: [D('category_name'), S('supplier_count', 'integer'), S('annual_capacity'), L('lead_time_days', 'number')],
  },
  {
    code: 'AMOUNT', type: 'ST', chart: 'bar', params: DATE_RANGE,
    sql: `select supplier_name, count(*) as order_count, sum(amount) as amount, sum(tax_include_amount) as tax_include_amount
from po_header where ${DATED('creation_date')} group by supplier_name order by 3 desc nulls last`,
    columns: [D('supplier_name'), S('order_count', 'integer'), S('amount', 'money'), S('tax_include_amount', 'money')],
  },
  {
    code: 'BRANCH_SITUATION', type: 'ST', chart: 'pie', params: DATE_RANGE,
    sql: `select coalesce(company_name, '-') as company_name, count(*) as order_count, sum(amount) as amount
from po_header where ${DATED('creation_date')} group by 1 order by 3 desc nulls last`,
    columns: [D('company_name'), S('order_count', 'integer'), S('amount', 'money')],
  },
  {
    code: 'PURCHASE_SITUATION', type: 'ST', chart: 'line', params: DATE_RANGE,
    sql: `select to_char(creation_date, 'YYYY-MM') as month, count(*) as order_count, sum(amount) as amount
from po_header where ${DATED('creation_date')} group by 1 order by 1`,
    columns: [D('month'), S('order_count', 'integer'), S('amount', 'money')],
  },
  {
    code: 'AGENT', type: 'ST', chart: 'bar', params: [...DATE_RANGE, { name: 'statusCode', text: 'hrpt.param.orderStatus', dataType: 'string', lovCode: 'SODR.PO_STATUS' }],
    sql: `select coalesce(agent_name, '-') as agent_name, count(*) as order_count, sum(amount) as amount
from po_header where ${DATED('creation_date')} and (:statusCode is null or status_code = :statusCode) group by 1 order by 3 desc nulls last`,
    columns: [D('agent_name'), S('order_count', 'integer'), S('amount', 'money')],
  },
  {
    code: 'PURCHASE_TYPE', type: 'ST', chart: 'pie', params: DATE_RANGE,
    sql: `select coalesce(po_type_code, '-') as po_type_code, count(*) as order_count, sum(amount) as amount
from po_header where ${DATED('creation_date')} group by 1 order by 2 desc`,
    columns: [D('po_type_code'), S('order_count', 'integer'), S('amount', 'money')],
  },
  {
    code: 'PURCHASE_REPORT', type: 'ST', chart: 'bar', params: [...DATE_RANGE, { name: 'supplierName', text: 'hrpt.col.supplier_name', dataType: 'string' }],
    sql: `select h.display_po_num, h.supplier_name, l.item_code, l.item_name, l.quantity, l.unit_price, l.line_amount
from po_line l join po_header h on h.po_header_id = l.po_header_id
where ${DATED('h.creation_date')} and (:supplierName is null or h.supplier_name like '%' || :supplierName || '%')
order by h.display_po_num, l.line_num`,
    columns: [D('display_po_num'), L('supplier_name'), L('item_code'), L('item_name'), S('quantity'), L('unit_price', 'money'), S('line_amount', 'money')],
  },
  {
    code: 'METHOD', type: 'ST', chart: 'pie', params: DATE_RANGE,
    sql: `select 'RFX' as method, count(*) as doc_count, sum(budget_amount) as budget_amount from rfx_header where ${DATED('creation_date')}
union all
select 'TENDER', count(*), sum(total_budget) from tender_header where ${DATED('creation_date')}`,
    columns: [D('method'), S('doc_count', 'integer'), S('budget_amount', 'money')],
  },
  {
    code: 'REMINDER_CONTRACT', type: 'ST', chart: 'bar', params: [{ name: 'days', text: 'hrpt.param.days', dataType: 'integer', isRequired: 1, defaultValue: '365' }],
    sql: `select pc_num, pc_name, supplier_name, end_date_active, end_date_active - current_date as days_left, amount
from contract_header where end_date_active is not null and end_date_active <= current_date + :days
order by end_date_active`,
    columns: [D('pc_num'), L('pc_name'), L('supplier_name'), L('end_date_active', 'date'), S('days_left', 'integer', false), S('amount', 'money')],
  },
  {
    code: 'REMINDER_QUALIFICATION', type: 'ST', chart: 'bar', params: [{ name: 'days', text: 'hrpt.param.days', dataType: 'integer', isRequired: 1, defaultValue: '365' }],
    sql: `select supplier_name, coalesce(category_name, category_code) as certificate_name, start_date + 365 as end_date, start_date + 365 - current_date as days_left
from supplier_supply_category where start_date is not null and start_date + 365 <= current_date + :days
order by 3`,
    columns: [D('supplier_name'), L('certificate_name'), L('end_date', 'date'), S('days_left', 'integer', false)],
  },
  {
    code: 'PURCHASE_AGENT_SITUATION', type: 'ST', chart: 'bar', params: [],
    sql: `select a.purchase_agent_name, a.purchase_org_name, count(h.po_header_id) as order_count, coalesce(sum(h.amount), 0) as amount
from purchase_agent a left join po_header h on h.agent_name = a.purchase_agent_name
group by a.purchase_agent_id, a.purchase_agent_name, a.purchase_org_name order by 4 desc, 1`,
    columns: [D('purchase_agent_name'), L('purchase_org_name'), S('order_count', 'integer'), S('amount', 'money')],
  },
  {
    code: 'AGENT_QUOTATION', type: 'T', chart: 'bar', params: [],
    sql: `select supplier_name, tender_num, awarded_amount from tender_award order by 1, 2`,
    columns: [D('supplier_name'), D('tender_num'), S('awarded_amount', 'money')],
  },
  {
    code: 'CITY_QUOTATION', type: 'T', chart: 'bar', params: [],
    sql: `select coalesce(h.company_name, '-') as company_name, q.supplier_name, q.unit_price * coalesce(q.quoted_quantity, 1) as quoted_amount
from rfx_quotation_line q join rfx_header h on h.rfx_header_id = q.rfx_header_id where coalesce(q.current_flag, 1) = 1`,
    columns: [D('company_name'), D('supplier_name'), S('quoted_amount', 'money')],
  },
  {
    code: 'FINAL_QUOTATION', type: 'T', chart: 'bar', params: [],
    sql: `select q.item_name, q.supplier_name, q.unit_price
from rfx_quotation_line q where coalesce(q.current_flag, 1) = 1 and coalesce(q.award_quantity, 0) > 0`,
    columns: [D('item_name'), D('supplier_name'), S('unit_price', 'money')],
  },
];

/** The report-manage reports as data sets and report definitions of a tenant, granted to its buyers. */
export async function seedReports(tx: Queryable, tenantId: number, buyerRole: string): Promise<void> {
  let seq = 10;
  for (const r of MANAGED_REPORTS) {
    const ds = (
      await tx.query<{ id: number }>(
        `insert into hrpt_dataset (tenant_id, dataset_code, dataset_name, sql_text, param_defs, enabled_flag) values ($1, $2, $3, $4, $5, 1)
         on conflict do nothing returning dataset_id::float8 as id`,
        [tenantId, `DS_${r.code}`, r.code.charAt(0) + r.code.slice(1).toLowerCase().replace(/_/g, ' '), r.sql, JSON.stringify(r.params)],
      )
    ).rows[0];
    if (!ds) continue;
    await tx.query(
      `insert into hrpt_report (tenant_id, report_code, report_name, dataset_id, report_type_code, chart_type, columns_def, role_codes, limit_rows, order_seq, enabled_flag)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 1000, $9, 1) on conflict do nothing`,
      [tenantId, `RPT_${r.code}`, `hrpt.report.RPT_${r.code}`, ds.id, r.type, r.chart, JSON.stringify(r.columns), `${buyerRole},APPROVER`, (seq += 10)],
    );
  }
}

/**
 * Finished background requests of the demo people, with their workbooks: the seeded (trusted)
 * statements run in the seed's transaction against the report views of the demo tenant.
 */
async function seedRequests(tx: Queryable): Promise<void> {
  await createViewsIn(tx, loadEntities());
  const people = (await tx.query<{ id: number }>("select id::float8 as id from iam_user where login_name in ('admin', 'buyer') order by id")).rows;
  for (const code of ['RPT_AMOUNT', 'RPT_PURCHASE_SITUATION']) {
    const id = (await tx.query<{ id: number }>('select report_id::float8 as id from hrpt_report where report_code = $1 and tenant_id = $2', [code, DEMO_TENANT])).rows[0]?.id;
    if (!id) continue;
    const def = await loadReport(tx, DEMO_TENANT, id);
    const data = shapeReport(def, await selectIn(tx, DEMO_TENANT, prepare(def.sqlText, def.params, {}), def.limitRows));
    const tr = await captions(tx, DEMO_TENANT, 'zh_CN', [def.reportName, 'hrpt.viewer.total', ...data.columns.map((c) => c.text ?? c.name)]);
    const file = await reportWorkbook(def, data, tr);
    for (const p of people) {
      const req = (
        await tx.query<{ id: number }>(
          `insert into hrpt_request (tenant_id, report_id, report_name, request_param, request_status, start_date, end_date, row_count, requested_by, created_by, last_updated_by)
           values ($1, $2, $3, '{}', 'F', now(), now(), $4, $5, $5, $5) returning request_id::float8 as id`,
          [DEMO_TENANT, id, tr(def.reportName), data.rows.length, p.id],
        )
      ).rows[0]!;
      await tx.query('insert into hrpt_request_file (request_id, tenant_id, content) values ($1, $2, $3)', [req.id, DEMO_TENANT, file]);
    }
  }
}

export const step: SeedStep = {
  version: 'seed:hrpt-reports:v1',
  run: async (tx) => {
    await seedReports(tx, DEMO_TENANT, 'PURCHASER');
    await seedReports(tx, SECOND_TENANT, 'PURCHASER_2');
    await seedPrintLayouts(tx, DEMO_TENANT);
    await seedPrintLayouts(tx, SECOND_TENANT);
    await seedRequests(tx);
  },
};
