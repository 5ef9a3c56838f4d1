import { Modal } from 'antd';
import { useEffect, useRef } from 'react';
import type { OpenDialog } from './DialogHost.tsx';

/**
 * Draws the host's dialogs with antd: content dialogs as Modals, confirmations through
 * `Modal.useModal` (the hook form renders them here, in context, unlike `Modal.confirm`).
 */
export default function DialogLayer({ dialogs }: { dialogs: OpenDialog[] }) {
  const [modal, holder] = Modal.useModal();
  const shown = useRef(new Set<number>());
  useEffect(() => {
    for (const d of dialogs) {
      if (d.kind !== 'confirm' || shown.current.has(d.id)) continue;
      shown.current.add(d.id);
      modal.confirm({
        title: d.spec.title,
        content: d.spec.testId ? <div data-testid={d.spec.testId}>{d.spec.content}</div> : d.spec.content,
        focusable: { autoFocusButton: d.spec.focus ?? 'ok' },
        width: 416,
        okText: d.spec.okText,
        cancelText: d.spec.cancelText,
        onOk: () => d.settle(true),
        onCancel: () => d.settle(false),
      });
    }
  }, [dialogs, modal]);
  return (
    <>
      {holder}
      {dialogs.map((d) =>
        d.kind === 'content' ? (
          <Modal key={d.id} open title={d.spec.title} width={d.spec.width ?? 760} footer={null} destroyOnHidden onCancel={() => d.settle(undefined)}>
            <div data-testid={d.spec.testId}>{d.spec.render((result) => d.settle(result))}</div>
          </Modal>
        ) : null,
      )}
    </>
  );
}
