import { Button, Space, Tabs } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { ActionButton } from '../../actions/ActionButton.tsx';
import { useDialogs } from '../../dialogs/dialog-api.ts';
import { confirmLeave } from '../../form/confirm-leave.ts';
import { SchemaErrorPanel } from '../../errors/SchemaErrorPanel.tsx';
import { FormSections, scrollToField } from '../../form/FormSections.tsx';
import { prepareForm } from '../../form/prepare-form.ts';
import { preload } from '../../runtime/preload.ts';
import { useServices } from '../../runtime/services.ts';
import type { RendererServices } from '../../contracts/services.ts';
import { usePrepared } from '../../runtime/usePrepared.ts';
import { resolveColumn, type ResolvedColumn, type ResolvedField } from '../../schema/resolve-field.ts';
import type { DetailScreen, DetailTab } from '../../schema/screen.ts';
import type { EntityDecl } from '../../schema/entity.ts';
import { meaningOf } from '../../schema/meaning.ts';
import { anyChange, changeable, type LockParent } from '../../schema/status/lock.ts';
import { PageState } from '../PageState.tsx';
import { useScreenRoute } from '../screen-route.ts';
import type { PageProps } from '../../contracts/pages.ts';
import { ChildTable } from './ChildTable.tsx';
import { ParentRecordContext } from '../../format/money.ts';
import { DetailStore } from './DetailStore.ts';
import { arrived, type EarlyLines, startEarlyReads } from './early-reads.ts';
import { HistoryTab } from './HistoryTab.tsx';
import { RelatedDocuments } from './RelatedDocuments.tsx';
import { RecallApproval } from './RecallApproval.tsx';
import { inlineFieldItems } from './InlineLines.tsx';

/** A detail (or edit) screen: header form in sections, child tables in tabs, status actions. */
export default function DetailPage({ screen, params, file }: PageProps<DetailScreen>) {
  const s = useServices();
  const prepared = usePrepared(async () => {
    // The record and the lines are read while the widgets load, not after the page mounts.
    const early = screen.entity ? startEarlyReads(s, screen, params) : undefined;
    early?.catch(() => undefined);
    const [form, tabs] = await Promise.all([
      prepareForm(s, screen.entity, screen.sections, screen.actions),
      Promise.all(
        (screen.tabs ?? []).map(async (tab, ti) => {
          const entity = await s.loadEntity(tab.entity ?? screen.entity!);
          const columns = (tab.table?.columns ?? []).map((c, i) => resolveColumn(entity, c, `/tabs/${ti}/table/columns/${i}`));
          await preload(s.registries, [], columns.map((c, i) => [c, `/tabs/${ti}/table/columns/${i}`]), []);
          return { tab, entity, columns, lineFields: await inlineFields(s, tab, ti, entity, columns) };
        }),
      ),
    ]);
    // The first render shows what has been read: header and first lines together (early-reads.ts).
    const reads = await early?.then((r) => arrived(r)).catch(() => undefined);
    return { ...form, tabs, early: reads?.lines, store: new DetailStore(screen, form.entity, form.fields, s, params, reads?.record, reads?.recordValue) };
  }, [screen, JSON.stringify(params)]);
  if (prepared.status === 'loading') return <PageState state="loading" />;
  if (prepared.status === 'error') return <SchemaErrorPanel file={file} problems={[{ path: prepared.path, message: prepared.message }]} />;
  return <DetailView {...prepared.value} screen={screen} params={params} />;
}

/**
 * An inline tab's editable fields, prepared with the page so that its lines render in the same
 * pass as the header; a tab whose fields fail here prepares them itself (and shows the problem).
 */
function inlineFields(s: RendererServices, tab: DetailTab, ti: number, entity: EntityDecl, columns: ResolvedColumn[]): Promise<ResolvedField[] | undefined> {
  if (tab.editable !== 'inline') return Promise.resolve(undefined);
  return prepareForm(s, entity.name, [{ fields: inlineFieldItems(tab, columns, tab.filter ?? {}) }], [], `/tabs/${ti}/actions`).then(
    (f) => f.fields,
    () => undefined,
  );
}

type ViewProps = Omit<Awaited<ReturnType<typeof prepareForm>>, 'fields'> & {
  store: DetailStore;
  early?: Map<number, EarlyLines>;
  tabs: Array<{ tab: DetailTab; entity: EntityDecl; columns: ResolvedColumn[]; lineFields?: ResolvedField[] }>;
  screen: DetailScreen;
  params: Record<string, string>;
};

