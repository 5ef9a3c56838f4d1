import { Alert, Button, Form, Space, Spin, Tooltip } from 'antd';
import { observer } from 'mobx-react-lite';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ActionButton } from '../../actions/ActionButton.tsx';
import { anyChange, lineLock } from '../../schema/status/lock.ts';
import { entityApi } from '../../data/entity-api.ts';
import { listAll, readLines } from '../../data/list-all.ts';
import { useDialogs } from '../../dialogs/dialog-api.ts';
import { FieldCheck } from '../../fields/FieldCheck.tsx';
import { formulaFacts } from '../../form/formula-facts.ts';
import { type FormulaFacts, formulaInputs, previewRow } from '../../form/formula-preview.ts';
import { boundWidgetProps } from '../../form/bound-widget-props.ts';
import { errorText } from '../../form/FieldRenderer.tsx';
import { HiddenLabel } from '../../form/HiddenLabel.tsx';
import type { FormStore } from '../../form/FormStore.ts';
import { prepareForm } from '../../form/prepare-form.ts';
import { useServices } from '../../runtime/services.ts';
import { usePrepared } from '../../runtime/usePrepared.ts';
import type { ResolvedColumn, ResolvedField } from '../../schema/resolve-field.ts';
import type { DetailTab, FieldItem } from '../../schema/screen.ts';
import { DataTable } from '../../table/DataTable.tsx';
import type { LineTabProps } from './line-tab-props.ts';
import { LIGHT_WIDGETS, LightInput, WakeInput } from './LightCell.tsx';
import { LINE_KEY, type Line, LinesStore } from './LinesStore.ts';

type Row = Record<string, unknown>;

interface Props extends LineTabProps {
  /** The header link every new line gets (the tab's `filter` values). */
  fixed: Row;
}

const ROW_HEIGHT = 44;
/** Runs `fn` in a task after the next frame has been painted. */
function afterPaint(fn: () => void): void {
  requestAnimationFrame(() => setTimeout(fn, 0));
}

/**
 * The editable cells' fields: each column the user may change, taking the adjustments
 * (`required`, `disabled`, `dropOnCreate` …) of the same field in the tab's `sections`.
 */
export function inlineFieldItems(tab: DetailTab, columns: ResolvedColumn[], fixed: Row): FieldItem[] {
  const refs = new Map<string, FieldItem>();
  for (const sec of tab.sections ?? []) for (const f of sec.fields) refs.set(typeof f === 'string' ? f : f.field, f);
  return columns.filter((c) => c.editable !== false && !c.decl.readOnly && !(c.field in fixed)).map((c) => refs.get(c.field) ?? c.field);
}

/**
 * `"editable": "inline"`: the lines as a table of field widgets (issue 6). Fields are resolved
 * and their widgets loaded first; then the lines live in a LinesStore, one FormStore per line.
 */
export function InlineLines(p: Props) {
  return p.fields ? <LinesView {...p} fields={p.fields} /> : <PreparedLines {...p} />;
}

/** A tab mounted without its fields (a wizard step, a test) prepares them first. */
function PreparedLines(p: Props) {
  const s = useServices();
  const items = inlineFieldItems(p.tab, p.columns, p.fixed);
  const prepared = usePrepared(() => prepareForm(s, p.entity.name, [{ fields: items }], [], `/tabs/${p.index ?? 0}/actions`), [p.tab, p.entity]);
  if (prepared.status === 'loading') return <Spin />;
  if (prepared.status === 'error') return <Alert type="error" title={`${prepared.path} ${prepared.message}`} />;
  return <LinesView {...p} fields={prepared.value.fields} />;
}

