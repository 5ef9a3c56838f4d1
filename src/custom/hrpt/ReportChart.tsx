import { useEffect, useState } from 'react';
import { useServices } from '../../../renderer/runtime/services.ts';
import { EChart } from '../ops-charts/EChart.tsx';
import { chartOption, defaultParams, loadReport, type ReportData, type ReportDef } from './report-api.ts';
import type { ViewerColumn } from './report-format.ts';

/**
 * A report's chart on a dashboard card (`"kind": "component", "component": "HrptReportChart",
 * "props": {"reportCode": …}`): the report run with its default parameters, drawn small. The
 * server decides, as for the report screen, whether the role may run it and what rows it sees; a
 * report not granted to the role says so in the card.
 */
export default function ReportChart({ reportCode }: { reportCode?: string }) {
  const s = useServices();
  const base = s.siteMode ? '/hrpt/v1' : `/hrpt/v1/${s.user.tenantId}`;
  const [run, setRun] = useState<{ def: ReportDef; data: ReportData } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    (async () => {
      const def = await loadReport(s, base, reportCode ?? '');
      const data = await s.request<ReportData>(`${base}/reports/${def.reportId}/data`, { method: 'POST', body: { params: defaultParams(def) }, silent: true });
      if (live) setRun({ def, data });
    })().catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [s, base, reportCode]);
  if (error) return <span className="dash-empty">{error}</span>;
  if (!run) return null;
  const caption = (c: ViewerColumn) => (c.text ? s.t(c.text, c.text) : c.name);
  const option = chartOption(run.def, run.data, run.data.columns.filter((c) => !c.hidden), caption, true);
  if (!option || !run.data.rows.length) return <span className="dash-empty">{s.t('hzero.common.message.empty', 'No data')}</span>;
  const name = s.t(run.def.reportName, run.def.reportName);
  return <EChart option={option} height={240} label={s.t('hrpt.viewer.chart', 'Chart of {{name}}', { name })} testId="dash-report-chart" />;
}
