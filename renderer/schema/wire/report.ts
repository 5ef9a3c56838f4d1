/**
 * The report engine's calls (server/modules/hrpt, read by src/custom/hrpt): one declaration of
 * each shape for both sides.
 */

/** A declared parameter of a data set (`:name` in its SQL). */
export interface ReportParamDef {
  name: string;
  /** A text key or a literal caption. */
  text?: string;
  dataType: 'string' | 'integer' | 'float' | 'date';
  isRequired?: boolean | number;
  defaultValue?: string | null;
  /** A value set the value must belong to: the viewer offers its values, the server checks. */
  lovCode?: string | null;
}

/** A column of a report: D dimension (a category), S statistic (a figure), L plain listed value. */
export interface ReportColumnDef {
  name: string;
  /** A text key of schemas/i18n or a literal caption. */
  text?: string;
  type?: 'D' | 'S' | 'L';
  format?: 'money' | 'number' | 'integer' | 'percent' | 'date' | 'datetime' | 'text';
  total?: boolean;
  hidden?: boolean;
}

/** A column of a run's answer: as declared, with what its values are. */
export type ReportDataColumn = ReportColumnDef & { dataType: 'number' | 'string' };

/** A run's answer: figures and totals as exact decimal text. */
export interface ReportDataWire {
  columns: ReportDataColumn[];
  rows: Array<Record<string, unknown>>;
  totals: Record<string, string>;
  truncated: boolean;
}

/** A report as the viewer reads it (`GET …/reports/{id}`; the statement stays on the server). */
export interface ReportDefWire {
  reportId: number;
  reportCode: string;
  reportName: string;
  reportTypeCode: 'ST' | 'T' | 'C';
  chartType: 'bar' | 'line' | 'pie' | null;
  params: ReportParamDef[];
}

/** A print layout of a report. */
export interface PrintTemplateWire {
  templateId: number;
  templateCode: string;
  templateName: string;
  templateTypeCode: string;
  lang: string | null;
}
