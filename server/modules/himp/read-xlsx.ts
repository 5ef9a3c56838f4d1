import { Worker } from 'node:worker_threads';
import type { StagedCell } from './validate-row.ts';

/** A non-empty line of a sheet: its number in the file and its cells. */
export type Line = { line: number; cells: StagedCell[] };

/**
 * The reading thread's heap (see xlsx-reader-thread.mjs): the streaming reader keeps the shared
 * strings, a chunk of the zip and one chunk of lines live (≈ 22 MB for 50,000 rows of unique
 * text), so a small cap leaves room for that and makes V8 collect the rest as it goes.
 */
const THREAD_LIMITS = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 };

type ThreadMessage = { type: 'lines'; sheet: number; lines: Line[] } | { type: 'done'; sheets: number[] } | { type: 'error'; message: string };

/**
 * Reads the wanted sheets (by tab index) of a workbook in a thread of its own, handing their
 * non-empty lines to `onLines` chunk by chunk as they are parsed; answers the indexes of the
 * wanted sheets the workbook has. A throw from `onLines` stops the reading and rejects with it.
 */
export function readXlsx(data: Buffer, wanted: number[], onLines: (sheet: number, lines: Line[]) => void): Promise<number[]> {
  return new Promise((resolve, reject) => {
    let settled = false;
    // A copy of the file's bytes, moved to the thread rather than cloned a second time.
    const bytes = new Uint8Array(data);
    const worker = new Worker(new URL('./xlsx-reader-thread.mjs', import.meta.url), { workerData: { data: bytes, sheets: wanted }, transferList: [bytes.buffer], resourceLimits: THREAD_LIMITS });
    const settle = (err: Error | undefined, found?: number[]) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      if (err) reject(err);
      else resolve(found!);
    };
    worker.on('message', (m: ThreadMessage) => {
      if (settled) return;
      if (m.type === 'lines') {
        try {
          onLines(m.sheet, m.lines);
        } catch (err) {
          settle(err as Error);
        }
      } else if (m.type === 'done') settle(undefined, m.sheets);
      else settle(new Error(m.message));
    });
    worker.on('error', settle);
    worker.on('exit', (code) => settle(new Error(`the reading thread stopped (exit code ${code})`)));
  });
}
