import { Button, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { entityBase } from '../../data/endpoints.ts';
import { fillUrl } from '../../data/url-template.ts';
import { RecordModal, type RecordFormRequest } from '../../form/RecordModal.tsx';
import { useServices } from '../../runtime/services.ts';
import type { DetailTab, Section } from '../../schema/screen.ts';
import type { EntityDecl } from '../../schema/entity.ts';
import { DataTable } from '../../table/DataTable.tsx';
import { InlineLines } from './InlineLines.tsx';
import type { LineTabProps } from './line-tab-props.ts';

type Row = Record<string, unknown>;

type Props = LineTabProps;

/** The tab's `filter` filled from the header: the query of its lines and the link of new ones. */
function filterValues(tab: DetailTab, entity: EntityDecl, vars: Record<string, unknown>): Row {
  const fixed: Row = {};
  for (const [k, v] of Object.entries(tab.filter ?? {})) {
    const value = fillUrl(v, vars);
    const decl = entity.fields.find((f) => f.name === k);
    fixed[k] = decl && ['integer', 'number', 'flag'].includes(decl.type) && value !== '' ? Number(value) : value;
  }
  return fixed;
}

/**
 * Lines of a detail page: the child entity's rows filtered by the parent record. An `editable`
 * tab adds, edits (its `sections`, or else its columns, in a modal) and deletes lines; new lines
 * get the tab's `filter` values, which link them to the parent. `"editable": "inline"` edits
 * them in the table itself (InlineLines).
 */
export function ChildTable(p: Props) {
  if (p.tab.editable === 'inline') return <InlineLines {...p} fixed={filterValues(p.tab, p.entity, p.vars)} />;
  return <DialogLines {...p} />;
}

function DialogLines({ tab, entity, columns, vars }: Props) {
  const s = useServices();
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(true);
  const [reload, setReload] = useState(0);
  const [formRequest, setFormRequest] = useState<RecordFormRequest | null>(null);
  const key = JSON.stringify(vars);
  const listUrl = tab.data?.list?.url ?? entityBase(entity, s.siteMode);
  const fixed = filterValues(tab, entity, vars);
  useEffect(() => {
    const url = fillUrl(listUrl, vars, { siteMode: s.siteMode });
    const query: Record<string, unknown> = { page: 0, size: 1000, ...fixed };
    let live = true;
    s.request<{ content: Row[] }>(url, { query })
      .then((d) => live && setRows(d.content ?? []))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload when the parent record changes or after an edit
  }, [key, reload]);
  const sections: Section[] = tab.sections?.length
    ? tab.sections
    : [{ columns: 2, fields: columns.filter((c) => c.editable !== false && !c.decl?.readOnly && !(c.field in fixed)).map((c) => ({ field: c.field })) }];
  const remove = (row: Row) =>
    Modal.confirm({
      title: s.t('hzero.common.message.confirm.title', 'Confirm'),
      content: s.t('hzero.common.message.confirm.delete', 'Delete the selected records?'),
      width: 416,
      okText: s.t('hzero.common.button.ok', 'OK'),
      cancelText: s.t('hzero.common.button.cancel', 'Cancel'),
      onOk: async () => {
        await s.request(fillUrl(listUrl, vars, { siteMode: s.siteMode }), { method: 'DELETE', body: [{ [entity.primaryKey]: row[entity.primaryKey], objectVersionNumber: row.objectVersionNumber }] });
        s.notify.success(s.t('hzero.common.notification.success', 'Operation succeeded'));
        setReload((n) => n + 1);
      },
    });
  function lineActions(row: Row) {
    return (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => setFormRequest({ record: row })} data-action="edit-line">
          {s.t('hzero.common.button.edit', 'Edit')}
        </Button>
        <Button type="link" size="small" danger onClick={() => remove(row)} data-action="delete-line">
          {s.t('hzero.common.button.delete', 'Delete')}
        </Button>
      </Space>
    );
  }
  const table = <DataTable columns={columns} rows={rows} rowKey={tab.table?.rowKey ?? entity.primaryKey} loading={loading} tree={tab.table?.tree} summary={tab.table?.summary} rowActions={tab.editable ? (row) => lineActions(row) : undefined} rowActionsWidth={140} />;
  if (!tab.editable) return table;

  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="editable-lines">
      <Button type="primary" onClick={() => setFormRequest({})} data-action="create-line">
        {s.t('hzero.common.button.create', 'Create')}
      </Button>
      {table}
      <RecordModal
        entityName={entity.name}
        sections={sections}
        fixed={fixed}
        vars={vars}
        baseUrl={tab.data?.list?.url}
        request={formRequest}
        onClose={(saved) => {
          setFormRequest(null);
          if (saved) setReload((n) => n + 1);
        }}
      />
    </Space>
  );
}
