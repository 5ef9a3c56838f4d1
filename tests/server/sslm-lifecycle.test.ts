import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * The supplier life cycle: a stage moves only through an approved application (the workflow) or
 * an approved investigation; eliminated, blacklisted and (with gating on) unqualified suppliers are
 * refused on RFx invitations, tender sign-ups and order releases; a supplier sees and answers only
 * its own investigations.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const T = '/sslm/v1/1';
const WF = '/hwfl/v1/1';
const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = 'buyer') => s.call({ method, url, ...(payload === undefined ? {} : { payload: payload as Row }), as });
const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = 'buyer'): Promise<Row> => {
  const r = await call(method, url, payload, as);
  expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(200);
  expect(r.json().failed, r.body).not.toBe(true);
  return r.json();
};
const supplierId = async (num: string) => Number((await s.ctx.db.query<{ id: number }>('select supplier_id::float8 as id from sslm_supplier where tenant_id = 1 and supplier_num = $1', [num])).rows[0]!.id);
const stageOf = async (id: number) => (await s.ctx.db.query<{ s: string | null }>('select stage_code as s from sslm_supplier_stage where tenant_id = 1 and supplier_id = $1', [id])).rows[0]?.s ?? null;

/** Approves the approver's pending task whose description starts with `title`. */
async function approveTask(title: string): Promise<void> {
  const tasks = (await ok('GET', `${WF}/tasks?statusCode=PENDING&size=200`, undefined, 'approver')).content as Array<{ taskId: number; description: string }>;
  const task = tasks.find((t) => t.description.startsWith(title));
  expect(task, `a task for ${title}`).toBeTruthy();
  await ok('POST', `${WF}/runtime/tasks/${task!.taskId}`, { action: 'Approved' }, 'approver');
}

describe('stage moves', () => {
  it('refuses writing a stage directly', async () => {
    const id = await supplierId('S0012');
    // Stages are read-only to requests: there is no path that writes one.
    expect((await call('POST', `${T}/supplier-stages`, { supplierId: id })).statusCode).toBe(404);
    const row = ((await ok('GET', `${T}/supplier-stages?supplierId=${id}`)).content as Row[])[0]!;
    const u = await call('PUT', `${T}/supplier-stages`, { ...row, stageCode: 'QUALIFIED' });
    expect(u.statusCode).toBeGreaterThanOrEqual(400);
    expect(await stageOf(id)).toBe('RECOMMEND');
  });

  it('moves a supplier only when the application is approved through the workflow, and records the move', async () => {
    const id = await supplierId('S0012');
    const app = await ok('POST', `${T}/life-cycle/applications`, { applyType: 'UPGRADE', supplierId: id, toStage: 'POTENTIAL', reason: 'Samples passed' });
    expect([app.fromStage, app.processStatus, app.supplierName]).toEqual(['RECOMMEND', 'NEW', 'Xiamen Bluewave Optics']);
    // Nobody approves it directly, not even its author.
    const direct = await call('POST', `${T}/life-cycle/applications/${String(app.applicationId)}/actions/approve`, { objectVersionNumber: app.objectVersionNumber });
    expect(direct.json().failed).toBe(true);
    const sub = await ok('POST', `${T}/life-cycle/applications/${String(app.applicationId)}/actions/submit`, { objectVersionNumber: app.objectVersionNumber });
    expect(sub.processStatus).toBe('SUBMIT');
    expect(await stageOf(id)).toBe('RECOMMEND');
    await approveTask(String(app.applicationNum));
    expect((await ok('GET', `${T}/life-cycle/applications/${String(app.applicationId)}`)).processStatus).toBe('APPROVED');
    expect(await stageOf(id)).toBe('POTENTIAL');
    const history = (await ok('GET', `${T}/supplier-stage-histories?supplierId=${id}`)).content as Row[];
    expect(history[0]).toMatchObject({ fromStage: 'RECOMMEND', toStage: 'POTENTIAL', sourceType: 'APPLICATION', sourceNum: app.applicationNum });
  });

  it('refuses moves against the application type and a second open application', async () => {
    const id = await supplierId('S0013');
    const down = await call('POST', `${T}/life-cycle/applications`, { applyType: 'UPGRADE', supplierId: id, toStage: 'REGISTER' });
    expect([down.statusCode, down.json().field]).toEqual([400, 'toStage']);
    const elim = await call('POST', `${T}/life-cycle/applications`, { applyType: 'UPGRADE', supplierId: id, toStage: 'ELIMINATED' });
    expect([elim.statusCode, elim.json().field]).toEqual([400, 'applyType']);
    const noExpiry = await call('POST', `${T}/life-cycle/applications`, { applyType: 'ELIMINATE', supplierId: id, toStage: 'ELIMINATED', blacklistFlag: 1 });
    expect([noExpiry.statusCode, noExpiry.json().field]).toEqual([400, 'blacklistExpiryDate']);
    const a = await ok('POST', `${T}/life-cycle/applications`, { applyType: 'UPGRADE', supplierId: id, toStage: 'RECOMMEND' });
    const b = await ok('POST', `${T}/life-cycle/applications`, { applyType: 'UPGRADE', supplierId: id, toStage: 'POTENTIAL' });
    await ok('POST', `${T}/life-cycle/applications/${String(a.applicationId)}/actions/submit`, { objectVersionNumber: a.objectVersionNumber });
    const second = await call('POST', `${T}/life-cycle/applications/${String(b.applicationId)}/actions/submit`, { objectVersionNumber: b.objectVersionNumber });
    expect([second.statusCode, second.json().field]).toEqual([409, 'supplierId']);
  });
});

