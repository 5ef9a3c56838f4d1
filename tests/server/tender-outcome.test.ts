import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { iso, type Row, T, tenderKit } from './tender-kit.ts';

/**
 * What a tender's outcome leaves behind: the branch confirmations an approved award asks for (one
 * per awarded lot naming a branch company, its amount the award's exact decimal, the buyer told),
 * confirmed or rejected by the branch; and the outliers among the committee's scores, flagged for
 * the buyer confirming them and never shown to an expert. Deadlines are moved into the past in
 * the database; the demo experts score through the API, a fourth member through the database.
 */
vi.setConfig({ testTimeout: Number(process.env.TENDER_TIMEOUT ?? 180_000), hookTimeout: 180_000 });
let s: TestServer;
const ids: Record<string, number> = {};
const { call, ok, rows, tender, act, refused, q, deadlinePassed } = tenderKit(() => s);

/** A published tender with the lots given (name, budget, branch company), supplier (S0001) and supplier3 (S0003) qualified. */
async function published(lots: Array<[string, number, number | null]>, over: Row = {}): Promise<{ id: number; lots: number[]; num: string }> {
  const h = await ok('POST', `${T}/bid`, { tenderTitle: 'Outcome 2027', evalMethod: 'LOWEST_PRICE', preQualificationFlag: 0, releaseApprovalFlag: 0, quotationStartDate: iso(-1000), quotationEndDate: iso(3_600_000), bidOpenDate: iso(3_600_000), ...over });
  const id = Number(h.tenderHeaderId);
  const made: number[] = [];
  for (const [sectionName, budgetAmount, branchCompanyId] of lots) made.push(Number((await ok('POST', `${T}/bid/sections`, { tenderHeaderId: id, sectionName, budgetAmount, branchCompanyId })).sectionId));
  expect((await act(id, 'release')).json().tenderStatus).toBe('RELEASED');
  expect((await act(id, 'publish')).json().tenderStatus).toBe('PUBLISHED');
  for (const who of ['supplier', 'supplier3']) await ok('POST', `${T}/bid/${id}/signup`, {}, who);
  return { id, lots: made, num: String(h.tenderNum) };
}
const bid = async (id: number, as: string, sectionId: number, bidAmount: string) => Number((await ok('POST', `${T}/bid/${id}/quotation`, { sectionId, bidAmount, taxRate: 13, technicalProposal: `Design of ${as}` }, as)).bidId);

/** The approver approves the tender's submitted decision from their task list. */
async function approveDecision(num: string): Promise<void> {
  const tasks = (await ok('GET', '/hwfl/v1/1/tasks?statusCode=PENDING&size=200', undefined, 'approver')).content as Array<{ taskId: number; description: string }>;
  const task = tasks.find((t) => t.description.startsWith(num));
  expect(task, `the approver has the award task of ${num}`).toBeDefined();
  expect((await call('POST', `/hwfl/v1/1/runtime/tasks/${task!.taskId}`, { action: 'Approved' }, 'approver')).statusCode).toBe(200);
}

beforeAll(async () => {
  s = await startTestServer();
  for (const [k, num] of [['S1', 'S0001'], ['S3', 'S0003']] as const) ids[k] = Number((await q<{ id: number }>('select supplier_id::float8 as id from sslm_supplier where tenant_id = 1 and supplier_num = $1', [num]))[0]!.id);
  for (const [k, num] of [['suzhou', 'DM1100'], ['wuxi', 'DM1200']] as const) ids[k] = Number((await q<{ id: number }>('select company_id::float8 as id from hpfm_company where tenant_id = 1 and company_num = $1', [num]))[0]!.id);
  ids.foreignCompany = Number((await q<{ id: number }>('select min(company_id)::float8 as id from hpfm_company where tenant_id = 2'))[0]!.id);
  ids.template = Number((await q<{ id: number }>("select template_id::float8 as id from ssrc_score_template where tenant_id = 1 and template_code = 'ST-GENERAL'"))[0]!.id);
});
afterAll(() => s.close());

