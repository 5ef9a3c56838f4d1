import { Button, Modal } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { evaluateFlag } from '../schema/expressions/evaluate.ts';
import { actionTypes } from '../registry/builtins.ts';
import { useServices } from '../runtime/services.ts';
import type { ActionBase } from '../schema/screen.ts';
import type { ActionContext } from './types.ts';

interface Props {
  action: ActionBase;
  /** Builds the handler's context at click time (so it sees current data). */
  context: () => Omit<ActionContext, 'action' | 'services'>;
  scope: Record<string, unknown>;
  size?: 'small' | 'middle';
  asLink?: boolean;
}

/** A schema action as a button: permission, visible/disabled expressions, confirm, then the registered handler. */
export const ActionButton = observer(function ActionButton({ action, context, scope, size, asLink }: Props) {
  const s = useServices();
  const [busy, setBusy] = useState(false);
  const allowed = s.can(action.permission ? [action.permission] : undefined);
  if (allowed !== true) return null;
  if (!evaluateFlag(action.visible, scope, true)) return null;
  const disabled = evaluateFlag(action.disabled, scope, false);
  const run = async () => {
    setBusy(true);
    try {
      const handler = await actionTypes.resolve(action.type);
      await handler({ ...context(), action, services: s });
    } catch {
      // The request layer has already told the user; nothing else to do here.
    } finally {
      setBusy(false);
    }
  };
  const onClick = () => {
    if (action.confirm) {
      Modal.confirm({ title: s.t('hzero.common.message.confirm.title', 'Confirm'), content: s.label(action.confirm as string), width: 416, onOk: run, okText: s.t('hzero.common.button.ok', 'OK'), cancelText: s.t('hzero.common.button.cancel', 'Cancel') });
    } else void run();
  };
  const label = s.label(action.label, action.type);
  const type = asLink ? 'link' : action.style === 'primary' ? 'primary' : 'default';
  return (
    <Button size={size} type={type} danger={action.style === 'danger'} disabled={disabled} loading={busy} onClick={onClick} data-action={action.type}>
      {label}
    </Button>
  );
});
