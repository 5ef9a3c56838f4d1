import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOrders } from '../../server/seed/order-seed.ts';
import { ESTIMATE_FROM } from '../../server/resources/list-total.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * List totals at scale (issue 26): the UI asks `total=estimate` and gets the planner's estimate,
 * marked, when no counted answer is kept and the guess is large; `total=only` then counts; a
 * counted answer is reused as exact; small results and API clients get exact counts.
 */
let s: TestServer;
const PO = '/sodr/v1/1/po-headers';
type Page = { content: unknown[]; totalElements: number; totalPages: number; totalEstimated?: boolean };

beforeAll(async () => {
  s = await startTestServer();
  await addOrders(s.ctx.db, ESTIMATE_FROM * 2, { tenantId: 1, lines: 0 });
}, 300_000);
afterAll(() => s.close());

const page = async (query: string): Promise<Page> => {
  const r = await s.call({ url: `${PO}?${query}`, as: 'buyer' });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as Page;
};
const exact = async (where = '') => Number((await s.ctx.db.query<{ n: number }>(`select count(*)::int as n from sodr_po_header where tenant_id = 1 ${where}`)).rows[0]!.n);

describe('list totals: exact, estimated, counted later', () => {
  it('estimates a large total the first time, marked, with the rows; counts it on request; then reuses the count as exact', async () => {
    const n = await exact();
    // A filter no earlier call has counted: the estimate is the only answer at hand.
    const first = await page('page=0&size=20&total=estimate&sort=poHeaderId,desc&poStatusCode=');
    expect(first.totalEstimated).toBe(true);
    expect(first.content).toHaveLength(20);
    expect(first.totalElements).toBeGreaterThan(n * 0.5);
    expect(first.totalElements).toBeLessThan(n * 2);
    expect(first.totalPages).toBe(Math.ceil(first.totalElements / 20));

    const only = await page('page=0&size=20&total=only&sort=poHeaderId,desc&poStatusCode=');
    expect(only).toMatchObject({ content: [], totalElements: n, totalPages: Math.ceil(n / 20) });
    expect(only.totalEstimated).toBeUndefined();

    const again = await page('page=1&size=20&total=estimate&sort=poHeaderId,desc&poStatusCode=');
    expect(again.totalEstimated).toBeUndefined();
    expect(again.totalElements).toBe(n);
  });

  it('counts small results exactly even when an estimate is accepted', async () => {
    const num = (await s.ctx.db.query<{ num: string }>('select display_po_num as num from sodr_po_header where tenant_id = 1 order by po_header_id limit 1')).rows[0]!.num;
    const p = await page(`page=0&size=20&total=estimate&displayPoNum=${encodeURIComponent(num)}`);
    expect(p.totalEstimated).toBeUndefined();
    expect(p.totalElements).toBe(await exact(`and display_po_num ilike '%${num}%'`));
  });

  it('answers exact totals by default (the contract of API clients)', async () => {
    const p = await page('page=0&size=20&supplierName=a');
    expect(p.totalEstimated).toBeUndefined();
    expect(p.totalElements).toBe(await exact("and supplier_name ilike '%a%'"));
  });

  it('refuses a total mode it does not know, naming the parameter', async () => {
    const r = await s.call({ url: `${PO}?total=maybe`, as: 'buyer' });
    expect(r.statusCode).toBe(400);
    expect(r.body).toMatch(/total/);
  });
});
