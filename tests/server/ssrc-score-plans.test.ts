import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Score templates, bid plans and projects (ssrc): a template is released only with weights summing
 * to exactly 100 and is read-only afterwards (a copy is the way to change it); plan lines keep their
 * dates in order and the plan's total is the exact sum of its lines that are not cancelled; a plan
 * goes through the workflow approval, which decides its lines; projects are created and released.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const ST = '/ssrc/v1/1/score-templates';
const SI = '/ssrc/v1/1/score-indicates';
const BP = '/ssrc/v1/1/bid-plans';
const BPL = '/ssrc/v1/1/bid-plan-lines';
const PJ = '/ssrc/v1/1/projects';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = 'buyer') => s.call({ method, url, as, ...(payload === undefined ? {} : { payload: payload as Row }) });
const get = async (url: string, as = 'buyer') => (await call('GET', url, undefined, as)).json() as Row;
const act = async (base: string, id: unknown, action: string, extra: Row = {}, as = 'buyer') => call('POST', `${base}/${String(id)}/actions/${action}`, { objectVersionNumber: (await get(`${base}/${String(id)}`)).objectVersionNumber, ...extra }, as);

async function template(code: string, weights: number[]): Promise<Row> {
  const t = await call('POST', ST, { templateCode: code, templateName: `Template ${code}`, templateType: 'COMPREHENSIVE' });
  expect(t.statusCode, t.body).toBe(200);
  const id = (t.json() as Row).templateId;
  let i = 0;
  for (const weight of weights) {
    i++;
    const r = await call('POST', SI, { templateId: id, indicateCode: `I${i}`, indicateName: `Indicator ${i}`, indicateType: 'TECHNOLOGY', weight, minScore: 0, maxScore: 100, defaultScore: 60 });
    expect(r.statusCode, r.body).toBe(200);
  }
  return get(`${ST}/${String(id)}`);
}

describe('a score template', () => {
  it('is released only when its weights add up to exactly 100, in decimals', async () => {
    const short = await template('T-SHORT', [40, 30, 25.5]);
    expect(short.totalWeight).toBe('95.50');
    const refused = await act(ST, short.templateId, 'release');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'totalWeight' });
    expect(refused.json().message).toContain('95.5');
    expect((await get(`${ST}/${String(short.templateId)}`)).templateStatus).toBe('NEW');
    const empty = await template('T-EMPTY', []);
    expect((await act(ST, empty.templateId, 'release')).statusCode).toBe(400);

    // 33.33 + 33.33 + 33.34 is 100 exactly (in floating point it would not be).
    const thirds = await template('T-THIRDS', [33.33, 33.33, 33.34]);
    expect(thirds.totalWeight).toBe('100.00');
    const ok = await act(ST, thirds.templateId, 'release');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ templateStatus: 'RELEASED', releasedDate: expect.any(String) });
  });

  it('checks each indicator: scores in order, codes unique, price indicators name their method', async () => {
    const t = await template('T-CHECKS', []);
    const base = { templateId: t.templateId, indicateName: 'X', indicateType: 'TECHNOLOGY', weight: 10 };
    const cases: Array<[Row, string]> = [
      [{ indicateCode: 'A', minScore: 50, maxScore: 10 }, 'maxScore'],
      [{ indicateCode: 'B', minScore: 0, maxScore: 10, defaultScore: 20 }, 'defaultScore'],
      [{ indicateCode: 'C', indicateType: 'PRICE', minScore: 0, maxScore: 100 }, 'priceScoreMethod'],
      [{ indicateCode: 'D', minScore: 0, maxScore: 100, weight: 120 }, 'weight'],
    ];
    for (const [extra, field] of cases) {
      const r = await call('POST', SI, { ...base, ...extra });
      expect(r.statusCode, `${field}: ${r.body}`).toBe(400);
      expect(r.body).toContain(field);
    }
    expect((await call('POST', SI, { ...base, indicateCode: 'E', minScore: 0, maxScore: 100 })).statusCode).toBe(200);
    const twin = await call('POST', SI, { ...base, indicateCode: 'E', minScore: 0, maxScore: 100 });
    expect(twin.json()).toMatchObject({ field: 'indicateCode' });
  });

  it('once released is read-only (header and indicators), and a copy is a new draft with the same indicators', async () => {
    const t = await template('T-LOCK', [60, 40]);
    await act(ST, t.templateId, 'release');
    const cur = await get(`${ST}/${String(t.templateId)}`);
    expect((await call('PUT', ST, { templateId: t.templateId, objectVersionNumber: cur.objectVersionNumber, templateName: 'Changed' })).statusCode).toBe(409);
    const line = ((await get(`${SI}?templateId=${String(t.templateId)}`)).content as Row[])[0]!;
    expect((await call('PUT', SI, { indicateId: line.indicateId, objectVersionNumber: line.objectVersionNumber, weight: 50 })).statusCode).toBe(409);
    expect((await call('POST', SI, { templateId: t.templateId, indicateCode: 'NEW', indicateName: 'New', indicateType: 'TECHNOLOGY', weight: 1, minScore: 0, maxScore: 1 })).statusCode).toBe(409);
    expect((await call('DELETE', ST, [{ templateId: t.templateId, objectVersionNumber: cur.objectVersionNumber }])).statusCode).toBe(409);

    const copy = await call('POST', `${ST}/${String(t.templateId)}/copy`);
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json()).toMatchObject({ templateCode: 'T-LOCK-C1', templateStatus: 'NEW', copiedFromCode: 'T-LOCK', totalWeight: '100.00' });
    const lines = (await get(`${SI}?templateId=${String(copy.json().templateId)}`)).content as Row[];
    expect(lines.map((l) => [l.indicateCode, l.weight])).toEqual([
      ['I1', '60.00'],
      ['I2', '40.00'],
    ]);
    expect((await call('POST', `${ST}/${String(t.templateId)}/copy`)).json()).toMatchObject({ templateCode: 'T-LOCK-C2' });
    // A supplier's role has no score menu: neither reading nor copying.
    expect((await call('POST', `${ST}/${String(t.templateId)}/copy`, undefined, 'supplier')).statusCode).toBe(403);
  });
});

