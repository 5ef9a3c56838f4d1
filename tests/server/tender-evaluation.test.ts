import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { iso, type Row, T, tenderKit } from './tender-kit.ts';

/**
 * Tendering after the notice (issue 21): clarification questions and letters, one- and two-stage
 * opening per round, the expert committee scoring by a grade template (each expert their own
 * sheet, in decimal), confirmation of the scores, multi-turn bidding, the award decision approved
 * through the workflow and told to the bidders, and the settlement pages (stnd). Deadlines are
 * moved into the past in the database instead of waiting for them.
 */
vi.setConfig({ testTimeout: Number(process.env.TENDER_TIMEOUT ?? 180_000), hookTimeout: 180_000 });
let s: TestServer;
const ids: Record<string, number> = {};
const { call, ok, rows, tender, act, refused, q, deadlinePassed } = tenderKit(() => s);
const one = async (sql: string, p: unknown[] = []) => (await q(sql, p))[0]!;

/** A published tender of two lots with supplier (S0001) and supplier3 (S0003) signed up and qualified. */
async function published(over: Row = {}): Promise<{ id: number; lots: number[]; num: string }> {
  const h = await ok('POST', `${T}/bid`, { tenderTitle: 'Conveyor line 2027', evalMethod: 'LOWEST_PRICE', preQualificationFlag: 1, releaseApprovalFlag: 0, quotationStartDate: iso(-1000), quotationEndDate: iso(3_600_000), bidOpenDate: iso(3_600_000), ...over });
  const id = Number(h.tenderHeaderId);
  const a = await ok('POST', `${T}/bid/sections`, { tenderHeaderId: id, sectionName: 'Lot A: conveyor', budgetAmount: 300000 });
  const b = await ok('POST', `${T}/bid/sections`, { tenderHeaderId: id, sectionName: 'Lot B: controls', budgetAmount: 100000 });
  expect((await act(id, 'release')).json().tenderStatus).toBe('RELEASED');
  expect((await act(id, 'publish')).json().tenderStatus).toBe('PUBLISHED');
  for (const who of ['supplier', 'supplier3']) await ok('POST', `${T}/bid/${id}/signup`, {}, who);
  for (const x of await rows(`${T}/bid/suppliers?tenderHeaderId=${id}`)) await ok('POST', `${T}/bid/suppliers/${String(x.tenderSupplierId)}/actions/qualify`, { objectVersionNumber: x.objectVersionNumber });
  return { id, lots: [Number(a.sectionId), Number(b.sectionId)], num: String(h.tenderNum) };
}
const bid = (id: number, as: string, sectionId: number, bidAmount: unknown) => call('POST', `${T}/bid/${id}/quotation`, { sectionId, bidAmount, taxRate: 13, technicalProposal: `Design of ${as}` }, as);

beforeAll(async () => {
  s = await startTestServer();
  for (const [k, num] of [['S1', 'S0001'], ['S3', 'S0003']] as const) ids[k] = Number((await one('select supplier_id::float8 as id from sslm_supplier where tenant_id = 1 and supplier_num = $1', [num])).id);
  ids.expert = Number((await one("select expert_id::float8 as id from ssrc_expert where login_name = 'expert'")).id);
  ids.template = Number((await one("select template_id::float8 as id from ssrc_score_template where tenant_id = 1 and template_code = 'ST-GENERAL'")).id);
});
afterAll(() => s.close());

