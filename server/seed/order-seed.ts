import poHeaderDecl from '../../schemas/entities/sodr/po-header.json' with { type: 'json' };
import type { Database, Queryable } from '../db/database.ts';
import { formatNumber, reserveNumbers } from '../resources/numbering.ts';
import { bumpSequence, insertRows } from './insert.ts';
import { DEMO_TENANT, DEMO_USERS, SECOND_TENANT } from './platform-seed.ts';
import { rng } from '../../renderer/schema/seed/rng.ts';

type Row = Record<string, unknown>;
type Rng = ReturnType<typeof rng>;

/** Order numbers continue the counter the server numbers new orders with (po-header.json `numbering`). */
const NUMBERING = poHeaderDecl.numbering;

const SUPPLIERS = [
  'Shanghai Precision Parts Co.', 'Shenzhen Brightway Electronics', 'Ningbo Harbor Plastics', 'Suzhou Everstrong Metals', 'Hangzhou Greenleaf Packaging',
  'Qingdao Ocean Logistics', 'Wuxi Sunrise Machinery', 'Tianjin Northstar Chemicals', 'Chengdu Panda Office Supply', 'Dongguan Unity Textiles',
  'Foshan Mingda Ceramics', 'Xiamen Bluewave Optics', 'Hamburg Feinmechanik GmbH', 'Osaka Kogyo K.K.', 'Milano Componenti S.p.A.',
];
const COMPANIES = ['Demo Manufacturing Co.', 'Demo Manufacturing (Suzhou) Ltd.', 'Demo Manufacturing (Chengdu) Ltd.', 'Demo Components Trading Ltd.'];
const AGENTS = ['Bella Buyer', 'Wei Wang', 'Li Zhang', 'Anna Meyer', 'Chen Liu', 'Hugo Rossi'];
const ITEMS: Array<[code: string, name: string, uom: string, price: number]> = [
  ['MAT-1001', 'Steel bolt M8x40', 'PCS', 0.35], ['MAT-1002', 'Hex nut M8', 'PCS', 0.08], ['MAT-1003', 'Aluminium profile 40x40', 'M', 18.5],
  ['MAT-1004', 'ABS pellets', 'KG', 14.2], ['MAT-1005', 'Corrugated carton 60x40x40', 'PCS', 3.6], ['MAT-1006', 'PCB assembly v2', 'PCS', 42],
  ['MAT-1007', 'Copper wire 2.5mm²', 'M', 4.9], ['MAT-1008', 'Hydraulic hose 1/2"', 'M', 27.3], ['MAT-1009', 'Safety gloves', 'BOX', 65],
  ['MAT-1010', 'Industrial lubricant 5L', 'EA', 120], ['MAT-1011', 'Bearing 6204-2RS', 'PCS', 9.8], ['MAT-1012', 'Stainless sheet 1.5mm', 'KG', 26.4],
  ['MAT-1013', 'LED panel 600x600', 'PCS', 88], ['MAT-1014', 'Office chair', 'EA', 560], ['MAT-1015', 'Toolkit 120 pieces', 'SET', 399],
];
const CURRENCIES = ['CNY', 'CNY', 'CNY', 'CNY', 'USD', 'EUR', 'JPY'];
const TYPES = ['STANDARD', 'STANDARD', 'STANDARD', 'BLANKET', 'SERVICE'];
/** A believable spread of a year's orders over the status machine. */
const STATUSES = [
  ...Array(6).fill('NEW'), ...Array(4).fill('APPROVING'), ...Array(3).fill('APPROVED'), ...Array(2).fill('REJECTED'),
  ...Array(5).fill('PUBLISHED'), ...Array(6).fill('CONFIRMED'), ...Array(2).fill('CANCELED'), ...Array(4).fill('CLOSED'),
] as string[];
const RELEASED = new Set(['PUBLISHED', 'CONFIRMED', 'CLOSED']);
const TAX_RATE = 0.13;
/** Demo data is dated relative to a fixed day so every machine seeds the same rows. */
const BASE_DAY = Date.UTC(2025, 11, 31);
const DAY = 86_400_000;

const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const round2 = (n: number) => Math.round(n * 100) / 100;

export interface OrderBatch {
  headers: Row[];
  lines: Row[];
}

