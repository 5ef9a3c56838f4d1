import type { EChartsCoreOption } from 'echarts/core';
import type { RendererServices } from '../../../renderer/contracts/services.ts';
import type { PrintTemplateWire, ReportDataWire, ReportDefWire, ReportParamDef } from '../../../renderer/schema/wire/report.ts';
import type { ViewerColumn } from './report-format.ts';

type Row = Record<string, unknown>;

/** A report's parameters and definition as the server answers them (renderer/schema/wire/report.ts). */
export type ParamDef = ReportParamDef;
export type ReportDef = ReportDefWire;
export type ReportData = ReportDataWire;
export type PrintTemplate = PrintTemplateWire;

/** A report by its id, or by its code among the reports granted to the caller's role. */
export async function loadReport(s: RendererServices, base: string, idOrCode: number | string): Promise<ReportDef> {
  let id = idOrCode;
  if (typeof idOrCode === 'string') {
    // The list searches codes by fragment: the exact code among what it finds.
    const list = await s.request<{ content: Array<{ reportId: number; reportCode: string }> }>(`${base}/reports`, { query: { reportCode: idOrCode, size: 100 } });
    const hit = list.content.find((r) => r.reportCode === idOrCode);
    if (!hit) throw new Error(s.t('hrpt.viewer.notGranted', 'This report is not granted to your role'));
    id = hit.reportId;
  }
  return s.request<ReportDef>(`${base}/reports/${id}`);
}

/** The defaults of a report's parameters: what its first run, and a dashboard card, run it with. */
export const defaultParams = (d: ReportDef): Row => Object.fromEntries(d.params.filter((p) => p.defaultValue !== undefined && p.defaultValue !== null && p.defaultValue !== '').map((p) => [p.name, p.defaultValue]));

/**
 * The chart of a report's rows: the first dimension column along the axis (or the slices of a
 * pie), its summed figures as series (up to 4; 12 for a cross table). Null when there is nothing to draw.
 */
export function chartOption(def: ReportDef, data: ReportData, shown: ViewerColumn[], caption: (c: ViewerColumn) => string, compact = false): EChartsCoreOption | null {
  if (!shown.length || !def.chartType) return null;
  const x = shown.find((c) => c.type === 'D') ?? shown[0]!;
  const figures = shown.filter((c) => c !== x && c.dataType === 'number' && (c.type === 'S' || c.type === undefined)).slice(0, def.reportTypeCode === 'T' ? 12 : compact ? 2 : 4);
  const cats = data.rows.map((r) => String(r[x.name] ?? ''));
  if (def.chartType === 'pie') {
    const f = figures[0];
    return f ? { tooltip: { trigger: 'item' }, legend: { bottom: 0, type: 'scroll' }, series: [{ type: 'pie', radius: compact ? '55%' : '60%', data: data.rows.map((r, i) => ({ name: cats[i], value: Number(r[f.name] ?? 0) })) }] } : null;
  }
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0, type: 'scroll' },
    grid: compact ? { left: 56, right: 12, top: 12, bottom: 56 } : { left: 64, right: 24, top: 24, bottom: 72 },
    xAxis: { type: 'category', data: cats, axisLabel: { interval: compact ? 'auto' : 0, rotate: cats.length > 6 ? 30 : 0 } },
    yAxis: { type: 'value' },
    series: figures.map((f) => ({ name: caption(f), type: def.chartType ?? 'bar', data: data.rows.map((r) => (r[f.name] === null || r[f.name] === undefined ? null : Number(r[f.name]))) })),
  };
}
