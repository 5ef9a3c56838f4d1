import { Button, Space, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { entityApi } from '../../data/entity-api.ts';
import { fillUrl } from '../../data/url-template.ts';
import { useDialogs } from '../../dialogs/dialog-api.ts';
import { SchemaErrorPanel } from '../../errors/SchemaErrorPanel.tsx';
import { submitForm } from '../../form/form-controller.ts';
import { FormSections, scrollToField } from '../../form/FormSections.tsx';
import { FormStore } from '../../form/FormStore.ts';
import { prepareForm } from '../../form/prepare-form.ts';
import { useServices } from '../../runtime/services.ts';
import { usePrepared } from '../../runtime/usePrepared.ts';
import type { CreateScreen } from '../../schema/screen.ts';
import { useScreenRoute } from '../screen-route.ts';
import type { PageProps } from '../types.ts';

/** A create screen: the form with entity defaults, submit, then open the created record. */
export default function CreatePage({ screen, params, file, onDone }: PageProps<CreateScreen>) {
  const s = useServices();
  const prepared = usePrepared(() => prepareForm(s, screen.entity, screen.sections), [screen]);
  if (prepared.status === 'loading') return <Spin />;
  if (prepared.status === 'error') return <SchemaErrorPanel file={file} problems={[{ path: prepared.path, message: prepared.message }]} />;
  return <CreateView {...prepared.value} screen={screen} params={params} onDone={onDone} />;
}

const CreateView = observer(function CreateView({ entity, sections, fields, screen, params, onDone }: Awaited<ReturnType<typeof prepareForm>> & { screen: CreateScreen; params: Record<string, string>; onDone?: PageProps['onDone'] }) {
  const s = useServices();
  const screenRoute = useScreenRoute(screen, params);
  const store = useMemo(() => {
    const initial: Record<string, unknown> = {};
    for (const f of fields) {
      const d = f.defaultValue ?? f.decl.default;
      if (d !== undefined) initial[f.name] = d;
    }
    return new FormStore(entity, fields, initial, () => ({ user: s.user, route: params }), (f) => s.label(f.label));
  }, [entity, fields, s, params]);
  const dialogs = useDialogs();
  const api = useMemo(() => entityApi(s, entity, { vars: params, endpoints: { create: screen.data?.create } }), [s, entity, params, screen]);
  useEffect(() => s.onBeforeClose?.(() => !store.dirty || window.confirm(s.t('hzero.common.message.unsaved', 'There are unsaved changes. Close anyway?'))), [s, store]);
  const submit = async () => {
    // Validation includes the fields' async server checks (uniqueness), which block the submit while failing.
    const r = await submitForm(store, { mode: 'create', send: (body) => api.create(body) }, { s, dialogs });
    if (!r.ok) {
      if (r.invalid) scrollToField(r.invalid);
      return;
    }
    const created = r.record;
    store.reset(created);
    // In a dialog the dialog closes first; a screen naming `afterSubmit` then opens the created record there too.
    if (onDone) onDone(created);
    if (screen.afterSubmit) s.navigate(fillUrl(screen.afterSubmit, { ...s.user, ...params, ...created }));
  };
  return (
    <div data-screen={screenRoute}>
      {/* The primary action where the detail page has it: above the form, under the page header. */}
      <Space style={{ marginBottom: 12 }} data-testid="page-actions">
        <Button type="primary" loading={store.saving} onClick={() => void submit()} data-testid="submit-button">
          {s.t('hzero.common.button.save', 'Save')}
        </Button>
      </Space>
      <FormSections store={store} sections={sections} />
    </div>
  );
});
