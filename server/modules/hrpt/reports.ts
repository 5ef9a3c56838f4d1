import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import type { ReportColumnDef, ReportDataWire, ReportDefWire } from '../../../renderer/schema/wire/report.ts';
import type { AuthContext, ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { holdsAnyRoute } from '../../resources/permissions.ts';
import { fieldError, type ParamDef, runDataSet, type RunResult, totalsOf } from './run.ts';

type Row = Record<string, unknown>;

export type ReportColumn = ReportColumnDef;

/** A report as the server holds it: what the viewer reads, plus its columns, statement and limits. */
export interface ReportDef extends ReportDefWire {
  columns: ReportColumn[];
  limitRows: number;
  datasetId: number;
  sqlText: string;
}

/** A JSON list from a text column; anything else is the author's mistake, named by field. */
export function parseList<T>(text: unknown, field: string): T[] {
  if (text === null || text === undefined || String(text).trim() === '') return [];
  let v: unknown;
  try {
    v = JSON.parse(String(text));
  } catch (e) {
    throw fieldError(field, `${field}: not valid JSON (${(e as Error).message})`);
  }
  if (!Array.isArray(v) || v.some((x) => !x || typeof x !== 'object' || typeof (x as Row).name !== 'string')) throw fieldError(field, `${field}: must be a JSON list of objects with a "name"`);
  return v as T[];
}

/** The parameter declarations of a data set, checked (names, types). */
export function parseParamDefs(text: unknown): ParamDef[] {
  const defs = parseList<ParamDef>(text, 'paramDefs');
  for (const d of defs) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(d.name)) throw fieldError('paramDefs', `paramDefs: "${d.name}" is not a parameter name`);
    if (!['string', 'integer', 'float', 'date'].includes(d.dataType)) throw fieldError('paramDefs', `paramDefs: ${d.name} has no dataType string, integer, float or date`);
  }
  return defs;
}

/** The report (enabled, in the tenant) with its data set; 404 otherwise. */
export async function loadReport(db: Queryable, tenantId: number, reportId: number): Promise<ReportDef> {
  const r = (
    await db.query<Row>(
      `select r.report_id as "reportId", r.report_code as "reportCode", r.report_name as "reportName", r.report_type_code as "reportTypeCode",
              r.chart_type as "chartType", r.columns_def as "columnsDef", r.limit_rows as "limitRows", r.role_codes as "roleCodes",
              d.dataset_id as "datasetId", d.sql_text as "sqlText", d.param_defs as "paramDefs"
         from hrpt_report r join hrpt_dataset d on d.dataset_id = r.dataset_id and d.tenant_id = r.tenant_id and coalesce(d.enabled_flag, 1) = 1
        where r.report_id = $1 and r.tenant_id = $2 and coalesce(r.enabled_flag, 1) = 1`,
      [reportId, tenantId],
    )
  ).rows[0];
  if (!r) throw notFound(`Report ${reportId} does not exist or is disabled`);
  return {
    reportId: Number(r.reportId),
    reportCode: String(r.reportCode),
    reportName: String(r.reportName),
    reportTypeCode: (r.reportTypeCode as ReportDef['reportTypeCode']) ?? 'ST',
    chartType: (r.chartType as ReportDef['chartType']) ?? null,
    columns: parseList<ReportColumn>(r.columnsDef, 'columnsDef'),
    params: parseParamDefs(r.paramDefs),
    limitRows: Number(r.limitRows ?? 1000),
    datasetId: Number(r.datasetId),
    sqlText: String(r.sqlText),
  };
}