describe('a bid plan', () => {
  const line = (planId: unknown, extra: Row = {}) => call('POST', BPL, { bidPlanId: planId, bidPlanLineName: 'Conveyor system', businessCategory: 'GOODS', bidMethod: 'OPEN', startDate: '2026-03-01', endDate: '2026-04-30', budgetAmount: 0.1, ...extra });

  it('numbers its lines, refuses an end before the start and a negative budget, and totals the lines exactly', async () => {
    const plan = await call('POST', BP, { bidPlanName: 'Plan 2026 H1', year: 2026, companyName: 'Demo Manufacturing Co.', currencyCode: 'CNY' });
    expect(plan.statusCode, plan.body).toBe(200);
    const id = plan.json().bidPlanId;
    expect(plan.json()).toMatchObject({ planStatus: 'NEW', bidPlanNum: expect.stringMatching(/^BP/) });
    const backwards = await line(id, { startDate: '2026-05-01', endDate: '2026-04-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ field: 'endDate' });
    const negative = await line(id, { budgetAmount: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.body).toContain('budgetAmount');
    const notNumber = await line(id, { budgetAmount: 'lots' });
    expect(notNumber.statusCode).toBe(400);
    for (const amount of [0.1, 0.2, 1234567.89]) expect((await line(id, { budgetAmount: amount })).statusCode).toBe(200);
    const lines = (await get(`${BPL}?bidPlanId=${String(id)}`)).content as Row[];
    expect(lines.map((l) => [l.lineNum, l.processStatus, l.bidPlanNum])).toEqual([
      [1, 'NEW', plan.json().bidPlanNum],
      [2, 'NEW', plan.json().bidPlanNum],
      [3, 'NEW', plan.json().bidPlanNum],
    ]);
    // 0.1 + 0.2 + 1234567.89 in decimal: 1234568.19.
    expect((await get(`${BP}/${String(id)}`)).totalBudget).toBe('1234568.19');
  });

  it('goes to approval; approved, its lines are approved and locked; a cancelled line leaves the total and comes back on revoke', async () => {
    const empty = (await call('POST', BP, { bidPlanName: 'Empty', year: 2026, companyName: 'C', currencyCode: 'CNY' })).json() as Row;
    expect((await act(BP, empty.bidPlanId, 'submit')).json()).toMatchObject({ field: 'bidPlanLine' });

    const plan = (await call('POST', BP, { bidPlanName: 'Plan 2026 H2', year: 2026, companyName: 'Demo Manufacturing Co.', currencyCode: 'CNY' })).json() as Row;
    const id = plan.bidPlanId;
    await line(id, { budgetAmount: 100.05 });
    await line(id, { budgetAmount: 200.1 });
    const sub = await act(BP, id, 'submit');
    expect(sub.statusCode, sub.body).toBe(200);
    expect(sub.json().planStatus).toBe('APPROVING');
    // Nobody takes the approval's moves by hand.
    const byHand = await act(BP, id, 'approve', {}, 'approver');
    expect(byHand.statusCode >= 400 || byHand.json().failed === true, byHand.body).toBe(true);
    expect((await get(`${BP}/${String(id)}`)).planStatus).toBe('APPROVING');
    // In approval the lines are locked.
    const l1 = ((await get(`${BPL}?bidPlanId=${String(id)}`)).content as Row[])[0]!;
    expect((await call('PUT', BPL, { bidPlanLineId: l1.bidPlanLineId, objectVersionNumber: l1.objectVersionNumber, budgetAmount: 1 })).json()).toMatchObject({ failed: true, code: 'hwfl.document.inApproval' });

    // The approver reads the plan and its lines (the task shows them) but changes nothing by hand.
    expect((await call('GET', `${BP}/${String(id)}`, undefined, 'approver')).statusCode).toBe(200);
    expect(((await get(`${BPL}?bidPlanId=${String(id)}`, 'approver')).content as Row[]).length).toBe(2);
    expect((await call('PUT', BPL, { bidPlanLineId: l1.bidPlanLineId, objectVersionNumber: l1.objectVersionNumber, remark: 'x' }, 'approver')).statusCode).toBe(403);
    // The approver's task approves it through the workflow.
    const tasks = (await get('/hwfl/v1/1/tasks?statusCode=PENDING&size=200', 'approver')).content as Array<{ taskId: number; description: string }>;
    const task = tasks.find((t) => t.description.startsWith(String(plan.bidPlanNum)));
    expect(task, 'the approver has a task for the plan').toBeDefined();
    const done = await call('POST', `/hwfl/v1/1/runtime/tasks/${task!.taskId}`, { action: 'Approved' }, 'approver');
    expect(done.statusCode, done.body).toBe(200);
    expect((await get(`${BP}/${String(id)}`)).planStatus).toBe('RELEASED');
    let lines = (await get(`${BPL}?bidPlanId=${String(id)}`)).content as Row[];
    expect(lines.map((l) => l.processStatus)).toEqual(['APPROVED', 'APPROVED']);
    expect((await get(`${BP}/${String(id)}`)).totalBudget).toBe('300.15');
    // The lines moved by the plan's declared effect, each move audited under the approver.
    const audit = await s.ctx.db.query<{ action: string; login_name: string }>("select action, login_name from hpfm_audit_log where entity_name = 'bidPlanLine' and record_id = any($1::bigint[]) and action = 'APPROVE'", [lines.map((l) => l.bidPlanLineId)]);
    expect(audit.rows.map((a) => a.login_name)).toEqual(['approver', 'approver']);
    // A line's approval is the plan's effect only: no request takes it.
    expect((await act(BPL, lines[0]!.bidPlanLineId, 'approve')).statusCode).toBe(403);

    // Cancel needs a reason; it leaves the total, revoking restores the line's status and the total.
    const noReason = await act(BPL, lines[0]!.bidPlanLineId, 'cancel');
    expect(noReason.json()).toMatchObject({ field: 'cancelReason' });
    expect((await act(BPL, lines[0]!.bidPlanLineId, 'cancel', { cancelReason: 'Postponed' }, 'approver')).statusCode).toBe(403);
    expect((await act(BPL, lines[0]!.bidPlanLineId, 'cancel', { cancelReason: 'Postponed' })).statusCode).toBe(200);
    expect((await get(`${BP}/${String(id)}`)).totalBudget).toBe('200.10');
    expect((await act(BPL, lines[0]!.bidPlanLineId, 'revokeCancel')).json()).toMatchObject({ processStatus: 'APPROVED', cancelFromStatus: null });
    expect((await get(`${BP}/${String(id)}`)).totalBudget).toBe('300.15');
    lines = (await get(`${BPL}?bidPlanId=${String(id)}`)).content as Row[];
    // A released plan's lines stay as approved.
    expect((await call('PUT', BPL, { bidPlanLineId: lines[1]!.bidPlanLineId, objectVersionNumber: lines[1]!.objectVersionNumber, budgetAmount: 1 })).statusCode).toBe(409);
  });
});

describe('a project', () => {
  it('is created with its dates in order, released, and then keeps its name', async () => {
    const backwards = await call('POST', PJ, { projectName: 'P', projectType: 'INVESTMENT', companyName: 'C', currencyCode: 'CNY', startDate: '2026-05-01', endDate: '2026-01-01' });
    expect(backwards.json()).toMatchObject({ field: 'endDate' });
    const p = await call('POST', PJ, { projectName: 'Line 4 expansion', projectType: 'INVESTMENT', companyName: 'Demo Manufacturing Co.', currencyCode: 'CNY', budgetAmount: 2500000, startDate: '2026-01-01', endDate: '2026-12-31' });
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json()).toMatchObject({ projectStatus: 'NEW', projectNum: expect.stringMatching(/^PJ/) });
    const rel = await act(PJ, p.json().projectId, 'release');
    expect(rel.json()).toMatchObject({ projectStatus: 'RELEASED', releasedDate: expect.any(String) });
    const v = rel.json().objectVersionNumber;
    expect((await call('PUT', PJ, { projectId: p.json().projectId, objectVersionNumber: v, projectName: 'Renamed' })).statusCode).toBe(409);
    expect((await call('PUT', PJ, { projectId: p.json().projectId, objectVersionNumber: v, managerName: 'Anna Meyer' })).statusCode).toBe(200);
    expect((await act(PJ, p.json().projectId, 'release')).json()).toMatchObject({ code: 'error.status.transition' });
  });
});
