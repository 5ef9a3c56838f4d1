import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useDialogs } from '../../dialogs/dialog-api.ts';
import { platformUrl } from '../../data/platform-url.ts';
import { reportError } from '../../actions/report-error.ts';
import { useServices } from '../../runtime/services.ts';
import type { EntityDecl } from '../../schema/entity.ts';
import { approvingStatuses } from '../../schema/status/lock.ts';

interface Approval {
  running: boolean;
  mayRecall?: boolean;
}

/**
 * "Recall approval" on a document in approval, for the person who submitted it while no approver
 * has acted yet: the workflow takes it back and the document returns to where it was, as from
 * "Started by me", without looking for the instance. Shown only where the server says the caller may.
 */
export function RecallApproval({ entity, record, reload }: { entity: EntityDecl; record: Record<string, unknown>; reload: () => Promise<unknown> }) {
  const s = useServices();
  const dialogs = useDialogs();
  // Kept with the document and status it was asked for: another status asks again, and the old answer is not shown.
  const [answer, setAnswer] = useState<{ key: string; approval: Approval }>();
  const [busy, setBusy] = useState(false);
  const id = Number(record[entity.primaryKey]);
  const status = entity.status ? String(record[entity.status.field] ?? '') : '';
  const approving = approvingStatuses(entity).has(status);
  const key = `${entity.name}:${id}:${status}`;
  useEffect(() => {
    if (!approving || !Number.isInteger(id) || id <= 0) return;
    let live = true;
    s.request<Approval>(platformUrl(s, 'documentApproval', { entity: entity.name, recordId: id }), { silent: true })
      .then((a) => live && setAnswer({ key, approval: a }))
      .catch((e: unknown) => console.warn('approval of the document', e));
    return () => {
      live = false;
    };
  }, [s, entity.name, id, approving, key]);
  if (!approving || answer?.key !== key || !answer.approval.mayRecall) return null;
  const recall = async () => {
    const ok = await dialogs?.confirm({
      title: s.t('hzero.common.message.confirm.title', 'Confirm'),
      content: s.t('hzero.common.message.recallApproval', 'Take this document back from its approval? The approvers’ tasks close and it can be changed again.'),
      okText: s.t('hzero.common.button.recallApproval', 'Recall approval'),
      cancelText: s.t('hzero.common.button.cancel', 'Cancel'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await s.request(platformUrl(s, 'documentRecall', { entity: entity.name, recordId: id }), { method: 'POST', body: {} });
      await reload();
    } catch (e) {
      reportError(s, e, 'recall approval');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button loading={busy} onClick={() => void recall()} data-testid="recall-approval">
      {s.t('hzero.common.button.recallApproval', 'Recall approval')}
    </Button>
  );
}
