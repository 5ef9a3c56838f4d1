import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import type { EntityApi, ImportReport } from '../contracts/entity-api.ts';
import type { RendererServices } from '../contracts/services.ts';
import { fillUrl } from '../data/url-template.ts';
import { apiOf, dialogsOf } from './context-needs.ts';
import { startProgress } from './progress.ts';
import { reportError } from './report-error.ts';
import { templateVars } from './template-vars.ts';
import type { ActionContext } from '../contracts/actions.ts';

export type { ImportReport };

/**
 * `{"type": "import"}` on a list's toolbar: pick a CSV (header = field names or their labels, as
 * the export writes them), upload it to `<entity path>/import` (or `url`), show the per-row
 * report (valid rows are created even when others fail), and refresh the list when the dialog closes.
 */
export default async function importAction(ctx: ActionContext): Promise<void> {
  const url = typeof ctx.action.url === 'string' ? ctx.action.url : undefined;
  if (!ctx.entity && !url) throw new Error('import needs the screen entity or "url"');
  const dialogs = dialogsOf(ctx);
  const api = ctx.entity ? apiOf(ctx, { vars: templateVars(ctx) }) : undefined;
  const s = ctx.services;
  // The list refreshes as soon as rows are in, even when the dialog was closed during the upload.
  const onImported = (n: number) => {
    if (n > 0) void ctx.refresh();
  };
  await dialogs.open({
    title: s.label(ctx.action.label, s.t('hzero.common.button.import', 'Import')),
    width: 640,
    render: (close) => <ImportDialog services={s} upload={(file) => (api ? api.importFile(file, url) : uploadTo(s, url!, templateVars(ctx), file))} onImported={onImported} onClose={() => close()} />,
  });
}

/** An import to an explicit URL on a screen without an entity. */
async function uploadTo(s: RendererServices, template: string, vars: Record<string, unknown>, file: File): Promise<ImportReport> {
  const fd = new FormData();
  fd.append('file', file, file.name);
  return s.request<ImportReport>(fillUrl(template, vars, { siteMode: s.siteMode }), { method: 'POST', body: fd });
}

function ImportDialog({ services: s, upload: send, onImported, onClose }: { services: RendererServices; upload: EntityApi['importFile']; onImported(n: number): void; onClose(): void }) {
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport>();
  // The dialog may be closed while a large file is read: the notice stays and says how it ended.
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    const progress = startProgress(s, `${s.t('hzero.common.button.import', 'Import')}: ${file.name}`);
    progress.update(0);
    try {
      const r = await send(file);
      setReport(r);
      onImported(r.imported);
      progress.done(s.t('hzero.common.import.summary', '{{imported}} of {{total}} rows imported, {{failed}} failed', { imported: r.imported, total: r.total, failed: r.failed }));
    } catch (e) {
      progress.failed((e as Error).message, () => void upload());
      reportError(s, e, 'import');
    } finally {
      setBusy(false);
    }
  };
  const failed = report?.rows.filter((r) => !r.ok) ?? [];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="import-dialog">
      <Upload
        accept=".csv,text/csv"
        maxCount={1}
        beforeUpload={(f) => {
          setFile(f);
          setReport(undefined);
          return false;
        }}
        onRemove={() => setFile(undefined)}
        fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
      >
        <Button icon={<UploadOutlined />}>{s.t('hzero.common.import.pickFile', 'Choose a CSV file')}</Button>
      </Upload>
      {report && (
        <div data-testid="import-report">
          <Alert
            type={report.failed ? 'warning' : 'success'}
            showIcon
            title={s.t('hzero.common.import.summary', '{{imported}} of {{total}} rows imported, {{failed}} failed', { imported: report.imported, total: report.total, failed: report.failed })}
          />
          {report.ignoredColumns.length > 0 && (
            <div style={{ marginTop: 8 }}>{s.t('hzero.common.import.ignored', 'Columns ignored: {{columns}}', { columns: report.ignoredColumns.join(', ') })}</div>
          )}
          {failed.length > 0 && (
            <Table
              style={{ marginTop: 8 }}
              size="small"
              rowKey="line"
              pagination={failed.length > 10 ? { pageSize: 10 } : false}
              dataSource={failed}
              columns={[
                { title: s.t('hzero.common.import.line', 'Line'), dataIndex: 'line', width: 70 },
                { title: s.t('hzero.common.import.errors', 'Problems'), dataIndex: 'errors', render: (errs: string[] | undefined) => (errs ?? []).join('; ') },
              ]}
            />
          )}
        </div>
      )}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onClose}>{s.t('hzero.common.button.close', 'Close')}</Button>
        <Button type="primary" disabled={!file} loading={busy} onClick={() => void upload()} data-testid="import-submit">
          {s.t('hzero.common.button.import', 'Import')}
        </Button>
      </div>
    </Space>
  );
}
