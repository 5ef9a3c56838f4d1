import type { Queryable } from '../../db/database.ts';

/**
 * The demo print layout of the order amount report, in both languages: a title, who printed it
 * and when, the parameters, the table with right-aligned figures and its totals line. Mustache
 * tags only (see src/custom/hrpt/print-view.ts for what a layout sees).
 */
function layout(l: { by: string; at: string; rows: string }): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>{{report.name}}</title>
<style>
  body { font-family: "Helvetica Neue", Arial, "PingFang SC", sans-serif; margin: 24px; color: #1f1f1f; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  .meta { color: #434343; font-size: 12px; margin: 0 0 12px; }
  table { border-collapse: collapse; width: 100%; font-size: 12px; }
  th, td { border: 1px solid #8c8c8c; padding: 4px 6px; text-align: left; }
  th { background: #f0f0f0; }
  td.num { text-align: right; }
  tfoot td { font-weight: bold; }
  @media print { body { margin: 0; } }
</style></head>
<body>
  <h1>{{report.name}}</h1>
  <p class="meta">${l.by}: {{printedBy}} · ${l.at}: {{printedAt}}{{#params}} · {{name}}: {{value}}{{/params}}</p>
  <table>
    <thead><tr>{{#columns}}<th>{{text}}</th>{{/columns}}</tr></thead>
    <tbody>{{#rows}}<tr>{{#cells}}<td class="{{align}}">{{text}}</td>{{/cells}}</tr>{{/rows}}</tbody>
    {{#totals}}<tfoot><tr>{{#cells}}<td class="{{align}}">{{text}}</td>{{/cells}}</tr></tfoot>{{/totals}}
  </table>
  <p class="meta">${l.rows}: {{rowCount}}</p>
</body></html>
`;
}

const LAYOUTS = [
  { code: 'TPL_AMOUNT_PRINT_ZH', name: '订单金额报表（打印）', lang: 'zh_CN', markup: layout({ by: '打印人', at: '打印时间', rows: '行数' }) },
  { code: 'TPL_AMOUNT_PRINT_EN', name: 'Order amount (print)', lang: 'en_US', markup: layout({ by: 'Printed by', at: 'Printed at', rows: 'Rows' }) },
];

/** The layouts above for the tenant's order amount report (the hrpt-report.json recipe's RPT_AMOUNT). */
export async function seedPrintLayouts(tx: Queryable, tenantId: number): Promise<void> {
  for (const t of LAYOUTS) {
    await tx.query(
      `insert into hrpt_template (tenant_id, template_code, template_name, template_type_code, report_id, lang, template_content, enabled_flag)
       select $1, $2, $3, 'html', r.report_id, $4, $5, 1 from hrpt_report r where r.tenant_id = $1 and r.report_code = 'RPT_AMOUNT'
       on conflict do nothing`,
      [tenantId, t.code, t.name, t.lang, t.markup],
    );
  }
}
