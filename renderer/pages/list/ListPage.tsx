import { Button, Card, Col, Form, Pagination, Row, Space } from 'antd';
import { observer } from 'mobx-react-lite';
import { type ComponentType, useEffect, useState } from 'react';
import type { FieldProps } from '../../contracts/fields.ts';
import { ActionButton } from '../../actions/ActionButton.tsx';
import { SchemaErrorPanel } from '../../errors/SchemaErrorPanel.tsx';
import type { RecordFormSpec } from '../../contracts/forms.ts';
import { checkExpression } from '../../schema/expressions/check-expression.ts';
import { preload } from '../../runtime/preload.ts';
import { useServices } from '../../runtime/services.ts';
import { usePrepared } from '../../runtime/usePrepared.ts';
import { resolveColumn, resolveField, type ResolvedField } from '../../schema/resolve-field.ts';
import type { EntityDecl } from '../../schema/entity.ts';
import type { ColumnRef, ListScreen, Section } from '../../schema/screen.ts';
import { ColumnSettings } from '../../table/ColumnSettings.tsx';
import { displayOrder } from '../../table/column-settings.ts';
import { DataTable } from '../../table/DataTable.tsx';
import { PageState } from '../PageState.tsx';
import { useScreenRoute } from '../screen-route.ts';
import type { PageProps } from '../../contracts/pages.ts';
import { ListStore } from './ListStore.ts';
import { RowRelatedDocuments } from './RowRelatedDocuments.tsx';

/** A list screen: search form, toolbar, table and pagination, all from the schema. */
export default function ListPage({ screen, params, file }: PageProps<ListScreen>) {
  const s = useServices();
  const route = useScreenRoute(screen, params);
  const prepared = usePrepared(async () => {
    if (!screen.entity) throw new Error('a list screen needs "entity"');
    const entity = await s.loadEntity(screen.entity);
    const search = (screen.search?.fields ?? []).map((f, i) => resolveField(entity, f, `/search/fields/${i}`));
    const columns = screen.table.columns.map((c, i) => resolveColumn(entity, c, `/table/columns/${i}`));
    const actions = [...(screen.toolbar ?? []).map((a, i) => [a, `/toolbar/${i}`] as const), ...(screen.table.rowActions ?? []).map((a, i) => [a, `/table/rowActions/${i}`] as const)];
    for (const [a, path] of actions) {
      checkExpression(a.visible, `${path}/visible`);
      checkExpression(a.disabled, `${path}/disabled`);
    }
    const store = new ListStore(screen, entity, s, params, { columns, route });
    // The first page is asked for now, alongside the widget code and the saved columns, not after
    // them: opening a list costs one round trip less before its rows paint.
    void store.load();
    // The user's saved columns arrive with the page, so the table never shows the schema's first.
    await Promise.all([
      preload(
        s.registries,
        search.map((f, i) => [f, `/search/fields/${i}`]),
        columns.map((c, i) => [c, `/table/columns/${i}`]),
        actions.map(([a, p]) => [a, p]),
      ),
      store.columnSettings.load(),
    ]);
    return { entity, search, columns, store };
  }, [screen, JSON.stringify(params)]);

  if (prepared.status === 'loading') return <PageState state="loading" />;
  if (prepared.status === 'error') return <SchemaErrorPanel file={file} problems={[{ path: prepared.path, message: prepared.message }]} />;
  return <ListView {...prepared.value} screen={screen} params={params} route={route} />;
}

interface ViewProps {
  screen: ListScreen;
  params: Record<string, string>;
  route: string | undefined;
  entity: EntityDecl;
  search: ResolvedField[];
  columns: ReturnType<typeof resolveColumn>[];
  store: ListStore;
}

