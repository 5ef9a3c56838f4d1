import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Performance evaluation rules (issue 23B): template weights per level, the automatic on-time
 * score from confirmed orders, exact weighted totals, each scorer's own lines, each supplier's
 * own published result.
 */
let s: TestServer;
// A changed seed builds the cached database image first, which takes longer than one test.
beforeAll(async () => {
  s = await startTestServer();
}, 600_000);
afterAll(() => s.close());

const API = '/sslm/v1/1';
type Row = Record<string, unknown>;

async function call(as: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const r = await s.call({ method, url: `${API}/${url}`, ...(payload === undefined ? {} : { payload: payload as Row }), as });
  return { status: r.statusCode, body: r.body ? (r.json() as Row) : {}, raw: r.body };
}

async function ok(as: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<Row> {
  const r = await call(as, method, url, payload);
  expect(r.status, `${method} ${url}: ${r.raw}`).toBe(200);
  return r.body;
}

const q = async <R = Row>(sql: string, params: unknown[] = []) => (await s.ctx.db.query<R & Row>(sql, params)).rows as R[];
const userId = async (login: string) => (await q<{ id: number }>('select id::float8 as id from iam_user where login_name = $1', [login]))[0]!.id;
const supplierId = async (num: string) => (await q<{ id: number }>("select supplier_id::float8 as id from sslm_supplier where tenant_id = 1 and supplier_num = $1", [num]))[0]!.id;

/** A template of `indicators` (code, weight, type, source, scorer, parent code) with the four standard grades. */
async function template(code: string, indicators: { code: string; weight: number; type?: string; source?: string; scorer?: number; parent?: string }[]): Promise<number> {
  const t = await ok('buyer', 'POST', 'eval-templates', { templateCode: code, templateName: `Template ${code}` });
  const ids: Record<string, number> = {};
  for (const [i, ind] of indicators.entries()) {
    const row = await ok('buyer', 'POST', 'eval-indicators', {
      templateId: t.templateId, orderSeq: i + 1, indicatorCode: ind.code, indicatorName: ind.code, weight: ind.weight,
      indicatorType: ind.type ?? 'MANUAL', autoSource: ind.source, scorerUserId: ind.scorer, parentIndicatorId: ind.parent ? ids[ind.parent] : undefined,
    });
    ids[ind.code] = Number(row.indicatorId);
  }
  for (const [gradeCode, scoreFrom, scoreTo] of [['A', 90, 100], ['B', 75, 90], ['C', 60, 75], ['D', 0, 60]] as const)
    await ok('buyer', 'POST', 'eval-score-levels', { templateId: t.templateId, gradeCode, scoreFrom, scoreTo });
  return Number(t.templateId);
}

async function act(as: string, entity: string, id: number, action: string, body: Row = {}) {
  const cur = await ok(as, 'GET', `${entity}/${id}`);
  return call(as, 'POST', `${entity}/${id}/actions/${action}`, { objectVersionNumber: cur.objectVersionNumber, ...body });
}

/** A status action that went through: HTTP 200 without the business refusal (which also answers 200, `failed: true`). */
const moved = (r: { status: number; body: Row }) => r.status === 200 && !r.body.failed;

async function evaluation(tpl: number, from: string, to: string, suppliers: string[]): Promise<number> {
  const h = await ok('buyer', 'POST', 'eval-headers', { evalTitle: `Evaluation ${from}`, templateId: tpl, periodFrom: from, periodTo: to });
  for (const num of suppliers) await ok('buyer', 'POST', 'eval-suppliers', { evalHeaderId: h.evalHeaderId, supplierId: await supplierId(num) });
  const r = await act('buyer', 'eval-headers', Number(h.evalHeaderId), 'evaluate');
  expect(moved(r), r.raw).toBe(true);
  return Number(h.evalHeaderId);
}

describe('evaluation templates', () => {
  it('refuses to publish while the weights of a level do not sum to 100, naming the field and the level', async () => {
    const approver = await userId('approver');
    const tpl = await template('T-WEIGHTS', [
      { code: 'DELIVERY', weight: 60 },
      { code: 'ON_TIME', weight: 50, type: 'AUTO', source: 'ON_TIME', parent: 'DELIVERY' },
      { code: 'RESPONSE', weight: 40, scorer: approver, parent: 'DELIVERY' },
      { code: 'SERVICE', weight: 40, scorer: approver },
    ]);
    let r = await act('buyer', 'eval-templates', tpl, 'publish');
    expect(r.status).toBe(400);
    expect(r.body.field).toBe('weight');
    expect(String(r.body.message)).toMatch(/under "DELIVERY" sum to 90, not 100/);
    const response = (await ok('buyer', 'GET', `eval-indicators?templateId=${tpl}&indicatorCode=RESPONSE`)) as { content: Row[] };
    const line = response.content.find((x) => x.indicatorCode === 'RESPONSE')!;
    await ok('buyer', 'PUT', `eval-indicators/${String(line.indicatorId)}`, { ...line, weight: 50 });
    r = await act('buyer', 'eval-templates', tpl, 'publish');
    expect(moved(r), r.raw).toBe(true);
    expect(r.body.templateStatus).toBe('PUBLISHED');
  });

  it('refuses an evaluation on a template that is not published', async () => {
    const tpl = await template('T-DRAFT', [{ code: 'X', weight: 100, type: 'AUTO', source: 'PRICE' }]);
    const r = await call('buyer', 'POST', 'eval-headers', { evalTitle: 'Draft', templateId: tpl, periodFrom: '2030-01-01', periodTo: '2030-03-31' });
    expect(r.status).toBe(400);
    expect(r.body.field).toBe('templateId');
  });
});

describe('automatic indicators and totals', () => {
  it('scores on-time delivery from the lines of the supplier’s confirmed orders due in the period', async () => {
    // S0005's orders: four lines of a confirmed order due in 2031 Q1, three promised in time, one late;
    // a cancelled line and a line of an unconfirmed order, both late, must not count.
    const sid = await supplierId('S0005');
    const confirmed = (await q<{ id: number }>("select min(po_header_id)::float8 as id from sodr_po_header where tenant_id = 1 and supplier_id = $1 and status_code = 'CONFIRMED'", [sid]))[0]!.id;
    const open = (await q<{ id: number }>("select min(po_header_id)::float8 as id from sodr_po_header where tenant_id = 1 and supplier_id = $1 and status_code = 'NEW'", [sid]))[0]!.id;
    expect(confirmed && open).toBeTruthy();
    const lines: [number, string, string, number][] = [
      [confirmed, '2031-01-10', '2031-01-08', 0],
      [confirmed, '2031-02-10', '2031-02-10', 0],
      [confirmed, '2031-03-01', '2031-02-20', 0],
      [confirmed, '2031-03-20', '2031-03-25', 0],
      [confirmed, '2031-03-21', '2031-04-30', 1],
      [open, '2031-02-01', '2031-03-01', 0],
    ];
    for (const [po, need, promise, cancelled] of lines)
      await q(
        `insert into sodr_po_line (tenant_id, po_header_id, line_num, item_code, item_name, quantity, unit_price, need_by_date, promise_delivery_date, cancelled_flag)
         values (1, $1, 900 + (select count(*) from sodr_po_line where po_header_id = $1), 'EV-TEST', 'Evaluation test item', 1, 1, $2::date, $3::date, $4)`,
        [po, need, promise, cancelled],
      );
    const tpl = await template('T-ONTIME', [{ code: 'ON_TIME', weight: 100, type: 'AUTO', source: 'ON_TIME' }]);
    expect(moved(await act('buyer', 'eval-templates', tpl, 'publish'))).toBe(true);
    const id = await evaluation(tpl, '2031-01-01', '2031-03-31', ['S0005']);
    const [line] = await q<{ score: string; status: string; basis: string }>('select score::text as score, line_status as status, auto_basis as basis from sslm_eval_line where eval_header_id = $1', [id]);
    expect(line).toEqual({ score: '75.00', status: 'SUBMITTED', basis: '3/4 confirmed order lines promised by their need-by date' });
    // Nothing is left to score by hand, so the manual part is complete; collecting grades 75 as B.
    expect((await ok('buyer', 'GET', `eval-headers/${id}`)).evalStatus).toBe('MANUAL_EVALUATING');
    expect(moved(await act('buyer', 'eval-headers', id, 'manualComplete'))).toBe(true);
    expect(moved(await act('buyer', 'eval-headers', id, 'finalCollect'))).toBe(true);
    const [res] = await q<{ total: string; grade: string; rank: number }>('select total_score::text as total, grade_code as grade, rank_num::int as rank from sslm_eval_supplier where eval_header_id = $1', [id]);
    expect(res).toEqual({ total: '75.00', grade: 'B', rank: 1 });
  });

  it('gives each scorer only their own lines, collects weighted totals exactly and grades them', async () => {
    const approver = await userId('approver');
    const buyer = await userId('buyer');
    const tpl = await template('T-EXACT', [
      { code: 'A1', weight: 33.33, scorer: approver },
      { code: 'A2', weight: 33.33, scorer: approver },
      { code: 'B1', weight: 33.34, scorer: buyer },
    ]);
    expect(moved(await act('buyer', 'eval-templates', tpl, 'publish'))).toBe(true);
    const id = await evaluation(tpl, '2031-04-01', '2031-06-30', ['S0006', 'S0007']);

    const mine = (await ok('approver', 'GET', `eval-lines?evalHeaderId=${id}&size=100`)) as { content: Row[] };
    expect(mine.content).toHaveLength(4);
    expect(new Set(mine.content.map((l) => l.scorerUserId))).toEqual(new Set([approver]));
    const all = (await ok('buyer', 'GET', `eval-lines?evalHeaderId=${id}&size=100`)) as { content: Row[] };
    expect(all.content).toHaveLength(6);
    // The approver's evaluation list holds only documents with its lines; another scorer's line is refused.
    const buyerLine = all.content.find((l) => l.scorerUserId === buyer)!;
    const refused = await call('approver', 'PUT', `eval-lines/${String(buyerLine.evalLineId)}`, { ...buyerLine, score: 50 });
    expect(refused.status).toBe(403);
    expect(await q('select score from sslm_eval_line where eval_line_id = $1 and score is null', [buyerLine.evalLineId])).toHaveLength(1);

    const scores: Record<string, Record<string, number>> = { A1: { S0006: 88.88, S0007: 91.17 }, A2: { S0006: 77.77, S0007: 60.05 }, B1: { S0006: 66.66, S0007: 99.99 } };
    const num = async (sid: unknown) => (await q<{ n: string }>('select supplier_num as n from sslm_supplier where supplier_id = $1', [sid]))[0]!.n;
    for (const l of all.content) {
      const who = l.scorerUserId === approver ? 'approver' : 'buyer';
      const score = scores[String(l.indicatorName)]![await num(l.supplierId)]!;
      const saved = await ok(who, 'PUT', `eval-lines/${String(l.evalLineId)}`, { ...l, score });
      const r = await call(who, 'POST', `eval-lines/${String(l.evalLineId)}/actions/submitScore`, { objectVersionNumber: saved.objectVersionNumber });
      expect(moved(r), r.raw).toBe(true);
    }
    // The last submitted line completes the manual part on its own.
    expect((await ok('buyer', 'GET', `eval-headers/${id}`)).evalStatus).toBe('MANUAL_COMPLETE');
    expect(moved(await act('buyer', 'eval-headers', id, 'finalCollect'))).toBe(true);
    const res = await q<{ n: string; total: string; grade: string; rank: number }>(
      'select s.supplier_num as n, e.total_score::text as total, e.grade_code as grade, e.rank_num::int as rank from sslm_eval_supplier e join sslm_supplier s on s.supplier_id = e.supplier_id where e.eval_header_id = $1 order by s.supplier_num',
      [id],
    );
    // By hand: (88.88×33.33 + 77.77×33.33 + 66.66×33.34) / 100 = 77.7729… → 77.77; (91.17×33.33 + 60.05×33.33 + 99.99×33.34) / 100 = 83.7396… → 83.74.
    expect(res).toEqual([
      { n: 'S0006', total: '77.77', grade: 'B', rank: 2 },
      { n: 'S0007', total: '83.74', grade: 'B', rank: 1 },
    ]);
    const out = await act('approver', 'eval-headers', id, 'finalCollect');
    expect(out.status).toBe(403);
  });
});

describe('what a supplier sees', () => {
  it('lists only its own published results, reads no other supplier’s, and appeals its own', async () => {
    const own = [await supplierId('S0001'), await supplierId('S0002')];
    const page = (await ok('supplier', 'GET', 'eval-suppliers?size=100')) as { content: Row[] };
    expect(page.content.length).toBeGreaterThan(0);
    for (const r of page.content) {
      expect(own).toContain(Number(r.supplierId));
      expect(['PUBLISHED', 'APPEALING', 'FEEDBACK', 'CONFIRMED']).toContain(r.resultStatus);
    }
    // Unpublished results of its own suppliers exist in the demo (a new evaluation) but stay hidden.
    const hidden = await q<{ id: number }>("select eval_supplier_id::float8 as id from sslm_eval_supplier where supplier_id = $1 and result_status = 'NEW'", [own[0]]);
    expect(hidden.length).toBeGreaterThan(0);
    expect((await call('supplier', 'GET', `eval-suppliers/${hidden[0]!.id}`)).status).toBe(404);
    const other = (await q<{ id: number }>("select e.eval_supplier_id::float8 as id from sslm_eval_supplier e join sslm_supplier s on s.supplier_id = e.supplier_id where s.supplier_num = 'S0003' and e.result_status = 'PUBLISHED'"))[0]!;
    expect((await call('supplier', 'GET', `eval-suppliers/${other.id}`)).status).toBe(404);
    const lines = (await ok('supplier', 'GET', 'eval-lines?size=200')) as { content: Row[] };
    for (const l of lines.content) expect(own).toContain(Number(l.supplierId));

    const mine = page.content.find((r) => r.resultStatus === 'PUBLISHED')!;
    const id = Number(mine.evalSupplierId);
    expect((await act('buyer', 'eval-suppliers', id, 'appeal', { appealReason: 'x' })).status).toBe(403);
    expect((await act('supplier', 'eval-suppliers', id, 'appeal', {})).status).toBe(400);
    const appealed = await act('supplier', 'eval-suppliers', id, 'appeal', { appealReason: 'The on-time rate counts an order we delivered early.' });
    expect(moved(appealed), appealed.raw).toBe(true);
    const header = Number(mine.evalHeaderId);
    expect((await ok('buyer', 'GET', `eval-headers/${header}`)).evalStatus).toBe('APPEALING');
    const early = await act('buyer', 'eval-headers', header, 'complete');
    expect(early.body.failed).toBe(true);
    expect(String(early.body.message)).toMatch(/APPEALING/);
    expect(moved(await act('buyer', 'eval-suppliers', id, 'reply', { appealReply: 'Checked: the early delivery counts as on time.' }))).toBe(true);
    expect((await ok('buyer', 'GET', `eval-headers/${header}`)).evalStatus).toBe('FEEDBACK');
    expect(moved(await act('buyer', 'eval-headers', header, 'complete'))).toBe(true);
    // The supplier writes nothing of the buyer's: no templates, no evaluation documents.
    expect((await call('supplier', 'POST', 'eval-templates', { templateCode: 'SUP', templateName: 'x' })).status).toBe(403);
    expect((await call('supplier', 'GET', 'eval-headers')).status).toBe(403);
  });
});
