// The .xlsx encoder of an export, run in its own thread by export-xlsx.ts (plain JavaScript: a
// worker's entry file is not compiled by tsx or by the tests' loader).
//
// Why a thread: exceljs' streaming writer and its zip allocate much short-lived garbage per row.
// On the server's main heap V8 promotes it and lets the old generation grow by hundreds of MB
// before collecting it (RSS +300 MB for 100,000 orders while the live heap stays ~11 MB); in a
// thread whose heap is capped by `resourceLimits` it is collected as it goes.
//
// Messages in: {type:'rows', rows: cell[][]} (cells already typed), {type:'end'}, {type:'ack', bytes}.
// Messages out: {type:'more'} (ready for the next batch), {type:'data', chunk}, {type:'done'}, {type:'error', message}.
// Only the streaming writer, not the whole library (its reader, jszip, unzipper): each module a
// thread loads is memory of its own (exceljs entire ≈ 30 MB RSS per thread, the writer ≈ 21).
import WorkbookWriter from 'exceljs/lib/stream/xlsx/workbook-writer.js';
import { PassThrough } from 'node:stream';
import { clearTimeout, setTimeout } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';

/** What the sheet may run ahead of the compressor, and the file ahead of the response's reader. */
const BACKLOG_BYTES = 256 * 1024;

const port = parentPort;
const { sheetName, columns } = workerData;

const out = new PassThrough();
// Bytes posted to the main thread that its response has not yet taken.
let unacked = 0;
let acked = () => {};
out.on('data', (chunk) => {
  // A copy of its own, so the transfer never detaches a pooled buffer the zip still uses.
  const copy = new Uint8Array(chunk);
  unacked += copy.byteLength;
  port.postMessage({ type: 'data', chunk: copy }, [copy.buffer]);
});
out.on('end', () => port.postMessage({ type: 'done' }));

// Inline strings: a shared-string table is held in memory until the end (≈ 600 MB at 100,000 rows).
const wb = new WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
const ws = wb.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
ws.columns = columns;
ws.getRow(1).font = { bold: true };

/**
 * Waits until the compressor and the response have taken what the sheet wrote. exceljs' sheet
 * stream never says "wait" (its writes ignore the zip's backpressure), so without this the rows
 * outrun the deflater and pile up in memory.
 */
async function caughtUp() {
  // The zip's input is a readable-stream v2 PassThrough: its queue length is in `_writableState`.
  for (const target of ws.stream.pipes ?? []) {
    const queued = () => target.writableLength ?? target._writableState?.length ?? 0;
    // 'drain' comes once a refused write has been taken; the timer covers a queue that never refused one.
    while (queued() > BACKLOG_BYTES) {
      await new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          target.off('drain', done);
          resolve();
        };
        const timer = setTimeout(done, 20);
        target.once('drain', done);
      });
    }
  }
  while (unacked > BACKLOG_BYTES) await new Promise((resolve) => (acked = resolve));
}

/** Only what typedCell (export-xlsx.ts) makes; anything else is a caller's bug, not a cell to guess. */
function checked(v) {
  if (v === null || typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' || v instanceof Date) return v;
  throw new Error(`a cell of type ${Array.isArray(v) ? 'array' : typeof v} cannot be written`);
}

async function addRows(rows) {
  for (let i = 0; i < rows.length; i++) {
    ws.addRow(rows[i].map(checked)).commit();
    if (i % 500 === 499) await caughtUp();
  }
  await caughtUp();
  port.postMessage({ type: 'more' });
}

async function finish() {
  ws.commit();
  await wb.commit();
}

const fail = (err) => port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });

port.on('message', (m) => {
  if (m.type === 'ack') {
    unacked -= m.bytes;
    if (unacked <= BACKLOG_BYTES) acked();
  } else if (m.type === 'rows') addRows(m.rows).catch(fail);
  else if (m.type === 'end') finish().catch(fail);
});
port.postMessage({ type: 'more' });
