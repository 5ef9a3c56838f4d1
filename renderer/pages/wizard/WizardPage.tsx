import { Alert, Button, Card, Space, Steps, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { ActionButton } from '../../actions/ActionButton.tsx';
import { useDialogs } from '../../dialogs/dialog-api.ts';
import { SchemaErrorPanel } from '../../errors/SchemaErrorPanel.tsx';
import { confirmLeave } from '../../form/confirm-leave.ts';
import { FormSections } from '../../form/FormSections.tsx';
import { FormStore } from '../../form/FormStore.ts';
import { prepareForm } from '../../form/prepare-form.ts';
import { preload } from '../../runtime/preload.ts';
import { useServices } from '../../runtime/services.ts';
import { usePrepared } from '../../runtime/usePrepared.ts';
import type { EntityDecl } from '../../schema/entity.ts';
import { resolveColumn, type ResolvedColumn } from '../../schema/resolve-field.ts';
import type { DetailTab, WizardScreen } from '../../schema/screen.ts';
import { ChildTable } from '../detail/ChildTable.tsx';
import { PageState } from '../PageState.tsx';
import { useScreenRoute } from '../screen-route.ts';
import type { PageProps } from '../../contracts/pages.ts';
import { type PreparedStep, WizardStore } from './WizardStore.ts';

type Lines = { tab: DetailTab; entity: EntityDecl; columns: ResolvedColumn[] };

/**
 * A record entered step by step (a company's registration): a step bar, the current step's
 * fields or lines, previous / next (next saves the draft and remembers the step), a preview of
 * every step and the step's own actions (submit). Each step's route opens the wizard at it.
 */
export default function WizardPage({ screen, params, file }: PageProps<WizardScreen>) {
  const s = useServices();
  const matched = useScreenRoute(screen, params);
  const prepared = usePrepared(async () => {
    const entity = await s.loadEntity(screen.entity);
    const lines = new Map<number, Lines>();
    const steps: PreparedStep[] = [];
    for (const [i, step] of screen.steps.entries()) {
      const form = step.sections?.length ? await prepareForm(s, screen.entity, step.sections, step.actions, `/steps/${i}/actions`) : undefined;
      steps.push({
        step,
        sections: form?.sections ?? [],
        form: form ? new FormStore(entity, form.fields, {}, () => ({ user: s.user, route: params }), (f) => s.label(f.label)) : undefined,
      });
      if (step.lines) {
        const le = await s.loadEntity(step.lines.entity ?? screen.entity);
        const columns = (step.lines.table?.columns ?? []).map((c, ci) => resolveColumn(le, c, `/steps/${i}/lines/table/columns/${ci}`));
        await preload(s.registries, [], columns.map((c, ci) => [c, `/steps/${i}/lines/table/columns/${ci}`]), []);
        lines.set(i, { tab: step.lines, entity: le, columns });
      }
    }
    const at = screen.steps.findIndex((st) => st.route !== undefined && st.route === matched);
    return { store: new WizardStore(screen, entity, steps, s, params, at < 0 ? undefined : at), lines };
  }, [screen, JSON.stringify(params), matched]);
  if (prepared.status === 'loading') return <PageState state="loading" />;
  if (prepared.status === 'error') return <SchemaErrorPanel file={file} problems={[{ path: prepared.path, message: prepared.message }]} />;
  return <WizardView {...prepared.value} screen={screen} params={params} matched={matched} />;
}

const WizardView = observer(function WizardView({ store, lines, screen, params, matched }: { store: WizardStore; lines: Map<number, Lines>; screen: WizardScreen; params: Record<string, string>; matched?: string }) {
  const s = useServices();
  const dialogs = useDialogs();
  useEffect(() => {
    store.dialogs = dialogs;
  }, [store, dialogs]);
  useEffect(() => {
    void store.load(true);
  }, [store]);
  const dirty = () => !!store.step.form?.dirty;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `dirty` reads the store, which is in the list
  useEffect(() => s.onBeforeClose?.(() => !dirty() || confirmLeave(s, dialogs), dirty), [s, store, dialogs]);
  const stepsBar = useMemo(() => screen.steps.map((st) => ({ title: s.label(st.title) })), [screen, s]);
  if (store.loading && store.id === undefined && !store.problem) return <PageState state="loading" />;
  if (store.problem && store.id === undefined) return <PageState state="problem" problem={store.problem} onRetry={() => void store.load(true)} />;
  const readOnly = store.readOnly;
  const { step } = store.step;
  const vars = { ...s.user, ...params, ...store.record };
  const lineTable = (i: number, editable: boolean) => {
    const l = lines.get(i);
    if (!l || store.id === undefined) return null;
    const tab: DetailTab = { ...l.tab, editable: editable && !readOnly ? (l.tab.editable ?? true) : false };
    return <ChildTable key={`${i}-${String(editable)}-${String(store.record.objectVersionNumber)}`} tab={tab} index={i} entity={l.entity} columns={l.columns} vars={vars} params={params} />;
  };
  const scope = { record: store.record, user: s.user, route: params };
  const ctx = () => ({ entity: store.entity, api: store.api, record: store.record, params, refresh: () => store.afterAction() });
  const last = store.index === store.steps.length - 1;
  // A step with actions (submit) moves on through them, not through "next", until the record is read-only.
  const showNext = !last && (readOnly || !(step.actions?.length));
  return (
    <div data-screen={matched} data-step={step.key}>
      <Steps
        size="small"
        current={store.index}
        items={stepsBar}
        style={{ marginBottom: 16 }}
        onChange={(i) => {
          // Back to any step, forward only where the record already went (its stored step), or anywhere once read-only.
          const reached = screen.stepField ? store.steps.findIndex((p) => p.step.key === store.record[screen.stepField!]) : -1;
          if (i <= store.index || readOnly || i <= reached) store.go(i);
        }}
      />
      <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="wizard-step-title">
        {s.label(step.title)}
      </Typography.Title>
      {readOnly && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={s.t('hzero.common.wizard.readOnly', 'This record was submitted: its steps are read-only')} />}
      {store.blocked && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={store.blocked} data-testid="wizard-blocked" />}
      {store.problem && <PageState state="problem" problem={store.problem} onRetry={() => void store.load()} />}
      {step.preview ? (
        store.steps.map((p, i) =>
          p.step.preview || i === store.index ? null : p.form || lines.has(i) ? (
            <Card key={p.step.key} size="small" title={s.label(p.step.title)} style={{ marginBottom: 12 }}>
              {p.form && <FormSections store={p.form} sections={p.sections} readOnly />}
              {lineTable(i, false)}
            </Card>
          ) : null,
        )
      ) : (
        <>
          {store.step.form && <FormSections store={store.step.form} sections={store.step.sections} readOnly={readOnly} />}
          {lineTable(store.index, true)}
        </>
      )}
      <Space style={{ marginTop: 12 }} wrap data-testid="wizard-actions">
        {store.index > 0 && (
          <Button onClick={() => store.go(store.index - 1)} data-testid="wizard-previous">
            {s.t('hzero.common.button.previous', 'Previous')}
          </Button>
        )}
        {showNext && (
          <Button type="primary" loading={store.busy} onClick={() => void store.next()} data-testid="wizard-next">
            {s.t('hzero.common.button.next', 'Next')}
          </Button>
        )}
        {(step.actions ?? []).map((a, i) => (
          <ActionButton key={i} action={a} scope={scope} context={ctx} />
        ))}
      </Space>
    </div>
  );
});
