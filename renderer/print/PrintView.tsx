import { Alert, Button, Spin } from 'antd';
import { createElement, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { entityApi } from '../data/entity-api.ts';
import { filterValues } from '../pages/detail/filter-values.ts';
import { RendererContext, useServices } from '../runtime/services.ts';
import type { RendererServices } from '../contracts/services.ts';
import { evaluateFlag } from '../schema/expressions/evaluate.ts';
import { resolveColumn } from '../schema/resolve-field.ts';
import { isNumericCell } from '../schema/types/cells.ts';
import { summarySpec, summaryValues } from '../table/summary.ts';
import { SummaryValue } from '../table/SummaryRow.tsx';
import type { PrintDocument } from '../contracts/print.ts';
import './print.css';

type Row = Record<string, unknown>;

/** Every line of a tab, page after page: the sheet shows all of them, not the first page. */
async function allRows(s: RendererServices, doc: PrintDocument, t: PrintDocument['tabs'][number]): Promise<Row[]> {
  const api = entityApi(s, t.entity, { vars: doc.vars, base: t.tab.data?.list?.url, endpoints: { list: t.tab.data?.list } });
  const filter = filterValues(t.tab, t.entity, doc.vars);
  const out: Row[] = [];
  for (let page = 0; page < 200; page++) {
    const { rows, total } = await api.list({ ...filter, page, size: 500 });
    out.push(...rows);
    if (!rows.length || out.length >= total) break;
  }
  return out;
}

interface Props {
  doc: PrintDocument;
  onClose(): void;
}

/**
 * The print view of a record: its header fields (the page's sections, as the page shows them) and
 * each line tab as a full table, every value through the same cell renderers the tables use
 * (meanings, money and dates formatted alike), with the tab's totals, in a sheet that covers
 * the app on screen and is all that prints (print.css). Opens the browser's print dialog once
 * every line is in; Close or Escape removes it.
 */
export function PrintView({ doc, onClose }: Props) {
  const s = useServices();
  const [lines, setLines] = useState<Row[][] | undefined>();
  const [error, setError] = useState<string>();
  const tabs = doc.tabs.filter((t) => (t.tab.kind ?? 'table') === 'table');
  useEffect(() => {
    let live = true;
    (async () => {
      const headerCells = doc.sections.flatMap((x) => x.fields.map((f) => resolveColumn(doc.form.entity, { field: f.name }, '').cell));
      await Promise.all([...headerCells, ...tabs.flatMap((t) => t.columns.map((c) => c.cell))].map((c) => s.registries.cellRenderers.resolve(c)));
      const all = await Promise.all(tabs.map((t) => allRows(s, doc, t)));
      if (live) setLines(all);
    })().catch((e: unknown) => live && setError((e as Error).message));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once per opened view
  }, []);
  useEffect(() => {
    if (!lines) return;
    // After the sheet is painted with every line.
    const id = requestAnimationFrame(() => window.print());
    return () => cancelAnimationFrame(id);
  }, [lines]);
  useEffect(() => {
    const key = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [onClose]);
  const title = s.label(doc.title);
  return (
    <div className="print-view" data-testid="print-view" role="dialog" aria-modal="true" aria-label={title}>
      <div className="print-toolbar">
        <Button type="primary" disabled={!lines} onClick={() => window.print()} data-testid="print-again">
          {s.t('hzero.common.button.print', 'Print')}
        </Button>
        <Button onClick={onClose} data-testid="print-close">
          {s.t('hzero.common.button.close', 'Close')}
        </Button>
      </div>
      <h1>{title}</h1>
      {doc.sections.map(({ section, fields }, si) =>
        evaluateFlag(section.visible, doc.form.scope(), true) ? (
          <section key={si} className="print-section">
            {section.title && <h2>{s.label(section.title)}</h2>}
            <dl className="print-fields" style={{ gridTemplateColumns: `repeat(${section.columns ?? 3}, minmax(0, 1fr))` }}>
              {fields
                .filter((f) => doc.form.isVisible(f))
                .map((f) => {
                  const column = resolveColumn(doc.form.entity, { field: f.name, label: f.label }, '');
                  const Cell = s.registries.cellRenderers.peek(column.cell);
                  const value = doc.form.values[f.name];
                  return (
                    <div key={f.name} className="print-field" data-field={f.name} style={{ gridColumn: `span ${Math.min(f.span ?? 1, section.columns ?? 3)}` }}>
                      <dt>{s.label(f.label)}</dt>
                      <dd>{Cell ? createElement(Cell, { column, row: doc.form.values, value }) : String(value ?? '')}</dd>
                    </div>
                  );
                })}
            </dl>
          </section>
        ) : null,
      )}
      {error && <Alert type="error" role="alert" title={error} />}
      {!lines && !error && <Spin />}
      {lines &&
        tabs.map((t, i) => {
          const rows = lines[i]!;
          const spec = summarySpec(t.columns, t.tab.table?.summary);
          const totals = summaryValues(rows, spec, t.tab.table?.summaryWhere);
          const hasTotals = Object.keys(spec).length > 0;
          return (
            <section key={i}>
              <h2>{s.label(t.tab.title)}</h2>
              <table className="print-lines" data-testid="print-lines" data-entity={t.entity.name}>
                <thead>
                  <tr>
                    {t.columns.map((c) => (
                      <th key={c.field} className={isNumericCell(c.cell) ? 'num' : undefined}>
                        {s.label(c.label)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r, ri) => (
                    <tr key={String(r[t.entity.primaryKey] ?? ri)} data-testid="print-line" className={evaluateFlag(t.tab.table?.highlight, { record: r }, false) ? 'print-highlight' : undefined}>
                      {t.columns.map((c) => {
                        const Cell = s.registries.cellRenderers.peek(c.cell);
                        return (
                          <td key={c.field} data-column={c.field} className={isNumericCell(c.cell) ? 'num' : undefined}>
                            {Cell ? createElement(Cell, { column: c, row: r, value: r[c.field] }) : String(r[c.field] ?? '')}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
                {hasTotals && (
                  <tfoot>
                    <tr data-testid="print-totals">
                      {t.columns.map((c, ci) => (
                        <td key={c.field} data-column={c.field} className={isNumericCell(c.cell) ? 'num' : undefined}>
                          {ci === 0 && !spec[c.field] ? s.t('hzero.common.table.total', 'Total') : null}
                          {spec[c.field] ? <SummaryValue column={c} fn={spec[c.field]!} value={totals[c.field]} Cell={s.registries.cellRenderers.peek(c.cell)} /> : null}
                        </td>
                      ))}
                    </tr>
                  </tfoot>
                )}
              </table>
            </section>
          );
        })}
    </div>
  );
}

let closeOpen: (() => void) | undefined;

/** Mounts the print view over the app (its own root at the end of <body>, with the renderer's services); one at a time. */
export function openPrintView(s: RendererServices, doc: PrintDocument): void {
  closeOpen?.();
  const host = document.createElement('div');
  host.className = 'print-view-host';
  document.body.appendChild(host);
  const root = createRoot(host);
  const close = () => {
    if (closeOpen === close) closeOpen = undefined;
    root.unmount();
    host.remove();
  };
  closeOpen = close;
  root.render(createElement(RendererContext.Provider, { value: s }, createElement(PrintView, { doc, onClose: close })));
}
