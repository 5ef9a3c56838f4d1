import { Alert, Button, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import type { RecordFormSpec } from '../contracts/forms.ts';
import { entityApi } from '../data/entity-api.ts';
import { useDialogs } from '../dialogs/dialog-api.ts';
import { useServices } from '../runtime/services.ts';
import { usePrepared } from '../runtime/usePrepared.ts';
import { submitForm } from './form-controller.ts';
import { FormSections, scrollToField } from './FormSections.tsx';
import { FormStore } from './FormStore.ts';
import { prepareForm } from './prepare-form.ts';
import { initialValues, userFacts } from '../schema/fill.ts';
import { todayWire } from '../format/date.ts';

type Row = Record<string, unknown>;

interface Props extends RecordFormSpec {
  /** The row to edit; absent to create one. */
  record?: Row;
  onClose(saved: boolean): void;
}

/**
 * A record's form (a new record with entity defaults plus `fixed`, or an existing row), saved
 * through the entity API and the form controller, then closed. The body of `form` dialogs and
 * of editable detail tabs' dialogs.
 */
export function RecordForm(p: Props) {
  const s = useServices();
  const sectionsKey = JSON.stringify(p.sections);
  const prepared = usePrepared(() => prepareForm(s, p.entityName, p.sections), [p.entityName, sectionsKey]);
  if (prepared.status === 'loading') return <Spin />;
  if (prepared.status === 'error') return <Alert type="error" role="alert" title={prepared.message} />;
  return <RecordFormView {...p} prepared={prepared.value} />;
}

const RecordFormView = observer(function RecordFormView({ prepared, record, fixed, vars, baseUrl, send, submitLabel, onClose }: Props & { prepared: Awaited<ReturnType<typeof prepareForm>> }) {
  const s = useServices();
  const dialogs = useDialogs();
  const { entity, sections, fields } = prepared;
  const store = useMemo(() => {
    const initial: Row = {};
    if (record) Object.assign(initial, record);
    else Object.assign(initial, initialValues(fields, userFacts(s.user, todayWire(s.user)), entity), fixed);
    return new FormStore(entity, fields, initial, () => ({ user: s.user, route: vars }), (f) => s.label(f.label));
  }, [entity, fields, record, fixed, vars, s]);
  const api = useMemo(() => entityApi(s, entity, { vars, base: baseUrl }), [s, entity, vars, baseUrl]);
  const save = async () => {
    const editing = !!record && !send;
    const r = await submitForm(
      store,
      {
        mode: editing ? 'update' : 'create',
        send: (body) => (send ? send(body) : editing ? api.update({ ...store.values }, body) : api.create(body)),
        extra: editing ? undefined : fixed,
        reload: editing ? async () => store.reset(await api.get(store.values[entity.primaryKey])) : undefined,
      },
      { s, dialogs },
    );
    if (r.ok) onClose(true);
    else if (r.invalid) scrollToField(r.invalid);
  };
  return (
    <div data-testid="record-form">
      <FormSections store={store} sections={sections} />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={() => onClose(false)}>{s.t('hzero.common.button.cancel', 'Cancel')}</Button>
        <Button type="primary" loading={store.saving} onClick={() => void save()} data-testid="record-form-save">
          {submitLabel ?? s.t('hzero.common.button.save', 'Save')}
        </Button>
      </div>
    </div>
  );
});
