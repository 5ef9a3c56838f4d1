import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import type { TestServer } from './harness.ts';

const PO = '/sodr/v1/1/po-headers';
const LINES = '/sodr/v1/1/po-lines';
const ROLES = '/iam/hzero/v1/1/roles';
const USERS = '/iam/hzero/v1/1/users';

type Row = Record<string, unknown>;
type Page = { content: Row[]; number: number; size: number; totalElements: number; totalPages: number; numberOfElements: number; nextCursor?: string };

/**
 * The generic resource layer end to end, on purchase orders (a real business entity with lines
 * and a status machine) plus platform entities. Runs against whichever database `start` opens;
 * expectations about seeded data are computed with SQL so that both engines check the same thing.
 */
export function crudSuite(start: () => Promise<TestServer>, stop?: () => Promise<void>): void {
  let s: TestServer;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(async () => {
    await s?.close();
    await stop?.();
  });

  const page = async (url: string, as = 'buyer'): Promise<Page> => {
    const r = await s.call({ url, as });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Page;
  };
  const count = async (sql: string, params: unknown[] = []) => Number((await s.ctx.db.query<{ n: number }>(sql, params)).rows[0]!.n);
  const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = 'buyer') => s.call({ method, url, payload: payload as object, as });
  const newPo = async (extra: Row = {}) => {
    const r = await send('POST', PO, { supplierName: 'Suite Supplier', companyName: 'Demo Manufacturing Co.', amount: 100, ...extra });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().failed).toBeUndefined();
    return r.json() as Row;
  };
  const sorted = <T>(xs: T[], cmp: (a: T, b: T) => number) => [...xs].sort(cmp);

  describe('paging', () => {
    it('answers the platform page shape, zero-based', async () => {
      const total = await count('select count(*)::int as n from sodr_po_header where tenant_id = 1');
      expect(total).toBeGreaterThanOrEqual(300);
      const p = await page(`${PO}?page=0&size=10`);
      // The platform's page shape, plus where the next page starts (keyset paging).
      expect(Object.keys(p).sort()).toEqual(['content', 'nextCursor', 'number', 'numberOfElements', 'size', 'totalElements', 'totalPages']);
      expect(p).toMatchObject({ number: 0, size: 10, totalElements: total, totalPages: Math.ceil(total / 10), numberOfElements: 10 });
      expect(p.content).toHaveLength(10);
    });

    it('pages without overlap in the default order, and the last page is partial', async () => {
      const p0 = await page(`${PO}?page=0&size=25`);
      const p1 = await page(`${PO}?page=1&size=25`);
      const ids0 = p0.content.map((r) => r.poHeaderId as number);
      const ids1 = p1.content.map((r) => r.poHeaderId as number);
      expect(ids0.filter((id) => ids1.includes(id))).toEqual([]);
      expect([...ids0, ...ids1]).toEqual(sorted([...ids0, ...ids1], (a, b) => b - a)); // defaultSort poHeaderId,desc
      const last = await page(`${PO}?page=${p0.totalPages - 1}&size=25`);
      expect(last.numberOfElements).toBe(p0.totalElements - 25 * (p0.totalPages - 1));
      const beyond = await page(`${PO}?page=${p0.totalPages + 5}&size=25`);
      expect(beyond).toMatchObject({ content: [], numberOfElements: 0, totalElements: p0.totalElements });
    });

    it('pages by cursor exactly as by offset, in one direction and in mixed ones, and refuses a foreign cursor', async () => {
      const ids = (p: Page) => p.content.map((r) => r.poHeaderId);
      for (const sort of ['', '&sort=creationDate,desc', '&sort=supplierName,asc&sort=poHeaderId,desc']) {
        let p = await page(`${PO}?page=0&size=40${sort}`);
        for (let n = 1; n <= 3; n++) {
          expect(p.nextCursor, sort).toBeTruthy();
          const byCursor = await page(`${PO}?page=${n}&size=40${sort}&cursor=${p.nextCursor}`);
          const byOffset = await page(`${PO}?page=${n}&size=40${sort}`);
          expect(ids(byCursor), `${sort} page ${n}`).toEqual(ids(byOffset));
          expect(byCursor).toMatchObject({ number: n, totalElements: byOffset.totalElements });
          p = byCursor;
        }
      }
      const first = await page(`${PO}?page=0&size=40`);
      const forged = Buffer.from(JSON.stringify({ s: 'creation_date asc,po_header_id asc', v: ['not a date', '1'] })).toString('base64url');
      for (const bad of ['not-a-cursor', first.nextCursor!, forged]) {
        const r = await s.call({ as: 'buyer', url: `${PO}?page=1&size=40&sort=creationDate,asc&cursor=${bad}` });
        expect(r.statusCode).toBe(400);
        expect(r.json().message).toMatch(/^cursor:/);
      }
    });

    it('walks a sort on columns that may be empty by cursor through every row, as by offset (empty last going up, first going down)', async () => {
      const ids = (p: Page) => p.content.map((r) => r.poHeaderId);
      const empty = await count('select count(*)::int as n from sodr_po_header where tenant_id = 1 and released_date is null');
      expect(empty, 'unreleased orders have no release date').toBeGreaterThan(40);
      for (const sort of ['&sort=releasedDate,asc', '&sort=releasedDate,desc', '&sort=amount,desc&sort=releasedDate,asc', '&sort=releasedDate,desc&sort=agentName,asc']) {
        let p = await page(`${PO}?page=0&size=100${sort}`);
        const byCursor = [...ids(p)];
        const byOffset = [...ids(p)];
        for (let n = 1; n < p.totalPages; n++) {
          expect(p.nextCursor, `${sort} page ${n}`).toBeTruthy();
          p = await page(`${PO}?page=${n}&size=100${sort}&cursor=${p.nextCursor}`);
          byCursor.push(...ids(p));
          byOffset.push(...ids(await page(`${PO}?page=${n}&size=100${sort}`)));
        }
        expect(byCursor, sort).toEqual(byOffset);
        expect(new Set(byCursor).size, sort).toBe(p.totalElements);
      }
    });

    it('defaults to page 0 of 10', async () => {
      expect(await page(PO)).toMatchObject({ number: 0, size: 10, numberOfElements: 10 });
    });
  });

  describe('sorting', () => {
    it('sorts ascending and descending', async () => {
      // Amounts are decimal text: ordered as decimals, not as strings.
      const asc = (await page(`${PO}?size=50&sort=amount,asc`)).content.map((r) => r.amount as string);
      const desc = (await page(`${PO}?size=50&sort=amount,desc`)).content.map((r) => r.amount as string);
      expect(asc).toEqual(sorted(asc, (a, b) => new Decimal(a).comparedTo(b)));
      expect(desc).toEqual(sorted(desc, (a, b) => new Decimal(b).comparedTo(a)));
      expect(desc[0]).toBe((await s.ctx.db.query<{ n: string }>('select max(amount)::text as n from sodr_po_header where tenant_id = 1')).rows[0]!.n);
    });

    it('sorts by several fields, repeated or comma-chained', async () => {
      const repeated = (await page(`${PO}?size=200&sort=currencyCode,asc&sort=amount,desc`)).content;
      for (let i = 1; i < repeated.length; i++) {
        const [a, b] = [repeated[i - 1]!, repeated[i]!];
        expect(String(a.currencyCode) <= String(b.currencyCode)).toBe(true);
        if (a.currencyCode === b.currencyCode) expect(new Decimal(a.amount as string).gte(b.amount as string)).toBe(true);
      }
      const chained = (await page(`${PO}?size=200&sort=${encodeURIComponent('currencyCode,asc,amount,desc')}`)).content;
      expect(chained.map((r) => r.poHeaderId)).toEqual(repeated.map((r) => r.poHeaderId));
    });
  });

  describe('filters', () => {
    it('matches text case-insensitively by substring', async () => {
      const p = await page(`${PO}?supplierName=precision&size=100`);
      expect(p.totalElements).toBe(await count(`select count(*)::int as n from sodr_po_header where tenant_id = 1 and supplier_name ilike '%precision%'`));
      expect(p.totalElements).toBeGreaterThan(0);
      for (const r of p.content) expect(String(r.supplierName).toLowerCase()).toContain('precision');
    });

    it('serves a contains-search on a field declared `search: trigram` from its trigram index', async () => {
      const idx = await s.ctx.db.query<{ name: string }>("select indexname as name from pg_indexes where tablename = 'sodr_po_header' and indexdef like '%gin_trgm_ops%' order by 1");
      expect(idx.rows.map((r) => r.name)).toEqual(['sodr_po_header_display_po_num_trgm', 'sodr_po_header_supplier_name_trgm']);
      // The list's own condition (server/resources/list-query.ts), planned with table scans ruled out.
      const plan = await s.ctx.db.transaction(async (tx) => {
        await tx.query('set local enable_seqscan = off');
        return (await tx.query<{ 'QUERY PLAN': string }>("explain select po_header_id from sodr_po_header t where t.supplier_name::text ilike '%greenleaf%'")).rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('sodr_po_header_supplier_name_trgm');
    });

    it('matches flags, integers and value-set codes exactly', async () => {
      const frozen = await page(`${USERS}?enabledFlag=0&size=100`, 'sysadmin');
      expect(frozen.totalElements).toBe(await count('select count(*)::int as n from iam_user where organization_id = 1 and enabled_flag = 0'));
      for (const u of frozen.content) expect(u.enabledFlag).toBe(0);
      const lines = await page(`${LINES}?poHeaderId=5&size=100`);
      expect(lines.totalElements).toBe(await count('select count(*)::int as n from sodr_po_line where po_header_id = 5'));
      expect(lines.content.map((l) => l.lineNum)).toEqual(sorted(lines.content.map((l) => l.lineNum as number), (a, b) => a - b));
      for (const l of lines.content) expect(l.poHeaderId).toBe(5);
      const news = await page(`${PO}?statusCode=NEW&size=100`);
      for (const r of news.content) expect(r).toMatchObject({ statusCode: 'NEW', statusMeaning: '新建' });
      const two = await page(`${PO}?statusCode=NEW,APPROVING&size=1`);
      expect(two.totalElements).toBe(await count(`select count(*)::int as n from sodr_po_header where tenant_id = 1 and status_code in ('NEW', 'APPROVING')`));
    });

    it('reads <field>From / <field>To ranges on money, dates and the creation date', async () => {
      const p = await page(`${PO}?amountFrom=1000&amountTo=5000&size=200`);
      expect(p.totalElements).toBe(await count('select count(*)::int as n from sodr_po_header where tenant_id = 1 and amount between 1000 and 5000'));
      for (const r of p.content) expect(r.amount as number).toSatisfy((a: number) => a >= 1000 && a <= 5000);
      const d = await page(`${LINES}?needByDateFrom=2025-03-01&needByDateTo=2025-03-31&size=500`);
      expect(d.totalElements).toBe(await count(`select count(*)::int as n from sodr_po_line where tenant_id = 1 and need_by_date between '2025-03-01' and '2025-03-31'`));
      for (const r of d.content) expect(String(r.needByDate) >= '2025-03-01' && String(r.needByDate) <= '2025-03-31').toBe(true);
      // A date-only upper bound on a date-time includes that whole day.
      const c = await page(`${PO}?creationDateFrom=2025-06-01&creationDateTo=2025-06-30&size=1`);
      expect(c.totalElements).toBe(await count(`select count(*)::int as n from sodr_po_header where tenant_id = 1 and creation_date >= '2025-06-01' and creation_date < '2025-07-01'`));
      expect(c.totalElements).toBeGreaterThan(0);
    });
  });

  describe('answers reused between calls (server/db/read-cache.ts)', () => {
    it('counts a row added by hand-run SQL in the very next total', async () => {
      const url = `${PO}?size=1&supplierName=Hand%20Run%20Supplier`;
      expect((await page(url)).totalElements).toBe(0);
      expect((await page(url)).totalElements).toBe(0);
      const po = await newPo({ supplierName: 'Hand Run Supplier' });
      expect((await page(url)).totalElements).toBe(1);
      await s.ctx.db.query('delete from sodr_po_header where po_header_id = $1', [po.poHeaderId]);
      expect((await page(url)).totalElements).toBe(0);
    });

    it('refuses a token on the call after its role is disabled by hand, and honours it again after', async () => {
      const token = await s.login('expert');
      const self = () => s.call({ url: '/iam/hzero/v1/users/self', token });
      expect((await self()).statusCode).toBe(200);
      expect((await self()).statusCode).toBe(200);
      await s.ctx.db.query(`update iam_role set enabled_flag = 0 where code = 'EXPERT'`);
      expect((await self()).statusCode).toBe(401);
      await s.ctx.db.query(`update iam_role set enabled_flag = 1 where code = 'EXPERT'`);
      expect((await self()).statusCode).toBe(200);
    });
  });

  describe('get one', () => {
    it('returns the row with audit fields and value-set meanings', async () => {
      const r = await s.call({ url: `${PO}/1`, as: 'buyer' });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ poHeaderId: 1, displayPoNum: 'PO00000001', tenantId: 1, objectVersionNumber: 1, currencyMeaning: expect.any(String) });
      expect(r.json().creationDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it('answers 404 for a missing row', async () => {
      const r = await s.call({ url: `${PO}/987654321`, as: 'buyer' });
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({ failed: true, code: 'error.not_found' });
    });
  });

  describe('create', () => {
    it('applies defaults, numbers the order and starts its status machine', async () => {
      const po = await newPo({ statusCode: 'APPROVED', displayPoNum: 'HACKED' });
      // The amount sent is ignored: an order's totals are the sums of its lines (none yet).
      expect(po).toMatchObject({ currencyCode: 'CNY', poTypeCode: 'STANDARD', statusCode: 'NEW', objectVersionNumber: 1, tenantId: 1, amount: '0.00' });
      expect(po.displayPoNum).toMatch(/^PO\d{8}$/);
      const other = await newPo();
      expect(other.displayPoNum).not.toBe(po.displayPoNum);
      const buyerId = await count(`select id::int as n from iam_user where login_name = 'buyer'`);
      expect(po.createdBy).toBe(buyerId);
    });

    it('refuses a missing required field with 400 naming it', async () => {
      const r = await send('POST', PO, { companyName: 'No supplier' });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ failed: true, field: 'supplierName' });
      expect(r.json().message).toContain('supplierName');
    });

    it('creates lines under a header of the tenant only', async () => {
      const po = await newPo();
      const line = { poHeaderId: po.poHeaderId, lineNum: 1, itemCode: 'MAT-1', itemName: 'Bolt', quantity: 12.5, unitPrice: 2, lineAmount: 25, needByDate: '2026-02-01' };
      const ok = await send('POST', LINES, line);
      // Numbers in, decimal text with each column's scale out.
      expect(ok.json()).toMatchObject({ ...line, quantity: '12.50', unitPrice: '2.00', lineAmount: '25.00', uomCode: 'EA', uomMeaning: expect.any(String) });
      const foreign = await count('select min(po_header_id)::int as n from sodr_po_header where tenant_id = 2');
      const bad = await send('POST', LINES, { ...line, poHeaderId: foreign });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('poHeaderId');
    });

    it('refuses a duplicate code as a business error', async () => {
      const r = await send('POST', ROLES, { code: 'PURCHASER', name: 'Another purchaser' }, 'sysadmin');
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ failed: true, code: 'error.db.duplicateKey', type: 'warn' });
    });
  });

  describe('update with optimistic locking', () => {
    it('increments the version on a current update and refuses a stale one, leaving the row as it was', async () => {
      const po = await newPo();
      const url = `${PO}/${po.poHeaderId}`;
      const v2 = (await send('PUT', url, { objectVersionNumber: 1, remark: 'first', statusCode: 'CLOSED' })).json();
      expect(v2).toMatchObject({ objectVersionNumber: 2, remark: 'first', statusCode: 'NEW' });
      const stale = await send('PUT', url, { objectVersionNumber: 1, remark: 'lost update' });
      expect(stale.statusCode).toBe(200);
      expect(stale.json()).toMatchObject({ failed: true, code: 'error.data.changed' });
      expect((await s.call({ url, as: 'buyer' })).json()).toMatchObject({ objectVersionNumber: 2, remark: 'first' });
      // The base path takes the key from the body, as the platform's forms send it.
      const v3 = (await send('PUT', PO, { poHeaderId: po.poHeaderId, objectVersionNumber: 2, remark: 'second' })).json();
      expect(v3).toMatchObject({ objectVersionNumber: 3, remark: 'second' });
    });

    it('requires the version', async () => {
      const r = await send('PUT', `${PO}/1`, { remark: 'no version' });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toContain('objectVersionNumber');
    });
  });

  describe('delete', () => {
    it('deletes one record with its lines', async () => {
      const po = await newPo();
      await send('POST', LINES, { poHeaderId: po.poHeaderId, lineNum: 1, itemCode: 'A', itemName: 'A', quantity: 1 });
      const stale = await send('DELETE', `${PO}/${po.poHeaderId}?objectVersionNumber=7`);
      expect(stale.json()).toMatchObject({ failed: true, code: 'error.data.changed' });
      const r = await send('DELETE', `${PO}/${po.poHeaderId}?objectVersionNumber=1`);
      expect(r.statusCode).toBe(200);
      expect((await s.call({ url: `${PO}/${po.poHeaderId}`, as: 'buyer' })).statusCode).toBe(404);
      expect(await count('select count(*)::int as n from sodr_po_line where po_header_id = $1', [po.poHeaderId])).toBe(0);
    });

    it('deletes a batch given in the body, all or none', async () => {
      const pos = [await newPo(), await newPo(), await newPo()];
      const ids = pos.map((p) => p.poHeaderId as number);
      const body = pos.map((p) => ({ poHeaderId: p.poHeaderId, objectVersionNumber: p.objectVersionNumber }));
      const refused = await send('DELETE', PO, [...body.slice(0, 2), { ...body[2], objectVersionNumber: 9 }]);
      expect(refused.json()).toMatchObject({ failed: true, code: 'error.data.changed' });
      expect(await count('select count(*)::int as n from sodr_po_header where po_header_id = any($1::bigint[])', [ids])).toBe(3);
      const ok = await send('DELETE', PO, body);
      expect(ok.statusCode).toBe(200);
      expect(await count('select count(*)::int as n from sodr_po_header where po_header_id = any($1::bigint[])', [ids])).toBe(0);
    });
  });

  describe('audit', () => {
    it('writes an audit row for create, update and delete', async () => {
      const po = await newPo();
      await send('PUT', `${PO}/${po.poHeaderId}`, { objectVersionNumber: 1, remark: 'audited' });
      await send('DELETE', `${PO}/${po.poHeaderId}`);
      const rows = (
        await s.ctx.db.query<{ action: string; tenant_id: number; login_name: string; changes: unknown }>(
          `select action, tenant_id::int as tenant_id, login_name, changes from hpfm_audit_log where entity_name = 'poHeader' and record_id = $1 order by audit_id`,
          [po.poHeaderId],
        )
      ).rows;
      expect(rows.map((r) => r.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
      for (const r of rows) expect(r).toMatchObject({ tenant_id: 1, login_name: 'buyer' });
      const changes = typeof rows[1]!.changes === 'string' ? JSON.parse(rows[1]!.changes) : rows[1]!.changes;
      expect(changes).toEqual({ remark: 'audited' });
      const api = await page(`/hpfm/v1/1/audit-logs?entityName=poHeader&recordId=${po.poHeaderId}`, 'sysadmin');
      expect(api.totalElements).toBe(3);
    });
  });

  describe('status transitions', () => {
    /** The supplier's own moves (po-header.json `by`) are taken by the demo supplier, the rest by the buyer. */
    const direct = (id: unknown, action: string, body: Row = {}) => send('POST', `${PO}/${id}/actions/${action}`, body, ['confirm', 'feedback', 'agreeCancel', 'refuseCancel'].includes(action) ? 'supplier' : 'buyer');
    /** S0001, a supplier the demo supplier user works for. */
    const ourSupplier = async () => (await s.ctx.db.query<{ id: number }>("select supplier_id::float8 as id from sslm_supplier where tenant_id = 1 and supplier_num = 'S0001'")).rows[0]!.id;
    /** Approve and reject are the workflow's (po-header.json `workflow`): the approver acts on the task. */
    const act = async (id: unknown, action: string, body: Row = {}) => {
      if (action !== 'approve' && action !== 'reject') return direct(id, action, body);
      const tasks = (await s.call({ url: '/hwfl/v1/1/tasks?statusCode=PENDING&size=500', as: 'approver' })).json().content as Row[];
      const po = (await s.call({ url: `${PO}/${id}`, as: 'buyer' })).json() as Row;
      const task = tasks.find((t) => String(t.description).startsWith(String(po.displayPoNum)));
      if (!task) return direct(id, action, body);
      await s.call({ method: 'POST', url: `/hwfl/v1/1/runtime/tasks/${task.taskId}`, payload: { action: action === 'approve' ? 'Approved' : 'Rejected' }, as: 'approver' });
      return s.call({ url: `${PO}/${id}`, as: 'buyer' });
    };

    it('walks an order through its life with the allowed actions', async () => {
      const po = await newPo({ supplierId: await ourSupplier() });
      let version = 1;
      for (const [action, status] of [
        ['submit', 'APPROVING'],
        ['approve', 'APPROVED'],
        ['release', 'PUBLISHED'],
        ['confirm', 'CONFIRMED'],
        ['close', 'CLOSED'],
      ]) {
        const r = await act(po.poHeaderId, action!, { objectVersionNumber: version });
        expect(r.json(), action).toMatchObject({ statusCode: status, objectVersionNumber: version + 1 });
        version++;
      }
      const audit = await count(`select count(*)::int as n from hpfm_audit_log where entity_name = 'poHeader' and record_id = $1 and action = 'SUBMIT'`, [po.poHeaderId]);
      expect(audit).toBe(1);
    });

    it('goes back to approval after a rejection, and cancels from the allowed statuses', async () => {
      const po = await newPo();
      await act(po.poHeaderId, 'submit');
      expect((await act(po.poHeaderId, 'reject')).json().statusCode).toBe('REJECTED');
      expect((await act(po.poHeaderId, 'submit')).json().statusCode).toBe('APPROVING');
      expect((await act(po.poHeaderId, 'approve')).json().statusCode).toBe('APPROVED');
      expect((await act(po.poHeaderId, 'cancel')).json().statusCode).toBe('CANCELED');
    });

    it('refuses a transition the current status does not allow, changing nothing', async () => {
      const po = await newPo({ supplierId: await ourSupplier() });
      for (const action of ['approve', 'release', 'close', 'reject']) {
        const r = await act(po.poHeaderId, action);
        expect(r.statusCode).toBe(200);
        expect(r.json(), action).toMatchObject({ failed: true, code: 'error.status.transition' });
      }
      // The supplier's confirmation of a draft: the draft is not the supplier's to see at all.
      expect((await act(po.poHeaderId, 'confirm')).statusCode).toBe(404);
      expect((await s.call({ url: `${PO}/${po.poHeaderId}`, as: 'buyer' })).json()).toMatchObject({ statusCode: 'NEW', objectVersionNumber: 1 });
    });

    it('refuses a stale version', async () => {
      const po = await newPo();
      await send('PUT', `${PO}/${po.poHeaderId}`, { objectVersionNumber: 1, remark: 'moved on' });
      const r = await act(po.poHeaderId, 'submit', { objectVersionNumber: 1 });
      expect(r.json()).toMatchObject({ failed: true, code: 'error.data.changed' });
      expect((await s.call({ url: `${PO}/${po.poHeaderId}`, as: 'buyer' })).json()).toMatchObject({ statusCode: 'NEW', objectVersionNumber: 2 });
    });

    it('answers 4xx for an action the machine does not declare', async () => {
      const r = await act(1, 'teleport');
      expect(r.statusCode).toBeGreaterThanOrEqual(400);
      expect(r.statusCode).toBeLessThan(500);
    });
  });
}
