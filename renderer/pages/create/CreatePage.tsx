import { Button, Space } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { entityApi } from '../../data/entity-api.ts';
import { fillUrl } from '../../data/url-template.ts';
import { useDialogs } from '../../dialogs/dialog-api.ts';
import { SchemaErrorPanel } from '../../errors/SchemaErrorPanel.tsx';
import { confirmLeave } from '../../form/confirm-leave.ts';
import { submitForm } from '../../form/form-controller.ts';
import { FormSections, scrollToField } from '../../form/FormSections.tsx';
import { FormStore } from '../../form/FormStore.ts';
import { prepareForm } from '../../form/prepare-form.ts';
import { initialValues, userFacts } from '../../schema/fill.ts';
import { todayWire } from '../../format/date.ts';
import { useServices } from '../../runtime/services.ts';
import { usePrepared } from '../../runtime/usePrepared.ts';
import type { CreateScreen } from '../../schema/screen.ts';
import { PageState } from '../PageState.tsx';
import { useScreenRoute } from '../screen-route.ts';
import type { PageProps } from '../../contracts/pages.ts';

/** A create screen: the form with entity defaults, submit, then open the created record. */
export default function CreatePage({ screen, params, file, onDone }: PageProps<CreateScreen>) {
  const s = useServices();
  const prepared = usePrepared(() => prepareForm(s, screen.entity, screen.sections), [screen]);
  if (prepared.status === 'loading') return <PageState state="loading" />;
  if (prepared.status === 'error') return <SchemaErrorPanel file={file} problems={[{ path: prepared.path, message: prepared.message }]} />;
  return <CreateView {...prepared.value} screen={screen} params={params} onDone={onDone} />;
}

const CreateView = observer(function CreateView({ entity, sections, fields, screen, params, onDone }: Awaited<ReturnType<typeof prepareForm>> & { screen: CreateScreen; params: Record<string, string>; onDone?: PageProps['onDone'] }) {
  const s = useServices();
  const screenRoute = useScreenRoute(screen, params);
  const initial = useMemo(() => initialValues(fields, userFacts(s.user, todayWire(s.user)), entity), [fields, s.user, entity]);
  const store = useMemo(() => new FormStore(entity, fields, initial, () => ({ user: s.user, route: params }), (f) => s.label(f.label)), [entity, fields, initial, s, params]);
  const dialogs = useDialogs();
  const api = useMemo(() => entityApi(s, entity, { vars: params, endpoints: { create: screen.data?.create } }), [s, entity, params, screen]);
  useEffect(() => s.onBeforeClose?.(() => !store.dirty || confirmLeave(s, dialogs), () => store.dirty), [s, store, dialogs]);
  // Cancel: back where the person came from, dropping the input (after asking, when there is any).
  const cancel = async () => {
    if (store.dirty && !(await confirmLeave(s, dialogs))) return;
    store.reset(initial);
    history.back();
  };
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
        {/* In a dialog the dialog's own close button cancels. */}
        {!onDone && (
          <Button onClick={() => void cancel()} data-testid="cancel-button">
            {s.t('hzero.common.button.cancel', 'Cancel')}
          </Button>
        )}
      </Space>
      <FormSections store={store} sections={sections} />
    </div>
  );
});
