import ExcelJS from 'exceljs';
import { badRequest } from '../../http/errors.ts';
import { parseCsv } from '../../resources/import-csv.ts';
import { headerOf, type ImportSheet, type ImportTemplate } from './template.ts';
import type { StagedCell } from './validate-row.ts';

/** A data row of an uploaded sheet: the file's line number and its cells by column code. */
export interface FileRow {
  sheetIndex: number;
  rowNumber: number;
  data: Record<string, StagedCell>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An Excel cell as a staged value: dates as `YYYY-MM-DD` (a date-only sheet has no zone), formulas kept as such so the row says so. */
function excelCell(v: ExcelJS.CellValue): StagedCell {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`;
  if (typeof v === 'number' || typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'object') {
    if ('formula' in v || 'sharedFormula' in v) return { formula: String((v as { formula?: string; sharedFormula?: string }).formula ?? (v as { sharedFormula?: string }).sharedFormula ?? '') };
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String((v as { text: unknown }).text);
    if ('error' in v) return String((v as { error: unknown }).error);
  }
  return String(v as unknown);
}

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

function rowsOf(sheet: ImportSheet, lines: Array<{ line: number; cells: StagedCell[] }>, limit: number): FileRow[] {
  const headerLine = lines.find((l) => l.line === sheet.startLine - 1) ?? lines[0];
  if (!headerLine) throw badRequest(`Sheet "${sheet.sheetName}" is empty`);
  const index = headerIndex(sheet, headerLine.cells.map((c) => (c === null ? '' : typeof c === 'object' ? '' : String(c))));
  const data = lines.filter((l) => l.line > headerLine.line && l.cells.some((c) => c !== null && c !== ''));
  if (data.length > limit) throw badRequest(`Sheet "${sheet.sheetName}" has ${data.length} rows; this template takes at most ${limit} per file`);
  return data.map((l) => ({ sheetIndex: sheet.sheetIndex, rowNumber: l.line, data: Object.fromEntries([...index].map(([i, code]) => [code, l.cells[i] ?? null])) }));
}

const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/**
 * The data rows of an uploaded `.xlsx` (each template sheet by its index) or `.csv` (the first
 * sheet only). Anything else, a broken workbook, missing required columns or too many rows is a
 * 400 naming the problem; cell-level problems are left to the rows' validation.
 */
export async function readUpload(template: ImportTemplate, fileName: string, data: Buffer): Promise<FileRow[]> {
  if (!template.sheets.length) throw badRequest(`Template ${template.templateCode} has no enabled sheet`);
  if (isZip(data)) {
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(data as unknown as ArrayBuffer);
    } catch {
      throw badRequest(`${fileName} is not a readable .xlsx workbook`);
    }
    return template.sheets.flatMap((sheet) => {
      const ws = wb.worksheets[sheet.sheetIndex];
      if (!ws) throw badRequest(`The workbook has no sheet ${sheet.sheetIndex + 1} ("${sheet.sheetName}")`);
      const lines: Array<{ line: number; cells: StagedCell[] }> = [];
      ws.eachRow({ includeEmpty: false }, (row, n) => {
        const cells: StagedCell[] = [];
        row.eachCell({ includeEmpty: true }, (cell, col) => {
          cells[col - 1] = excelCell(cell.value);
        });
        lines.push({ line: n, cells: Array.from(cells, (c) => c ?? null) });
      });
      return rowsOf(sheet, lines, template.maxRows);
    });
  }
  const text = data.toString('utf8');
  if (!/\.csv$/i.test(fileName) || text.includes('\u0000') || text.includes('\uFFFD')) throw badRequest(`${fileName} is not a spreadsheet: upload the .xlsx template or a UTF-8 .csv`);
  const sheet = template.sheets[0]!;
  return rowsOf(sheet, parseCsv(text).map((r) => ({ line: r.line, cells: r.cells })), template.maxRows);
}
