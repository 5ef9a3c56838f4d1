import { Button, Form, Radio, Typography } from 'antd';
import { useState } from 'react';
import type { RendererServices } from '../contracts/services.ts';
import { apiOf, dialogsOf } from './context-needs.ts';
import { hiddenDownload } from './hidden-download.ts';
import { startProgress } from './progress.ts';
import type { ActionContext } from '../contracts/actions.ts';

interface Choice {
  format: 'csv' | 'xlsx';
  rows: 'all' | 'selected';
}

/**
 * Export as the platform does it: the person picks CSV or Excel (and, with rows selected, those
 * rows or the whole search), the list URL names its exportable columns (`exportType=COLUMN`) and
 * the visible ones are sent in their order; a hidden form submitted into a hidden frame carries
 * `access_token` and the query, so the browser saves the file as the server streams it.
 */
export default async function exportAction(ctx: ActionContext): Promise<void> {
  const s = ctx.services;
  const title = s.label(ctx.action.label, s.t('hzero.common.button.export', 'Export'));
  const key = ctx.entity?.primaryKey;
  const selected = key ? (ctx.selected ?? []).map((r) => r[key]).filter((v) => v !== undefined && v !== null) : [];
  const choice = await dialogsOf(ctx).open<Choice>({ title, width: 480, testId: 'export-dialog', render: (close) => <ExportChoice services={s} selected={selected.length} onDone={close} /> });
  if (!choice) return;
  // The browser writes the file as the server streams it and shows that itself; the notice covers the wait before.
  const progress = startProgress(s, title);
  const run = async () => {
    progress.update(0);
    try {
      const { url, columns } = await apiOf(ctx).exportColumns(ctx.action.url as string | undefined);
      const exportable = new Set(columns.map((c) => c.name));
      const visible = (ctx.columns ?? []).filter((c) => exportable.has(c));
      const params: Record<string, unknown> = {
        ...(ctx.query ?? {}),
        exportType: 'DATA',
        fillerType: 'single-sheet',
        format: choice.format,
        columns: (visible.length ? visible : columns.map((c) => c.name)).join(','),
        ids: choice.rows === 'selected' ? selected.join(',') : undefined,
        access_token: s.accessToken() ?? '',
      };
      hiddenDownload(url, params);
      progress.done(s.t('hzero.common.progress.exported', 'The export is downloading; the browser shows the file when it is saved.'));
    } catch (e) {
      progress.failed((e as Error).message, () => void run());
      throw e;
    }
  };
  await run();
}

function ExportChoice({ services: s, selected, onDone }: { services: RendererServices; selected: number; onDone(c?: Choice): void }) {
  const [choice, setChoice] = useState<Choice>({ format: 'xlsx', rows: selected ? 'selected' : 'all' });
  return (
    <Form layout="vertical" onFinish={() => onDone(choice)}>
      <Form.Item label={s.t('hzero.common.export.format', 'File format')}>
        <Radio.Group value={choice.format} onChange={(e) => setChoice({ ...choice, format: e.target.value as Choice['format'] })} aria-label={s.t('hzero.common.export.format', 'File format')}>
          <Radio value="xlsx">{s.t('hzero.common.export.xlsx', 'Excel (.xlsx)')}</Radio>
          <Radio value="csv">{s.t('hzero.common.export.csv', 'CSV (text)')}</Radio>
        </Radio.Group>
      </Form.Item>
      {selected > 0 && (
        <Form.Item label={s.t('hzero.common.export.rows', 'Rows')}>
          <Radio.Group value={choice.rows} onChange={(e) => setChoice({ ...choice, rows: e.target.value as Choice['rows'] })} aria-label={s.t('hzero.common.export.rows', 'Rows')}>
            <Radio value="selected">{s.t('hzero.common.export.selectedRows', 'The {{count}} selected rows', { count: selected })}</Radio>
            <Radio value="all">{s.t('hzero.common.export.allRows', 'Every row matching the current search')}</Radio>
          </Radio.Group>
        </Form.Item>
      )}
      <Typography.Paragraph type="secondary">{s.t('hzero.common.export.columns', 'The columns shown in the table are exported, in their order.')}</Typography.Paragraph>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={() => onDone()}>{s.t('hzero.common.button.cancel', 'Cancel')}</Button>
        <Button type="primary" htmlType="submit" data-testid="export-confirm">
          {s.t('hzero.common.button.export', 'Export')}
        </Button>
      </div>
    </Form>
  );
}
