import { Alert, Button, Card, Checkbox, Input, Progress, Space, Table, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { hiddenDownload } from '../../../renderer/actions/hidden-download.ts';
import { useServices } from '../../../renderer/runtime/services.ts';
import type { Screen } from '../../../renderer/schema/screen.ts';
import { type Batch, type Cell, type DataRow, himpApi, type TemplateInfo } from './himp-api.ts';

const STATUS_COLOR: Record<string, string> = { VALID_SUCCESS: 'green', IMPORT_SUCCESS: 'blue', VALID_FAILED: 'red', IMPORT_FAILED: 'red', ERROR: 'red', NEW: 'default' };
const PAGE_SIZE = 20;

/** The batch of the tab's address (`?batch=`), so a reload comes back to it. */
const batchFromUrl = () => new URLSearchParams(window.location.search).get('batch');
function rememberBatch(batch: string) {
  const u = new URL(window.location.href);
  u.searchParams.set('batch', batch);
  window.history.replaceState(window.history.state, '', u);
}

const shown = (v: Cell | undefined) => (v === null || v === undefined ? '' : typeof v === 'object' ? `=${v.formula}` : String(v));

/**
 * The import runtime of a template (`/himp/template/import/:code`): download the template, upload
 * a filled `.xlsx` or `.csv` (staged on the server as a batch), validate (each row's errors on the
 * row), fix rows in place, import the valid rows in the background (progress read from the server,
 * so a reload loses nothing) and download the rows with errors.
 */
export default function HimpImport(props: Record<string, unknown>) {
  const { screen, params } = props as { screen: Screen; params: Record<string, string> };
  const s = useServices();
  const code = params.code ?? '';
  const api = useMemo(() => himpApi(s, code), [s, code]);
  const [info, setInfo] = useState<TemplateInfo>();
  const [batch, setBatch] = useState<Batch | null>(null);
  const [rows, setRows] = useState<DataRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<{ id: number; data: Record<string, Cell> } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    void api.info().then(setInfo, (e: Error) => setProblem(e.message));
    const fromUrl = batchFromUrl();
    void (fromUrl ? api.status(fromUrl) : api.recent().then((b) => b[0] ?? null)).then(setBatch, () => setBatch(null));
  }, [api]);

  const [reload, setReload] = useState(0);
  useEffect(() => {
    if (!batch) return;
    let live = true;
    void api.rows(batch.batch, page, PAGE_SIZE, onlyErrors).then((r) => {
      if (!live) return;
      setRows(r.content);
      setTotal(r.totalElements);
    });
    return () => {
      live = false;
    };
  }, [api, batch, page, onlyErrors, reload]);

  // While the server checks or imports, its progress is read every second (a reload finds it again).
  const working = batch?.status === 'CHECKING' || batch?.status === 'IMPORTING';
  const batchKey = batch?.batch;
  useEffect(() => {
    if (!working || !batchKey) return;
    const timer = setInterval(() => void api.status(batchKey).then(setBatch), 1000);
    return () => clearInterval(timer);
  }, [api, working, batchKey]);

  const act = async (fn: () => Promise<Batch>) => {
    setBusy(true);
    try {
      const b = await fn();
      setBatch(b);
      rememberBatch(b.batch);
      setPage(0);
    } catch {
      /* told by the request layer */
    } finally {
      setBusy(false);
    }
  };
  const upload = (file: File) => void act(() => api.upload(file));
  const download = (path: string, query: Record<string, string> = {}) => hiddenDownload(`${api.base}${path}`, { ...query, access_token: s.accessToken() ?? '' });
  const saveRow = async (row: DataRow) => {
    if (!editing) return;
    setBusy(true);
    try {
      await api.save(row, editing.data);
      setEditing(null);
      setBatch(await api.status(batch!.batch));
      setReload((n) => n + 1);
    } catch {
      /* told by the request layer */
    } finally {
      setBusy(false);
    }
  };

  const sheet = info?.sheets[0];
  const columns = [
    { key: 'rowNumber', title: s.t('himp.data.model.rowNumber', 'Line'), dataIndex: 'rowNumber', width: 70 },
    ...(sheet?.columns ?? []).map((c) => ({
      key: c.columnCode,
      title: `${c.nullableFlag ? '' : '*'}${c.header}`,
      render: (_: unknown, r: DataRow) =>
        editing?.id === r.id ? (
          <Input size="small" aria-label={`${c.header} ${r.rowNumber}`} value={shown(editing.data[c.columnCode] ?? r.data[c.columnCode])} onChange={(e) => setEditing({ id: r.id, data: { ...editing.data, [c.columnCode]: e.target.value } })} />
        ) : (
          shown(r.data[c.columnCode])
        ),
    })),
    { key: 'dataStatus', title: s.t('himp.data.model.dataStatus', 'Row status'), width: 110, render: (_: unknown, r: DataRow) => <Tag color={STATUS_COLOR[r.dataStatus]}>{s.t(`himp.dataStatus.${r.dataStatus}`, r.dataStatus)}</Tag> },
    { key: 'errorMsg', title: s.t('himp.data.model.errorMsg', 'Errors'), render: (_: unknown, r: DataRow) => <span style={{ whiteSpace: 'pre-line', color: '#a8071a' }} data-testid={`himp-error-${r.rowNumber}`}>{r.errorMsg}</span> },
    {
      key: 'actions',
      title: '',
      width: 150,
      render: (_: unknown, r: DataRow) =>
        r.dataStatus === 'IMPORT_SUCCESS' || batch?.status === 'IMPORTING' ? null : editing?.id === r.id ? (
          <Space size={4}>
            <Button size="small" type="primary" loading={busy} onClick={() => void saveRow(r)} data-testid={`himp-save-${r.rowNumber}`}>{s.t('himp.import.saveRow', 'Save and check')}</Button>
            <Button size="small" onClick={() => setEditing(null)}>{s.t('hzero.common.button.cancel', 'Cancel')}</Button>
          </Space>
        ) : (
          <Button size="small" type="link" onClick={() => setEditing({ id: r.id, data: {} })} data-testid={`himp-fix-${r.rowNumber}`}>{s.t('himp.import.editRow', 'Fix')}</Button>
        ),
    },
  ];
  const valid = batch ? batch.totalCount - batch.errorCount - batch.importedCount : 0;
  return (
    <Card size="small" data-screen={screen.route} data-testid="himp-import" title={`${s.t('himp.import.title', 'Data import')} · ${info?.templateName ?? code}`}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {problem && <Alert type="error" message={problem} />}
        <Space wrap>
          <Button onClick={() => download(`/template/${encodeURIComponent(code)}/excel`)} data-testid="himp-template">{s.t('himp.template.button.download', 'Download template')}</Button>
          <label>
            {s.t('himp.import.upload', 'Upload .xlsx or .csv')}{' '}
            <input type="file" accept=".xlsx,.csv" data-testid="himp-file" disabled={busy} onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])} />
          </label>
          <Button disabled={!batch || busy || working || batch.status === 'IMPORTED'} onClick={() => void act(() => api.validate(batch!.batch))} data-testid="himp-validate">
            {s.t('himp.import.validate', 'Validate')}
          </Button>
          <Button type="primary" disabled={!batch || busy || batch.status !== 'CHECKED'} onClick={() => void act(() => api.run(batch!.batch))} data-testid="himp-run">
            {s.t('himp.import.import', 'Import valid rows')}
          </Button>
          <Button disabled={!batch || !batch.errorCount} onClick={() => download('/import/data/error-file', { templateCode: code, batch: batch!.batch })}>{s.t('himp.import.errorFile', 'Download rows with errors')}</Button>
          <Checkbox checked={onlyErrors} onChange={(e) => { setOnlyErrors(e.target.checked); setPage(0); }}>{s.t('himp.import.onlyErrors', 'Only rows with errors')}</Checkbox>
        </Space>
        {!batch && <Alert type="info" message={s.t('himp.import.noBatch', 'Upload a file to start: download the template, fill it in and upload it here.')} />}
        {batch && (
          <Alert
            type={batch.errorCount ? 'warning' : 'success'}
            data-testid="himp-summary"
            data-status={batch.status}
            message={`${batch.fileName ?? ''} · ${s.t(`himp.importStatus.${batch.status}`, batch.status)} · ${s.t('himp.import.summary', '{{total}} rows: {{valid}} valid, {{invalid}} with errors, {{imported}} imported', { total: batch.totalCount, valid: Math.max(0, valid), invalid: batch.errorCount, imported: batch.importedCount })}`}
          />
        )}
        {batch?.status === 'CHECKING' && <Progress percent={Math.round((100 * batch.checkedCount) / Math.max(1, batch.totalCount - batch.importedCount))} aria-label={s.t('himp.import.checkProgress', '{{done}} of {{total}} rows checked', { done: batch.checkedCount, total: batch.totalCount })} />}
        {batch?.status === 'IMPORTING' && <Progress percent={Math.round((100 * batch.importedCount) / Math.max(1, batch.totalCount - batch.errorCount))} aria-label={s.t('himp.import.progress', '{{done}} of {{total}} rows imported', { done: batch.importedCount, total: batch.totalCount })} />}
        {batch && (
          <Table<DataRow>
            size="small"
            rowKey="id"
            data-testid="himp-rows"
            dataSource={rows}
            columns={columns}
            scroll={{ x: 'max-content' }}
            pagination={{ current: page + 1, pageSize: PAGE_SIZE, total, onChange: (p) => setPage(p - 1), showSizeChanger: false }}
            onRow={(r) => ({ 'data-row': r.rowNumber }) as React.HTMLAttributes<HTMLElement>}
          />
        )}
      </Space>
    </Card>
  );
}
