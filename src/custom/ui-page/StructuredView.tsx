import { Alert, Button, Card, Checkbox, Empty, Form, Input, InputNumber, Select, Space, Table, Tag, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useServices } from '../../../renderer/runtime/services.ts';
import type { Label } from '../../../renderer/schema/label.ts';
import { addableFields, addItem, type EditableList, editableLists, type ItemRow, moveItem, parseScreen, removeItem, setItemProp, setScreenProp } from './structured-edit.ts';

interface Props {
  /** The JSON text being edited: read on every render, so edits made in the JSON editor show here. */
  text: string;
  /** An overlay holds only a delta: its form view would edit another document (see below). */
  overlay: boolean;
  /** Replaces the text as if typed: the JSON editor, preview and checks follow. */
  onEdit(text: string): void;
}

type ItemKey = Exclude<keyof ItemRow, 'index' | 'field'>;

const GROUP_TITLE: Record<EditableList['group'], [string, string]> = {
  search: ['hpfm.uiPage.form.search', 'Search fields'],
  fields: ['hpfm.uiPage.form.fields', 'Form fields'],
  columns: ['hpfm.uiPage.form.columns', 'Table columns'],
};

/** Declared (non-private) field names of each entity the lists use, loaded once per entity. */
function useEntityFields(names: string[]): Record<string, string[]> {
  const s = useServices();
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const key = [...new Set(names)].sort().join(',');
  useEffect(() => {
    let live = true;
    for (const name of key ? key.split(',') : []) {
      s.loadEntity(name).then(
        (e) => live && setFields((f) => ({ ...f, [name]: e.fields.filter((x) => !x.private).map((x) => x.name) })),
        () => live && setFields((f) => ({ ...f, [name]: [] })),
      );
    }
    return () => {
      live = false;
    };
  }, [key, s]);
  return fields;
}

/**
 * The designer's form view: the page's search fields, table columns and section fields as
 * editable tables, for those who prefer not to type JSON. It holds no state of its own: each
 * change is an operation of structured-edit.ts on the current text, handed back as an edit.
 */
