import { Alert, Button, Card, Form, Input, Space, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useServices } from '../../../../renderer/runtime/services.ts';
import type { Screen } from '../../../../renderer/schema/screen.ts';
import { Attachments } from './Attachments.tsx';
import { InstancePanels } from './InstancePanels.tsx';
import { PersonPicker } from './PersonPicker.tsx';
import { type TaskView, workflowApi } from './workflow-api.ts';

/** Moves that need a person: delegate the task, add an approver. */
const NEEDS_PERSON = new Set(['DELEGATE', 'ADD_SIGN']);

/**
 * A task: the document read-only, its history and diagram, and the actions the node allows
 * (§4: Approved, Rejected, DELEGATE, ADD_SIGN; a copy to others with any of them). The server
 * decides what is allowed; a second person acting on the same task is told who was first.
 */
export default function WorkflowTaskDetail(props: Record<string, unknown>) {
  const { params, screen } = props as { params: Record<string, string>; screen: Screen };
  const s = useServices();
  const api = useMemo(() => workflowApi(s), [s]);
  const [view, setView] = useState<TaskView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [person, setPerson] = useState<number | undefined>();
  const [copyTo, setCopyTo] = useState<number[]>([]);
  const [attachment, setAttachment] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | null>(null);
  const load = useCallback(() => api.task(params.id!).then(setView, (e: Error) => setError(e.message)), [api, params.id]);
  useEffect(() => void load(), [load]);
  if (error) return <Alert type="error" showIcon title={error} />;
  if (!view) return <Spin />;

  const act = async (action: string) => {
    if (NEEDS_PERSON.has(action) && !person) return s.notify.error(s.t('hwfl.detail.choosePerson', 'Choose the person first'));
    setBusy(action);
    try {
      await api.act(view.task.taskId, { action, comment: comment || undefined, targetUserId: NEEDS_PERSON.has(action) ? person : undefined, carbonCopyUserIds: copyTo.length ? copyTo : undefined, attachmentUuid: attachment });
      s.notify.success(s.t(`hwfl.action.${action}`, action));
      setComment('');
      setPerson(undefined);
      setCopyTo([]);
      setAttachment(undefined);
    } catch {
      /* the request layer has told the person why */
    } finally {
      setBusy(null);
      await load();
    }
  };
  const mine = view.actions.length > 0;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="wfl-task" data-screen={screen.route} data-task-status={view.task.statusCode}>
      {mine ? (
        <Card size="small" title={view.task.name} data-testid="wfl-actions">
          <Form layout="vertical">
            <Form.Item label={s.t('hwfl.detail.comment', 'Comment')} htmlFor="wfl-comment">
              <Input.TextArea id="wfl-comment" rows={3} maxLength={2000} value={comment} onChange={(e) => setComment(e.target.value)} placeholder={s.t('hwfl.detail.commentPlaceholder', 'Why you approve or reject')} />
            </Form.Item>
            <Form.Item label={s.t('hwfl.detail.attachments', 'Attachments')} htmlFor="wfl-attachments">
              <Attachments id="wfl-attachments" value={attachment} onChange={setAttachment} />
            </Form.Item>
            <Space wrap>
              {view.actions.some((a) => NEEDS_PERSON.has(a)) && (
                <Form.Item label={s.t('hwfl.detail.person', 'Person')}>
                  <PersonPicker api={api} value={person} onChange={(v) => setPerson(v as number | undefined)} ariaLabel={s.t('hwfl.detail.person', 'Person')} testId="wfl-person" />
                </Form.Item>
              )}
              {view.actions.includes('CARBON_COPY') && (
                <Form.Item label={s.t('hwfl.detail.copyTo', 'Also copy to')}>
                  <PersonPicker api={api} multiple value={copyTo} onChange={(v) => setCopyTo((v as number[] | undefined) ?? [])} ariaLabel={s.t('hwfl.detail.copyTo', 'Also copy to')} testId="wfl-copy-to" />
                </Form.Item>
              )}
            </Space>
            <Space wrap>
              {view.actions
                .filter((a) => a !== 'CARBON_COPY')
                .map((a) => (
                  <Button key={a} type={a === 'Approved' ? 'primary' : undefined} danger={a === 'Rejected'} loading={busy === a} disabled={!!busy && busy !== a} onClick={() => void act(a)} data-testid={`wfl-act-${a}`}>
                    {s.t(`hwfl.action.${a}`, a)}
                  </Button>
                ))}
            </Space>
          </Form>
        </Card>
      ) : (
        <Alert type="info" showIcon data-testid="wfl-readonly" title={view.task.statusCode === 'DONE' ? s.t('hwfl.detail.acted', 'Done: the task is closed.') : s.t('hwfl.detail.notYours', 'This task is not waiting for you: it is shown read-only.')} />
      )}
      <InstancePanels view={view} />
    </Space>
  );
}
