import { Readable } from 'node:stream';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import { isNumericType } from '../../renderer/schema/types/field-types.ts';

type Row = Record<string, unknown>;

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
 * The writer thread's heap: exceljs keeps only the current row and the zip's window live, so a
 * small cap costs nothing and makes V8 collect its garbage as it goes (see xlsx-writer-thread.mjs).
 */
const THREAD_LIMITS = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 };

/**
 * Most text one post to the thread carries: a page of 2,000 wide rows (60 columns of 200
 * characters ≈ 24 MB) would not fit the thread's heap at once, so a page goes over in slices.
 */
const POST_CHARS = 1024 * 1024;

/** Roughly what a typed row weighs in the thread: its text, and a little per cell. */
const rowChars = (cells: unknown[]) => cells.reduce<number>((n, v) => n + 8 + (typeof v === 'string' ? v.length : 0), 0);

export interface XlsxStreamOptions {
  /** What a cell shows of a row (default: the row's value under the column's name). */
  value?: (c: SheetColumn, row: Row) => unknown;
  /** The writer thread's heap limits (the tests make it fail with a tiny one). */
  threadLimits?: ResourceLimits;
}

type ThreadMessage = { type: 'more' } | { type: 'done' } | { type: 'data'; chunk: Uint8Array } | { type: 'error'; message: string };

/**
 * Streams rows as a one-sheet `.xlsx` with exceljs' streaming writer, in a thread of its own: the
 * rows are typed here and posted in batches; the file comes back chunk by chunk. Backpressure
 * holds end to end: the thread asks for the next batch only once the response's reader has taken
 * what it wrote, so a long export never holds the workbook (or its garbage) in memory. Values must
 * already be what the cell shows (value-set meanings, not codes); text is never a formula (cells
 * are written as inline strings, never as formulas).
 */
export function xlsxStream(
  sheetName: string,
  columns: SheetColumn[],
  rows: AsyncIterable<Row[]>,
  offsetMinutes: number,
  opts: XlsxStreamOptions = {},
): Readable {
  const value = opts.value ?? ((c: SheetColumn, row: Row) => row[c.name]);
  const source = rows[Symbol.asyncIterator]();
  const worker = new Worker(new URL('./xlsx-writer-thread.mjs', import.meta.url), {
    workerData: {
      // Sheet names are at most 31 characters and never hold []:*?/\.
      sheetName: sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1',
      columns: columns.map((c) => ({ header: c.title, key: c.name, width: Math.min(40, Math.max(10, c.title.length * 2 + 2)), style: numFmt(c) ? { numFmt: numFmt(c) } : {} })),
    },
    resourceLimits: opts.threadLimits ?? THREAD_LIMITS,
  });
  let finished = false;
  // Bytes handed to the response that the thread has not been told about (its reader was full).
  let owed = 0;
  const out = new Readable({
    read() {
      if (owed) worker.postMessage({ type: 'ack', bytes: owed });
      owed = 0;
    },
    destroy(err, callback) {
      // A failed or abandoned download stops the thread and the page reads.
      void worker.terminate();
      source.return?.().catch(() => undefined);
      callback(err);
    },
  });
  // The typed rows of the current page not yet posted; a slice of at most POST_CHARS goes per request.
  let typed: unknown[][] = [];
  const post = () => {
    let n = 0;
    for (let chars = 0; n < typed.length && (n === 0 || chars < POST_CHARS); n++) chars += rowChars(typed[n]!);
    const rows = n === typed.length ? typed : typed.slice(0, n);
    typed = n === typed.length ? [] : typed.slice(n);
    worker.postMessage({ type: 'rows', rows });
  };
  const fail = (message: string) => out.destroy(new Error(`The .xlsx export failed: ${message}`));
  worker.on('message', (m: ThreadMessage) => {
    if (m.type === 'data') {
      const chunk = Buffer.from(m.chunk.buffer, m.chunk.byteOffset, m.chunk.byteLength);
      if (out.push(chunk)) worker.postMessage({ type: 'ack', bytes: chunk.length });
      else owed += chunk.length;
    } else if (m.type === 'more') {
      if (typed.length) post();
      else
        source.next().then(
          (next) => {
            if (out.destroyed) return;
            if (next.done) return worker.postMessage({ type: 'end' });
            typed = next.value.map((r) => columns.map((c) => typedCell(c, value(c, r), offsetMinutes)));
            post();
          },
          (err: unknown) => out.destroy(err as Error),
        );
    } else if (m.type === 'done') {
      finished = true;
      out.push(null);
      void worker.terminate();
    } else fail(m.message);
  });
  worker.on('error', (err) => fail(err.message));
  worker.on('exit', (code) => {
    if (!finished && !out.destroyed) fail(`the writer thread stopped (exit code ${code})`);
  });
  return out;
}
