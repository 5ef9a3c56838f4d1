import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';

/** One column of an import sheet, as the template declares it (HZERO `TemplateLine`). */
export interface ImportColumn {
  columnIndex: number;
  columnCode: string;
  columnName: string;
  columnNameEn: string | null;
  columnType: 'String' | 'Long' | 'Decimal' | 'Date' | 'Multi';
  formatMask: string | null;
  length: number | null;
  minValue: number | null;
  maxValue: number | null;
  validateSet: string | null;
  regularExpression: string | null;
  nullableFlag: number;
}

export interface ImportSheet {
  sheetId: number;
  sheetIndex: number;
  sheetName: string;
  /** The entity the rows become. */
  tableName: string;
  startLine: number;
  columns: ImportColumn[];
}

export interface ImportTemplate {
  templateId: number;
  templateCode: string;
  templateName: string;
  templateType: string;
  prefixPatch: string;
  maxRows: number;
  sheets: ImportSheet[];
}

/** A column's header in a language: the English header when asked for and set, else the declared one. */
export const headerOf = (c: ImportColumn, lang: string): string => (lang === 'en_US' && c.columnNameEn ? c.columnNameEn : c.columnName);

/** An enabled template of the tenant with its enabled sheets and columns; 404 when there is none. */
export async function loadTemplate(db: Queryable, tenantId: number, code: string): Promise<ImportTemplate> {
  const h = await db.query<Omit<ImportTemplate, 'sheets'>>(
    `select template_id::float8 as "templateId", template_code as "templateCode", template_name as "templateName", template_type as "templateType",
            coalesce(prefix_patch, '/himp') as "prefixPatch", coalesce(max_rows, 1000)::float8 as "maxRows"
       from himp_template_header where tenant_id = $1 and template_code = $2 and enabled_flag = 1`,
    [tenantId, code],
  );
  const header = h.rows[0];
  if (!header) throw notFound(`No enabled import template ${code.slice(0, 60)}`);
  const sheets = await db.query<Omit<ImportSheet, 'columns'>>(
    `select sheet_id::float8 as "sheetId", sheet_index::float8 as "sheetIndex", sheet_name as "sheetName", table_name as "tableName", coalesce(start_line, 2)::float8 as "startLine"
       from himp_template_target where tenant_id = $1 and template_id = $2 and enabled_flag = 1 order by sheet_index`,
    [tenantId, header.templateId],
  );
  const cols = await db.query<ImportColumn & { sheetId: number }>(
    `select sheet_id::float8 as "sheetId", column_index::float8 as "columnIndex", column_code as "columnCode", column_name as "columnName", column_name_en as "columnNameEn",
            column_type as "columnType", format_mask as "formatMask", length::float8 as length, min_value::float8 as "minValue", max_value::float8 as "maxValue",
            validate_set as "validateSet", regular_expression as "regularExpression", coalesce(nullable_flag, 1)::float8 as "nullableFlag"
       from himp_template_line where tenant_id = $1 and sheet_id = any($2::bigint[]) and enabled_flag = 1 order by column_index`,
    [tenantId, sheets.rows.map((s) => s.sheetId)],
  );
  return {
    ...header,
    sheets: sheets.rows.map((s) => ({ ...s, columns: cols.rows.filter((c) => c.sheetId === s.sheetId).map(({ sheetId: _s, ...c }) => c) })),
  };
}