const LinesView = observer(function LinesView(p: Props & { fields: ResolvedField[] }) {
  const { tab, entity, columns, vars, params = {}, fixed, trackPending, onLinesChanged, onLinesPreview, reloadHeader, fields, parent } = p;
  const s = useServices();
  // Computed amounts (formula fields) are previewed as the user types; the save stores the server's.
  const facts = useRef<FormulaFacts | null>(null);
  const wantsFacts = entity.fields.some((f) => f.formula) || !!onLinesPreview;
  useEffect(() => {
    if (wantsFacts) void formulaFacts(s).then((f) => (facts.current = f));
  }, [s, wantsFacts]);
  const inputs = useMemo(() => formulaInputs(entity), [entity]);
  // The header's values change as the user types in it; the store reads the latest ones.
  const header = useRef({ vars, fixed, preview: onLinesPreview, parent });
  useLayoutEffect(() => {
    header.current = { vars, fixed, preview: onLinesPreview, parent };
  });
  // What the document's status lets change in its lines: read where it is used, so a move of the document re-renders them.
  const lock = lineLock(parent, entity);
  const store = useMemo(
    () =>
      new LinesStore({
        entity,
        fields,
        fixed: () => header.current.fixed,
        scopeExtra: () => ({ user: s.user, route: header.current.vars }),
        labelOf: (f) => s.label(f.label),
        lock: () => lineLock(header.current.parent, entity),
        onEdit: (line, field) => {
          const f = facts.current;
          if (!f || !inputs.has(field)) return;
          line.form.mergeDerived(previewRow(entity, { row: line.form.values, parent: header.current.vars, facts: f }));
          header.current.preview?.(entity.name, store.lines.map((l) => l.values), f);
        },
      }),
    [entity, fields, s, inputs],
  );
  const dialogs = useDialogs();
  // The page's early read, if it was for these lines (the same filter); its first screenful, if
  // it came before the page rendered, is in the table from the first render.
  const early = useRef(p.early?.filter === JSON.stringify(fixed) ? p.early : undefined);
  const [shownEarly] = useState(() => {
    const first = early.current?.first;
    if (first) store.load(first.rows);
    return first;
  });
  const [loading, setLoading] = useState(!shownEarly);
  const [reload, setReload] = useState(0);
  // Lines reload when the header they belong to changes, not on every header keystroke (that
  // would throw away unsaved line edits): the API is rebuilt only with the header's link.
  const key = `${tab.data?.list?.url ?? ''}?${JSON.stringify(fixed)}`;
  const api = useMemo(() => entityApi(s, entity, { vars: () => header.current.vars, base: tab.data?.list?.url, endpoints: { list: tab.data?.list } }), [s, entity, tab]);
  // The same header reloading after a save keeps what was typed meanwhile; another header starts afresh.
  const loadedKey = useRef<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const done = () => {
      loadedKey.current = key;
      setLoading(false);
    };
    const ahead = early.current;
    early.current = undefined;
    // Already on screen from the first render: only the rest of a big document is still to take.
    const painted = ahead?.first && loadedKey.current === undefined ? ahead.first : undefined;
    if (!painted) setLoading(true);
    if (loadedKey.current === key) {
      // After a save: the lines as the server has them, keeping what was typed meanwhile.
      listAll(api, fixed)
        .then(({ rows }) => live && store.refresh(rows))
        .finally(() => live && setLoading(false));
    } else {
      // Another document (or the first): its first screenful is painted, then every line is taken
      // once that frame is shown. The page's early read serves this if it had the same filter.
      const reads = ahead?.reads ?? readLines(api, fixed);
      let shown = !!painted;
      let complete = !!painted && painted.rows.length >= painted.total;
      if (painted) loadedKey.current = key;
      // Every line, read once the first screenful is on screen (a failed early read is read again).
      const takeAll = () =>
        reads
          .rest()
          .catch(() => (ahead ? listAll(api, fixed) : Promise.reject(new Error('lines not read'))))
          .then(({ rows }) => {
            if (!live || complete) return;
            if (!shown) {
              shown = true;
              store.load(rows);
              return done();
            }
            // Lines already painted from the first read keep any edit typed on them since, and
            // the header's previewed totals, taken over the first lines only, are taken again.
            store.refresh(rows);
            const f = facts.current;
            if (f && store.lines.some((l) => l.changed)) header.current.preview?.(entity.name, store.lines.map((l) => l.values), f);
          })
          .catch(() => live && setLoading(false));
      if (painted) {
        if (!complete) afterPaint(() => live && void takeAll());
      } else {
        void reads.first.then(
          ({ rows, total }) => {
            if (!live || shown) return;
            shown = true;
            complete = rows.length >= total;
            store.load(rows);
            done();
            if (!complete) afterPaint(() => live && void takeAll());
          },
          () => void takeAll(),
        );
      }
    }
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload when the header changes or after a save
  }, [api, key, reload, store]);
  useEffect(() => trackPending?.(() => store.dirty), [trackPending, store]);

  const byField = useMemo(() => new Map(fields.map((f) => [f.name, f])), [fields]);
  const firstColumn = columns.find((c) => !c.hidden)?.field;
  // Stable, so memoised rows keep their cells; each cell observes its own line's form.
  const renderCell = useCallback(
    (row: Row, column: ResolvedColumn) => {
      const line = store.line(String(row[LINE_KEY]));
      if (!line) return null;
      return <LineCell line={line} column={column} field={byField.get(column.field)} mark={column.field === firstColumn} />;
    },
    [store, byField, firstColumn],
  );
  const rows = useMemo(() => store.lines.map((l) => l.view), [store.lines]);
  const valuesOf = useCallback((row: Row) => store.line(String(row[LINE_KEY]))?.values ?? {}, [store]);
  const box = useRef<HTMLDivElement>(null);

  /** Scrolls the virtual table to the line (rows have one fixed height), then focuses the cell. */
  const reveal = (at: { key: string; field: string }) => {
    const index = store.lines.findIndex((l) => l.key === at.key);
    const scroller = box.current?.querySelector<HTMLElement>('.dt-scroll');
    if (scroller && index >= 0) scroller.scrollTop = Math.max(0, index * ROW_HEIGHT - ROW_HEIGHT);
    requestAnimationFrame(() => document.getElementById(cellId(at.key, at.field))?.focus?.());
  };
  const confirmDelete = (count: number) =>
    dialogs
      ? dialogs.confirm({
          title: s.t('hzero.common.message.confirm.title', 'Confirm'),
          content: s.t('hzero.common.message.confirm.deleteLines', 'Delete {{count}} saved lines?', { count }),
          okText: s.t('hzero.common.button.ok', 'OK'),
          cancelText: s.t('hzero.common.button.cancel', 'Cancel'),
        })
      : Promise.resolve(window.confirm(s.t('hzero.common.message.confirm.deleteLines', 'Delete {{count}} saved lines?', { count })));
  // A saved line's own actions (cancel a line with its reason): the lines and the header reload after one.
  const lineActions = tab.table?.rowActions ?? [];
  const rowActions = lineActions.length
    ? (row: Row) => {
        const line = store.line(String(row[LINE_KEY]));
        if (!line || line.status === 'create') return null;
        const record = line.form.values;
        const refresh = async () => {
          setReload((n) => n + 1);
          onLinesChanged?.();
          await reloadHeader?.();
        };
        return (
          <Space size={0}>
            {lineActions.map((a, i) => (
              <ActionButton key={i} action={a} size="small" asLink scope={{ user: s.user, route: params, parent: vars, record }} context={() => ({ entity, api, record, params, refresh })} entity={entity} parent={parent} />
            ))}
          </Space>
        );
      }
    : undefined;
  const save = async () => {
    const invalid = await store.validate();
    if (invalid) {
      s.notify.error(s.t('hzero.common.message.lines.invalid', 'Some lines are not valid'));
      return reveal(invalid);
    }
    if (!store.dirty) return s.notify.success(s.t('hzero.common.message.lines.noChanges', 'Nothing to save'));
    if (store.deleted.length && !(await confirmDelete(store.deleted.length))) return;
    const r = await store.save(api);
    if (r.invalid) return reveal(r.invalid);
    // Some lines may have been written even when others were refused.
    onLinesChanged?.();
    if (r.ok) {
      s.notify.success(s.t('hzero.common.notification.success', 'Operation succeeded'));
      setReload((n) => n + 1);
    }
    // Refused lines keep their edits and show the server's message; the request layer notified too.
  };
  const none = store.selected.size === 0;
  const failed = store.lines.filter((l) => l.saveError).length + store.deleted.filter((l) => l.saveError).length;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="inline-lines">
      {anyChange(lock) && (
        <Space wrap data-testid="lines-toolbar">
          {lock.all && (
            <>
              <Button type="primary" onClick={() => store.add()} data-action="add-line">
                {s.t('hzero.common.button.addLine', 'Add line')}
              </Button>
              <Button disabled={none} onClick={() => store.copy()} data-action="copy-lines">
                {s.t('hzero.common.button.copy', 'Copy')}
              </Button>
              <Button danger disabled={none} onClick={() => store.remove()} data-action="delete-lines">
                {s.t('hzero.common.button.delete', 'Delete')}
              </Button>
            </>
          )}
          <Button type="primary" ghost disabled={!store.dirty} loading={store.saving} onClick={() => void save()} data-action="save-lines">
            {s.t('hzero.common.button.save', 'Save')}
          </Button>
          <Button disabled={!store.dirty || store.saving} onClick={() => store.cancel()} data-action="cancel-lines">
            {s.t('hzero.common.button.cancel', 'Cancel')}
          </Button>
        </Space>
      )}
      {failed > 0 && <Alert type="error" showIcon title={s.t('hzero.common.message.lines.failed', '{{count}} lines were not saved; see the marked lines', { count: failed })} data-testid="lines-failed" />}
      <Form component={false}>
        <div ref={box}>
          <DataTable columns={columns} rows={rows} rowKey={LINE_KEY} loading={loading} summary={tab.table?.summary} summaryValuesOf={valuesOf} summaryWhere={tab.table?.summaryWhere} highlight={tab.table?.highlight} rowActions={rowActions} rowActionsWidth={120} selection={lock.all ? 'multiple' : undefined} selected={store.selected} onSelect={(keys) => store.select(keys)} rowHeight={ROW_HEIGHT} renderCell={renderCell} />
        </div>
      </Form>
    </Space>
  );
});

