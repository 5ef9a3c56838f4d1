import { Alert, Button, Card, Input, Popconfirm, Select, Space, Spin, Table } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useServices } from '../../../../renderer/runtime/services.ts';
import type { Screen } from '../../../../renderer/schema/screen.ts';
import { InstancePanels } from './InstancePanels.tsx';
import { PersonPicker } from './PersonPicker.tsx';
import { type InstanceView, workflowApi } from './workflow-api.ts';

/**
 * An instance as its initiator, a participant, a copied person or an administrator sees it. The
 * initiator may recall it while no approver has acted, or revoke it while it runs; the monitor
 * (`monitor` prop) suspends, resumes, terminates, jumps to a node, reassigns open tasks and
 * retries a failed step. The server checks every one of these again.
 */
export default function WorkflowInstanceDetail(props: Record<string, unknown>) {
  const { params, monitor, screen } = props as { params: Record<string, string>; monitor?: boolean; screen: Screen };
  const s = useServices();
  const api = useMemo(() => workflowApi(s), [s]);
  const [view, setView] = useState<InstanceView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [target, setTarget] = useState<string | undefined>();
  const [reassignTo, setReassignTo] = useState<Record<number, number | undefined>>({});
  const load = useCallback(() => api.instance(params.id!).then(setView, (e: Error) => setError(e.message)), [api, params.id]);
  useEffect(() => void load(), [load]);
  if (error) return <Alert type="error" showIcon title={error} />;
  if (!view) return <Spin />;
  const id = view.instance.instanceId;
  const run = (label: string, call: () => Promise<unknown>) => async () => {
    try {
      await call();
      s.notify.success(label);
      setComment('');
    } catch {
      /* told by the request layer */
    }
    await load();
  };
  const status = view.instance.statusCode;
  const admin = monitor && view.admin;
  const open = view.tasks.filter((t) => t.statusCode === 'PENDING' || t.statusCode === 'WAITING');
  const t = (k: string, f: string) => s.t(k, f);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="wfl-instance" data-screen={screen.route} data-status={status}>
      {(view.canRecall || view.canRevoke || admin) && (
        <Card size="small" data-testid="wfl-instance-actions">
          <Space wrap>
            <Input aria-label={t('hwfl.detail.comment', 'Comment')} placeholder={t('hwfl.detail.comment', 'Comment')} value={comment} onChange={(e) => setComment(e.target.value)} style={{ width: 280 }} />
            {view.canRecall && (
              <Button onClick={() => void run(t('hwfl.action.RECALL', 'Recall'), () => api.recall(id, comment || undefined))()} data-testid="wfl-recall">
                {t('hwfl.action.RECALL', 'Recall')}
              </Button>
            )}
            {view.canRevoke && (
              <Popconfirm title={t('hwfl.action.REVOKE', 'Revoke')} onConfirm={run(t('hwfl.action.REVOKE', 'Revoke'), () => api.revoke(id, comment || undefined))}>
                <Button danger data-testid="wfl-revoke">{t('hwfl.action.REVOKE', 'Revoke')}</Button>
              </Popconfirm>
            )}
            {admin && status === 'RUNNING' && <Button onClick={() => void run(t('hwfl.monitor.button.suspend', 'Suspend'), () => api.control(id, 'suspend', comment || undefined))()} data-testid="wfl-suspend">{t('hwfl.monitor.button.suspend', 'Suspend')}</Button>}
            {admin && status === 'SUSPENDED' && <Button onClick={() => void run(t('hwfl.monitor.button.resume', 'Resume'), () => api.control(id, 'active', comment || undefined))()} data-testid="wfl-resume">{t('hwfl.monitor.button.resume', 'Resume')}</Button>}
            {admin && status === 'EXCEPTION' && <Button onClick={() => void run(t('hwfl.monitor.button.retry', 'Retry'), () => api.retry(id))()} data-testid="wfl-retry">{t('hwfl.monitor.button.retry', 'Retry')}</Button>}
            {admin && status !== 'ENDED' && (
              <Popconfirm title={t('hwfl.monitor.confirm.terminate', 'Terminate this approval?')} onConfirm={run(t('hwfl.monitor.button.terminate', 'Terminate'), () => api.control(id, 'end', comment || undefined))}>
                <Button danger data-testid="wfl-terminate">{t('hwfl.monitor.button.terminate', 'Terminate')}</Button>
              </Popconfirm>
            )}
            {admin && (status === 'RUNNING' || status === 'EXCEPTION') && (
              <>
                <Select aria-label={t('hwfl.detail.jumpTarget', 'Node to jump to')} placeholder={t('hwfl.detail.jumpTarget', 'Node to jump to')} value={target} onChange={setTarget} style={{ width: 200 }} data-testid="wfl-jump-target" options={view.userTasks.map((u) => ({ value: u.id, label: u.name }))} />
                <Button disabled={!target} onClick={() => void run(t('hwfl.monitor.button.jump', 'Jump to node'), () => api.jump(id, target!, comment || undefined))()} data-testid="wfl-jump">
                  {t('hwfl.monitor.button.jump', 'Jump to node')}
                </Button>
              </>
            )}
          </Space>
          {admin && open.length > 0 && (
            <Table
              style={{ marginTop: 12 }}
              size="small"
              rowKey="taskId"
              pagination={false}
              dataSource={open}
              title={() => t('hwfl.detail.openTasks', 'Open tasks')}
              columns={[
                { title: t('hwfl.common.model.name', 'Node'), dataIndex: 'name' },
                { title: t('hwfl.common.model.assigneeName', 'Assignee'), dataIndex: 'assigneeName' },
                { title: t('hwfl.common.model.statusCode', 'Status'), dataIndex: 'statusCode' },
                {
                  title: t('hwfl.monitor.button.reassign', 'Reassign'),
                  key: 'reassign',
                  render: (_: unknown, row) => (
                    <Space>
                      <PersonPicker api={api} value={reassignTo[row.taskId]} onChange={(v) => setReassignTo({ ...reassignTo, [row.taskId]: v as number | undefined })} ariaLabel={t('hwfl.monitor.button.reassign', 'Reassign')} />
                      <Button size="small" disabled={!reassignTo[row.taskId]} onClick={() => void run(t('hwfl.monitor.button.reassign', 'Reassign'), () => api.reassign(id, row.taskId, reassignTo[row.taskId]!))()}>
                        {t('hwfl.monitor.button.reassign', 'Reassign')}
                      </Button>
                    </Space>
                  ),
                },
              ]}
            />
          )}
        </Card>
      )}
      <InstancePanels view={view} />
    </Space>
  );
}
