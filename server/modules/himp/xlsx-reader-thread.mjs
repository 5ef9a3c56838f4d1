// Reads the lines of an uploaded .xlsx in its own thread, for read-file.ts (plain JavaScript: a
// worker's entry file is not compiled by tsx or by the tests' loader).
//
// Why a thread and a streaming reader: loading the whole workbook builds a cell object per cell
// and leaves V8 hundreds of MB of garbage on the server's heap (RSS +211 MB for 50,000 rows).
// exceljs' WorkbookReader parses the sheets row by row, and in a thread whose heap is capped by
// `resourceLimits` its garbage is collected as it goes; only the lines' plain values come back.
//
// workerData: {data: Uint8Array, sheets: number[]} (the sheet indexes wanted, in tab order).
// Messages out: {type:'lines', sheet, lines: [{line, cells}]} in chunks, then {type:'done', sheets: number[]} (those found),
// or {type:'error', message}.
// Only the streaming reader, not the whole library (its writer, archiver, jszip): each module a
// thread loads is memory of its own (exceljs entire ≈ 30 MB RSS per thread, the reader ≈ 24).
import WorkbookReader from 'exceljs/lib/stream/xlsx/workbook-reader.js';
import { Buffer } from 'node:buffer';
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';

const CHUNK = 1000;
const port = parentPort;
const pad = (n) => String(n).padStart(2, '0');

/** An Excel cell as a staged value: dates as `YYYY-MM-DD` (a date-only sheet has no zone), formulas kept as such so the row says so. */
function excelCell(v) {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`;
  if (typeof v === 'number' || typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'object') {
    if ('formula' in v || 'sharedFormula' in v) return { formula: String(v.formula ?? v.sharedFormula ?? '') };
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    if ('error' in v) return String(v.error);
  }
  return String(v);
}

async function read() {
  const wanted = new Set(workerData.sheets);
  const found = [];
  const data = Buffer.from(workerData.data.buffer, workerData.data.byteOffset, workerData.data.byteLength);
  // Styles are read so that date-formatted numbers come back as dates, as a full load gives them.
  const reader = new WorkbookReader(Readable.from([data]), { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
  for await (const ws of reader) {
    // The sheet's place among the workbook's tabs, as a loaded workbook's `worksheets[i]` counts them.
    const index = (reader.model?.sheets ?? []).findIndex((s) => s.id === ws.id);
    const keep = wanted.has(index);
    if (keep) found.push(index);
    let lines = [];
    // Every sheet is read through, kept or not: the zip is one stream.
    for await (const row of ws) {
      if (!keep || !row.hasValues) continue;
      const cells = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cells[col - 1] = excelCell(cell.value);
      });
      lines.push({ line: row.number, cells: Array.from(cells, (c) => c ?? null) });
      if (lines.length >= CHUNK) {
        port.postMessage({ type: 'lines', sheet: index, lines });
        lines = [];
      }
    }
    if (lines.length) port.postMessage({ type: 'lines', sheet: index, lines });
  }
  port.postMessage({ type: 'done', sheets: found });
}

read().catch((err) => port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) }));