describe('clarification', () => {
  it('takes questions from qualified suppliers only and shows each supplier its own', async () => {
    const { id } = await published();
    const q = { questionTitle: 'Belt width', description: 'Is the belt 800 or 1000 mm wide?' };
    expect((await call('POST', `${T}/bid/${id}/questions`, q, 'supplier4')).statusCode).toBe(403);
    expect((await call('POST', `${T}/bid/${id}/questions`, q, 'buyer')).statusCode).toBe(403);
    const empty = await call('POST', `${T}/bid/${id}/questions`, { questionTitle: 'x' }, 'supplier');
    expect([empty.statusCode, empty.json().field]).toEqual([400, 'description']);
    expect((await ok('POST', `${T}/bid/${id}/questions`, q, 'supplier')).questionStatus).toBe('OPEN');
    expect((await rows(`${T}/bid/clarify-questions?tenderHeaderId=${id}`)).map((x) => x.supplierId)).toEqual([ids.S1]);
    // Who asked is not told to the other bidders.
    expect(await rows(`${T}/bid/clarify-questions?tenderHeaderId=${id}`, 'supplier3')).toEqual([]);
  });

  it('releases a letter to every qualified applicant at once, answering the open questions', async () => {
    const { id } = await published();
    await ok('POST', `${T}/bid/${id}/questions`, { questionTitle: 'Belt width', description: '800 or 1000 mm?' }, 'supplier');
    expect((await call('POST', `${T}/bid/${id}/clarify-letters`, { title: 'x', context: '<p>x</p>' }, 'supplier')).statusCode).toBe(403);
    expect((await call('POST', `${T}/bid/clarify-letters`, { tenderHeaderId: id, title: 'x', context: '<p>x</p>' }, 'supplier')).statusCode).toBe(403);
    const letter = await ok('POST', `${T}/bid/${id}/clarify-letters`, { title: 'Belt width', context: '<p>The belt is 1000 mm wide.</p>' });
    const lid = Number(letter.clarifyLetterId);
    expect([letter.clarifyStatus, letter.tenderHeaderId]).toEqual(['NEW', id]);
    expect(String(letter.clarifyNum)).toMatch(/^CL/);
    // A draft letter is the buyer's alone.
    for (const who of ['supplier', 'supplier3']) expect(await rows(`${T}/bid/clarify-letters?tenderHeaderId=${id}`, who)).toEqual([]);
    expect((await call('POST', `${T}/bid/clarify-letters/${lid}/actions/release`, { objectVersionNumber: letter.objectVersionNumber }, 'supplier')).statusCode).toBe(403);
    expect((await ok('POST', `${T}/bid/clarify-letters/${lid}/actions/release`, { objectVersionNumber: letter.objectVersionNumber })).clarifyStatus).toBe('RELEASED');
    for (const who of ['supplier', 'supplier3']) expect((await rows(`${T}/bid/clarify-letters?tenderHeaderId=${id}`, who)).map((x) => x.title)).toEqual(['Belt width']);
    expect(await rows(`${T}/bid/clarify-letters?tenderHeaderId=${id}`, 'supplier4')).toEqual([]);
    expect((await call('GET', `${T}/bid/clarify-letters/${lid}`, undefined, 'supplier4')).statusCode).toBe(404);
    const [answered] = await rows(`${T}/bid/clarify-questions?tenderHeaderId=${id}`);
    expect([answered!.questionStatus, answered!.clarifyLetterId]).toEqual(['ANSWERED', lid]);
    const inbox = await one("select count(*)::int as n from hmsg_user_message m join iam_user u on u.id = m.user_id where u.login_name = 'supplier3' and m.subject like $1", [`%${String(letter.clarifyNum)}%`]);
    expect(inbox.n).toBe(1);
  });

  it('is not written for a tender that is not out or already opened', async () => {
    const draft = await ok('POST', `${T}/bid`, { tenderTitle: 'Draft', quotationStartDate: iso(0), quotationEndDate: iso(60_000), bidOpenDate: iso(60_000) });
    const r = await call('POST', `${T}/bid/${String(draft.tenderHeaderId)}/clarify-letters`, { title: 'x', context: '<p>x</p>' });
    expect([r.statusCode, r.json().field]).toEqual([400, 'tenderHeaderId']);
  });
});