const cellId = (key: string, field: string) => `line-${key}-${field}`;

/**
 * One cell: the field's form widget bound to its line's FormStore, or the column's display cell
 * when the column is not editable. Observes only this line's value and error for this field.
 */
const LineCell = observer(function LineCell({ line, column, field, mark }: { line: Line; column: ResolvedColumn; field?: ResolvedField; mark: boolean }) {
  const s = useServices();
  const { form } = line;
  // A saved line's cell edits in a plain input (LightCell.tsx) until a select, date or lookup is woken.
  const [awake, setAwake] = useState(false);
  const id = field ? cellId(line.key, field.name) : '';
  useEffect(() => {
    if (awake) document.getElementById(id)?.focus();
  }, [awake, id]);
  const content = (() => {
    if (!field) {
      const Cell = s.registries.cellRenderers.peek(column.cell);
      const value = form.values[column.field];
      return Cell ? <Cell column={column} row={form.values} value={value} /> : String(value ?? '');
    }
    if (!form.isVisible(field)) return null;
    const Widget = s.registries.fieldWidgets.peek(field.widget);
    if (!Widget) return <span>unknown widget {field.widget}</span>;
    const error = form.errors[field.name];
    const message = error ? errorText(s.t, error) : undefined;
    if (!awake && line.status === 'sync' && !line.saveError && !field.check) {
      const light = { form, field, id, label: s.label(field.label), disabled: form.isDisabled(field) };
      return (
        <div style={{ flex: 1, minWidth: 0 }} data-field={field.name} data-error={message} title={message}>
          {LIGHT_WIDGETS.has(field.widget) ? <LightInput {...light} /> : <WakeInput {...light} onWake={() => setAwake(true)} />}
        </div>
      );
    }
    return (
      <Tooltip title={message} color="red">
        <div style={{ flex: 1, minWidth: 0 }} data-field={field.name} data-error={message} aria-invalid={error ? true : undefined}>
          <Form.Item validateStatus={error ? 'error' : undefined} style={{ margin: 0 }}>
            <Checked form={form} field={field}>
              <HiddenLabel htmlFor={id}>{s.label(field.label)}</HiddenLabel>
              <Widget {...boundWidgetProps(form, field, id)} />
            </Checked>
          </Form.Item>
        </div>
      </Tooltip>
    );
  })();
  return (
    <>
      {mark && <LineMark line={line} />}
      {content}
    </>
  );
});

/** A field declaring an async `check` runs it on leaving the cell and before the save, as in forms. */
function Checked({ form, field, children }: { form: FormStore; field: ResolvedField; children: ReactNode }) {
  return field.check ? (
    <FieldCheck store={form} field={field}>
      {children}
    </FieldCheck>
  ) : (
    children
  );
}

/** A new or edited line gets a coloured edge; a line the server refused shows its message. */
const LineMark = observer(function LineMark({ line }: { line: Line }) {
  const s = useServices();
  const state = line.saveError ? 'error' : line.status === 'create' ? 'new' : line.changed ? 'edited' : undefined;
  if (!state) return null;
  const color = state === 'error' ? 'var(--app-error-border, #ff4d4f)' : state === 'new' ? 'var(--app-tag-green-text, #52c41a)' : 'var(--app-focus, #1677ff)';
  const title = state === 'error' ? line.saveError : s.t(`hzero.common.status.line.${state}`, state === 'new' ? 'New' : 'Edited');
  return (
    <Tooltip title={title}>
      <span data-line-state={state} title={state === 'error' ? line.saveError : undefined} style={{ flex: 'none', width: 4, height: 28, marginRight: 6, borderRadius: 2, background: color }} />
    </Tooltip>
  );
});