/** Who may run a report: the roles it names, and whoever may define reports (they hold the definition menu). */
export async function mayRun(db: Queryable, auth: AuthContext, roleCodes: unknown): Promise<boolean> {
  if (auth.roleLevel === 'site') return true;
  const codes = String(roleCodes ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (codes.includes(auth.roleCode)) return true;
  return holdsAnyRoute(db, auth.roleId, ['/hrpt/report-definition/list']);
}

export async function checkGrant(db: Queryable, auth: AuthContext, tenantId: number, reportId: number): Promise<void> {
  const r = (await db.query<{ codes: string | null }>('select role_codes as codes from hrpt_report where report_id = $1 and tenant_id = $2', [reportId, tenantId])).rows[0];
  if (!r) throw notFound(`Report ${reportId} does not exist`);
  if (!(await mayRun(db, auth, r.codes))) throw forbidden(`Your role ${auth.roleCode} is not granted report ${reportId}`);
}

/** The reports the caller may run, in their order: of one tenant, or of every tenant for a site role on a site path (null). */
export async function grantedReports(db: Queryable, auth: AuthContext, tenantId: number | null): Promise<Row[]> {
  const rows = (
    await db.query<Row>(
      `select report_id as "reportId", report_code as "reportCode", report_name as "reportName", report_type_code as "reportTypeCode",
              chart_type as "chartType", remark, role_codes as "roleCodes"
         from hrpt_report where ($1::bigint is null or tenant_id = $1) and coalesce(enabled_flag, 1) = 1 order by tenant_id, order_seq, report_code`,
      [tenantId],
    )
  ).rows;
  const admin = auth.roleLevel === 'site' || (await holdsAnyRoute(db, auth.roleId, ['/hrpt/report-definition/list']));
  return rows
    .filter((r) => admin || String(r.roleCodes ?? '').split(',').map((s) => s.trim()).includes(auth.roleCode))
    .map(({ roleCodes: _r, ...rest }) => rest);
}

export type ReportData = ReportDataWire;

/** Cross table: first dimension down, second across, the first statistic summed exactly in the cells. */
function pivot(def: ReportDef, rows: Row[]): { columns: ReportData['columns']; rows: Row[] } {
  const dims = def.columns.filter((c) => c.type === 'D');
  const stat = def.columns.find((c) => c.type === 'S');
  if (dims.length < 2 || !stat) throw fieldError('columnsDef', 'columnsDef: a cross table needs two D columns and one S column');
  const [down, across] = [dims[0]!, dims[1]!];
  const keys = [...new Set(rows.map((r) => String(r[across.name] ?? '')))].sort();
  const out = new Map<string, Record<string, Decimal | string>>();
  for (const r of rows) {
    const k = String(r[down.name] ?? '');
    const line = out.get(k) ?? { [down.name]: k };
    const col = String(r[across.name] ?? '');
    const v = r[stat.name];
    if (v !== null && v !== undefined && v !== '') line[col] = ((line[col] as Decimal | undefined) ?? new Decimal(0)).plus(String(v));
    out.set(k, line);
  }
  return {
    columns: [{ ...down, dataType: 'string' }, ...keys.map((k) => ({ name: k, text: k, type: 'S' as const, format: stat.format, total: true, dataType: 'number' as const }))],
    rows: [...out.values()].map((l) => Object.fromEntries(Object.entries(l).map(([k, v]) => [k, v instanceof Decimal ? v.toFixed() : v]))),
  };
}

/** Runs a report for the caller's tenant: its data set with the given parameters, shaped by its columns. */
export async function reportData(ctx: ServerContext, tenantId: number, def: ReportDef, params: Row, limit = def.limitRows): Promise<ReportData> {
  return shapeReport(def, await runDataSet(ctx.db, tenantId, def.sqlText, def.params, params, limit));
}

/** A data set's result as the report shows it: the declared columns in their order (or the cross table), with totals. */
export function shapeReport(def: ReportDef, res: RunResult): ReportData {
  let columns: ReportData['columns'];
  let rows = res.rows;
  if (def.reportTypeCode === 'T') {
    ({ columns, rows } = pivot(def, rows));
  } else {
    const declared = new Map(def.columns.map((c) => [c.name, c]));
    columns = res.columns.map((c) => ({ ...(declared.get(c.name) ?? { name: c.name }), dataType: c.dataType }));
    if (def.columns.length) columns.sort((a, b) => (declared.has(a.name) ? def.columns.indexOf(declared.get(a.name)!) : 999) - (declared.has(b.name) ? def.columns.indexOf(declared.get(b.name)!) : 999));
  }
  const totals = totalsOf(rows, columns.filter((c) => c.total).map((c) => c.name));
  return { columns, rows, totals, truncated: res.truncated };
}

/** The report as a workbook: captions in the caller's language, figures as numbers, a totals line. */
export async function reportWorkbook(def: ReportDef, data: ReportData, caption: (text: string) => string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(def.reportCode.slice(0, 31));
  const cols = data.columns.filter((c) => !c.hidden);
  ws.columns = cols.map((c) => ({ header: caption(c.text ?? c.name), key: c.name, width: 20 }));
  for (const r of data.rows) ws.addRow(Object.fromEntries(cols.map((c) => [c.name, c.dataType === 'number' && r[c.name] !== null && r[c.name] !== undefined ? Number(r[c.name]) : r[c.name]])));
  if (Object.keys(data.totals).length) ws.addRow(Object.fromEntries(cols.map((c, i) => [c.name, c.name in data.totals ? Number(data.totals[c.name]) : i === 0 ? caption('hrpt.viewer.total') : null]))).font = { bold: true };
  ws.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
