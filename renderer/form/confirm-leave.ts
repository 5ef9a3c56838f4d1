import type { DialogApi } from '../contracts/dialogs.ts';
import type { RendererServices } from '../contracts/services.ts';

/**
 * Asks whether to leave a form with unsaved changes (closing its tab, Cancel, Back). In the screen's
 * own dialog (antd's modal: keyboard-operable, Esc keeps editing, focus goes back to the button that
 * asked) rather than the browser's confirm box, which looks like an error and blocks the whole app.
 * "Keep editing" has the focus: a reflexive Enter must not throw work away.
 */
export function confirmLeave(s: RendererServices, dialogs: DialogApi | null | undefined, question = s.t('hzero.common.message.leaveUnsaved', 'This page has unsaved changes. Leave and discard them?')): Promise<boolean> {
  if (!dialogs) return Promise.resolve(window.confirm(question));
  return dialogs.confirm({
    title: s.t('hzero.common.title.unsaved', 'Unsaved changes'),
    content: question,
    okText: s.t('hzero.common.button.discard', 'Discard changes'),
    cancelText: s.t('hzero.common.button.keepEditing', 'Keep editing'),
    focus: 'cancel',
    testId: 'confirm-leave',
  });
}
