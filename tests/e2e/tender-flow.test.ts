import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { detailButton, flowFile, okConfirm, type Row, screen, showRow } from './flow-kit.ts';

/**
 * A public tender of two lots from draft to award, each person in their own browser against one
 * server: the buyer sets the opening password and submits the release; the approver approves it on
 * its e-mail page; the buyer publishes the notice; three suppliers sign up and are qualified; one
 * asks a question and the buyer's clarification letter, which moves the bidding end two days later,
 * reaches all three; two bid on both lots, sealed from everyone; the third bids after the end and is
 * refused; the buyer opens the bids with the password (a wrong one is said on the field); a
 * committee of three is drawn at random, passing over the expert who works for a bidder; each
 * expert scores their sheet (one score strays); the buyer reads the summary with the outlier
 * marked, confirms the scores, awards one lot to each bidder and submits the decision; the approver
 * approves it on its public page; each lot's branch company confirms or rejects its award; the
 * buyer drafts a contract per winner; each bidder is told its result. The bidding end is moved
 * into the past in the database (the test clock) instead of waiting for it.
 */
vi.setConfig({ testTimeout: 1_200_000, hookTimeout: 120_000 });
const { e, q, api, documentStatus } = flowFile();

const T = '/ssrc/v1/1';
const button = detailButton;
const { reaches } = documentStatus('tender_header', 'tender_header_id', 'tender_status', 'Tender');
const iso = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 1000) * 1000).toISOString();
const count = async (sql: string, args: unknown[]) => (await q<{ n: number }>(sql, args))[0]!.n;

/** Answers an action's asking dialog (the `ask` of a request action) and sends it. */
async function answer(page: Page, values: Record<string, string>) {
  const form = page.getByTestId('ask-form');
  for (const [name, v] of Object.entries(values)) await form.locator(`#ask-${name}`).fill(v);
  await form.getByTestId('ask-submit').click();
}