describe('branch confirmations generated from the award', () => {
  it('names a lot\'s branch company from the tenant\'s companies while the tender is a draft', async () => {
    const h = await ok('POST', `${T}/bid`, { tenderTitle: 'Branch lots', quotationStartDate: iso(0), quotationEndDate: iso(3_600_000), bidOpenDate: iso(3_600_000) });
    const foreign = await call('POST', `${T}/bid/sections`, { tenderHeaderId: h.tenderHeaderId, sectionName: 'Lot X', budgetAmount: 1, branchCompanyId: ids.foreignCompany });
    expect([foreign.statusCode, foreign.json().field]).toEqual([400, 'branchCompanyId']);
    // The name is the company's, whatever is typed.
    const lot = await ok('POST', `${T}/bid/sections`, { tenderHeaderId: h.tenderHeaderId, sectionName: 'Lot A', budgetAmount: 1, branchCompanyId: ids.suzhou, branchCompanyName: 'Typed name' });
    const name = (await q<{ n: string }>('select company_name as n from hpfm_company where company_id = $1', [ids.suzhou]))[0]!.n;
    expect([lot.branchCompanyId, lot.branchCompanyName]).toEqual([ids.suzhou, name]);
    const moved = await ok('PUT', `${T}/bid/sections`, { ...lot, branchCompanyId: ids.wuxi });
    expect(moved.branchCompanyName).not.toBe(name);
    expect((await ok('PUT', `${T}/bid/sections`, { ...moved, branchCompanyId: null })).branchCompanyName).toBeNull();
  });

  it('writes one pending confirmation per awarded lot naming a branch, with the award\'s exact amount, and tells the buyer', async () => {
    const { id, lots, num } = await published([['Lot A: presses', 500000, ids.suzhou], ['Lot B: tooling', 200000, ids.wuxi], ['Lot C: spares', 50000, null]]);
    // Released: the lots, and with them their branch companies, are fixed.
    const lotA = await ok('GET', `${T}/bid/sections/${lots[0]}`);
    const late = await call('PUT', `${T}/bid/sections`, { ...lotA, branchCompanyId: ids.wuxi });
    expect(refused(late), late.body).toBe(true);
    expect((await ok('GET', `${T}/bid/sections/${lots[0]}`)).branchCompanyId).toBe(ids.suzhou);
    const a = await bid(id, 'supplier', lots[0]!, '480000.00');
    await bid(id, 'supplier3', lots[1]!, '190000.00');
    const c = await bid(id, 'supplier3', lots[2]!, '45000.00');
    await deadlinePassed(id);
    expect((await ok('POST', `${T}/bid/${id}/open`, {})).tenderStatus).toBe('OPENED');
    // Lot A awarded with an amount given in exact decimals; lot B (with a branch) not awarded; lot C (no branch) awarded.
    expect((await ok('POST', `${T}/bid/${id}/awards`, { bidId: a, awardedAmount: '123456789012.07' })).awardedAmount).toBe('123456789012.07');
    await ok('POST', `${T}/bid/${id}/awards`, { bidId: c });
    const d = await ok('GET', `${T}/bid/${id}/decision`);
    expect((await ok('POST', `${T}/bid/decisions/${String(d.decisionId)}/actions/submit`, { objectVersionNumber: d.objectVersionNumber })).decisionStatus).toBe('APPROVING');
    // Nothing is asked of a branch before the decision is approved.
    expect(await rows(`${T}/stnd/branch-confirms?tenderHeaderId=${id}`)).toEqual([]);
    await approveDecision(num);
    expect((await tender(id)).tenderStatus).toBe('AWARDED');

    const made = await rows(`${T}/stnd/branch-confirms?tenderHeaderId=${id}`);
    const award = (await q<{ id: number }>('select award_id::float8 as id from tender_award where tender_header_id = $1 and section_id = $2', [id, lots[0]]))[0]!;
    const suzhou = (await q<{ n: string }>('select company_name as n from hpfm_company where company_id = $1', [ids.suzhou]))[0]!.n;
    expect(made.map((r) => [r.tenderHeaderId, r.sectionId, r.awardId, r.bidNum, r.lotName, r.branchCompanyId, r.branchCompanyName, r.winningSupplier, r.confirmStatus])).toEqual([
      [id, lots[0], award.id, num, 'Lot A: presses', ids.suzhou, suzhou, expect.any(String), 'PENDING'],
    ]);
    expect(made[0]!.winningSupplier).toBe((await q<{ n: string }>('select supplier_name as n from sslm_supplier where supplier_id = $1', [ids.S1]))[0]!.n);
    const stored = await q<{ amount: string }>('select awarded_amount::text as amount from stnd_branch_confirm where tender_header_id = $1', [id]);
    expect(stored.map((r) => r.amount)).toEqual(['123456789012.07']);
    // The buyer who created the tender is told, with the confirmation's page.
    const inbox = await q<{ subject: string; content: string }>(
      "select m.subject, m.content from hmsg_user_message m join iam_user u on u.id = m.user_id where u.login_name = 'buyer' and m.subject like $1", [`${num}:%confirmation%`]);
    expect(inbox.length).toBe(1);
    expect(inbox[0]!.content).toContain(`/stnd/branch/confirm/${String(made[0]!.branchConfirmId)}`);
    // Written by the approval only: no generic create, and no second row when the notices are sent again.
    expect([403, 404]).toContain((await call('POST', `${T}/stnd/branch-confirms`, { bidNum: num, lotName: 'x', branchCompanyName: 'x', winningSupplier: 'x', awardedAmount: 1 })).statusCode);
    await ok('POST', `${T}/bid/decisions/${String(d.decisionId)}/notices`);
    expect((await rows(`${T}/stnd/branch-confirms?tenderHeaderId=${id}`)).length).toBe(1);
    ids.branchConfirm = Number(made[0]!.branchConfirmId);
  });

  it('is confirmed or rejected (with a remark) once, by the buyer side only', async () => {
    const url = `${T}/stnd/branch-confirms/${ids.branchConfirm}`;
    const row = await ok('GET', url);
    for (const [m, u, body] of [['GET', url, undefined], ['GET', `${T}/stnd/branch-confirms`, undefined], ['POST', `${url}/actions/confirm`, { objectVersionNumber: row.objectVersionNumber }]] as const) {
      expect((await call(m, u, body, 'supplier')).statusCode, `${m} ${u}`).toBe(403);
    }
    expect((await call('GET', `${T}/stnd/branch-confirms/${ids.branchConfirm}`, undefined, 'buyer2')).statusCode).not.toBe(200);
    const bare = await call('POST', `${url}/actions/reject`, { objectVersionNumber: row.objectVersionNumber });
    expect([bare.statusCode, bare.json().field]).toEqual([400, 'confirmRemark']);
    // The award's facts are the award's: a write cannot change them.
    await call('PUT', `${T}/stnd/branch-confirms`, { ...row, awardedAmount: 1, winningSupplier: 'Someone else' });
    expect((await q<{ amount: string; w: string }>('select awarded_amount::text as amount, winning_supplier as w from stnd_branch_confirm where branch_confirm_id = $1', [ids.branchConfirm]))[0]!.amount).toBe('123456789012.07');
    const cur = await ok('GET', url);
    const done = await ok('POST', `${url}/actions/confirm`, { objectVersionNumber: cur.objectVersionNumber, confirmRemark: 'Received at the Suzhou plant' });
    expect([done.confirmStatus, done.confirmRemark]).toEqual(['CONFIRMED', 'Received at the Suzhou plant']);
    const after = await ok('GET', url);
    expect([after.confirmedBy, typeof after.confirmedDate]).toEqual(['buyer', 'string']);
    expect(refused(await call('POST', `${url}/actions/confirm`, { objectVersionNumber: after.objectVersionNumber }))).toBe(true);
    expect(refused(await call('POST', `${url}/actions/reject`, { objectVersionNumber: after.objectVersionNumber, confirmRemark: 'Too late' }))).toBe(true);
    expect((await ok('GET', url)).confirmStatus).toBe('CONFIRMED');
    expect([403, 409]).toContain((await call('DELETE', url)).statusCode);
  });

  it('links the demo rows to the seeded awarded tender, one per awarded lot at the award\'s amount', async () => {
    const seeded = await q<{ num: string; lot: string; status: string; same: boolean }>(
      `select c.bid_num as num, c.lot_name as lot, c.confirm_status as status, (c.awarded_amount = a.awarded_amount and c.section_id = a.section_id and c.tender_header_id = h.tender_header_id) as same
         from stnd_branch_confirm c join tender_award a on a.award_id = c.award_id join tender_header h on h.tender_header_id = a.tender_header_id
        where h.tender_num = 'TD2025-00003' and h.tenant_id = 1 order by c.lot_name`);
    expect(seeded).toEqual([
      { num: 'TD2025-00003', lot: 'Lot A: supply', status: 'PENDING', same: true },
      { num: 'TD2025-00003', lot: 'Lot B: installation and service', status: 'CONFIRMED', same: true },
    ]);
    expect((await q<{ n: number }>('select count(*)::int as n from stnd_branch_confirm where award_id is null'))[0]!.n).toBe(0);
  });
});