/** `count` orders with ids from `firstId` and numbers from `firstNumber`, each with 1–6 lines (or `linesPerOrder`). */
export function buildOrders(r: Rng, tenantId: number, firstId: number, firstNumber: number, count: number, userId: number, linesPerOrder?: number): OrderBatch {
  const headers: Row[] = [];
  const lines: Row[] = [];
  for (let i = 0; i < count; i++) {
    const id = firstId + i;
    const created = BASE_DAY - r.int(0, 720) * DAY + r.int(8 * 3600, 18 * 3600) * 1000;
    const currency = r.pick(CURRENCIES);
    let amount = 0;
    const n = linesPerOrder ?? r.int(1, 6);
    for (let l = 1; l <= n; l++) {
      const [itemCode, itemName, uomCode, price] = r.pick(ITEMS);
      const quantity = round2(r.int(1, 500) * (uomCode === 'KG' || uomCode === 'M' ? 1.25 : 1));
      const unitPrice = round2(price * (0.9 + r.next() * 0.2));
      const lineAmount = round2(quantity * unitPrice);
      amount += lineAmount;
      lines.push({
        tenantId, poHeaderId: id, lineNum: l, itemCode, itemName, quantity, uomCode, unitPrice, lineAmount,
        needByDate: stamp(created + r.int(7, 60) * DAY).slice(0, 10), creationDate: stamp(created), lastUpdateDate: stamp(created), createdBy: userId, lastUpdatedBy: userId,
      });
    }
    const status = r.pick(STATUSES);
    headers.push({
      poHeaderId: id,
      tenantId,
      displayPoNum: formatNumber(NUMBERING.prefix, firstNumber + i),
      supplierName: r.pick(SUPPLIERS),
      companyName: r.pick(COMPANIES),
      currencyCode: currency,
      amount: round2(amount),
      taxIncludeAmount: round2(amount * (1 + TAX_RATE)),
      poTypeCode: r.pick(TYPES),
      statusCode: status,
      releasedDate: RELEASED.has(status) ? stamp(created + r.int(1, 10) * DAY) : null,
      remark: r.next() < 0.3 ? r.pick(['Urgent', 'Deliver to warehouse B', 'Quarterly framework', 'Split delivery allowed', "Supplier's quote Q-17"]) : null,
      agentName: r.pick(AGENTS),
      creationDate: stamp(created),
      lastUpdateDate: stamp(created),
      createdBy: userId,
      lastUpdatedBy: userId,
    });
  }
  return { headers, lines };
}

const userIdOf = (login: string) => DEMO_USERS.findIndex((u) => u.login === login) + 1;

/** Inserts `count` orders of a tenant in multi-row batches, numbering them from the tenant's counter. */
export async function insertOrders(tx: Queryable, r: Rng, tenantId: number, count: number, userId: number, linesPerOrder?: number): Promise<void> {
  const firstId = Number((await tx.query<{ n: number }>('select coalesce(max(po_header_id), 0)::float8 + 1 as n from sodr_po_header')).rows[0]!.n);
  const firstNumber = await reserveNumbers(tx, NUMBERING.rule, tenantId, count);
  const { headers, lines } = buildOrders(r, tenantId, firstId, firstNumber, count, userId, linesPerOrder);
  await insertRows(tx, 'sodr_po_header', headers, 2000);
  await insertRows(tx, 'sodr_po_line', lines, 2000);
  await bumpSequence(tx, 'sodr_po_header', 'po_header_id');
}

/** The demo orders: 300 in the demo tenant and 40 in the second, so lists page and isolation shows. */
export async function seedOrders(tx: Queryable): Promise<void> {
  const r = rng(20260301);
  await insertOrders(tx, r, DEMO_TENANT, 300, userIdOf('buyer'));
  await insertOrders(tx, r, SECOND_TENANT, 40, userIdOf('buyer2'));
}

/**
 * Bulk orders for load tests (`npm run seed -- --orders N`), one transaction per batch. From
 * 50,000 orders on, the order tables' secondary indexes are dropped for the load and built again
 * after it (one sorted build instead of a million index insertions: minutes, not an hour).
 */
export async function addOrders(db: Database, count: number, opts: { tenantId?: number; batch?: number; lines?: number; onBatch?: (done: number) => void } = {}): Promise<void> {
  const batch = opts.batch ?? 5000;
  const r = rng(count ^ 0x5eed);
  const load = async () => {
    for (let done = 0; done < count; ) {
      const n = Math.min(batch, count - done);
      await db.transaction((tx) => insertOrders(tx, r, opts.tenantId ?? DEMO_TENANT, n, userIdOf('buyer'), opts.lines));
      done += n;
      opts.onBatch?.(done);
    }
  };
  if (count >= BULK_FROM) await withIndexesDeferred(db, ['sodr_po_header', 'sodr_po_line'], load);
  else await load();
  // Fresh statistics for the planner (its plans, and the lists' estimated totals): PGlite has no
  // autovacuum, and on PostgreSQL it would come minutes later.
  await db.exec('analyze sodr_po_header, sodr_po_line');
}

const BULK_FROM = 50_000;

/**
 * Runs a bulk load with the tables' indexes other than primary keys dropped, and builds them again
 * from their own definitions afterwards (also when the load fails, so the tables are never left
 * without them). Unique indexes are rebuilt too: a duplicate the load made fails the rebuild loudly.
 */
export async function withIndexesDeferred(db: Database, tables: string[], fn: () => Promise<void>): Promise<void> {
  const defs = (
    await db.query<{ name: string; def: string }>(
      `select i.indexname as name, i.indexdef as def from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = any($1::text[])
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [tables],
    )
  ).rows;
  for (const d of defs) await db.exec(`drop index if exists "${d.name.replace(/"/g, '""')}"`);
  try {
    await fn();
  } finally {
    for (const d of defs) await db.exec(d.def);
  }
}
