import ExcelJS from 'exceljs';
import { headerOf, type ImportTemplate } from './template.ts';

/** Rows a template's drop-downs and formats cover below the header. */
const TEMPLATE_ROWS = 1000;

const colLetter = (n: number) => {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
};

/**
 * The downloadable template of an import: one sheet per template sheet, headers in the reader's
 * language (required ones marked `*` and red), value-set columns with a drop-down of the set's
 * meanings (kept on a hidden sheet, so long sets fit), date and number columns formatted.
 */
export async function templateWorkbook(t: ImportTemplate, lang: string, valueSets: Map<string, Array<{ value: string; meaning: string }>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'himp';
  // Drop-down values live on a hidden last sheet, so the data sheets keep the template's sheet numbers.
  const lists = new Map<string, string>();
  [...valueSets].forEach(([code, values], i) => lists.set(code, `lists!$${colLetter(i + 1)}$1:$${colLetter(i + 1)}$${Math.max(1, values.length)}`));
  for (const sheet of t.sheets) {
    const ws = wb.addWorksheet(sheet.sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: sheet.startLine - 1 }] });
    const headerRow = ws.getRow(sheet.startLine - 1);
    sheet.columns.forEach((c, i) => {
      const cell = headerRow.getCell(i + 1);
      cell.value = `${c.nullableFlag ? '' : '*'}${headerOf(c, lang)}`;
      cell.font = { bold: true, color: { argb: c.nullableFlag ? 'FF000000' : 'FFCC0000' } };
      const col = ws.getColumn(i + 1);
      col.width = Math.max(12, String(cell.value).length * 2 + 2);
      if (c.columnType === 'Date') col.numFmt = (c.formatMask ?? 'yyyy-MM-dd').replace(/M/g, 'm');
      if (c.columnType === 'String') col.numFmt = '@';
      const list = c.validateSet ? lists.get(c.validateSet) : undefined;
      for (let r = sheet.startLine; r < sheet.startLine + TEMPLATE_ROWS; r++) {
        const target = ws.getCell(r, i + 1);
        if (list) target.dataValidation = { type: 'list', allowBlank: !!c.nullableFlag, formulae: [list], showErrorMessage: true };
        else if (c.columnType === 'Long') target.dataValidation = { type: 'whole', operator: 'between', allowBlank: true, formulae: [c.minValue ?? -1e15, c.maxValue ?? 1e15] };
        else if (c.columnType === 'Decimal') target.dataValidation = { type: 'decimal', operator: 'between', allowBlank: true, formulae: [c.minValue ?? -1e15, c.maxValue ?? 1e15] };
      }
    });
  }
  const hidden = wb.addWorksheet('lists', { state: 'veryHidden' });
  [...valueSets.values()].forEach((values, col) => values.forEach((v, row) => (hidden.getCell(row + 1, col + 1).value = v.meaning)));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
