import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button, Checkbox } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ACTION_WIDTH, COLUMNS, makeRows, ROW_HEIGHT, SELECT_WIDTH, VIEWPORT } from '../data/list-data.ts';
import { installListHarness } from '../harness/list-harness.ts';
import { renderCell, rightAligned } from './cells.tsx';
import { ListChrome } from './chrome.tsx';
import './tanstack.css';
import '../page.css';

/**
 * Baseline: the list a developer would write by hand with TanStack Table 9 + react-virtual,
 * same columns, row height, viewport, overscan, checkboxes, action column, search form and pager
 * as the schema page.
 */
type Row = Record<string, unknown>;
const features = tableFeatures({});
const helper = createColumnHelper<typeof features, Row>();
const columns = helper.columns(COLUMNS.map((c) => helper.accessor((r: Row) => r[c.field], { id: c.field, header: c.label, cell: (info) => renderCell(c, info.row.original) })));
const byId = new Map(COLUMNS.map((c) => [c.field, c]));
const width = SELECT_WIDTH + COLUMNS.reduce((n, c) => n + c.width, 0) + ACTION_WIDTH;

const rows = makeRows();
let setData!: (rows: Row[]) => void;
let mountedDone!: () => void;
const mounted = new Promise<void>((resolve) => (mountedDone = resolve));

function Page() {
  const [data, set] = useState<Row[]>([]);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  useEffect(() => {
    setData = set;
    mountedDone();
  }, []);
  const table = useTable({ features, columns, data, getRowId: (r: Row) => String(r.id) });
  const model = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: model.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  const all = model.length > 0 && selected.size === model.length;
  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <ListChrome total={data.length}>
      <div className="tt">
        <div className="tt-scroll" ref={scrollRef} style={{ height: VIEWPORT + ROW_HEIGHT }}>
          <div style={{ width }}>
            <div className="tt-head" style={{ height: ROW_HEIGHT }}>
              <div className="tt-cell tt-check" style={{ width: SELECT_WIDTH }}>
                <Checkbox checked={all} indeterminate={!all && selected.size > 0} onChange={(e) => setSelected(e.target.checked ? new Set(model.map((r) => r.id)) : new Set())} />
              </div>
              {table.getFlatHeaders().map((h) => (
                <div key={h.id} className="tt-cell" style={{ width: byId.get(h.column.id)!.width }}>
                  <table.FlexRender header={h} />
                </div>
              ))}
              <div className="tt-cell" style={{ width: ACTION_WIDTH }}>
                Action
              </div>
            </div>
            <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
              {virtual.getVirtualItems().map((vi) => {
                const row = model[vi.index]!;
                const on = selected.has(row.id);
                return (
                  <div key={row.id} data-row-key={row.id} className={on ? 'tt-row tt-selected' : 'tt-row'} style={{ height: ROW_HEIGHT, transform: `translateY(${vi.start}px)` }}>
                    <div className="tt-cell tt-check" style={{ width: SELECT_WIDTH }}>
                      <Checkbox checked={on} onChange={(e) => toggle(row.id, e.target.checked)} />
                    </div>
                    {row.getAllCells().map((cell) => (
                      <div key={cell.id} className="tt-cell" style={{ width: byId.get(cell.column.id)!.width, justifyContent: rightAligned(byId.get(cell.column.id)!) ? 'flex-end' : undefined }}>
                        <table.FlexRender cell={cell} />
                      </div>
                    ))}
                    <div className="tt-cell" style={{ width: ACTION_WIDTH }}>
                      <Button type="link" size="small">
                        Edit
                      </Button>
                    </div>
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      </div>
    </ListChrome>
  );
}

installListHarness({ rowSelector: '.tt-row[data-row-key]', scrollSelector: '.tt-scroll', mounted, release: () => setData(rows) });
createRoot(document.getElementById('root')!).render(<Page />);
