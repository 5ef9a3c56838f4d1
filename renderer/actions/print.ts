import type { EntityDecl, EntityField } from '../schema/entity.ts';
import type { Label } from '../schema/label.ts';
import type { ActionContext } from '../contracts/actions.ts';
import { meaningOf } from '../schema/meaning.ts';

const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Fields that read on paper: declared, not secret, not JSON, rich text or attachments. */
const printable = (f: EntityField) => !f.private && !['json', 'richtext', 'attachment'].includes(f.type) && f.label !== undefined;

const SHEET_CSS = `body{font:13px/1.5 -apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;margin:24px;color:#000}
h1{font-size:18px;margin:0 0 12px}table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f0f0f0;width:30%}.page button,.page .ant-pagination,.page [data-testid=toolbar],.page [data-testid=search-form],.page input[type=checkbox]{display:none!important}`;

/** The printed sheet of one record: its labelled, printable fields with display values (meanings, not codes). */
export function recordSheet(entity: EntityDecl, rec: Record<string, unknown>, title: string, label: (l: EntityField['label']) => string): string {
  const rows = entity.fields
    .filter(printable)
    .map((f) => `<tr><th>${esc(label(f.label))}</th><td>${esc(rec[meaningOf(f.name)] ?? rec[f.name])}</td></tr>`)
    .join('');
  return `<h1>${esc(title)}</h1><table data-print="record">${rows}</table>`;
}

/**
 * `{"type": "print"}`: on a detail page the print view of the document (print/PrintView.tsx: its
 * header fields, every line of its line tabs with their totals, rendered by the page's own field
 * widgets and cells, then the browser's print dialog, which also saves a PDF); on a row a sheet of
 * its labelled fields with display values (meanings, not codes); on a list's toolbar the page as
 * shown (search form, buttons and paging left out). Sheets are written into a hidden frame that
 * prints itself, so the app stays as it was.
 */
export default async function print(ctx: ActionContext): Promise<void> {
  const s = ctx.services;
  if (ctx.document) {
    // A detail page: the whole document (header, every line, totals) in the print view, its own chunk.
    const { openPrintView } = await import('../print/PrintView.tsx');
    openPrintView(s, { ...ctx.document, title: (ctx.action.title as Label | undefined) ?? ctx.document.title });
    return;
  }
  const title = ctx.entity?.label ? s.label(ctx.entity.label) : document.title;
  let body: string;
  if (ctx.record && ctx.entity) {
    body = recordSheet(ctx.entity, ctx.record, title, (l) => s.label(l));
  } else {
    // The visible screen of the active tab; other tabs' screens stay mounted but hidden.
    const screen = [...document.querySelectorAll<HTMLElement>('[data-screen]')].find((el) => el.offsetParent !== null || el.getClientRects().length > 0);
    body = `<h1>${esc(title)}</h1><div class="page">${screen?.outerHTML ?? ''}</div>`;
  }
  // The app's own styles (antd writes them into <style> tags) so a page prints as it looks.
  const styles = [...document.querySelectorAll('style, link[rel="stylesheet"]')].map((n) => n.outerHTML).join('');
  const frame = document.createElement('iframe');
  frame.setAttribute('data-testid', 'print-frame');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0';
  document.body.appendChild(frame);
  const doc = frame.contentDocument!;
  doc.open();
  doc.write(`<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title>${styles}<style>${SHEET_CSS}</style></head><body>${body}</body></html>`);
  doc.close();
  frame.contentWindow?.focus();
  frame.contentWindow?.print();
  // print() blocks until the dialog closes in most browsers; the frame goes after that.
  setTimeout(() => frame.remove(), 1000);
}
