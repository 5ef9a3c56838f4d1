import { Button } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useDialogs } from '../dialogs/dialog-api.ts';
import type { DialogApi } from '../contracts/dialogs.ts';
import { DialogHost } from '../dialogs/DialogHost.tsx';
import { evaluateFlag } from '../schema/expressions/evaluate.ts';
import { useServices } from '../runtime/services.ts';
import type { ActionBase } from '../schema/screen.ts';
import type { EntityDecl } from '../schema/entity.ts';
import { actionAllowed, type LockParent } from '../schema/status/lock.ts';
import { reportError } from './report-error.ts';
import type { ActionContext } from '../contracts/actions.ts';

interface Props {
  action: ActionBase;
  /** Builds the handler's context at click time (so it sees what the person saw when clicking). */
  context: () => Omit<ActionContext, 'action' | 'services' | 'dialogs'>;
  scope: Record<string, unknown>;
  size?: 'small' | 'middle';
  asLink?: boolean;
  /** `data-action` of the button when the type alone does not name it (a tab's built-in line buttons). */
  name?: string;
  /**
   * The entity of `scope.record`: the button shows only where the record's status allows the action
   * (renderer/schema/status/lock.ts), and `parent`'s status where the record is one of its lines.
   */
  entity?: EntityDecl;
  parent?: LockParent;
}

/**
 * A schema action as a button: permission, visible/disabled expressions, confirm, then the
 * registered handler. A failure is shown and logged, never dropped.
 */
export function ActionButton(p: Props) {
  const dialogs = useDialogs();
  // Outside every screen (a story, a bare test) the button brings its own host.
  if (!dialogs) {
    return (
      <DialogHost>
        <HostedActionButton {...p} />
      </DialogHost>
    );
  }
  return <Inner {...p} dialogs={dialogs} />;
}

function HostedActionButton(p: Props) {
  return <Inner {...p} dialogs={useDialogs()!} />;
}

const Inner = observer(function ActionButtonInner({ action, context, scope, size, asLink, name, dialogs, entity, parent }: Props & { dialogs: DialogApi }) {
  const s = useServices();
  const [busy, setBusy] = useState(false);
  const allowed = s.can(action.permission ? [action.permission] : undefined);
  if (allowed !== true) return null;
  if (entity && !actionAllowed(action, entity, scope.record as Record<string, unknown> | undefined, parent)) return null;
  if (!evaluateFlag(action.visible, scope, true)) return null;
  const disabled = evaluateFlag(action.disabled, scope, false);
  const run = async (c: ReturnType<Props['context']>) => {
    setBusy(true);
    try {
      const handler = await s.registries.actionTypes.resolve(action.type);
      await handler({ ...c, action, services: s, dialogs });
    } catch (e) {
      reportError(s, e, `action "${action.type}"`);
    } finally {
      setBusy(false);
    }
  };
  const onClick = async () => {
    // What the person clicked on (the record, the rows selected) is what the confirmation is about:
    // a list reloading under the open dialog (a search answering late) must not change it.
    const c = context();
    if (action.confirm) {
      const ok = await dialogs.confirm({ title: s.t('hzero.common.message.confirm.title', 'Confirm'), content: s.label(action.confirm as string), okText: s.t('hzero.common.button.ok', 'OK'), cancelText: s.t('hzero.common.button.cancel', 'Cancel') });
      if (!ok) return;
    }
    await run(c);
  };
  const label = s.label(action.label, action.type);
  const type = asLink ? 'link' : action.style === 'primary' ? 'primary' : 'default';
  return (
    <Button size={size} type={type} danger={action.style === 'danger'} disabled={disabled} loading={busy} onClick={() => void onClick()} data-action={name ?? action.type} data-move={action.type === 'transition' ? String(action.action) : undefined}>
      {label}
    </Button>
  );
});
