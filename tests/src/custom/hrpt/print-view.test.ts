import Mustache from 'mustache';
import { describe, expect, it } from 'vitest';
import { printView } from '../../../../src/custom/hrpt/print-view.ts';
import type { ViewerColumn } from '../../../../src/custom/hrpt/report-format.ts';

const columns: ViewerColumn[] = [
  { name: 'supplier_name', text: 'Supplier', type: 'D', dataType: 'string' },
  { name: 'amount', text: 'Amount', type: 'S', format: 'money', total: true, dataType: 'number' },
];
const view = printView({
  report: { code: 'RPT_AMOUNT', name: 'Order amount' },
  columns,
  rows: [
    { supplier_name: 'Acme <b>&</b> Co', amount: '1234.5' },
    { supplier_name: 'Beta', amount: '10' },
  ],
  totals: { amount: '1244.5' },
  caption: (c) => c.text ?? c.name,
  format: (v, c) => (c.format === 'money' ? `${Number(v).toFixed(2)}` : String(v ?? '')),
  params: [{ name: 'From', value: '2026-01-01' }],
  printedBy: 'buyer',
  printedAt: '2026-11-29 10:00',
  totalLabel: 'Total',
});

describe('what a print layout sees', () => {
  it('gives every cell as the viewer formats it, figures marked for alignment, and a totals line labelled in its first cell', () => {
    expect(view.columns).toEqual([
      { name: 'supplier_name', text: 'Supplier', align: '' },
      { name: 'amount', text: 'Amount', align: 'num' },
    ]);
    expect(view.rows[0]).toEqual({ cells: [{ text: 'Acme <b>&</b> Co', align: '' }, { text: '1234.50', align: 'num' }], values: { supplier_name: 'Acme <b>&</b> Co', amount: '1234.50' } });
    expect(view.totals).toEqual({ cells: [{ text: 'Total', align: '' }, { text: '1244.50', align: 'num' }] });
    expect(view.rowCount).toBe(2);
  });

  it('fills a logic-less layout, escaping what the data holds', () => {
    const html = Mustache.render('<h1>{{report.name}}</h1>{{#params}}{{name}}={{value}}{{/params}}<table>{{#rows}}<tr>{{#cells}}<td class="{{align}}">{{text}}</td>{{/cells}}</tr>{{/rows}}{{#totals}}<tr>{{#cells}}<td>{{text}}</td>{{/cells}}</tr>{{/totals}}</table>{{values.amount}}', view);
    expect(html).toContain('<h1>Order amount</h1>From=2026-01-01');
    expect(html).toContain('<td class="">Acme &lt;b&gt;&amp;&lt;&#x2F;b&gt; Co</td><td class="num">1234.50</td>');
    expect(html).toContain('<tr><td>Total</td><td>1244.50</td></tr>');
  });

  it('has no totals section when the report sums nothing', () => {
    expect(printView({ report: view.report, columns, rows: [], totals: {}, caption: (c) => c.name, format: String, params: [], printedBy: '', printedAt: '', totalLabel: 'Total' }).totals).toBeNull();
  });
});
