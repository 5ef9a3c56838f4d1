import { SearchOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useServices } from '../runtime/services.ts';
import type { LovViewDecl } from '../schema/lovs.ts';
import type { FieldProps } from '../contracts/fields.ts';
import { platformUrl } from '../data/platform-url.ts';
import { platformConvention } from '../schema/wire/rest-convention.ts';
import { meaningOf } from '../schema/meaning.ts';

/** What `/lov-view/info` answers: the declared view (schemas/lovs) without the server-side parts. */
type LovView = Omit<LovViewDecl, 'viewName' | 'entity'>;

/**
 * One page of LOV rows: our server answers a page; HZERO's `lovs/data` a bare array without a
 * total, where a full page means there may be another, so the pager offers one more.
 */
function lovPage(answer: unknown, current: number, size: number): { rows: Record<string, unknown>[]; total: number } {
  const { rows, total } = platformConvention.page(answer);
  if (!Array.isArray(answer)) return { rows, total };
  return { rows, total: (current - 1) * size + rows.length + (rows.length === size ? 1 : 0) };
}

/**
 * LOV lookup modal (§7.3): the view (`/lov-view/info`) gives the query fields and columns; rows
 * come paged from `/lovs/data`. Picking a row sets the value, its display text
 * (`meaningOf(field)`) and any fields named in the screen's `lovMap`.
 */
export default function LovField({ field, value, onChange, disabled, id, record, setValue }: FieldProps) {
  const s = useServices();
  const [open, setOpen] = useState(false);
  // The modal exists once first opened: closed, antd's Modal still registers its styles and hooks,
  // which every form showing a lookup field paid on first render.
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  const [view, setView] = useState<LovView>();
  const [query, setQuery] = useState<Record<string, string>>({});
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [data, setData] = useState<{ rows: Record<string, unknown>[]; total: number }>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!open || view) return;
    s.request<LovView>(platformUrl(s, 'lovViewInfo'), { query: { viewCode: field.decl.lovView } }).then((v) => {
      setView(v);
      setPage({ current: 1, size: v.pageSize || 10 });
    }, () => setOpen(false));
  }, [open, view, s, field.decl.lovView]);

  const fetchPage = (current: number, size: number, q: Record<string, string>) => {
    if (!view) return;
    s.request<unknown>(platformUrl(s, 'lovData'), { query: { lovCode: view.lovCode, page: current - 1, size, ...q } })
      .then((r) => setData(lovPage(r, current, size)))
      .finally(() => setLoading(false));
  };
  const load = (current: number, size: number, q = query) => {
    setLoading(true);
    fetchPage(current, size, q);
  };

  useEffect(() => {
    if (open && view) fetchPage(1, view.pageSize || 10, {});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load on open only
  }, [open, view]);

  const pick = (row: Record<string, unknown>) => {
    if (!view) return;
    onChange(row[view.valueField]);
    setValue(meaningOf(field.name), row[view.displayField]);
    for (const [target, src] of Object.entries(field.lovMap ?? {})) setValue(target, row[src]);
    setOpen(false);
  };

  // A record from before the field was a lookup holds the name its lovMap fills, not the id: it shows that name.
  const kept = Object.keys(field.lovMap ?? {}).map((k) => record[k]).find((v) => v !== null && v !== undefined && v !== '');
  const text = (record[meaningOf(field.name)] as string) ?? (value === null || value === undefined || value === '' ? (kept === undefined ? '' : String(kept)) : String(value));
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input id={id} name={field.name} readOnly value={text} disabled={disabled} onClick={() => !disabled && setOpen(true)} />
        <Button aria-label="lookup" icon={<SearchOutlined />} disabled={disabled} onClick={() => setOpen(true)} />
        {!disabled && value !== null && value !== undefined && value !== '' && (
          <Button
            aria-label="clear"
            onClick={() => {
              onChange(null);
              setValue(meaningOf(field.name), null);
              // What the pick filled goes with it (the company's name with the company).
              for (const target of Object.keys(field.lovMap ?? {})) setValue(target, null);
            }}
          >
            ×
          </Button>
        )}
      </Space.Compact>
      {opened && (
        <Modal open={open} title={view?.title ? s.label(view.title) : s.label(field.label)} width={view?.width ?? 520} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
          <Space wrap style={{ marginBottom: 12 }}>
            {view?.queryFields.map((q) => (
              <Input key={q.field} name={`lov-${q.field}`} placeholder={s.label(q.label)} allowClear value={query[q.field] ?? ''} onChange={(e) => setQuery({ ...query, [q.field]: e.target.value })} onPressEnter={() => load(1, page.size)} />
            ))}
            <Button type="primary" onClick={() => { setPage({ ...page, current: 1 }); load(1, page.size); }}>{s.t('hzero.common.button.search', 'Search')}</Button>
          </Space>
          <Table
            size="small"
            rowKey={(r) => String(r[view?.valueField ?? 'id'])}
            loading={loading}
            dataSource={data.rows}
            columns={(view?.tableFields ?? []).map((c) => ({ title: s.label(c.title), dataIndex: c.dataIndex, width: c.width }))}
            // Rows are reachable by Tab and picked with Enter or Space, not only by mouse.
            onRow={(r) => ({
              onClick: () => pick(r),
              onKeyDown: (e) => {
                if (e.key !== 'Enter' && e.key !== ' ') return;
                e.preventDefault();
                pick(r);
              },
              tabIndex: 0,
              style: { cursor: 'pointer' },
            })}
            pagination={{ current: page.current, pageSize: page.size, total: data.total, showSizeChanger: false, onChange: (c, sz) => { setPage({ current: c, size: sz }); load(c, sz); } }}
          />
        </Modal>
      )}
    </>
  );
}