describe('two-stage opening', () => {
  it('opens the technical envelopes first, then the commercial ones of passed suppliers only', async () => {
    const { id, lots } = await published({ twoStageFlag: 1 });
    expect((await bid(id, 'supplier', lots[0]!, '101000.10')).statusCode).toBe(200);
    expect((await bid(id, 'supplier3', lots[0]!, '99000.90')).statusCode).toBe(200);
    await deadlinePassed(id);
    expect((await ok('POST', `${T}/bid/${id}/open`, {})).tenderStatus).toBe('TECH_OPENED');
    let seen = await rows(`${T}/bid-quotations?tenderHeaderId=${id}&sort=supplierName,asc`);
    expect(seen.map((b) => [b.technicalProposal, b.bidAmount])).toEqual(expect.arrayContaining([['Design of supplier', null], ['Design of supplier3', null]]));
    const noPass = await call('POST', `${T}/bid/${id}/open`, {});
    expect([noPass.statusCode, noPass.json().field]).toEqual([400, 'techPassFlag']);
    const mine = (await rows(`${T}/bid/suppliers?tenderHeaderId=${id}&supplierId=${ids.S1}`))[0]!;
    expect((await ok('PUT', `${T}/bid/suppliers`, { ...mine, techPassFlag: 1 })).techPassFlag).toBe(1);
    expect((await ok('POST', `${T}/bid/${id}/open`, {})).tenderStatus).toBe('OPENED');
    seen = await rows(`${T}/bid-quotations?tenderHeaderId=${id}`);
    expect(seen.find((b) => b.supplierId === ids.S1)!.bidAmount).toBe('101000.10');
    // The failed supplier's commercial envelope is never opened.
    expect(seen.find((b) => b.supplierId === ids.S3)!.bidAmount).toBeNull();
    const opening = await ok('GET', `${T}/bid/${id}/opening`);
    expect((opening.bids as Row[]).find((b) => b.supplierId === ids.S3)!.bidAmount).toBeNull();
  });
});