describe('outliers among the committee\'s scores', () => {
  let id: number;
  let bids: number[];
  /** The committee: the demo experts `expert`, `expert2`, `expert3` (scoring through the API) and a fourth member bound here. */
  const LOGINS = ['expert', 'expert2', 'expert3', 'director'] as const;
  const names: Record<string, string> = {};
  const members: Record<string, number> = {};
  /** Every submitted score of the tender as the buyer reads it. */
  const review = async (query = '', as = 'buyer') => rows(`${T}/bid/${id}/scores?size=1000${query}`, as);
  const at = (all: Row[], login: string, b: number, type: string) => all.find((r) => r.expertName === names[login] && r.bidId === b && r.indicateType === type)!;
  /** An expert fills in their sheet (scores by bid and element type) and submits it, as on their grading page. */
  const scoreAs = async (login: string, scores: Record<string, Record<string, string>>, submit = true) => {
    if (login === 'director') {
      // The fourth member has no grading page in the demo: their sheet is written as the page would.
      for (const [b, byType] of Object.entries(scores)) for (const [type, v] of Object.entries(byType)) await s.ctx.db.query('update tender_score set score = $3::numeric where tender_expert_id = $1 and bid_id = $2 and indicate_type = $4', [members.director, Number(b), v, type]);
      if (!submit) return;
      await s.ctx.db.query("update tender_score set score_status = 'SUBMITTED' where tender_expert_id = $1", [members.director]);
      await s.ctx.db.query("update tender_expert set score_status = 'SUBMITTED', submitted_date = now() where tender_expert_id = $1", [members.director]);
      return;
    }
    for (const r of await rows(`${T}/bid/scores?tenderHeaderId=${id}&size=100`, login)) {
      const res = await call('PUT', `${T}/bid/scores`, { ...r, score: scores[String(r.bidId)]![String(r.indicateType)] }, login);
      expect(res.statusCode, res.body).toBe(200);
    }
    if (submit) expect((await ok('POST', `${T}/bid/scores/submit`, [{ tenderHeaderId: id }], login)).scoreStatus).toBe('SUBMITTED');
  };

  it('hands a scored tender to a committee of four', async () => {
    const p = await published([['Lot A: mixers', 300000, null]], { evalMethod: 'COMPREHENSIVE', scoreTemplateId: ids.template });
    id = p.id;
    bids = [await bid(id, 'supplier', p.lots[0]!, '290000.00'), await bid(id, 'supplier3', p.lots[0]!, '280000.00')];
    await deadlinePassed(id);
    await ok('POST', `${T}/bid/${id}/open`, {});
    // The fourth member: a library expert without a login gets the director's, working for no bidder.
    await s.ctx.db.query(
      `update ssrc_expert set user_id = (select id from iam_user where login_name = 'director'), login_name = 'director', expert_name = 'Member Four', work_unit = 'Independent', enabled_flag = 1
        where expert_id = (select min(expert_id) from ssrc_expert where tenant_id = 1 and user_id is null)`);
    for (const login of LOGINS) {
      const x = (await q<{ id: number; name: string }>('select expert_id::float8 as id, expert_name as name from ssrc_expert where tenant_id = 1 and login_name = $1', [login]))[0]!;
      names[login] = x.name;
      members[login] = Number((await ok('POST', `${T}/bid/experts`, { tenderHeaderId: id, expertId: x.id, expertRole: 'ALL' })).tenderExpertId);
    }
    expect(new Set(Object.values(names)).size).toBe(4);
    expect((await act(id, 'handout')).json().tenderStatus).toBe('EVALUATING');
    expect((await q<{ n: number }>('select count(*)::int as n from tender_score where tender_header_id = $1', [id]))[0]!.n).toBe(4 * 2 * 3);
  });

  it('judges nothing while fewer than three scores of a bid and element are in, and shows no draft', async () => {
    const [b1, b3] = bids.map(String) as [string, string];
    await scoreAs('expert', { [b1]: { PRICE: '80', TECHNOLOGY: '70.10', BUSINESS: '0' }, [b3]: { PRICE: '75', TECHNOLOGY: '70.10', BUSINESS: '60' } });
    await scoreAs('expert2', { [b1]: { PRICE: '80', TECHNOLOGY: '70.20', BUSINESS: '100' }, [b3]: { PRICE: '75', TECHNOLOGY: '70.20', BUSINESS: '60' } });
    // expert3 has typed scores but not submitted them: the buyer does not read them.
    await scoreAs('expert3', { [b1]: { PRICE: '5', TECHNOLOGY: '5', BUSINESS: '5' }, [b3]: { PRICE: '5', TECHNOLOGY: '5', BUSINESS: '5' } }, false);
    const two = await review();
    expect(two.length).toBe(2 * 2 * 3);
    expect(two.every((r) => r.outlierFlag === 0)).toBe(true);
    // 0 against 100 is 50 points from their median, but with two scores neither is the odd one out.
    const biz = at(two, 'expert', bids[0]!, 'BUSINESS');
    expect([biz.scoreDeviation, biz.outlierFlag]).toEqual(['-50.00', 0]);
  });

  it('flags a score more than 20 % of the element\'s range away from the committee\'s median, in exact decimals (20.00 exactly is not)', async () => {
    const [b1, b3] = bids.map(String) as [string, string];
    await scoreAs('expert3', { [b1]: { PRICE: '80', TECHNOLOGY: '70.20', BUSINESS: '50' }, [b3]: { PRICE: '75', TECHNOLOGY: '70.30', BUSINESS: '60' } });
    // The fourth: bid 1's price 20.01 below the median 80 (an outlier); quality exactly 20.00 above the median 70.20 on
    // bid 1 (not one: in floats 90.2 − 70.2 is 20.000000000000014), 20.01 above the median 70.25 on bid 3 (one).
    await scoreAs('director', { [b1]: { PRICE: '59.99', TECHNOLOGY: '90.20', BUSINESS: '50' }, [b3]: { PRICE: '75', TECHNOLOGY: '90.26', BUSINESS: '60' } });
    const all = await review();
    expect(all.length).toBe(4 * 2 * 3);
    const flagged = all.filter((r) => r.outlierFlag === 1).map((r) => [r.expertName, r.bidId, r.indicateType, r.scoreDeviation]);
    expect(flagged.sort()).toEqual([
      // Delivery of bid 1: 0, 100, 50, 50 — the 0 is 50 below the median, the 100 50 above.
      [names.expert, bids[0], 'BUSINESS', '-50.00'],
      [names.expert2, bids[0], 'BUSINESS', '50.00'],
      [names.director, bids[0], 'PRICE', '-20.01'],
      [names.director, bids[1], 'TECHNOLOGY', '20.01'],
    ].sort());
    const edge = at(all, 'director', bids[0]!, 'TECHNOLOGY');
    expect([edge.scoreDeviation, edge.outlierFlag]).toEqual(['20.00', 0]);
    expect(at(all, 'expert3', bids[0]!, 'BUSINESS').outlierFlag).toBe(0);
    // The filter: the outliers only, or the others.
    expect((await review('&outlierFlag=1')).map((r) => r.outlierFlag)).toEqual([1, 1, 1, 1]);
    expect((await review('&outlierFlag=0')).length).toBe(4 * 2 * 3 - 4);
    // Grouped as they are compared: a bid's element, every expert's score of it together.
    const order = all.map((r) => `${String(r.bidId)}|${String(r.indicateId)}`);
    expect(order.filter((k, i) => i === 0 || k !== order[i - 1]).length).toBe(2 * 3);
  });

  it('never tells an expert the others\' scores: their own rows only, without the outlier fields', async () => {
    for (const login of ['expert', 'expert2']) {
      const mine = await rows(`${T}/bid/scores?tenderHeaderId=${id}&size=100`, login);
      expect(mine.length, login).toBe(2 * 3);
      expect(new Set(mine.map((r) => r.tenderExpertId))).toEqual(new Set([members[login]]));
      // Their delivery score of bid 1 is an outlier for the buyer; to them the fields are empty.
      expect(mine.every((r) => r.outlierFlag === null && r.scoreDeviation === null)).toBe(true);
      const one = await ok('GET', `${T}/bid/scores/${String(mine[0]!.scoreId)}`, undefined, login);
      expect([one.outlierFlag, one.scoreDeviation]).toEqual([null, null]);
    }
    expect((await call('GET', `${T}/bid/scores?tenderHeaderId=${id}&outlierFlag=1`, undefined, 'expert')).body).not.toContain('"scoreDeviation":"-50');
    // The committee's view is the tender hall's: not an expert's, a supplier's, an approver's or another tenant's.
    for (const as of ['expert', 'expert3', 'supplier', 'approver']) expect((await call('GET', `${T}/bid/${id}/scores`, undefined, as)).statusCode, as).toBe(403);
    expect((await call('GET', `${T}/bid/${id}/scores`, undefined, 'buyer2')).statusCode).toBe(403);
    expect([403, 404]).toContain((await call('GET', `/ssrc/v1/2/bid/${id}/scores`, undefined, 'buyer2')).statusCode);
    expect((await call('GET', `${T}/bid/999999/scores`)).statusCode).toBe(404);
    // Confirming the scores keeps the weighted totals as before (the mean of all four, outliers included).
    expect((await act(id, 'confirmScoring')).json().tenderStatus).toBe('SCORED');
    const total = await q<{ t: string }>('select score_total::text as t from tender_bid where bid_id = $1', [bids[0]]);
    // price (80+80+80+59.99)/4 × 0.6 + quality (70.1+70.2+70.2+90.2)/4 × 0.25 + delivery (0+100+50+50)/4 × 0.15 = 44.9985 + 18.79375 + 7.5
    expect(total[0]!.t).toBe('71.29');
  });
});

