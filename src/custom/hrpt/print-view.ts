import type { ViewerColumn } from './report-format.ts';

type Row = Record<string, unknown>;

/** A cell of the printed table: its text as the viewer shows it, and `num` for figures (right-aligned by the layout). */
export interface PrintCell {
  text: string;
  align: 'num' | '';
}

/**
 * What a print template sees (Mustache, logic-less): `{{report.name}}`, `{{printedBy}}`,
 * `{{printedAt}}`, `{{#params}}{{name}}: {{value}}{{/params}}`, `{{#columns}}{{text}}{{/columns}}`,
 * `{{#rows}}{{#cells}}{{text}}{{/cells}}{{/rows}}` (or a column by name: `{{values.amount}}`),
 * `{{#totals}}{{#cells}}…{{/cells}}{{/totals}}`, `{{rowCount}}`. Every value is text already
 * formatted as the viewer shows it, so a layout needs no logic.
 */
export interface PrintView {
  report: { code: string; name: string };
  printedBy: string;
  printedAt: string;
  params: Array<{ name: string; value: string }>;
  columns: Array<{ name: string; text: string; align: 'num' | '' }>;
  rows: Array<{ cells: PrintCell[]; values: Record<string, string> }>;
  totals: { cells: PrintCell[] } | null;
  rowCount: number;
}

export interface PrintInput {
  report: { code: string; name: string };
  columns: ViewerColumn[];
  rows: Row[];
  totals: Record<string, string>;
  caption(c: ViewerColumn): string;
  format(v: unknown, c: ViewerColumn): string;
  params: Array<{ name: string; value: string }>;
  printedBy: string;
  printedAt: string;
  totalLabel: string;
}

export function printView(p: PrintInput): PrintView {
  const align = (c: ViewerColumn): 'num' | '' => (c.dataType === 'number' ? 'num' : '');
  const hasTotals = Object.keys(p.totals).length > 0;
  return {
    report: p.report,
    printedBy: p.printedBy,
    printedAt: p.printedAt,
    params: p.params,
    columns: p.columns.map((c) => ({ name: c.name, text: p.caption(c), align: align(c) })),
    rows: p.rows.map((r) => {
      const cells = p.columns.map((c) => ({ text: p.format(r[c.name], c), align: align(c) }));
      return { cells, values: Object.fromEntries(p.columns.map((c, i) => [c.name, cells[i]!.text])) };
    }),
    totals: hasTotals ? { cells: p.columns.map((c, i) => ({ text: c.name in p.totals ? p.format(p.totals[c.name], c) : i === 0 ? p.totalLabel : '', align: align(c) })) } : null,
    rowCount: p.rows.length,
  };
}
