import { Button, Table, type TableColumnsType } from 'antd';
import { type Key, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ACTION_WIDTH, COLUMNS, makeRows, SELECT_WIDTH, VIEWPORT } from '../data/list-data.ts';
import { installListHarness } from '../harness/list-harness.ts';
import { renderCell, rightAligned } from './cells.tsx';
import { ListChrome } from './chrome.tsx';
import './antd-table.css';
import '../page.css';

/**
 * Baselines: antd's own Table over the same 10,000 rows, with row selection, either plain (every
 * row in the DOM, what most back offices ship) or with `virtual`.
 */
type Row = Record<string, unknown>;
const columns: TableColumnsType<Row> = [
  ...COLUMNS.map((c) => ({ key: c.field, dataIndex: c.field, title: c.label, width: c.width, ellipsis: true, align: rightAligned(c) ? ('right' as const) : undefined, render: (_: unknown, row: Row) => renderCell(c, row) })),
  {
    key: 'action',
    title: 'Action',
    width: ACTION_WIDTH,
    render: () => (
      <Button type="link" size="small">
        Edit
      </Button>
    ),
  },
];
const width = SELECT_WIDTH + COLUMNS.reduce((n, c) => n + c.width, 0) + ACTION_WIDTH;

export function mountAntdTable(virtual: boolean): void {
  const rows = makeRows();
  let setData!: (rows: Row[]) => void;
  let mountedDone!: () => void;
  const mounted = new Promise<void>((resolve) => (mountedDone = resolve));

  function Page() {
    const [data, set] = useState<Row[]>([]);
    const [selected, setSelected] = useState<Key[]>([]);
    useEffect(() => {
      setData = set;
      mountedDone();
    }, []);
    return (
      <ListChrome total={data.length}>
        <Table<Row>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={data}
          pagination={false}
          virtual={virtual}
          scroll={{ x: width, y: VIEWPORT }}
          rowSelection={{ columnWidth: SELECT_WIDTH, selectedRowKeys: selected, onChange: setSelected }}
        />
      </ListChrome>
    );
  }

  const rowSelector = virtual ? '.ant-table-tbody-virtual .ant-table-row[data-row-key]' : '.ant-table-tbody > tr.ant-table-row[data-row-key]';
  const scrollSelector = virtual ? '.ant-table-tbody-virtual-holder' : '.ant-table-body';
  installListHarness({ rowSelector, scrollSelector, mounted, release: () => setData(rows) });
  createRoot(document.getElementById('root')!).render(<Page />);
}