describe('veto items of a grade template', () => {
  it('are scored pass (1) or fail (0) at no weight, and one expert\'s fail rules the bid out of the ranking and the award', async () => {
    const t = await ok('POST', `${T}/score-templates`, { templateCode: 'VETO-TEST', templateName: 'With a veto item', templateType: 'COMPREHENSIVE' });
    const tid = Number(t.templateId);
    const indicator = (over: Row) => call('POST', `${T}/score-indicates`, { templateId: tid, indicateType: 'TECHNOLOGY', minScore: 0, maxScore: 100, ...over });
    // A veto item weighs nothing and is scored 0 or 1: anything else is refused naming the field.
    expect((await indicator({ indicateCode: 'LIC', indicateName: 'Licence', weight: 10, maxScore: 1, vetoFlag: 1 })).json().field).toBe('weight');
    expect((await indicator({ indicateCode: 'LIC', indicateName: 'Licence', weight: 0, vetoFlag: 1 })).json().field).toBe('maxScore');
    expect((await indicator({ indicateCode: 'LIC', indicateName: 'Licence', weight: 0, maxScore: 1, vetoFlag: 1 })).statusCode).toBe(200);
    expect((await indicator({ indicateCode: 'TECH', indicateName: 'Technical merit', weight: 100 })).statusCode).toBe(200);
    const v = (await ok('GET', `${T}/score-templates/${tid}`)).objectVersionNumber;
    expect((await ok('POST', `${T}/score-templates/${tid}/actions/release`, { objectVersionNumber: v })).templateStatus).toBe('RELEASED');

    const p = await published([['Lot A: boilers', 400000, null]], { evalMethod: 'COMPREHENSIVE', scoreTemplateId: tid });
    const [samBid, sueBid] = [await bid(p.id, 'supplier', p.lots[0]!, '390000.00'), await bid(p.id, 'supplier3', p.lots[0]!, '395000.00')];
    await deadlinePassed(p.id);
    await ok('POST', `${T}/bid/${p.id}/open`, {});
    for (const login of ['expert', 'expert2', 'expert3']) {
      const x = (await q<{ id: number }>('select expert_id::float8 as id from ssrc_expert where tenant_id = 1 and login_name = $1', [login]))[0]!;
      await ok('POST', `${T}/bid/experts`, { tenderHeaderId: p.id, expertId: x.id, expertRole: 'ALL' });
    }
    expect((await act(p.id, 'handout')).json().tenderStatus).toBe('EVALUATING');
    // Sam's bid has the better technical merit, but expert3 finds its licence missing.
    for (const login of ['expert', 'expert2', 'expert3']) {
      for (const r of await rows(`${T}/bid/scores?tenderHeaderId=${p.id}&size=100`, login)) {
        const veto = r.indicateName === 'Licence';
        const score = veto ? (login === 'expert3' && r.bidId === samBid ? 0 : 1) : r.bidId === samBid ? 90 : 80;
        const bad = veto ? await call('PUT', `${T}/bid/scores`, { ...r, score: 2 }, login) : undefined;
        if (bad) expect(bad.json().field).toBe('score');
        expect((await call('PUT', `${T}/bid/scores`, { ...r, score }, login)).statusCode).toBe(200);
      }
      await ok('POST', `${T}/bid/scores/submit`, [{ tenderHeaderId: p.id }], login);
      // Nobody but the buyer reads the committee's totals while it scores: not an expert, not a bidder.
      for (const as of [login, 'supplier']) {
        const seen = await rows(`${T}/bid-quotations?tenderHeaderId=${p.id}`, as);
        expect(seen.every((b) => b.scoreTotal === null && b.rankNum === null && b.vetoFlag === null), as).toBe(true);
      }
    }
    expect((await act(p.id, 'confirmScoring')).json().tenderStatus).toBe('SCORED');
    const ranked = await rows(`${T}/bid-quotations?tenderHeaderId=${p.id}`);
    const by = (id: number) => ranked.find((b) => b.bidId === id)!;
    expect([by(samBid).vetoFlag, by(samBid).vetoReason, by(samBid).rankNum, by(samBid).scoreTotal]).toEqual([1, 'Licence', null, '90.00']);
    expect([by(sueBid).vetoFlag, by(sueBid).rankNum]).toEqual([0, 1]);
    const award = await call('POST', `${T}/bid/${p.id}/awards`, { bidId: samBid });
    expect([award.statusCode, award.json().field]).toEqual([400, 'bidId']);
    expect(award.json().message).toContain('veto');
    expect((await ok('POST', `${T}/bid/${p.id}/awards`, { bidId: sueBid })).bidId).toBe(sueBid);
  });
});
