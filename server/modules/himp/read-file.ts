import { badRequest, HttpError } from '../../http/errors.ts';
import { parseCsv } from '../../resources/import-csv.ts';
import { headerOf, type ImportSheet, type ImportTemplate } from './template.ts';
import { type Line, readXlsx } from './read-xlsx.ts';
import type { StagedCell } from './validate-row.ts';

/** Header cell → column code: the header in either language or the code, case and spaces aside. */
function headerIndex(sheet: ImportSheet, header: string[]): Map<number, string> {
  const byText = new Map<string, string>();
  for (const c of sheet.columns) for (const t of [c.columnCode, headerOf(c, 'zh_CN'), headerOf(c, 'en_US')]) byText.set(t.trim().toLowerCase(), c.columnCode);
  const out = new Map<number, string>();
  // A required header is marked with a leading `*` in the template.
  header.forEach((h, i) => {
    const code = byText.get(h.replace(/^\*\s*/, '').trim().toLowerCase());
    if (code) out.set(i, code);
  });
  const missing = sheet.columns.filter((c) => !c.nullableFlag && ![...out.values()].includes(c.columnCode));
  if (missing.length) throw badRequest(`Sheet "${sheet.sheetName}" lacks the required column(s): ${missing.map((c) => headerOf(c, 'en_US')).join(', ')}`);
  if (!out.size) throw badRequest(`Sheet "${sheet.sheetName}": no header cell names a column of the template`);
  return out;
}

/** Rows staged per chunk of JSON text (one insert statement each). */
const CHUNK = 1000;

/**
 * The data rows of one sheet as its lines come in, in order: the header is the line before the
 * template's start line (or else the first line); every non-empty line after it is a row. Rows are
 * kept as JSON text (a fraction of the memory of the objects) in the shape the staging insert
 * reads: `[{s: sheet index, n: line, d: {column code: cell}}]`. Past the template's limit rows are
 * only counted, so the error can say how many the sheet has.
 */
class SheetRows {
  readonly chunks: string[] = [];
  count = 0;
  private pending: Line[] = [];
  private header?: Line;
  private index?: Array<[number, string]>;
  private buffer: Array<{ s: number; n: number; d: Record<string, StagedCell> }> = [];

  constructor(
    private readonly sheet: ImportSheet,
    private readonly limit: number,
  ) {}

  add(lines: Line[]): void {
    for (const l of lines) {
      if (this.header) this.row(l);
      else {
        this.pending.push(l);
        // Lines come in order: the start line's header is this one, or there is none and the first line is.
        if (l.line >= this.sheet.startLine - 1) this.resolve(l.line === this.sheet.startLine - 1 ? l : this.pending[0]!);
      }
    }
  }

  end(): void {
    if (!this.header) {
      if (!this.pending.length) throw badRequest(`Sheet "${this.sheet.sheetName}" is empty`);
      this.resolve(this.pending[0]!);
    }
    if (this.count > this.limit) throw badRequest(`Sheet "${this.sheet.sheetName}" has ${this.count} rows; this template takes at most ${this.limit} per file`);
    this.flush();
  }

  private resolve(header: Line): void {
    this.header = header;
    this.index = [...headerIndex(this.sheet, header.cells.map((c) => (c === null ? '' : typeof c === 'object' ? '' : String(c))))];
    const rest = this.pending;
    this.pending = [];
    for (const l of rest) if (l.line > header.line) this.row(l);
  }

  private row(l: Line): void {
    if (!l.cells.some((c) => c !== null && c !== '')) return;
    if (++this.count > this.limit) return;
    this.buffer.push({ s: this.sheet.sheetIndex, n: l.line, d: Object.fromEntries(this.index!.map(([i, code]) => [code, l.cells[i] ?? null])) });
    if (this.buffer.length >= CHUNK) this.flush();
  }

  private flush(): void {
    if (this.buffer.length) this.chunks.push(JSON.stringify(this.buffer));
    this.buffer = [];
  }
}

/** The staged rows of an upload: how many, and as JSON chunks for `jsonb_to_recordset` (sheet after sheet in the template's order). */
export interface StagedRows {
  count: number;
  chunks: string[];
}

const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/**
 * The data rows of an uploaded `.xlsx` (each template sheet by its index, read as a stream in a
 * thread of its own) or `.csv` (the first sheet only). Anything else, a broken workbook, missing
 * required columns or too many rows is a 400 naming the problem; cell-level problems are left to
 * the rows' validation.
 */
export async function readUpload(template: ImportTemplate, fileName: string, data: Buffer): Promise<StagedRows> {
  if (!template.sheets.length) throw badRequest(`Template ${template.templateCode} has no enabled sheet`);
  const sheets = new Map(template.sheets.map((s) => [s.sheetIndex, new SheetRows(s, template.maxRows)]));
  const staged = () => {
    const all = template.sheets.map((s) => sheets.get(s.sheetIndex)!);
    return { count: all.reduce((n, r) => n + r.count, 0), chunks: all.flatMap((r) => r.chunks) };
  };
  if (isZip(data)) {
    let found: number[];
    try {
      found = await readXlsx(data, [...sheets.keys()], (sheet, lines) => sheets.get(sheet)?.add(lines));
    } catch (err) {
      // The rows' own problems (a missing column) say so; anything else is the file's.
      if (err instanceof HttpError) throw err;
      if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw new HttpError(413, 'error.import.tooLarge', `${fileName} needs more memory to read than an upload may take: split it into smaller files`);
      throw badRequest(`${fileName} is not a readable .xlsx workbook`);
    }
    for (const sheet of template.sheets) {
      if (!found.includes(sheet.sheetIndex)) throw badRequest(`The workbook has no sheet ${sheet.sheetIndex + 1} ("${sheet.sheetName}")`);
      sheets.get(sheet.sheetIndex)!.end();
    }
    return staged();
  }
  const text = data.toString('utf8');
  if (!/\.csv$/i.test(fileName) || text.includes('\u0000') || text.includes('\uFFFD')) throw badRequest(`${fileName} is not a spreadsheet: upload the .xlsx template or a UTF-8 .csv`);
  const first = sheets.get(template.sheets[0]!.sheetIndex)!;
  first.add(parseCsv(text));
  first.end();
  return { count: first.count, chunks: first.chunks };
}