describe('expert scoring, decision and award', () => {
  let id: number;
  let num: string;
  let lots: number[];
  const bidIds: Record<string, number> = {};

  it('needs a comprehensive tender with a template; bids stay sealed in history and the audit log before opening', async () => {
    ({ id, lots, num } = await published({ evalMethod: 'COMPREHENSIVE', scoreTemplateId: ids.template }));
    const r1 = await bid(id, 'supplier', lots[0]!, '250000.55');
    const r3 = await bid(id, 'supplier3', lots[0]!, '240000.45');
    bidIds.S1 = Number(r1.json().bidId);
    bidIds.S3 = Number(r3.json().bidId);
    // A logged change of a bid (as a generic write would leave) must not tell its amount before opening.
    await s.ctx.db.query("insert into hpfm_audit_log (tenant_id, entity_name, record_id, action, user_id, login_name, changes, audit_date) values (1, 'tenderBid', $1, 'UPDATE', 0, 'supplier', $2, now())",
      [bidIds.S1, JSON.stringify({ bidAmount: 250000.55, technicalProposal: 'Design of supplier' })]);
    for (const as of ['buyer', 'sysadmin', 'supplier3', 'expert']) {
      const h = await call('GET', `${T}/bid-quotations/${bidIds.S1}/history`, undefined, as);
      expect(h.body.includes('250000.55'), `${as}: ${h.body}`).toBe(false);
      const log = await call('GET', `/hpfm/v1/1/audit-logs?entityName=tenderBid&size=100`, undefined, as);
      expect(log.body.includes('250000.55'), `${as}: ${log.body.slice(0, 200)}`).toBe(false);
    }
    const own = (await ok('GET', `${T}/bid-quotations/${bidIds.S1}/history`, undefined, 'supplier')) as unknown as Row[];
    expect((own[0]!.changes as Row).bidAmount).toBe(250000.55);
    const early = await act(id, 'handout');
    expect(refused(early) || early.statusCode === 400).toBe(true);
  });

  it('hands the opened tender to the assigned experts, who see only their tenders and their own score sheet', async () => {
    await deadlinePassed(id);
    expect((await ok('POST', `${T}/bid/${id}/open`, {})).tenderStatus).toBe('OPENED');
    const noExpert = await act(id, 'handout');
    expect([noExpert.statusCode, noExpert.json().field]).toEqual([400, 'tenderExpert']);
    const stranger = await call('POST', `${T}/bid/experts`, { tenderHeaderId: id, expertId: 999999, expertRole: 'ALL' });
    expect([stranger.statusCode, stranger.json().field]).toEqual([400, 'expertId']);
    const assigned = await ok('POST', `${T}/bid/experts`, { tenderHeaderId: id, expertId: ids.expert, expertRole: 'ALL', leaderFlag: 1 });
    expect((await ok('GET', `${T}/bid/experts/${String(assigned.tenderExpertId)}`)).expertName).toBe('Eva Expert');
    const twice = await call('POST', `${T}/bid/experts`, { tenderHeaderId: id, expertId: ids.expert, expertRole: 'TECHNICAL' });
    expect([twice.statusCode, twice.json().field]).toEqual([400, 'expertId']);
    // Before the hand-out the expert reaches neither the tender nor its bids.
    expect((await call('GET', `${T}/bid/${id}`, undefined, 'expert')).statusCode).toBe(404);
    expect(await rows(`${T}/bid-quotations?tenderHeaderId=${id}`, 'expert')).toEqual([]);
    expect((await act(id, 'handout')).json().tenderStatus).toBe('EVALUATING');
    const sheet = await rows(`${T}/bid/scores?tenderHeaderId=${id}&size=100`, 'expert');
    expect(sheet.length).toBe(6);
    expect(await rows(`${T}/bid/scores?tenderHeaderId=${id}`, 'approver').catch(() => [])).toEqual([]);
    expect((await call('GET', `${T}/bid/scores?tenderHeaderId=${id}`, undefined, 'supplier')).statusCode).toBe(403);
    const seen = await rows(`${T}/bid-quotations?tenderHeaderId=${id}`, 'expert');
    expect(seen.map((b) => b.bidAmount).sort()).toEqual(['240000.45', '250000.55']);
    // An expert evaluating the technical envelope only reads that one.
    await s.ctx.db.query("update tender_expert set expert_role = 'TECHNICAL' where tender_header_id = $1", [id]);
    const tech = await rows(`${T}/bid-quotations?tenderHeaderId=${id}`, 'expert');
    expect(tech.every((b) => b.bidAmount === null && typeof b.technicalProposal === 'string')).toBe(true);
    await s.ctx.db.query("update tender_expert set expert_role = 'ALL' where tender_header_id = $1", [id]);
  });

  it('takes scores within each element\'s range, submits them whole, and totals them by weight in decimal', async () => {
    const sheet = await rows(`${T}/bid/scores?tenderHeaderId=${id}&size=100`, 'expert');
    const put = (row: Row, score: unknown, as = 'expert') => call('PUT', `${T}/bid/scores`, { ...row, score }, as);
    const high = await put(sheet[0]!, 101);
    expect([high.statusCode, high.json().field], high.body).toEqual([400, 'score']);
    // Another person's score row is not there for them at all.
    expect([403, 404]).toContain((await put(sheet[0]!, 50, 'buyer')).statusCode);
    const missing = await call('POST', `${T}/bid/scores/submit`, [{ tenderHeaderId: id }], 'expert');
    expect(refused(missing) || missing.json().field === 'score', missing.body).toBe(true);
    const scores: Record<string, Record<string, string>> = { [String(bidIds.S1)]: { PRICE: '83.33', TECHNOLOGY: '90.5', BUSINESS: '77.77' }, [String(bidIds.S3)]: { PRICE: '91.11', TECHNOLOGY: '70', BUSINESS: '66.67' } };
    for (const r of sheet) expect((await put(r, scores[String(r.bidId)]![String(r.indicateType)])).statusCode).toBe(200);
    expect((await act(id, 'confirmScoring')).json().message ?? '').toContain('not submitted');
    expect((await ok('POST', `${T}/bid/scores/submit`, [{ tenderHeaderId: id }], 'expert')).scoreStatus).toBe('SUBMITTED');
    const again = await put((await rows(`${T}/bid/scores?tenderHeaderId=${id}&size=100`, 'expert'))[0]!, 10);
    expect([again.json().failed, again.json().field], again.body).toEqual([true, 'score']);
    expect((await act(id, 'confirmScoring')).json().tenderStatus).toBe('SCORED');
    // 83.33 × 0.6 + 90.5 × 0.25 + 77.77 × 0.15 = 84.2885; 91.11 × 0.6 + 70 × 0.25 + 66.67 × 0.15 = 82.1665
    const totals = await s.ctx.db.query<{ id: number; total: string; rank: number }>('select bid_id::float8 as id, score_total::text as total, rank_num::int as rank from tender_bid where tender_header_id = $1 order by bid_id', [id]);
    expect(totals.rows.map((r) => [r.id, r.total, r.rank])).toEqual([[bidIds.S1, '84.29', 1], [bidIds.S3, '82.17', 2]]);
  });

  it('awards per lot, through the approval workflow, and tells the winner', async () => {
    const d = await ok('GET', `${T}/bid/${id}/decision`);
    expect([d.decisionStatus, d.tenderHeaderId]).toEqual(['NEW', id]);
    expect((await call('GET', `${T}/bid/${id}/decision`, undefined, 'supplier')).statusCode).toBe(403);
    const noAward = await call('POST', `${T}/bid/decisions/${String(d.decisionId)}/actions/submit`, { objectVersionNumber: d.objectVersionNumber });
    expect([noAward.statusCode, noAward.json().field]).toEqual([400, 'tenderAward']);
    const foreign = await call('POST', `${T}/bid/${id}/awards`, { bidId: 999999 });
    expect([foreign.statusCode, foreign.json().field]).toEqual([400, 'bidId']);
    expect((await call('POST', `${T}/bid/${id}/awards`, { bidId: bidIds.S3 }, 'supplier3')).statusCode).toBe(403);
    await ok('POST', `${T}/bid/${id}/awards`, { bidId: bidIds.S1 });
    // Awarding the lot again replaces its winner.
    expect((await ok('POST', `${T}/bid/${id}/awards`, { bidId: bidIds.S3 })).awardedAmount).toBe('240000.45');
    expect((await rows(`${T}/bid/awards?tenderHeaderId=${id}`)).map((a) => [a.sectionId, a.supplierId])).toEqual([[lots[0], ids.S3]]);
    expect(await rows(`${T}/bid/awards?tenderHeaderId=${id}`, 'supplier3')).toEqual([]);
    const cur = await ok('GET', `${T}/bid/${id}/decision`);
    expect((await ok('POST', `${T}/bid/decisions/${String(cur.decisionId)}/actions/submit`, { objectVersionNumber: cur.objectVersionNumber })).decisionStatus).toBe('APPROVING');
    expect(refused(await call('POST', `${T}/bid/${id}/awards`, { bidId: bidIds.S1 }))).toBe(true);
    const tasks = (await ok('GET', '/hwfl/v1/1/tasks?statusCode=PENDING&size=200', undefined, 'approver')).content as Array<{ taskId: number; description: string }>;
    const task = tasks.find((t) => t.description.startsWith(num))!;
    expect(task, 'the approver has the award task').toBeDefined();
    expect((await ok('GET', `${T}/bid/${id}/decision`, undefined, 'approver')).decisionStatus).toBe('APPROVING');
    expect((await call('POST', `/hwfl/v1/1/runtime/tasks/${task.taskId}`, { action: 'Approved' }, 'approver')).statusCode).toBe(200);
    expect((await tender(id)).tenderStatus).toBe('AWARDED');
    // The tender moved by the approved decision's declared effect: an audited move like any other, which no request takes.
    expect(await one("select action, login_name, changes->'tenderStatus'->>'from' as from from hpfm_audit_log where entity_name = 'tenderHeader' and record_id = $1 and action = 'AWARD'", [id])).toMatchObject({ login_name: 'approver', from: 'SCORED' });
    expect((await call('POST', `${T}/bid/${id}/actions/award`, {})).statusCode).toBe(403);
    expect((await rows(`${T}/bid/awards?tenderHeaderId=${id}`, 'supplier3')).map((a) => [a.supplierId, a.awardedAmount, a.decisionStatus])).toEqual([[ids.S3, '240000.45', 'APPROVED']]);
    expect(await rows(`${T}/bid/awards?tenderHeaderId=${id}`, 'supplier')).toEqual([]);
    const told = async (login: string, like: string) => Number((await one("select count(*)::int as n from hmsg_user_message m join iam_user u on u.id = m.user_id where u.login_name = $1 and m.subject like $2", [login, like])).n);
    expect(await told('supplier3', `${num}: you are awarded%`)).toBe(1);
    expect(await told('supplier', `${num}: the tender was awarded to another bidder%`)).toBe(1);
    const sent = await ok('POST', `${T}/bid/decisions/${String(cur.decisionId)}/notices`);
    expect(sent.recipients).toBeGreaterThanOrEqual(2);
    expect(await told('supplier3', `${num}: you are awarded%`)).toBe(2);
  });
});