describe('stage gating', () => {
  it('refuses an eliminated or unqualified supplier on an RFx invitation, and invites a qualified one', async () => {
    const draft = await s.ctx.db.query<{ id: number }>("select rfx_header_id::float8 as id from ssrc_rfx_header where tenant_id = 1 and rfx_status = 'NEW' order by 1 limit 1");
    expect(draft.rows.length, 'a draft RFx in the demo').toBe(1);
    const rfx = draft.rows[0]!.id;
    const eliminated = await call('POST', '/ssrc/v1/1/rfx/suppliers', { rfxHeaderId: rfx, supplierId: await supplierId('S0014') });
    expect([eliminated.statusCode, eliminated.json().field]).toEqual([409, 'supplierId']);
    expect(eliminated.json().message).toMatch(/Osaka Kogyo K\.K\. is blacklisted until 2027-12-31/);
    const potential = await call('POST', '/ssrc/v1/1/rfx/suppliers', { rfxHeaderId: rfx, supplierId: await supplierId('S0015') });
    expect([potential.statusCode, potential.json().field]).toEqual([409, 'supplierId']);
    expect(potential.json().message).toMatch(/in stage PREPARE: only QUALIFIED suppliers/);
    const count = await s.ctx.db.query<{ n: number }>('select count(*)::int as n from ssrc_rfx_supplier where rfx_header_id = $1 and supplier_id = any($2::bigint[])', [rfx, [await supplierId('S0014'), await supplierId('S0015')]]);
    expect(count.rows[0]!.n).toBe(0);
    const q = await call('POST', '/ssrc/v1/1/rfx/suppliers', { rfxHeaderId: rfx, supplierId: await supplierId('S0009') });
    expect(q.statusCode, q.body).toBe(200);
  });

  it('refuses to release an order to an eliminated supplier, and releases it once the supplier is qualified again', async () => {
    const id = await supplierId('S0014');
    const po = (await s.ctx.db.query<{ id: number }>("select po_header_id::float8 as id from sodr_po_header where tenant_id = 1 and status_code = 'APPROVED' order by 1 limit 1")).rows[0]!.id;
    await s.ctx.db.query("update sodr_po_header set supplier_id = $2, supplier_name = 'Osaka Kogyo K.K.' where po_header_id = $1", [po, id]);
    const before = await ok('GET', `/sodr/v1/1/po-headers/${po}`);
    const r = await call('POST', `/sodr/v1/1/po-headers/${po}/actions/release`, { objectVersionNumber: before.objectVersionNumber });
    expect([r.statusCode, r.json().field]).toEqual([409, 'supplierId']);
    expect(r.json().message).toContain('cannot be sent a released purchase order');
    expect((await ok('GET', `/sodr/v1/1/po-headers/${po}`)).statusCode).toBe('APPROVED');
    // Back to qualified (an upgrade out of ELIMINATED, approved) lifts the blacklist: the release goes through.
    const wrongWay = await call('POST', `${T}/life-cycle/applications`, { applyType: 'DOWNGRADE', supplierId: id, toStage: 'QUALIFIED' });
    expect([wrongWay.statusCode, wrongWay.json().field]).toEqual([400, 'applyType']);
    const app = await ok('POST', `${T}/life-cycle/applications`, { applyType: 'UPGRADE', supplierId: id, toStage: 'QUALIFIED', reason: 'Audit passed on re-inspection' });
    await ok('POST', `${T}/life-cycle/applications/${String(app.applicationId)}/actions/submit`, { objectVersionNumber: app.objectVersionNumber });
    await approveTask(String(app.applicationNum));
    expect(await stageOf(id)).toBe('QUALIFIED');
    const released = await call('POST', `/sodr/v1/1/po-headers/${po}/actions/release`, { objectVersionNumber: before.objectVersionNumber });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().statusCode).toBe('PUBLISHED');
  });
});