describe('a public tender of two lots from draft to award', () => {
  it('runs in the screens of the buyer, three suppliers, three experts and the approver', async () => {
    const template = (await q<{ id: number }>("select template_id::float8 as id from ssrc_score_template where tenant_id = 1 and template_code = 'ST-GENERAL'"))[0]!.id;
    // The buyer's draft: two lots, scored by the general template, released through approval.
    const h = (await api('buyer', 'POST', `${T}/bid`, { tenderTitle: 'Sorting centre 2027', evalMethod: 'COMPREHENSIVE', scoreTemplateId: template, preQualificationFlag: 1, releaseApprovalFlag: 1, quotationStartDate: iso(-1000), quotationEndDate: iso(3_600_000), bidOpenDate: iso(3_660_000) })).json();
    const id = Number(h.tenderHeaderId);
    const num = String(h.tenderNum);
    // Each lot goes to a branch company, which confirms its award at the end.
    const branch = async (num: string) => (await q<{ id: number }>('select company_id::float8 as id from hpfm_company where tenant_id = 1 and company_num = $1', [num]))[0]!.id;
    const lotA = (await api('buyer', 'POST', `${T}/bid/sections`, { tenderHeaderId: id, sectionName: 'Lot A: sorter', budgetAmount: 500000, branchCompanyId: await branch('DM1100') })).json();
    const lotB = (await api('buyer', 'POST', `${T}/bid/sections`, { tenderHeaderId: id, sectionName: 'Lot B: conveyors', budgetAmount: 200000, branchCompanyId: await branch('DM1200') })).json();
    expect([lotA.sectionId, lotB.sectionId].every(Boolean)).toBe(true);

    // The buyer sets the opening password on the tender's page and submits the release for approval.
    const buyer = await e.signIn('buyer', `/tender/tenderHall/detail/${id}`);
    await button(buyer, /设置开标密码|Set opening password/).click();
    await answer(buyer, { password: 'sorter-2027' });
    await expect.poll(async () => (await q<{ f: number }>('select password_flag::int as f from tender_header where tender_header_id = $1', [id]))[0]!.f).toBe(1);
    await button(buyer, /提交发布审批|Submit for release approval/).click();
    await reaches(id, 'RELEASE_APPROVING');

    // The approver approves it on the page its e-mail links to.
    const approver = await e.signIn('approver');
    await approver.goto(`${e.baseUrl}/pub/tender/approval/${id}`);
    await button(approver, /^同\s?意$|^Approve$/).click();
    await answer(approver, { comment: 'Budget confirmed' });
    await reaches(id, 'RELEASED');

    // The buyer publishes the notice from the publishing list.
    await buyer.goto(`${e.baseUrl}/tender/publishtender`);
    await screen(buyer, '/tender/publishtender').locator(`[role="row"][data-row-key="${id}"]`).getByRole('button', { name: /发布公告|Publish notice/ }).click();
    await okConfirm(buyer);
    await reaches(id, 'PUBLISHED');

    // Three suppliers sign up on the tender's page; the buyer qualifies them.
    const sam = await e.signIn('supplier', `/supplierBidding/involveBidding/${id}`);
    const sue = await e.signIn('supplier3', `/supplierBidding/involveBidding/${id}`);
    const sid = await e.signIn('supplier4', `/supplierBidding/involveBidding/${id}`);
    for (const p of [sam, sue, sid]) {
      await button(p, /^报\s?名$|^Sign up$/).click();
      await okConfirm(p);
    }
    await expect.poll(() => count('select count(*)::int as n from tender_supplier where tender_header_id = $1', [id])).toBe(3);
    for (const x of (await api('buyer', 'GET', `${T}/bid/suppliers?tenderHeaderId=${id}`)).json().content as Row[]) {
      expect((await api('buyer', 'POST', `${T}/bid/suppliers/${String(x.tenderSupplierId)}/actions/qualify`, { objectVersionNumber: x.objectVersionNumber })).status).toBe(200);
    }

    // One asks a question from their tender page.
    await sam.goto(`${e.baseUrl}/supplierBidding/biddingSupplierDetail/${id}`);
    await button(sam, /提出澄清问题|Ask a question/).click();
    const ask = sam.locator('.ant-modal:visible');
    await ask.locator('#field-questionTitle').fill('Belt speed');
    await ask.locator('#field-description').fill('Is 2 m/s the minimum or the nominal speed?');
    await ask.getByTestId('submit-button').click();
    await expect.poll(() => count("select count(*)::int as n from tender_clarify_question where tender_header_id = $1 and question_status = 'OPEN'", [id])).toBe(1);

    // The buyer answers with a letter that moves the bidding end two days later, released to all three.
    const before = (await q<{ end: string; open: string }>('select quotation_end_date::text as end, bid_open_date::text as open from tender_header where tender_header_id = $1', [id]))[0]!;
    const later = (await q<{ t: string }>("select to_char(quotation_end_date + interval '2 days', 'YYYY-MM-DD HH24:MI:SS') as t from tender_header where tender_header_id = $1", [id]))[0]!.t;
    const letter = (await api('buyer', 'POST', `${T}/bid/${id}/clarify-letters`, { title: 'Belt speed and new deadline', context: '<p>2 m/s is the nominal speed. Bidding ends two days later.</p>', newQuotationEndDate: later })).json();
    await buyer.goto(`${e.baseUrl}/clarifyLetter/createRelease/showClarifyLetter/${String(letter.clarifyLetterId)}`);
    await button(buyer, /^发\s?布$|^Release$/).click();
    await okConfirm(buyer);
    await expect.poll(async () => (await q<{ end: string }>('select quotation_end_date::text as end from tender_header where tender_header_id = $1', [id]))[0]!.end).toBe(later);
    const moved = (await q<{ open: string; gap: boolean }>("select bid_open_date::text as open, bid_open_date - quotation_end_date = $2::timestamp - $3::timestamp as gap from tender_header where tender_header_id = $1", [id, before.open, before.end]))[0]!;
    expect(moved.gap, 'the opening moves by as much as the bidding end').toBe(true);
    // Each bidder reads the new end on the letter, in their own time zone (the demo accounts' is GMT+8).
    const shown = new Date(new Date(`${later.replace(' ', 'T')}Z`).getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    for (const p of [sam, sue, sid]) {
      await p.goto(`${e.baseUrl}/clarifyLetter/queryClarify/showClarifyLetter/${String(letter.clarifyLetterId)}`);
      await expect.poll(async () => screen(p, '/clarifyLetter/queryClarify/showClarifyLetter/:id').locator('#field-newQuotationEndDate').inputValue()).toBe(shown);
    }

    // Two of them bid on both lots from the lots' rows.
    const bidOn = async (p: Page, sectionId: unknown, amount: string) => {
      await p.goto(`${e.baseUrl}/supplierBidding/involveBidding/${id}`);
      await screen(p, '/supplierBidding/involveBidding/:id').locator(`[role="row"][data-row-key="${String(sectionId)}"]`).getByRole('button', { name: /^投\s?标$|^Bid$/ }).click();
      const dialog = p.locator('.ant-modal:visible');
      await dialog.locator('#field-bidAmount').fill(amount);
      await dialog.getByTestId('submit-button').click();
      return dialog;
    };
    for (const [p, sectionId, amount] of [[sam, lotA.sectionId, '456789.12'], [sam, lotB.sectionId, '181234.56'], [sue, lotA.sectionId, '449876.54'], [sue, lotB.sectionId, '188888.88']] as const) {
      await (await bidOn(p, sectionId, amount)).waitFor({ state: 'hidden' });
    }
    await expect.poll(() => count("select count(*)::int as n from tender_bid where tender_header_id = $1 and bid_status = 'SUBMITTED'", [id])).toBe(4);

    // Nobody sees an amount before opening: not the buyer, not the other bidder.
    await buyer.goto(`${e.baseUrl}/tender/tenderHall/openTender/${id}`);
    const opening = screen(buyer, '/tender/tenderHall/openTender/:id');
    await opening.getByRole('tab', { name: /投标书|^Bid$/ }).click();
    await expect.poll(async () => opening.textContent(), { timeout: 20_000 }).toContain('Lot B: conveyors');
    for (const amount of ['456,789.12', '456789.12', '449,876.54', '449876.54', '188,888.88']) expect(await opening.textContent()).not.toContain(amount);
    await sue.goto(`${e.baseUrl}/supplierBidding/biddingSupplierDetail/${id}`);
    await screen(sue, '/supplierBidding/biddingSupplierDetail/:id').locator('[role="row"][data-row-key]').first().waitFor();
    expect(await screen(sue, '/supplierBidding/biddingSupplierDetail/:id').textContent()).not.toMatch(/456,?789\.12|181,?234\.56/);

    // The (moved) bidding end passes; the third supplier's bid comes too late and is refused.
    await e.ctx.db.query("update tender_header set quotation_end_date = now() - interval '2 seconds', bid_open_date = now() - interval '1 second' where tender_header_id = $1", [id]);
    await bidOn(sid, lotA.sectionId, '399999.99');
    await expect.poll(async () => sid.locator('.ant-notification-notice, .ant-message-notice, .ant-alert-error').allTextContents(), { timeout: 20_000 }).toEqual(expect.arrayContaining([expect.stringMatching(/late bids are not taken/)]));
    expect(await count('select count(*)::int as n from tender_bid b join sslm_supplier s on s.supplier_id = b.supplier_id where b.tender_header_id = $1 and s.supplier_num = $2', [id, 'S0004'])).toBe(0);

    // The buyer opens the bids with the password: a wrong one is said on the field, the right one opens.
    await buyer.reload();
    await button(buyer, /^开\s?标$|^Open bids$/).click();
    await answer(buyer, { password: 'sorter-2026' });
    await expect.poll(async () => buyer.getByTestId('ask-form').textContent()).toContain('not right');
    await answer(buyer, { password: 'sorter-2027' });
    await reaches(id, 'OPENED');
    await buyer.reload();
    await screen(buyer, '/tender/tenderHall/openTender/:id').getByRole('tab', { name: /投标书|^Bid$/ }).click();
    await expect.poll(async () => screen(buyer, '/tender/tenderHall/openTender/:id').textContent(), { timeout: 15_000 }).toMatch(/456,?789\.12/);

    // A committee of three is drawn at random; the expert who works for S0003 is passed over.
    await buyer.goto(`${e.baseUrl}/tender/tenderHall/handoutTender/${id}`);
    await button(buyer, /随机抽取专家|Draw experts/).click();
    await answer(buyer, { count: '3' });
    const committee = async () => (await q<{ login: string }>('select x.login_name as login from tender_expert t join ssrc_expert x on x.expert_id = t.expert_id where t.tender_header_id = $1 order by 1', [id])).map((r) => r.login);
    await expect.poll(committee).toEqual(['expert', 'expert2', 'expert3']);
    await button(buyer, /移交评标|Hand out/).click();
    await okConfirm(buyer);
    await reaches(id, 'EVALUATING');

    // Each expert scores every element of every bid on their sheet, then submits it.
    const sheets: Array<[string, number]> = [['expert', 70], ['expert2', 74], ['expert3', 78]];
    for (const [login, base] of sheets) {
      const eva = await e.signIn(login, '/tender/expertGrade/grade');
      const grade = screen(eva, '/tender/expertGrade/grade');
      const findMine = async () => {
        await grade.locator('input[id$="tenderNum"]').fill(num);
        await grade.locator('input[id$="tenderNum"]').press('Enter');
      };
      await findMine();
      const mine = await q<{ id: number }>('select s.score_id::float8 as id from tender_score s join iam_user u on u.id = s.expert_user_id where s.tender_header_id = $1 and u.login_name = $2 order by s.score_id', [id, login]);
      expect(mine.length, `${login}'s sheet: 4 bids × 3 elements`).toBe(12);
      for (const [i, r] of mine.entries()) {
        // Twelve rows take two pages of the sheet: the row is on the one not shown if not on this one.
        const row = grade.locator(`[role="row"][data-row-key="${r.id}"]`);
        await showRow(grade, row);
        await row.getByRole('button', { name: /^评\s?分$|^Score$/ }).click();
        const form = eva.locator('.ant-modal:visible');
        // The third expert's first score is far from the other two's: an outlier in the summary.
        await form.locator('#field-score').fill(String(login === 'expert3' && i === 0 ? 20 : base + (i % 4) * 2.5));
        await form.getByTestId('record-form-save').click();
        await expect.poll(async () => (await q<{ s: string | null }>('select score::text as s from tender_score where score_id = $1', [r.id]))[0]!.s, { timeout: 20_000 }).not.toBeNull();
        await eva.locator('.ant-modal:visible').waitFor({ state: 'hidden' });
      }
      await eva.reload();
      await findMine();
      await grade.locator(`[role="row"][data-row-key="${mine[0]!.id}"]`).getByRole('checkbox').check();
      await grade.getByRole('button', { name: /提交评分|Submit scores/ }).click();
      await okConfirm(eva);
      await expect.poll(async () => (await q<{ s: string }>('select t.score_status as s from tender_expert t join iam_user u on u.id = t.user_id where t.tender_header_id = $1 and u.login_name = $2', [id, login]))[0]!.s).toBe('SUBMITTED');
      await eva.close();
    }

    // The buyer reads the committee's scores, the outlier marked, then confirms them, awards lot A to
    // S0003 and lot B to S0001, and submits the decision.
    await buyer.goto(`${e.baseUrl}/tender/tenderHall/confirmScoringResult/${id}`);
    const summary = screen(buyer, '/tender/tenderHall/confirmScoringResult/:id');
    await summary.getByRole('tab', { name: /专家评分明细|Committee scores/ }).click();
    await expect.poll(async () => buyer.locator('[data-highlight]:visible').count(), { timeout: 20_000 }).toBe(1);
    expect(await buyer.locator('[data-highlight]:visible').textContent()).toContain('20');
    await summary.getByRole('tab', { name: /仅看异常评分|Outliers only/ }).click();
    await expect.poll(async () => buyer.locator('[role="row"][data-row-key]:visible').count()).toBe(1);
    await button(buyer, /确认评分|Confirm scores/).click();
    await okConfirm(buyer);
    await reaches(id, 'SCORED');
    const bidOf = async (supplier: string, sectionId: unknown) =>
      (await q<{ id: number }>('select b.bid_id::float8 as id from tender_bid b join sslm_supplier s on s.supplier_id = b.supplier_id where b.tender_header_id = $1 and s.supplier_num = $2 and b.section_id = $3', [id, supplier, sectionId]))[0]!.id;
    await buyer.goto(`${e.baseUrl}/tender/tenderHall/decision/${id}`);
    await screen(buyer, '/tender/tenderHall/decision/:id').getByRole('tab', { name: /投标书|^Bid$/ }).click();
    for (const [supplier, sectionId] of [['S0003', lotA.sectionId], ['S0001', lotB.sectionId]] as const) {
      const n = await count('select count(*)::int as n from tender_award where tender_header_id = $1', [id]);
      await buyer.locator(`[role="row"][data-row-key="${await bidOf(supplier, sectionId)}"]:visible`).getByRole('button', { name: /定为中标|Award this bid/ }).click();
      await expect.poll(() => count('select count(*)::int as n from tender_award where tender_header_id = $1', [id])).toBe(n + 1);
    }
    await buyer.reload();
    await button(buyer, /提交审批|Submit for approval/).click();
    await okConfirm(buyer);
    const decision = async () => (await q<{ s: string }>('select decision_status as s from tender_decision where tender_header_id = $1', [id]))[0]!.s;
    await expect.poll(decision).toBe('APPROVING');

    // The approver approves the decision on its public page.
    await approver.goto(`${e.baseUrl}/pub/tender/tenderHall/decisionWorkflow/${id}`);
    await button(approver, /^同\s?意$|^Approve$/).click();
    await answer(approver, { comment: 'Ranking checked' });
    await reaches(id, 'AWARDED');
    expect(await decision()).toBe('APPROVED');

    // The buyer drafts the contracts of the awarded lots from the decision page: one per winner.
    await buyer.goto(`${e.baseUrl}/tender/tenderHall/decision/${id}`);
    await button(buyer, /生成合同|Draft contracts/).click();
    await okConfirm(buyer);
    const contracts = async () => (await q<{ supplier: string; amount: string }>('select s.supplier_num as supplier, h.amount::text as amount from scm_contract_header h join sslm_supplier s on s.supplier_id = h.supplier_id where h.remark = $1 order by 1', [`From tender ${num}`])).map((r) => `${r.supplier} ${Number(r.amount).toFixed(2)}`);
    await expect.poll(contracts).toEqual(['S0001 181234.56', 'S0003 449876.54']);

    // Each branch company's award waits for its confirmation: Suzhou confirms lot A, Wuxi rejects lot B with its reason.
    const branches = async () => (await q<{ id: number; lot: string; status: string; amount: string }>('select branch_confirm_id::float8 as id, lot_name as lot, confirm_status as status, awarded_amount::text as amount from stnd_branch_confirm where tender_header_id = $1 order by lot_name', [id]));
    await expect.poll(async () => (await branches()).map((b) => `${b.lot} ${b.status} ${Number(b.amount).toFixed(2)}`)).toEqual(['Lot A: sorter PENDING 449876.54', 'Lot B: conveyors PENDING 181234.56']);
    const [forA, forB] = await branches();
    for (const [b, move, remark] of [[forA!, /^确\s?认$|^Confirm$/, 'Suzhou site accepts'], [forB!, /^拒\s?绝$|^Reject$/, 'Wuxi needs the 2 m/s option priced']] as const) {
      await buyer.goto(`${e.baseUrl}/stnd/branch/confirm/${b.id}`);
      await button(buyer, move).click();
      const dialog = buyer.getByTestId('transition-modal');
      await dialog.locator('#field-confirmRemark').fill(remark);
      await dialog.getByTestId('record-form-save').click();
    }
    await expect.poll(async () => (await branches()).map((b) => b.status)).toEqual(['CONFIRMED', 'REJECTED']);

    // Each bidder is told its result in its inbox; a winner sees its award, the other bidders none of it.
    const inbox = async (login: string) => (await q<{ subject: string }>('select m.subject from hmsg_user_message m join iam_user u on u.id = m.user_id where u.login_name = $1 and m.subject like $2 order by 1', [login, `${num}:%`])).map((r) => r.subject);
    await expect.poll(() => inbox('supplier3')).toEqual(expect.arrayContaining([`${num}: you are awarded Lot A: sorter`]));
    await expect.poll(() => inbox('supplier')).toEqual(expect.arrayContaining([`${num}: you are awarded Lot B: conveyors`]));
    await expect.poll(() => inbox('supplier4')).toEqual(expect.arrayContaining([`${num}: the tender was awarded to another bidder`]));
    await sid.goto(`${e.baseUrl}/hmsg/user-message/list`);
    await expect.poll(async () => screen(sid, '/hmsg/user-message/list').textContent(), { timeout: 20_000 }).toContain(`${num}: the tender was awarded to another bidder`);
    await sue.goto(`${e.baseUrl}/supplierBidding/biddingSupplierDetail/${id}`);
    const suePage = screen(sue, '/supplierBidding/biddingSupplierDetail/:id');
    await suePage.getByRole('tab', { name: /中标结果|Awards/ }).click();
    await expect.poll(async () => suePage.textContent(), { timeout: 15_000 }).toMatch(/449,?876\.54/);
    expect(await suePage.textContent()).not.toMatch(/181,?234\.56/);
    const sidAwards = await api('supplier4', 'GET', `${T}/bid/awards?tenderHeaderId=${id}`);
    expect((sidAwards.json().content as Row[]).length).toBe(0);
  });
});