describe('multi-turn bidding', () => {
  it('takes the selected suppliers into a new round, keeps the earlier round as opened and seals the new one', async () => {
    const { id, lots } = await published();
    await bid(id, 'supplier', lots[0]!, '120000.00');
    await bid(id, 'supplier3', lots[0]!, '118000.00');
    await deadlinePassed(id);
    await ok('POST', `${T}/bid/${id}/open`, {});
    const none = await act(id, 'newRound', { quotationEndDate: iso(3_600_000), bidOpenDate: iso(3_600_000) });
    expect([none.statusCode, none.json().field]).toEqual([400, 'nextRoundFlag']);
    const mine = (await rows(`${T}/bid/suppliers?tenderHeaderId=${id}&supplierId=${ids.S1}`))[0]!;
    await ok('PUT', `${T}/bid/suppliers`, { ...mine, nextRoundFlag: 1 });
    const noDates = await act(id, 'newRound', {});
    expect([noDates.statusCode, noDates.json().field]).toEqual([400, 'quotationEndDate']);
    expect((await act(id, 'newRound', { quotationEndDate: iso(3_600_000), bidOpenDate: iso(3_600_000) })).json().tenderStatus).toBe('PUBLISHED');
    expect((await tender(id)).roundNumber).toBe(2);
    const left = await bid(id, 'supplier3', lots[0]!, '1');
    expect([left.statusCode, left.json().message]).toEqual([403, expect.stringContaining('round 2')]);
    expect((await bid(id, 'supplier', lots[0]!, '115500.50')).json().roundNumber).toBe(2);
    const seen = await rows(`${T}/bid-quotations?tenderHeaderId=${id}&sort=bidId,asc`);
    expect(seen.map((b) => [b.roundNumber, b.supplierId, b.bidAmount])).toEqual([[1, ids.S1, '120000.00'], [1, ids.S3, '118000.00'], [2, ids.S1, null]]);
    await deadlinePassed(id);
    await ok('POST', `${T}/bid/${id}/open`, {});
    const after = await rows(`${T}/bid-quotations?tenderHeaderId=${id}&roundNumber=2`);
    expect(after.map((b) => b.bidAmount)).toEqual(['115500.50']);
    // The decision is on the last round's bids.
    const old = (await rows(`${T}/bid-quotations?tenderHeaderId=${id}&roundNumber=1`))[0]!;
    const stale = await call('POST', `${T}/bid/${id}/awards`, { bidId: old.bidId });
    expect([stale.statusCode, stale.json().field]).toEqual([400, 'bidId']);
  });
});