describe('investigations', () => {
  let newcomer: number;
  let mine: Row;
  let other: Row;
  beforeAll(async () => {
    // A supplier new to the tenant, acted for by the demo supplier user, with no stage yet.
    const r = await s.ctx.db.query<{ id: number }>(
      "insert into sslm_supplier (tenant_id, supplier_num, supplier_name, enabled_flag, created_by, last_updated_by) values (1, 'S0901', 'Kunshan Newcomer Electronics', 1, 1, 1) returning supplier_id::float8 as id",
    );
    newcomer = r.rows[0]!.id;
    await s.ctx.db.query("insert into sslm_supplier_user (tenant_id, user_id, supplier_id, enabled_flag, created_by, last_updated_by) select 1, id, $1, 1, 1, 1 from iam_user where login_name = 'supplier'", [newcomer]);
    const tpl = Number((await s.ctx.db.query<{ id: number }>("select investigate_template_id::float8 as id from sslm_investigate_template where tenant_id = 1 and template_code = 'ACCESS-BASIC'")).rows[0]!.id);
    const send = async (sup: number) => {
      const h = await ok('POST', `${T}/investigate`, { supplierId: sup, investigateTemplateId: tpl });
      return ok('POST', `${T}/investigate/${String(h.investgHeaderId)}/actions/release`, { objectVersionNumber: h.objectVersionNumber });
    };
    mine = await send(newcomer);
    other = await send(await supplierId('S0012'));
  });

  it('shows a supplier only its own investigations and answer lines', async () => {
    const list = (await ok('GET', `${T}/investigate?size=100`, undefined, 'supplier')).content as Row[];
    expect(list.map((x) => x.investgHeaderId)).toContain(mine.investgHeaderId);
    expect(list.map((x) => x.investgHeaderId)).not.toContain(other.investgHeaderId);
    expect(list.every((x) => x.supplierName !== 'Xiamen Bluewave Optics')).toBe(true);
    expect((await call('GET', `${T}/investigate/${String(other.investgHeaderId)}`, undefined, 'supplier')).statusCode).toBe(404);
    const theirs = (await ok('GET', `${T}/investigate-answers?investgHeaderId=${String(other.investgHeaderId)}`, undefined, 'supplier')).content as Row[];
    expect(theirs).toEqual([]);
    const lines = (await ok('GET', `${T}/investigate-answers?investgHeaderId=${String(mine.investgHeaderId)}`, undefined, 'supplier')).content as Row[];
    expect(lines.map((l) => l.sectionName)).toEqual(['Company profile', 'Company profile', 'Quality system', 'Quality system']);
  });

  it('takes the answers, refuses a submit with a required answer missing or a choice not offered, and approval makes the supplier POTENTIAL', async () => {
    const lines = (await ok('GET', `${T}/investigate-answers?investgHeaderId=${String(mine.investgHeaderId)}`, undefined, 'supplier')).content as Row[];
    const byType = (t: string) => lines.find((l) => l.questionType === t)!;
    // Someone else's answer line cannot be written.
    const theirs = (await ok('GET', `${T}/investigate-answers?investgHeaderId=${String(other.investgHeaderId)}`)).content as Row[];
    const foreign = await call('PUT', `${T}/investigate-answers`, { ...theirs[0], answerText: 'mine now' }, 'supplier');
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    await ok('PUT', `${T}/investigate-answers`, { ...byType('TEXT'), answerText: 'Printed circuit boards' }, 'supplier');
    await ok('PUT', `${T}/investigate-answers`, { ...byType('CHOICE'), answerText: 'ISO 14001' }, 'supplier');
    const head = async () => ok('GET', `${T}/investigate/${String(mine.investgHeaderId)}`, undefined, 'supplier');
    const missing = await call('POST', `${T}/investigate/${String(mine.investgHeaderId)}/actions/submit`, { objectVersionNumber: (await head()).objectVersionNumber }, 'supplier');
    expect([missing.statusCode, missing.json().field]).toEqual([400, 'answers']);
    expect(missing.json().message).toContain('Number of employees');
    await ok('PUT', `${T}/investigate-answers`, { ...byType('NUMBER'), answerNumber: 240 }, 'supplier');
    const badChoice = await call('POST', `${T}/investigate/${String(mine.investgHeaderId)}/actions/submit`, { objectVersionNumber: (await head()).objectVersionNumber }, 'supplier');
    expect(badChoice.json().message).toContain('ISO 14001');
    const again = (await ok('GET', `${T}/investigate-answers?investgHeaderId=${String(mine.investgHeaderId)}`, undefined, 'supplier')).content as Row[];
    await ok('PUT', `${T}/investigate-answers`, { ...again.find((l) => l.questionType === 'CHOICE'), answerText: 'ISO 9001' }, 'supplier');
    // The buyer cannot submit for the supplier.
    const buyerSubmit = await call('POST', `${T}/investigate/${String(mine.investgHeaderId)}/actions/submit`, { objectVersionNumber: (await head()).objectVersionNumber });
    expect(buyerSubmit.statusCode).toBe(403);
    await ok('POST', `${T}/investigate/${String(mine.investgHeaderId)}/actions/submit`, { objectVersionNumber: (await head()).objectVersionNumber }, 'supplier');
    expect(await stageOf(newcomer)).toBeNull();
    // Nor approve its own.
    const selfApprove = await call('POST', `${T}/investigate/${String(mine.investgHeaderId)}/actions/approve`, { objectVersionNumber: (await head()).objectVersionNumber }, 'supplier');
    expect(selfApprove.statusCode).toBe(403);
    await ok('POST', `${T}/investigate/${String(mine.investgHeaderId)}/actions/approve`, { objectVersionNumber: (await head()).objectVersionNumber });
    expect(await stageOf(newcomer)).toBe('POTENTIAL');
    const history = (await ok('GET', `${T}/supplier-stage-histories?supplierId=${newcomer}`)).content as Row[];
    expect(history[0]).toMatchObject({ fromStage: null, toStage: 'POTENTIAL', sourceType: 'INVESTIGATION', sourceNum: mine.investgNumber });
    // A potential supplier is still refused on an RFx invitation while gating is on.
    const draft = (await s.ctx.db.query<{ id: number }>("select rfx_header_id::float8 as id from ssrc_rfx_header where tenant_id = 1 and rfx_status = 'NEW' order by 1 limit 1")).rows[0]!.id;
    const invite = await call('POST', '/ssrc/v1/1/rfx/suppliers', { rfxHeaderId: draft, supplierId: newcomer });
    expect(invite.statusCode).toBe(409);
  });

  it('publishes a template as its next version and keeps the version', async () => {
    const t = await ok('POST', `${T}/investigate-templates`, { templateCode: 'T-VERSIONS', templateName: 'Versioned', investigateType: 'ACCESS' });
    const empty = await call('POST', `${T}/investigate-templates/${String(t.investigateTemplateId)}/actions/publish`, { objectVersionNumber: t.objectVersionNumber });
    expect([empty.statusCode, empty.json().field]).toEqual([400, 'questions']);
    await ok('POST', `${T}/investigate-template-questions`, { investigateTemplateId: t.investigateTemplateId, sectionSeq: 1, sectionName: 'General', lineNum: 1, questionText: 'Founded in', questionType: 'NUMBER' });
    const p = await ok('POST', `${T}/investigate-templates/${String(t.investigateTemplateId)}/actions/publish`, { objectVersionNumber: t.objectVersionNumber });
    expect(p.versionNumber).toBe(1);
    const locked = await call('POST', `${T}/investigate-template-questions`, { investigateTemplateId: t.investigateTemplateId, sectionSeq: 1, sectionName: 'General', lineNum: 2, questionText: 'Later', questionType: 'TEXT' });
    expect(locked.statusCode).toBe(409);
    const versions = (await ok('GET', `${T}/investigate-template-versions?investigateTemplateId=${String(t.investigateTemplateId)}`)).content as Row[];
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ versionNumber: 1, questionCount: 1 });
  });
});