const ListView = observer(function ListView({ screen, params, route, entity, search, columns, store }: ViewProps) {
  const s = useServices();
  const scope = { user: s.user, route: params, query: store.query, selected: store.selectedRows };
  const form = listForm(screen, entity, params);
  const shown = () => {
    const settings = store.columnSettings.settings;
    return displayOrder(settings).filter((f) => !settings.hidden.includes(f));
  };
  const ctx = (record?: Record<string, unknown>) => () => ({ entity, api: store.api, record, selected: store.selectedRows, columns: shown(), params, query: store.query, refresh: () => store.load(), form });
  // A row moved by an approval in another browser: the page shows it without a reload.
  useEffect(() => s.onRecordChanged?.(entity.name, undefined, () => void store.load()), [s, entity.name, store]);
  // What to do about an empty list: a search that found nothing can be widened; an empty list can be filled from the toolbar.
  const searched = Object.values(store.query).some((v) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0));
  const emptyHint = searched
    ? s.t('hzero.common.state.emptySearch', 'Nothing matches these conditions. Change or reset the search and try again.')
    : (screen.toolbar?.length ?? 0) > 0
      ? s.t('hzero.common.state.emptyToolbar', 'There are no records yet. Add one with the buttons above the table.')
      : s.t('hzero.common.state.emptyNone', 'There are no records yet.');
  // Read in this render, not in showTotal: antd calls that inside its own render, which MobX does not track.
  const estimated = store.totalEstimated;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-screen={route}>
      {search.length > 0 && (
        <Card size="small">
          <SearchForm store={store} fields={search} columns={screen.search?.columns ?? 3} />
        </Card>
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 8 }}>
        {(screen.toolbar?.length ?? 0) > 0 ? (
          <Space wrap data-testid="toolbar">
            {screen.toolbar!.map((a, i) => (
              <ActionButton key={i} action={a} scope={scope} context={ctx()} />
            ))}
          </Space>
        ) : (
          <span />
        )}
        <ColumnSettings store={store.columnSettings} />
      </div>
      <DataTable
        empty={store.problem ? <PageState state="problem" problem={store.problem} onRetry={() => void store.load()} /> : <PageState state="empty" hint={emptyHint} />}
        columns={columns}
        rows={store.rows}
        rowKey={store.rowKey}
        loading={store.loading}
        sort={store.sort}
        onSort={(f) => void store.toggleSort(f)}
        selection={screen.table.selection}
        selected={store.selection}
        onSelect={(keys) => store.setSelection(keys)}
        rowHeight={screen.table.rowHeight}
        tree={screen.table.tree}
        settings={store.columnSettings.settings}
        summary={screen.table.summary}
        summaryWhere={screen.table.summaryWhere}
        highlight={screen.table.highlight}
        // A server-paged list holds one page: the footer says it sums that page, not every record.
        summaryLabel={s.t('hzero.common.table.pageTotal', 'Page total')}
        rowActions={
          screen.table.rowActions?.length || entity.document
            ? (row) => (
                <Space size={0}>
                  {(screen.table.rowActions ?? []).map((a, i) => (
                    <ActionButton key={i} action={a} size="small" asLink scope={{ ...scope, record: row }} context={ctx(row)} entity={entity} />
                  ))}
                  {/* A document's row leads on to the documents it came from and became, as its page does. */}
                  {entity.document && Number(row[entity.primaryKey]) > 0 && <RowRelatedDocuments entity={entity.name} id={Number(row[entity.primaryKey])} />}
                </Space>
              )
            : undefined
        }
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Pagination
          current={store.current}
          pageSize={store.pageSize}
          total={store.total}
          showSizeChanger
          pageSizeOptions={[10, 20, 50, 100]}
          showTotal={(total) =>
            estimated ? s.t('hzero.common.pagination.totalAbout', 'about {{total}} items (counting…)', { total }) : s.t('hzero.common.pagination.total', '{{total}} items', { total })
          }
          onChange={(c, size) => void store.changePage(c, size)}
        />
      </div>
    </Space>
  );
});

/** `form` actions edit the columns marked `"editable": true`, saved to the list's collection. */
function listForm(screen: ListScreen, entity: EntityDecl, params: Record<string, string>): RecordFormSpec | undefined {
  const editable = screen.table.columns.filter((c): c is ColumnRef => typeof c === 'object' && !!c.editable);
  if (!editable.length) return undefined;
  const sections: Section[] = [{ columns: 2, fields: editable.map((c) => ({ field: c.field, ...(c.label ? { label: c.label } : {}) })) }];
  return { entityName: entity.name, sections, vars: params, baseUrl: screen.data?.list?.url };
}

const SearchForm = observer(function SearchForm({ store, fields, columns }: { store: ListStore; fields: ResolvedField[]; columns: number }) {
  const s = useServices();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? fields : fields.slice(0, columns * 1);
  const span = Math.floor(24 / columns);
  return (
    <Form layout="horizontal" labelCol={{ flex: '110px' }} onFinish={() => void store.search()} data-testid="search-form">
      <Row gutter={12}>
        {shown.map((f) => {
          const Widget = s.registries.fieldWidgets.peek(f.widget)!;
          return (
            <Col key={f.name} span={span}>
              <Form.Item label={s.label(f.label)} htmlFor={`search-${f.name}`} style={{ marginBottom: 8 }}>
                <SearchField store={store} field={f} Widget={Widget} />
              </Form.Item>
            </Col>
          );
        })}
      </Row>
      <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
        {fields.length > columns && (
          <Button type="link" onClick={() => setExpanded(!expanded)}>
            {expanded ? s.t('hzero.common.button.collapse', 'Collapse') : s.t('hzero.common.button.more', 'More')}
          </Button>
        )}
        <Button onClick={() => void store.reset()}>{s.t('hzero.common.button.reset', 'Reset')}</Button>
        <Button type="primary" htmlType="submit" data-testid="search-button">
          {s.t('hzero.common.button.search', 'Search')}
        </Button>
      </Space>
    </Form>
  );
});

const SearchField = observer(function SearchField({ store, field, Widget }: { store: ListStore; field: ResolvedField; Widget: ComponentType<FieldProps> }) {
  return (
    <Widget
      field={field}
      id={`search-${field.name}`}
      mode="search"
      value={store.query[field.name]}
      record={store.query}
      onChange={(v) => store.setQueryValue(field.name, v)}
      setValue={(n, v) => store.setQueryValue(n, v)}
    />
  );
});
