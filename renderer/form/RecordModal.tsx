import { Button, Modal, Spin } from 'antd';
import { runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { createEndpoint, updateEndpoint } from '../data/endpoints.ts';
import { fillUrl } from '../data/url-template.ts';
import { useServices } from '../runtime/services.ts';
import type { Section } from '../schema/screen.ts';
import { FormSections, scrollToField } from './FormSections.tsx';
import { FormStore } from './FormStore.ts';
import { prepareForm } from './prepare-form.ts';

export interface RecordFormRequest {
  /** The row to edit; absent to create one. */
  record?: Record<string, unknown>;
}

interface Props {
  entityName: string;
  sections: Section[];
  /** Values every new record gets and no form changes (a line's parent link). */
  fixed?: Record<string, unknown>;
  /** Template variables for URLs (user, route parameters). */
  vars: Record<string, unknown>;
  /** An explicit collection URL template; by default the entity's path for the current mode. */
  baseUrl?: string;
  request: RecordFormRequest | null;
  onClose(saved: boolean): void;
}

/**
 * A record's form in a modal: a new record (entity defaults plus `fixed`) or an existing row,
 * saved with POST or PUT (with its `objectVersionNumber`) to the entity's path, then closed.
 * Used by list screens (`form` actions over the editable columns) and editable detail tabs.
 */
export function RecordModal(p: Props) {
  const s = useServices();
  const [prepared, setPrepared] = useState<Awaited<ReturnType<typeof prepareForm>> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sectionsKey = JSON.stringify(p.sections);
  useEffect(() => {
    if (!p.request) return;
    let live = true;
    prepareForm(s, p.entityName, p.sections).then(
      (r) => live && setPrepared(r),
      (e: unknown) => live && setError((e as Error).message),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- prepared once per entity and sections
  }, [p.entityName, sectionsKey, !!p.request]);
  if (!p.request) return null;
  return (
    <Modal open width={720} destroyOnHidden footer={null} onCancel={() => p.onClose(false)} title={s.t(p.request.record ? 'hzero.common.button.edit' : 'hzero.common.button.create', p.request.record ? 'Edit' : 'Create')} data-testid="record-modal">
      {error ? <div role="alert">{error}</div> : prepared ? <RecordForm {...p} request={p.request} prepared={prepared} /> : <Spin />}
    </Modal>
  );
}

const RecordForm = observer(function RecordForm({ prepared, request, fixed, vars, baseUrl, onClose }: Props & { request: RecordFormRequest; prepared: Awaited<ReturnType<typeof prepareForm>> }) {
  const s = useServices();
  const { entity, sections, fields } = prepared;
  const store = useMemo(() => {
    const initial: Record<string, unknown> = {};
    if (request.record) Object.assign(initial, request.record);
    else {
      for (const f of fields) {
        const d = f.defaultValue ?? f.decl.default;
        if (d !== undefined) initial[f.name] = d;
      }
      Object.assign(initial, fixed);
    }
    return new FormStore(entity, fields, initial, () => ({ user: s.user, route: vars }), (f) => s.label(f.label));
  }, [entity, fields, request, fixed, vars, s]);
  const save = async () => {
    store.applyComputed();
    const invalid = await store.validateAll();
    if (invalid) return scrollToField(invalid);
    const editing = !!request.record;
    const ep = editing ? updateEndpoint(entity, s.siteMode) : createEndpoint(entity, s.siteMode);
    const url = baseUrl ? (editing ? `${baseUrl}/{${entity.primaryKey}}` : baseUrl) : ep.url;
    runInAction(() => (store.saving = true));
    try {
      const body = { ...store.payload(editing ? 'update' : 'create'), ...(editing ? {} : fixed) };
      await s.request(fillUrl(url, { ...s.user, ...vars, ...store.values }, { siteMode: s.siteMode }), { method: editing ? 'PUT' : 'POST', body });
      s.notify.success(s.t('hzero.common.notification.success', 'Operation succeeded'));
      onClose(true);
    } catch {
      /* the request layer has notified */
    } finally {
      runInAction(() => (store.saving = false));
    }
  };
  return (
    <div data-testid="record-form">
      <FormSections store={store} sections={sections} />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={() => onClose(false)}>{s.t('hzero.common.button.cancel', 'Cancel')}</Button>
        <Button type="primary" loading={store.saving} onClick={() => void save()} data-testid="record-form-save">
          {s.t('hzero.common.button.save', 'Save')}
        </Button>
      </div>
    </div>
  );
});
