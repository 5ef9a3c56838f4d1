import { Modal } from 'antd';
import { useServices } from '../runtime/services.ts';
import { RecordForm, type RecordFormSpec } from './RecordForm.tsx';

export interface RecordFormRequest {
  /** The row to edit; absent to create one. */
  record?: Record<string, unknown>;
}

interface Props extends RecordFormSpec {
  request: RecordFormRequest | null;
  onClose(saved: boolean): void;
}

/**
 * The record form in a Modal the caller controls (`request` opens it). Screens open it through
 * the dialog host (`form` action); this stays for hosts that place the form themselves (stories).
 */
export function RecordModal({ request, onClose, ...spec }: Props) {
  const s = useServices();
  if (!request) return null;
  return (
    <Modal open width={720} destroyOnHidden footer={null} onCancel={() => onClose(false)} title={s.t(request.record ? 'hzero.common.button.edit' : 'hzero.common.button.create', request.record ? 'Edit' : 'Create')}>
      <div data-testid="record-modal">
        <RecordForm {...spec} record={request.record} onClose={onClose} />
      </div>
    </Modal>
  );
}
