import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { entityBase } from '../data/endpoints.ts';
import { fillUrl } from '../data/url-template.ts';
import type { RendererServices } from '../runtime/services.ts';
import { templateVars } from './template-vars.ts';
import type { ActionContext } from './types.ts';

/** The server's answer (server/resources/import-routes.ts). */
export interface ImportReport {
  total: number;
  imported: number;
  failed: number;
  ignoredColumns: string[];
  rows: Array<{ line: number; ok: boolean; id?: unknown; errors?: string[] }>;
}

/**
 * `{"type": "import"}` on a list's toolbar: pick a CSV (header = field names or their labels, as
 * the export writes them), upload it to `<entity path>/import` (or `url`), show the per-row
 * report (valid rows are created even when others fail), and refresh the list when the dialog closes.
 */
export default async function importAction(ctx: ActionContext): Promise<void> {
  const e = ctx.entity;
  if (!e && typeof ctx.action.url !== 'string') throw new Error('import needs the screen entity or "url"');
  const template = typeof ctx.action.url === 'string' ? ctx.action.url : `${entityBase(e!, ctx.services.siteMode)}/import`;
  const url = fillUrl(template, templateVars(ctx), { siteMode: ctx.services.siteMode });
  const s = ctx.services;
  let imported = 0;
  await new Promise<void>((resolve) => {
    const dialog = Modal.info({
      title: s.label(ctx.action.label, s.t('hzero.common.button.import', 'Import')),
      width: 640,
      icon: null,
      closable: true,
      footer: null,
      afterClose: resolve,
      content: <ImportDialog services={s} url={url} onImported={(n) => (imported += n)} onClose={() => dialog.destroy()} />,
    });
  });
  if (imported > 0) await ctx.refresh();
}

function ImportDialog({ services: s, url, onImported, onClose }: { services: RendererServices; url: string; onImported(n: number): void; onClose(): void }) {
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport>();
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const fd = new FormData();
      fd.append('file', file, file.name);
      const r = await s.request<ImportReport>(url, { method: 'POST', body: fd });
      setReport(r);
      onImported(r.imported);
    } catch {
      /* the request layer has told the user */
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
