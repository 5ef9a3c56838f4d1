import { describe, expect, it, vi } from 'vitest';
import { detailButton, flowFile, okConfirm, type Row, screen } from './flow-kit.ts';

/**
 * A public tender from notice to award, each person in their own browser against one server: the
 * buyer releases and publishes it; two suppliers sign up and are qualified; one asks a question and
 * the buyer's clarification letter reaches both; both bid; nobody sees an amount before opening;
 * the buyer opens it, hands it to the expert, who scores every element; the buyer confirms the
 * scores, awards the lot and submits the decision; the approver approves it; the winner sees the
 * award and the other bidder does not. The bidding end is moved into the past in the database (the
 * test clock) instead of waiting for it.
 */
vi.setConfig({ testTimeout: 900_000, hookTimeout: 120_000 });
const { e, q, api, documentStatus } = flowFile();

const T = '/ssrc/v1/1';
const button = detailButton;
const confirmDialog = okConfirm;
const { reaches } = documentStatus('tender_header', 'tender_header_id', 'tender_status', 'Tender');
const iso = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 1000) * 1000).toISOString();

describe('a public tender from notice to award', () => {
  it('runs in the screens of the buyer, two suppliers, the expert and the approver', async () => {
    const template = (await q<{ id: number }>("select template_id::float8 as id from ssrc_score_template where tenant_id = 1 and template_code = 'ST-GENERAL'"))[0]!.id;
    const expertId = (await q<{ id: number }>("select expert_id::float8 as id from ssrc_expert where login_name = 'expert'"))[0]!.id;
    // The buyer's draft: one lot, scored by the general template.
    const h = (await api('buyer', 'POST', `${T}/bid`, { tenderTitle: 'Sorting line 2027', evalMethod: 'COMPREHENSIVE', scoreTemplateId: template, preQualificationFlag: 1, releaseApprovalFlag: 0, quotationStartDate: iso(-1000), quotationEndDate: iso(3_600_000), bidOpenDate: iso(3_600_000) })).json();
    const id = Number(h.tenderHeaderId);
    const num = String(h.tenderNum);
    const lot = (await api('buyer', 'POST', `${T}/bid/sections`, { tenderHeaderId: id, sectionName: 'Lot A: sorter', budgetAmount: 500000 })).json();
    expect(lot.sectionId).toBeTruthy();

    // The buyer releases it on its page and publishes the notice from the publishing list.
    const buyer = await e.signIn('buyer', `/tender/tenderHall/detail/${id}`);
    await button(buyer, /^发\s?布$|^Release$/).click();
    await confirmDialog(buyer);
    await reaches(id, 'RELEASED');
    await buyer.goto(`${e.baseUrl}/tender/publishtender`);
    await screen(buyer, '/tender/publishtender').locator(`[role="row"][data-row-key="${id}"]`).getByRole('button', { name: /发布公告|Publish notice/ }).click();
    await confirmDialog(buyer);
    await reaches(id, 'PUBLISHED');

    // Two suppliers sign up on the tender's page; the buyer qualifies both.
    const sam = await e.signIn('supplier', `/supplierBidding/involveBidding/${id}`);
    const tom = await e.signIn('supplier3', `/supplierBidding/involveBidding/${id}`);
    for (const p of [sam, tom]) {
      await screen(p, '/supplierBidding/involveBidding/:id').waitFor().catch(() => undefined);
      await button(p, /^报\s?名$|^Sign up$/).click();
      await confirmDialog(p);
    }
    await expect.poll(async () => (await q<{ n: number }>('select count(*)::int as n from tender_supplier where tender_header_id = $1', [id]))[0]!.n).toBe(2).catch(async (err: unknown) => {
      await tom.screenshot({ path: '/tmp/tender-signup.png' });
      throw new Error(`sign-ups missing; refused calls: ${e.refusals.join(' | ') || 'none'}`, { cause: err });
    });
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
    await expect.poll(async () => (await q<{ n: number }>("select count(*)::int as n from tender_clarify_question where tender_header_id = $1 and question_status = 'OPEN'", [id]))[0]!.n).toBe(1);

    // The buyer answers with a letter released to both.
    const letter = (await api('buyer', 'POST', `${T}/bid/${id}/clarify-letters`, { title: 'Belt speed', context: '<p>2 m/s is the nominal speed.</p>' })).json();
    await buyer.goto(`${e.baseUrl}/clarifyLetter/createRelease/showClarifyLetter/${String(letter.clarifyLetterId)}`);
    await button(buyer, /^发\s?布$|^Release$/).click();
    await confirmDialog(buyer);
    await expect.poll(async () => (await q<{ s: string }>('select clarify_status as s from tender_clarify_letter where clarify_letter_id = $1', [letter.clarifyLetterId]))[0]!.s).toBe('RELEASED');
    for (const p of [sam, tom]) {
      await p.goto(`${e.baseUrl}/clarifyLetter/queryClarify/query`);
      await screen(p, '/clarifyLetter/queryClarify/query').locator(`[role="row"][data-row-key="${String(letter.clarifyLetterId)}"]`).waitFor();
    }

    // Both bid on the lot from its row.
    for (const [p, amount] of [[sam, '456789.12'], [tom, '449876.54']] as const) {
      await p.goto(`${e.baseUrl}/supplierBidding/involveBidding/${id}`);
      await screen(p, '/supplierBidding/involveBidding/:id').locator(`[role="row"][data-row-key="${String(lot.sectionId)}"]`).getByRole('button', { name: /^投\s?标$|^Bid$/ }).click();
      const dialog = p.locator('.ant-modal:visible');
      await dialog.locator('#field-bidAmount').fill(amount);
      await dialog.getByTestId('submit-button').click();
      await dialog.waitFor({ state: 'hidden' });
    }
    await expect.poll(async () => (await q<{ n: number }>("select count(*)::int as n from tender_bid where tender_header_id = $1 and bid_status = 'SUBMITTED'", [id]))[0]!.n).toBe(2);

    // Nobody sees an amount before opening: not the buyer, not the other bidder.
    await buyer.goto(`${e.baseUrl}/tender/tenderHall/openTender/${id}`);
    const opening = screen(buyer, '/tender/tenderHall/openTender/:id');
    await opening.getByRole('tab', { name: /投标书|^Bid$/ }).click();
    // The bids' lot shows (their rows are there), their amounts do not.
    await expect.poll(async () => opening.textContent(), { timeout: 20_000 }).toContain('Lot A: sorter').catch(async (err: unknown) => {
      await buyer.screenshot({ path: '/tmp/tender-opening.png' });
      throw err;
    });
    for (const amount of ['456,789.12', '456789.12', '449,876.54', '449876.54']) expect(await opening.textContent()).not.toContain(amount);
    await tom.goto(`${e.baseUrl}/supplierBidding/biddingSupplierDetail/${id}`);
    await screen(tom, '/supplierBidding/biddingSupplierDetail/:id').locator('[role="row"][data-row-key]').first().waitFor();
    expect(await screen(tom, '/supplierBidding/biddingSupplierDetail/:id').textContent()).not.toMatch(/456,?789\.12/);

    // The deadline passes; the buyer opens the bids and reads them.
    await e.ctx.db.query("update tender_header set quotation_end_date = now() - interval '2 seconds', bid_open_date = now() - interval '1 second' where tender_header_id = $1", [id]);
    await buyer.reload();
    await button(buyer, /^开\s?标$|^Open bids$/).click();
    await confirmDialog(buyer);
    await reaches(id, 'OPENED');
    await buyer.reload();
    await screen(buyer, '/tender/tenderHall/openTender/:id').getByRole('tab', { name: /投标书|^Bid$/ }).click();
    await expect.poll(async () => screen(buyer, '/tender/tenderHall/openTender/:id').textContent(), { timeout: 15_000 }).toMatch(/456,?789\.12/);

    // The expert is assigned and the tender handed out from its page.
    expect((await api('buyer', 'POST', `${T}/bid/experts`, { tenderHeaderId: id, expertId, expertRole: 'ALL' })).status).toBe(200);
    await buyer.goto(`${e.baseUrl}/tender/tenderHall/handoutTender/${id}`);
    await button(buyer, /移交评标|Hand out/).click();
    await confirmDialog(buyer);
    await reaches(id, 'EVALUATING');

    // The expert scores each element of each bid, then submits the sheet.
    const eva = await e.signIn('expert', '/tender/expertGrade/grade');
    const grade = screen(eva, '/tender/expertGrade/grade');
    // Their sheet of this tender (the demo has another one waiting).
    const findMine = async () => {
      await grade.locator('input[id$="tenderNum"]').fill(num);
      await grade.locator('input[id$="tenderNum"]').press('Enter');
    };
    await findMine();
    const mine = await q<{ id: number }>('select score_id::float8 as id from tender_score where tender_header_id = $1 order by score_id', [id]);
    expect(mine.length).toBe(6);
    for (const [i, r] of mine.entries()) {
      const row = grade.locator(`[role="row"][data-row-key="${r.id}"]`);
      await row.getByRole('button', { name: /^评\s?分$|^Score$/ }).click();
      const form = eva.locator('.ant-modal:visible');
      await form.locator('#field-score').fill(String(70 + i * 3.5));
      // Saved once the row holds the score; then the form closes.
      await form.getByTestId('record-form-save').click();
      await expect.poll(async () => (await q<{ s: string | null }>('select score::text as s from tender_score where score_id = $1', [r.id]))[0]!.s, { timeout: 20_000 }).not.toBeNull();
      await eva.locator('.ant-modal:visible').waitFor({ state: 'hidden' });
    }
    await expect.poll(async () => (await q<{ n: number }>('select count(*)::int as n from tender_score where tender_header_id = $1 and score is not null', [id]))[0]!.n).toBe(6);
    await eva.reload();
    await findMine();
    await grade.locator(`[role="row"][data-row-key="${mine[0]!.id}"]`).getByRole('checkbox').check();
    await grade.getByRole('button', { name: /提交评分|Submit scores/ }).click();
    await confirmDialog(eva);
    await expect.poll(async () => (await q<{ s: string }>('select score_status as s from tender_expert where tender_header_id = $1', [id]))[0]!.s).toBe('SUBMITTED').catch(async (err: unknown) => {
      await eva.screenshot({ path: '/tmp/tender-grade.png' });
      throw new Error(`scores not submitted; refused calls: ${e.refusals.join(' | ') || 'none'}`, { cause: err });
    });

    // The buyer confirms the scores, awards the lot and submits the decision.
    await buyer.goto(`${e.baseUrl}/tender/tenderHall/confirmScoringResult/${id}`);
    await button(buyer, /确认评分|Confirm scores/).click();
    await confirmDialog(buyer);
    await reaches(id, 'SCORED');
    const tomBid = (await q<{ id: number }>("select b.bid_id::float8 as id from tender_bid b join sslm_supplier s on s.supplier_id = b.supplier_id where b.tender_header_id = $1 and s.supplier_num = 'S0003'", [id]))[0]!.id;
    await buyer.goto(`${e.baseUrl}/tender/tenderHall/decision/${id}`);
    const decision = screen(buyer, '/tender/tenderHall/decision/:id');
    await decision.getByRole('tab', { name: /投标书|^Bid$/ }).click();
    // The bids tab's table (the page's tabs sit beside the screen's form, not inside its element).
    await buyer.locator(`[role="row"][data-row-key="${tomBid}"]:visible`).getByRole('button', { name: /定为中标|Award this bid/ }).click();
    await expect.poll(async () => (await q<{ n: number }>('select count(*)::int as n from tender_award where tender_header_id = $1', [id]))[0]!.n).toBe(1);
    await buyer.reload();
    await button(buyer, /提交审批|Submit for approval/).click();
    await confirmDialog(buyer);
    await expect.poll(async () => (await q<{ s: string }>('select decision_status as s from tender_decision where tender_header_id = $1', [id]))[0]!.s).toBe('APPROVING');

    // The approver approves it from their tasks.
    const approver = await e.signIn('approver', '/hwfl/workflow/task/list');
    await screen(approver, '/hwfl/workflow/task/list').locator('[role="gridcell"] a', { hasText: num }).first().click();
    await approver.getByTestId('wfl-act-Approved').click();
    await approver.getByTestId('wfl-readonly').waitFor();
    await reaches(id, 'AWARDED');

    // The winner sees the award on their tender page; the other bidder sees none.
    await tom.goto(`${e.baseUrl}/supplierBidding/biddingSupplierDetail/${id}`);
    const tomPage = screen(tom, '/supplierBidding/biddingSupplierDetail/:id');
    await tomPage.getByRole('tab', { name: /中标结果|Awards/ }).click();
    await expect.poll(async () => tomPage.textContent(), { timeout: 15_000 }).toMatch(/449,?876\.54/);
    const awards = await api('supplier', 'GET', `${T}/bid/awards?tenderHeaderId=${id}`);
    expect((awards.json().content as Row[]).length).toBe(0);
  });
});
