import { Space } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { ActionButton } from '../../actions/ActionButton.tsx';
import type { ActionContext } from '../../contracts/actions.ts';
import { entityApi } from '../../data/entity-api.ts';
import type { RecordFormSpec } from '../../contracts/forms.ts';
import { useServices } from '../../runtime/services.ts';
import type { ActionBase, Section } from '../../schema/screen.ts';
import { DataTable } from '../../table/DataTable.tsx';
import { PageState } from '../PageState.tsx';
import { ChildRowsStore } from './ChildRowsStore.ts';
import { filterValues } from './filter-values.ts';
import { InlineLines } from './InlineLines.tsx';
import type { LineTabProps } from './line-tab-props.ts';

type Row = Record<string, unknown>;

/** An editable tab without its own `rowActions` edits and deletes each line (named for tests and people alike). */
const EDIT_LINE: ActionBase = { type: 'form', label: 'hzero.common.button.edit' };
const DELETE_LINE: ActionBase = { type: 'delete', label: 'hzero.common.button.delete', style: 'danger', confirm: 'hzero.common.message.confirm.delete' };
const CREATE_LINE: ActionBase = { type: 'form', label: 'hzero.common.button.create', style: 'primary' };
const DEFAULT_NAMES = new Map<ActionBase, string>([
  [EDIT_LINE, 'edit-line'],
  [DELETE_LINE, 'delete-line'],
  [CREATE_LINE, 'create-line'],
]);

/**
 * Lines of a detail page: the child entity's rows filtered by the parent record. Rows get the
 * tab's `table.rowActions`, run like any table's; an `editable` tab without them edits (its
 * `sections`, or else its columns, in a dialog) and deletes lines, and adds new ones with the
 * tab's `filter` values, which link them to the parent. `"editable": "inline"` edits them in the
 * table itself (InlineLines).
 */
export function ChildTable(p: LineTabProps) {
  if (p.tab.editable === 'inline') return <InlineLines {...p} fixed={filterValues(p.tab, p.entity, p.vars)} />;
  return <DialogLines {...p} />;
}

const DialogLines = observer(function DialogLines({ tab, entity, columns, vars, params = {}, onLinesChanged, reloadHeader, parent }: LineTabProps) {
  const s = useServices();
  // The header's values change as the user types; calls read the latest ones.
  const latest = useRef(vars);
  useLayoutEffect(() => {
    latest.current = vars;
  });
  const store = useMemo(() => new ChildRowsStore(entityApi(s, entity, { vars: () => latest.current, base: tab.data?.list?.url, endpoints: { list: tab.data?.list } })), [s, entity, tab]);
  const fixed = filterValues(tab, entity, vars);
  const key = JSON.stringify(vars);
  useEffect(() => {
    void store.load(fixed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reloads when the parent record changes
  }, [store, key]);
  const sections: Section[] = tab.sections?.length
    ? tab.sections
    : [{ columns: 2, fields: columns.filter((c) => c.editable !== false && !c.decl?.readOnly && !(c.field in fixed)).map((c) => ({ field: c.field })) }];
  const form: RecordFormSpec | undefined = tab.editable ? { entityName: entity.name, sections, fixed, vars, baseUrl: tab.data?.list?.url } : undefined;
  const rowActions = tab.table?.rowActions ?? (tab.editable ? [EDIT_LINE, DELETE_LINE] : []);
  // A line's actions may depend on its document (a line is cancelled only while the order allows it).
  const scope = { user: s.user, route: params, parent: vars };
  const ctx =
    (record?: Row) =>
    (): Omit<ActionContext, 'action' | 'services' | 'dialogs'> => ({
      entity,
      api: store.api,
      record,
      params,
      form,
      // A row action may change what the header shows (its totals); the lines reload with it.
      refresh: async () => {
        await store.load(filterValues(tab, entity, latest.current));
        onLinesChanged?.();
        if (record) await reloadHeader?.();
      },
    });
  const table = (
    <DataTable
      columns={columns}
      rows={store.rows}
      rowKey={tab.table?.rowKey ?? entity.primaryKey}
      loading={store.loading}
      empty={
        store.problem ? (
          <PageState state="problem" problem={store.problem} onRetry={() => void store.load(fixed)} />
        ) : (
          <PageState state="empty" hint={tab.editable ? s.t('hzero.common.state.emptyLines', 'No lines yet. Add one with the button above.') : undefined} />
        )
      }
      tree={tab.table?.tree}
      summary={tab.table?.summary}
      summaryWhere={tab.table?.summaryWhere}
      highlight={tab.table?.highlight}
      rowActions={
        rowActions.length
          ? (row) => (
              <Space size={0}>
                {rowActions.map((a, i) => (
                  <ActionButton key={i} action={a} name={DEFAULT_NAMES.get(a)} size="small" asLink scope={{ ...scope, record: row }} context={ctx(row)} entity={entity} parent={parent} />
                ))}
              </Space>
            )
          : undefined
      }
      rowActionsWidth={140}
    />
  );
  if (!tab.editable) return table;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="editable-lines">
      <ActionButton action={CREATE_LINE} name="create-line" scope={scope} context={ctx()} entity={entity} parent={parent} />
      {table}
    </Space>
  );
});