describe('settlement (stnd)', () => {
  it('records who confirmed a branch award and refuses a negotiation that raises the price', async () => {
    const b = (await rows(`${T}/stnd/branch-confirms?confirmStatus=PENDING`))[0]!;
    const r = await call('POST', `${T}/stnd/branch-confirms/${String(b.branchConfirmId)}/actions/reject`, { objectVersionNumber: b.objectVersionNumber });
    expect([r.statusCode, r.json().field]).toEqual([400, 'confirmRemark']);
    await ok('POST', `${T}/stnd/branch-confirms/${String(b.branchConfirmId)}/actions/confirm`, { objectVersionNumber: b.objectVersionNumber, confirmRemark: 'Fine' });
    const c = await ok('GET', `${T}/stnd/branch-confirms/${String(b.branchConfirmId)}`);
    expect([c.confirmStatus, c.confirmedBy, c.confirmRemark]).toEqual(['CONFIRMED', 'buyer', 'Fine']);
    expect((await call('GET', `${T}/stnd/branch-confirms`, undefined, 'supplier')).statusCode).toBe(403);
    const up = await call('POST', `${T}/stnd/supplement-negotiations`, { negotiationNum: 'SN-T1', bidNum: 'TD1', supplierName: 'X', originalPrice: 100, negotiatedPrice: 120, reason: 'r' });
    expect([up.statusCode, up.json().field]).toEqual([400, 'negotiatedPrice']);
    const n = (await rows(`${T}/stnd/supplement-negotiations?negotiationStatus=APPROVING`, 'approver'))[0]!;
    expect((await ok('POST', `${T}/stnd/supplement-negotiations/${String(n.negotiationId)}/actions/approve`, { objectVersionNumber: n.objectVersionNumber }, 'approver')).negotiationStatus).toBe('APPROVED');
  });
});