const DetailView = observer(function DetailView({ store, sections, tabs, screen, params, entity, early }: ViewProps) {
  const s = useServices();
  const dialogs = useDialogs();
  const screenRoute = useScreenRoute(screen, params);
  useEffect(() => {
    store.dialogs = dialogs;
  }, [store, dialogs]);
  useEffect(() => {
    void store.start();
  }, [store]);
  // Moved elsewhere (its approval ended in another browser): shown at once, unless being edited here.
  const recordId = store.form.values[entity.primaryKey] as number | undefined;
  useEffect(() => (recordId === undefined ? undefined : s.onRecordChanged?.(entity.name, recordId, () => void (store.dirty || store.load()))), [s, entity.name, recordId, store]);
  // The page header and the tab title show which document this is (its number and status).
  const numberField = entity.numbering?.field;
  const docNumber = numberField ? store.form.values[numberField] : undefined;
  const statusField = entity.status?.field;
  const docStatus = statusField ? (store.form.values[meaningOf(statusField)] ?? store.form.values[statusField]) : undefined;
  useEffect(() => {
    if (docNumber === undefined && docStatus === undefined) return undefined;
    s.setPageInfo?.({ number: docNumber == null ? undefined : String(docNumber), status: docStatus == null ? undefined : String(docStatus) });
    return () => s.setPageInfo?.(undefined);
  }, [s, docNumber, docStatus]);
  useEffect(() => s.onBeforeClose?.(() => !store.dirty || confirmLeave(s, dialogs), () => store.dirty), [s, store, dialogs]);
  if (store.loading && !store.form.values[entity.primaryKey]) return <PageState state="loading" />;
  // Nothing to show yet: the state takes the page; a failed reload keeps the record on screen under it.
  if (store.problem && store.form.values[entity.primaryKey] === undefined) return <PageState state="problem" problem={store.problem} onRetry={() => void store.load()} />;
  // What the record's status lets change (renderer/schema/status/lock.ts): a locked document shows no Save,
  // and the screen's own save action, where it declares one, is the only one.
  // The record is read through the store, not taken once: a reload replaces the form's values, and each line cell
  // that judged its lock by them must see the new status (a getter MobX follows).
  const lock: LockParent = {
    entity,
    get record() {
      return store.form.values;
    },
  };
  const editable = screen.editable !== false && anyChange(changeable(entity, store.form.values)) && !(screen.actions ?? []).some((a) => a.type === 'save');
  const save = async () => {
    const r = await store.save();
    if (r.invalid) scrollToField(r.invalid);
    return r.ok;
  };
  const scope = { record: store.form.values, user: s.user, route: params };
  const ctx = () => ({
    entity,
    api: store.api,
    record: store.form.values,
    params,
    refresh: () => store.load(),
    save,
    leave: async () => {
      if (!store.dirty) return true;
      if (!(await confirmLeave(s, dialogs))) return false;
      // Left without saving: the tab shows the record as stored again, and does not ask a second time.
      await store.load();
      return true;
    },
    document: { title: screen.title ?? entity.label ?? entity.name, form: store.form, sections, tabs, vars: { ...s.user, ...params, ...store.form.values } },
  });
  // Child tables fill their filters from the record; spreading it reads every value, which would
  // re-render the whole page on each key, so it is done only when there are child tables, and
  // without the derived totals: a total previewed while a line is typed re-renders its own field,
  // not the page and its 2,000 lines.
  const parentRecord = tabs.length > 0 ? withoutDerived(entity, store.form.values) : undefined;
  const vars = parentRecord ? { ...s.user, ...params, ...parentRecord } : {};
  return (
    <div data-screen={screenRoute}>
      <Space style={{ marginBottom: 12 }} wrap data-testid="detail-actions">
        {editable && (
          <Button type="primary" loading={store.form.saving} onClick={() => void save()} data-testid="save-button">
            {s.t('hzero.common.button.save', 'Save')}
          </Button>
        )}
        {(screen.actions ?? []).map((a, i) => (
          <ActionButton key={i} action={a} scope={scope} context={ctx} entity={entity} />
        ))}
        {entity.workflow && screen.editable !== false && <RecallApproval entity={entity} record={store.form.values} reload={() => store.load()} />}
      </Space>
      {store.problem && <PageState state="problem" problem={store.problem} onRetry={() => void store.load()} />}
      {entity.document && <RelatedDocuments entity={entity} id={store.form.values[entity.primaryKey]} version={store.form.values.objectVersionNumber} />}
      <FormSections store={store.form} sections={sections} readOnly={screen.editable === false} />
      {(tabs.length > 0 || screen.history) && (
        <Tabs
          items={[
            ...tabs.map(({ tab, entity: e, columns, lineFields }, i) => ({
              key: String(i),
              label: s.label(tab.title),
              // Lines read the document through it (a line amount's `parent.currencyCode`).
              children: (
                <ParentRecordContext.Provider value={parentRecord}>
                  <ChildTable tab={tab} index={i} early={early?.get(i)} fields={lineFields} entity={e} columns={columns} vars={vars} params={params} parent={lock} trackPending={store.trackPending} onLinesChanged={() => void store.refreshDerived()} onLinesPreview={(e, rows, facts) => store.previewDerived(e, rows, facts)} reloadHeader={() => (store.dirty ? Promise.resolve() : store.load())} />
                </ParentRecordContext.Provider>
              ),
            })),
            ...(screen.history
              ? [{ key: 'history', label: s.t('hzero.common.title.history', 'History'), children: <HistoryTab entity={entity} id={store.form.values[entity.primaryKey]} version={store.form.values.objectVersionNumber} /> }]
              : []),
          ]}
        />
      )}
    </div>
  );
});

/** The record's values but its formula fields, read one by one (MobX then tracks only those). */
function withoutDerived(entity: EntityDecl, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(values)) if (!entity.fields.some((f) => f.name === k && f.formula)) out[k] = values[k];
  return out;
}
