import type { EntityDecl, EntityField } from '../../../../../renderer/schema/entity.ts';
import type { ListScreen } from '../../../../../renderer/schema/screen.ts';
import { rng } from './rng.ts';

/**
 * The list of scenarios 1–3: one entity of 20 columns and 10,000 generated rows. The schema
 * page and every baseline page import this module, so they render the same data.
 */
export type CellKind = 'text' | 'money' | 'number' | 'percent' | 'lov' | 'flag' | 'status';
export interface BenchColumn {
  field: string;
  label: string;
  width: number;
  kind: CellKind;
  type: EntityField['type'];
  lov?: string;
}

export const ROW_COUNT = 10_000;
export const ROW_HEIGHT = 40;
/** The DataTable's default viewport (560 px of rows); baselines use the same. */
export const VIEWPORT = 560;
export const ACTION_WIDTH = 180;
export const SELECT_WIDTH = 48;

export const COLUMNS: BenchColumn[] = [
  { field: 'id', label: 'ID', width: 90, kind: 'number', type: 'integer' },
  { field: 'orderNum', label: 'Order no.', width: 150, kind: 'text', type: 'string' },
  { field: 'supplierName', label: 'Supplier', width: 220, kind: 'text', type: 'string' },
  { field: 'companyName', label: 'Company', width: 220, kind: 'text', type: 'string' },
  { field: 'currencyCode', label: 'Currency', width: 100, kind: 'lov', type: 'string', lov: 'BENCH.CURRENCY' },
  { field: 'amount', label: 'Amount', width: 140, kind: 'money', type: 'money' },
  { field: 'taxIncludeAmount', label: 'Amount incl. tax', width: 150, kind: 'money', type: 'money' },
  { field: 'quantity', label: 'Quantity', width: 110, kind: 'number', type: 'integer' },
  { field: 'taxRate', label: 'Tax rate', width: 100, kind: 'percent', type: 'percent' },
  { field: 'statusCode', label: 'Status', width: 120, kind: 'status', type: 'string', lov: 'BENCH.STATUS' },
  { field: 'poTypeCode', label: 'Type', width: 120, kind: 'lov', type: 'string', lov: 'BENCH.TYPE' },
  { field: 'enabledFlag', label: 'Enabled', width: 100, kind: 'flag', type: 'flag' },
  { field: 'urgentFlag', label: 'Urgent', width: 100, kind: 'flag', type: 'flag' },
  { field: 'orderDate', label: 'Order date', width: 120, kind: 'text', type: 'date' },
  { field: 'releasedDate', label: 'Released', width: 170, kind: 'text', type: 'datetime' },
  { field: 'agentName', label: 'Agent', width: 140, kind: 'text', type: 'string' },
  { field: 'itemCode', label: 'Item', width: 120, kind: 'text', type: 'string' },
  { field: 'uomCode', label: 'UOM', width: 90, kind: 'lov', type: 'string', lov: 'BENCH.UOM' },
  { field: 'lineCount', label: 'Lines', width: 100, kind: 'number', type: 'integer' },
  { field: 'remark', label: 'Remark', width: 200, kind: 'text', type: 'text' },
];

export const LOVS: Record<string, Array<{ value: string; meaning: string }>> = {
  'BENCH.CURRENCY': ['CNY', 'USD', 'EUR', 'JPY'].map((v) => ({ value: v, meaning: v })),
  'BENCH.STATUS': [
    ['NEW', 'New'],
    ['APPROVING', 'Approving'],
    ['APPROVED', 'Approved'],
    ['PUBLISHED', 'Published'],
    ['CONFIRMED', 'Confirmed'],
    ['CLOSED', 'Closed'],
  ].map(([value, meaning]) => ({ value: value!, meaning: meaning! })),
  'BENCH.TYPE': [
    ['STANDARD', 'Standard'],
    ['BLANKET', 'Blanket'],
    ['SERVICE', 'Service'],
  ].map(([value, meaning]) => ({ value: value!, meaning: meaning! })),
  'BENCH.UOM': ['PCS', 'KG', 'M', 'BOX', 'SET'].map((v) => ({ value: v, meaning: v })),
};