export function StructuredView({ text, overlay, onEdit }: Props) {
  const s = useServices();
  const doc = useMemo(() => parseScreen(text), [text]);
  const lists = useMemo(() => (doc ? editableLists(doc) : []), [doc]);
  const fields = useEntityFields(lists.map((l) => l.entity).filter((e): e is string => !!e));
  const [error, setError] = useState<string | null>(null);
  // An overlay's JSON is a delta keyed by field name, not a screen: it is edited in the JSON view.
  if (overlay) return <Alert type="info" showIcon data-testid="ui-page-form-overlay" title={s.t('hpfm.uiPage.form.overlay', 'An overlay stores only changes: edit it in the JSON view')} />;
  if (!doc) return <Alert type="warning" showIcon data-testid="ui-page-form-invalid" title={s.t('hpfm.uiPage.form.invalid', 'The JSON does not parse: fix it in the JSON view first')} />;
  const edit = (op: (t: string) => string) => {
    try {
      setError(null);
      const next = op(text);
      if (next !== text) onEdit(next);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const title = doc.title as Label | undefined;
  return (
    <div data-testid="ui-page-form-view" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {error && <Alert type="error" showIcon title={error} closable onClose={() => setError(null)} />}
      <Form layout="inline" size="small">
        <Form.Item label={s.t('hpfm.uiPage.form.title', 'Title (i18n key)')}>
          <Input
            data-testid="sv-title"
            style={{ width: 280 }}
            value={typeof title === 'string' ? title : ''}
            placeholder={typeof title === 'object' ? s.label(title) : undefined}
            onChange={(e) => edit((t) => setScreenProp(t, 'title', e.target.value))}
          />
        </Form.Item>
        <Form.Item label={s.t('hpfm.uiPage.form.kind', 'Kind')}>
          <Select data-testid="sv-kind" style={{ width: 140 }} value={String(doc.kind ?? '')} options={s.registries.pageKinds.types().map((k) => ({ value: k, label: k }))} onChange={(v: string) => edit((t) => setScreenProp(t, 'kind', v))} />
        </Form.Item>
      </Form>
      {lists.length === 0 && <Empty description={s.t('hpfm.uiPage.form.noLists', 'This kind of page has no fields or columns to edit here')} />}
      {lists.map((list) => (
        <ListCard key={list.path.join('/')} list={list} declared={list.entity ? fields[list.entity] : undefined} edit={edit} />
      ))}
    </div>
  );
}

function ListCard({ list, declared, edit }: { list: EditableList; declared: string[] | undefined; edit(op: (t: string) => string): void }) {
  const s = useServices();
  const path = list.path;
  const key = path.join('/');
  const set = (index: number, k: ItemKey, v: unknown) => edit((t) => setItemProp(t, path, index, k, v));
  const [group, fallback] = GROUP_TITLE[list.group];
  const isColumn = list.group === 'columns';
  const columns = [
    { title: '#', width: 40, render: (_: unknown, r: ItemRow) => r.index + 1 },
    {
      title: s.t('hpfm.uiPage.form.field', 'Field'),
      width: 160,
      render: (_: unknown, r: ItemRow) => (
        <Space size={4}>
          <code>{r.field}</code>
          {declared && !declared.includes(r.field) && <Tag color="red">?</Tag>}
        </Space>
      ),
    },
    {
      title: s.t('hpfm.uiPage.form.label', 'Label key'),
      render: (_: unknown, r: ItemRow) => (
        <Input size="small" data-testid="sv-label" value={typeof r.label === 'string' ? r.label : ''} placeholder={typeof r.label === 'object' ? s.label(r.label) : undefined} onChange={(e) => set(r.index, 'label', e.target.value)} />
      ),
    },
    ...(isColumn
      ? [
          {
            title: s.t('hpfm.uiPage.form.width', 'Width'),
            width: 100,
            render: (_: unknown, r: ItemRow) => <InputNumber size="small" data-testid="sv-width" min={40} max={800} value={r.width ?? null} onChange={(v) => set(r.index, 'width', v ?? undefined)} />,
          },
          {
            title: s.t('hpfm.uiPage.form.hidden', 'Hidden'),
            width: 70,
            render: (_: unknown, r: ItemRow) => (
              <span data-testid="sv-hidden">
                <Checkbox checked={!!r.hidden} onChange={(e) => set(r.index, 'hidden', e.target.checked)} />
              </span>
            ),
          },
        ]
      : [
          ...(list.group === 'fields'
            ? [
                {
                  title: s.t('hpfm.uiPage.form.required', 'Required'),
                  width: 80,
                  render: (_: unknown, r: ItemRow) =>
                    typeof r.required === 'string' ? (
                      <Tooltip title={r.required}>
                        <Tag>expr</Tag>
                      </Tooltip>
                    ) : (
                      <span data-testid="sv-required">
                        <Checkbox checked={r.required === true} onChange={(e) => set(r.index, 'required', e.target.checked)} />
                      </span>
                    ),
                },
              ]
            : []),
          {
            title: s.t('hpfm.uiPage.form.visible', 'Visible when'),
            width: 200,
            render: (_: unknown, r: ItemRow) => <Input size="small" data-testid="sv-visible" value={r.visible ?? ''} placeholder="record.x == 1" onChange={(e) => set(r.index, 'visible', e.target.value)} />,
          },
          {
            title: s.t('hpfm.uiPage.form.lov', 'Value set'),
            width: 160,
            render: (_: unknown, r: ItemRow) => <Input size="small" data-testid="sv-lov" value={r.lov ?? ''} onChange={(e) => set(r.index, 'lov', e.target.value.trim())} />,
          },
        ]),
    {
      title: '',
      width: 120,
      render: (_: unknown, r: ItemRow) => (
        <Space size={0}>
          <Button size="small" type="text" data-testid="sv-up" disabled={r.index === 0} onClick={() => edit((t) => moveItem(t, path, r.index, -1))} aria-label="up">
            ↑
          </Button>
          <Button size="small" type="text" data-testid="sv-down" disabled={r.index === list.items.length - 1} onClick={() => edit((t) => moveItem(t, path, r.index, 1))} aria-label="down">
            ↓
          </Button>
          <Button size="small" type="text" danger data-testid="sv-remove" onClick={() => edit((t) => removeItem(t, path, r.index))}>
            {s.t('hzero.common.button.delete', 'Delete')}
          </Button>
        </Space>
      ),
    },
  ];
  const addable = declared ? addableFields(list, declared) : [];
  return (
    <Card
      size="small"
      data-testid="sv-list"
      data-path={key}
      title={
        <span>
          {s.t(group, fallback)}
          {list.title !== undefined && <span style={{ fontWeight: 'normal' }}> · {s.label(list.title)}</span>}
          {list.entity && <Tag style={{ marginLeft: 8 }}>{list.entity}</Tag>}
        </span>
      }
      extra={
        <Select
          size="small"
          data-testid="sv-add"
          style={{ width: 220 }}
          showSearch
          value={null}
          disabled={!addable.length}
          placeholder={s.t('hpfm.uiPage.form.add', 'Add a field…')}
          options={addable.map((n) => ({ value: n, label: n }))}
          onChange={(v: string) => edit((t) => addItem(t, path, v))}
        />
      }
    >
      <Table<ItemRow> size="small" pagination={false} rowKey={(r) => `${r.index}:${r.field}`} dataSource={list.items} columns={columns} onRow={(r) => ({ 'data-testid': 'sv-row', 'data-field': r.field }) as never} />
    </Card>
  );
}
