import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { isNumericType } from '../../renderer/schema/types/field-types.ts';

type Row = Record<string, unknown>;

/** What the sheet may run ahead of the compressor and of the response. */
const BACKLOG_BYTES = 256 * 1024;

/** A column of a sheet: its title and how its cells are typed. */
export interface SheetColumn {
  name: string;
  title: string;
  /** The entity field type (`integer`, `money`, `date`, `datetime`, `string`…). */
  type: string;
  /** Decimal places of number cells, when declared. */
  precision?: number;
}

/** Minutes east of UTC of a zone as the platform names them (`GMT+8`, `UTC-3:30`); 0 for anything else. */
export function zoneOffsetMinutes(zone: string | null | undefined): number {
  const m = /^(?:GMT|UTC)([+-])(\d{1,2})(?::?(\d{2}))?$/.exec((zone || 'GMT+8').trim());
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/;

/**
 * A cell value of the field's type. Spreadsheet dates carry no zone: a date-time is written as
 * the wall time of the reader's zone (what the list shows), a date as the calendar day.
 */
export function typedCell(c: Pick<SheetColumn, 'type'>, v: unknown, offsetMinutes: number): unknown {
  if (v === null || v === undefined || v === '') return null;
  if (isNumericType(c.type)) {
    const n = typeof v === 'number' ? v : Number(v);
    return Number.isFinite(n) ? n : String(v);
  }
  if (c.type === 'date' || c.type === 'datetime') {
    const m = DATE_RE.exec(String(v));
    if (!m) return String(v);
    const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
    return new Date(c.type === 'datetime' ? utc + offsetMinutes * 60_000 : utc);
  }
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function numFmt(c: SheetColumn): string | undefined {
  if (c.type === 'date') return 'yyyy-mm-dd';
  if (c.type === 'datetime') return 'yyyy-mm-dd hh:mm:ss';
  if (c.type === 'money') return `#,##0.${'0'.repeat(c.precision ?? 2)}`;
  if (c.type === 'percent') return `0.${'0'.repeat(c.precision ?? 2)}`;
  if (c.type === 'number' && c.precision !== undefined) return c.precision ? `0.${'0'.repeat(c.precision)}` : '0';
  return undefined;
}

/**
 * Waits until the compressor and the response have taken what the sheet wrote. exceljs' sheet
 * stream never says "wait" (its writes ignore the zip's backpressure), so without this the rows
 * of a fast database outrun the deflater and pile up in memory (≈ 170 MB at 100,000 rows).
 */
async function caughtUp(ws: ExcelJS.Worksheet, out: PassThrough): Promise<void> {
  // The zip's input is a readable-stream v2 PassThrough: its queue length is in `_writableState`.
  const pipes = ((ws as unknown as { stream: { pipes?: Writable[] } }).stream.pipes ?? []) as Writable[];
  const queued = (w: Writable) => w.writableLength ?? (w as unknown as { _writableState?: { length: number } })._writableState?.length ?? 0;
  for (const target of [...pipes, out]) {
    // 'drain' comes once a refused write has been taken; the timer covers a queue that never refused one.
    while (queued(target) > BACKLOG_BYTES) {
      const stop = new AbortController();
      await Promise.race([once(target, 'drain', { signal: stop.signal }).catch(() => undefined), delay(20)]);
      stop.abort();
    }
  }
}

/**
 * Streams rows as a one-sheet `.xlsx` with exceljs' streaming writer: each row is committed as it
 * arrives, so a long export never holds the workbook in memory. Values must already be what the
 * cell shows (value-set meanings, not codes); text is never a formula (exceljs writes strings as
 * shared strings, never as formulas).
 */
export function xlsxStream(sheetName: string, columns: SheetColumn[], rows: AsyncIterable<Row[]>, offsetMinutes: number): Readable {
  const out = new PassThrough();
  // Inline strings: a shared-string table is held in memory until the end (≈ 600 MB at 100,000 rows).
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  // Sheet names are at most 31 characters and never hold []:*?/\.
  const ws = wb.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({ header: c.title, key: c.name, width: Math.min(40, Math.max(10, c.title.length * 2 + 2)), style: numFmt(c) ? { numFmt: numFmt(c) } : {} }));
  ws.getRow(1).font = { bold: true };
  void (async () => {
    try {
      for await (const batch of rows) {
        for (let i = 0; i < batch.length; i++) {
          ws.addRow(columns.map((c) => typedCell(c, batch[i]![c.name], offsetMinutes))).commit();
          if (i % 500 === 499) await caughtUp(ws, out);
        }
        await caughtUp(ws, out);
      }
      ws.commit();
      await wb.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