const pair = (en: string) => ({ en_US: en, zh_CN: en });

export const listEntity: EntityDecl = {
  version: 1,
  name: 'benchOrder',
  table: 'bench_order',
  primaryKey: 'id',
  tenantScoped: true,
  paths: { tenant: '/bench/v1/{tenantId}/orders' },
  fields: COLUMNS.map((c) => ({ name: c.field, type: c.type, label: pair(c.label), ...(c.lov ? { lov: c.lov } : {}), sortable: c.kind !== 'flag' })),
};

export const listScreen: ListScreen = {
  version: 1,
  kind: 'list',
  route: '/bench/orders',
  title: pair('Orders'),
  entity: 'benchOrder',
  search: { columns: 3, fields: ['orderNum', 'supplierName', 'statusCode'] },
  toolbar: [{ type: 'navigate', label: pair('Create'), style: 'primary', to: '/bench/orders/create' }],
  table: {
    rowKey: 'id',
    selection: 'multiple',
    pageSize: ROW_COUNT,
    rowHeight: ROW_HEIGHT,
    columns: COLUMNS.map((c) => ({ field: c.field, width: c.width, ...(c.kind === 'status' ? { cell: 'status' } : {}) })),
    rowActions: [{ type: 'navigate', label: pair('Edit'), to: '/bench/orders/{id}' }],
  },
};

const SUPPLIERS = ['Shanghai Precision Parts Co.', 'Shenzhen Brightway Electronics', 'Ningbo Harbor Plastics', 'Suzhou Everstrong Metals', 'Hamburg Feinmechanik GmbH', 'Osaka Kogyo K.K.'];
const COMPANIES = ['Demo Manufacturing Co.', 'Demo Manufacturing (Suzhou) Ltd.', 'Demo Components Trading Ltd.'];
const AGENTS = ['Bella Buyer', 'Wei Wang', 'Li Zhang', 'Anna Meyer'];
const REMARKS = ['', '', 'Urgent', 'Deliver to warehouse B', 'Split delivery allowed'];

const meaning = (lov: string, v: string) => LOVS[lov]!.find((o) => o.value === v)!.meaning;

/** `n` rows as the list endpoint returns them, `<field>Meaning` included for value-set fields. */
export function makeRows(n = ROW_COUNT): Record<string, unknown>[] {
  const r = rng(20260901);
  const out: Record<string, unknown>[] = [];
  for (let i = 1; i <= n; i++) {
    const amount = Math.round(r.next() * 5_000_000) / 100;
    const row: Record<string, unknown> = {
      id: i,
      orderNum: `PO${String(i).padStart(8, '0')}`,
      supplierName: r.pick(SUPPLIERS),
      companyName: r.pick(COMPANIES),
      currencyCode: r.pick(LOVS['BENCH.CURRENCY']!).value,
      amount,
      taxIncludeAmount: Math.round(amount * 113) / 100,
      quantity: r.int(1, 5000),
      taxRate: 13,
      statusCode: r.pick(LOVS['BENCH.STATUS']!).value,
      poTypeCode: r.pick(LOVS['BENCH.TYPE']!).value,
      enabledFlag: r.int(0, 1),
      urgentFlag: r.int(0, 1),
      orderDate: `2025-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
      releasedDate: `2025-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')} 10:${String(r.int(0, 59)).padStart(2, '0')}:00`,
      agentName: r.pick(AGENTS),
      itemCode: `MAT-${r.int(1001, 1015)}`,
      uomCode: r.pick(LOVS['BENCH.UOM']!).value,
      lineCount: r.int(1, 6),
      remark: r.pick(REMARKS),
    };
    for (const c of COLUMNS) if (c.lov) row[`${c.field}Meaning`] = meaning(c.lov, row[c.field] as string);
    out.push(row);
  }
  return out;
}
