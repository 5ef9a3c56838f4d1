import { Alert, Button, Card, Space, Tag } from 'antd';
import Papa from 'papaparse';
import { useMemo, useState } from 'react';
import { useServices } from '../../../renderer/runtime/services.ts';
import type { Screen } from '../../../renderer/schema/screen.ts';
import { ComparisonMatrix } from '../../../renderer/widgets/comparison-matrix/ComparisonMatrix.tsx';
import { type OfflineRow, rfxApi, rfxIdFromQuery, type StagedRow } from './rfx-api.ts';

const COLUMNS = ['supplier', 'lineNum', 'unitPrice', 'taxRate', 'deliveryDate', 'remark'] as const;

/**
 * Offline quotation results of an RFx (`…/data-import/:code?rfxId=`, `…/import/:code?rfxId=`):
 * a CSV file (header row: supplier, lineNum, unitPrice, taxRate, deliveryDate, remark) read with
 * papaparse, every cell kept as text so prices reach the server exactly as written; the server
 * stages the rows and answers each one's errors; the valid rows are then imported as quotations in
 * one transaction.
 */
export default function OfflineImport(props: Record<string, unknown>) {
  const { screen, params } = props as { screen: Screen; params: Record<string, string> };
  const s = useServices();
  const api = useMemo(() => rfxApi(s), [s]);
  const rfxId = rfxIdFromQuery();
  const [rows, setRows] = useState<OfflineRow[]>([]);
  const [staged, setStaged] = useState<StagedRow[] | null>(null);
  const [imported, setImported] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!rfxId) return <Alert type="info" data-screen={screen.route} message={s.t('ssrc.offline.pick', 'Open the import from an RFx (offline result entry → the RFx → Import).')} />;
  const read = (file: File) => {
    setProblem(null);
    setStaged(null);
    setImported(null);
    Papa.parse<Record<string, string>>(file, {
      header: true,
      skipEmptyLines: 'greedy',
      dynamicTyping: false,
      transformHeader: (h) => h.trim(),
      complete: (res) => {
        const missing = ['supplier', 'lineNum', 'unitPrice'].filter((c) => !res.meta.fields?.includes(c));
        if (missing.length) {
          setProblem(s.t('ssrc.offline.columns', 'The file needs the columns {columns}', { columns: missing.join(', ') }));
          return;
        }
        const next = res.data.map((r) => Object.fromEntries(COLUMNS.filter((c) => r[c] !== undefined && r[c] !== '').map((c) => [c, String(r[c])])) as OfflineRow);
        setRows(next);
        setBusy(true);
        api.stageOffline(rfxId, next).then(
          (v) => setStaged(v.rows),
          () => undefined,
        ).finally(() => setBusy(false));
      },
      error: (e) => setProblem(e.message),
    });
  };
  const run = async () => {
    setBusy(true);
    try {
      const r = await api.importOffline(rfxId, rows);
      setStaged(r.rows);
      setImported(r.imported);
      s.notify.success(s.t('ssrc.offline.imported', '{count} rows imported', { count: r.imported }));
    } catch {
      /* told by the request layer */
    } finally {
      setBusy(false);
    }
  };
  const valid = staged?.filter((r) => r.valid).length ?? 0;
  return (
    <Card size="small" data-screen={screen.route} data-testid="offline-import" title={`${s.t('ssrc.offline.title', 'Import offline quotation results')} · ${params.code ?? ''}`}
      extra={<Button type="primary" disabled={!valid || busy || imported !== null} loading={busy} onClick={() => void run()} data-testid="offline-import-run">{s.t('ssrc.offline.run', 'Import the valid rows')}</Button>}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <label>
          {s.t('ssrc.offline.file', 'CSV file (supplier, lineNum, unitPrice, taxRate, deliveryDate, remark)')}{' '}
          <input type="file" accept=".csv,text/csv" data-testid="offline-file" onChange={(e) => e.target.files?.[0] && read(e.target.files[0])} />
        </label>
        {problem && <Alert type="error" message={problem} />}
        {staged && (
          <Alert type={valid === staged.length ? 'success' : 'warning'} data-testid="offline-summary"
            message={imported !== null ? s.t('ssrc.offline.done', '{imported} of {total} rows imported', { imported, total: staged.length }) : s.t('ssrc.offline.checked', '{valid} of {total} rows are valid', { valid, total: staged.length })} />
        )}
        {staged && (
          <ComparisonMatrix
            testId="offline-rows"
            rows={staged.map((r) => ({ key: r.row, head: `${r.row}` }))}
            columns={[...COLUMNS.map((c) => ({ key: c, title: s.t(`ssrc.offline.column.${c}`, c) })), { key: 'result', title: s.t('ssrc.offline.result', 'Result') }]}
            corner={s.t('ssrc.offline.row', 'Row')}
            cell={(r, c) => {
              const st = staged.find((x) => x.row === r.key)!;
              if (c.key !== 'result') return rows[st.row - 1]?.[c.key as keyof OfflineRow] ?? '';
              return st.valid ? <Tag color="green">{s.t('ssrc.offline.valid', 'Valid')}</Tag> : <span data-testid={`offline-error-${st.row}`} style={{ color: '#a8071a' }}>{st.errors.map((e) => e.message).join('; ')}</span>;
            }}
          />
        )}
      </Space>
    </Card>
  );
}
