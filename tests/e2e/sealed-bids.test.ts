import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { detailButton, flowFile, okConfirm, type Row, screen, showRow } from './flow-kit.ts';

/**
 * Sealed bids as the people of a tender see them, each in their own browser against one server
 * (zh_CN): two suppliers bid on a tender's lot with a file each, and quote on a sealed RFx; each
 * sees its own offer and file, never the other's; the buyer's report, its export and the file
 * screen show none of it until opening; after opening the buyer reads both offers and files, and an
 * expert of the committee reads both bids. The bidding end is moved into the past in the database.
 */
vi.setConfig({ testTimeout: 600_000, hookTimeout: 120_000 });
const { e, q, api, documentStatus } = flowFile();
const T = '/ssrc/v1/1';
const { reaches } = documentStatus('tender_header', 'tender_header_id', 'tender_status', 'Tender');
const iso = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 1000) * 1000).toISOString();
const tag = Date.now().toString(36).slice(-5);

/** What each supplier offers: the tender bid (amount as typed, as shown), its file, and its RFx prices. */
const OFFERS = {
  supplier: { amount: '73519.27', shown: '73,519.27', file: `技术方案-S1-${tag}.txt`, bytes: `CANARY-FILE-S1-${tag}`, prices: ['6417.33', '8352.19'] },
  supplier3: { amount: '84026.31', shown: '84,026.31', file: `技术方案-S3-${tag}.txt`, bytes: `CANARY-FILE-S3-${tag}`, prices: ['6598.41', '8730.57'] },
} as const;
type Who = keyof typeof OFFERS;
const WHO: Who[] = ['supplier', 'supplier3'];
const everything = WHO.flatMap((w) => [OFFERS[w].amount, OFFERS[w].shown, OFFERS[w].file, OFFERS[w].bytes, ...OFFERS[w].prices]);
const ofOthers = (w: Who | 'buyer') => everything.filter((x) => !(w !== 'buyer' && Object.values(OFFERS[w]).flat().includes(x)));

/** The file screen's rows for this run's bid files. */
async function fileRows(page: Page): Promise<string> {
  await page.goto(`${e.baseUrl}/hfile/file-aggregate`);
  const view = screen(page, '/hfile/file-aggregate');
  await view.locator('#search-fileName').waitFor();
  await view.locator('#search-fileName').fill(tag);
  const answered = page.waitForResponse((r) => r.url().includes('/files/summary') && r.url().includes('fileName='));
  await view.getByTestId('search-button').click();
  await answered;
  // An empty table shows its empty state; a filled one its rows.
  await view.locator('[role="row"][data-row-key], .ant-empty').first().waitFor();
  return (await view.locator('[role="row"][data-row-key]').allTextContents()).join('\n');
}

/** The check-result report (RFx prices) as the buyer sees it, and its exported workbook's text. */
async function checkResult(page: Page): Promise<{ shown: string; exported: string }> {
  await page.goto(`${e.baseUrl}/hrpt/report-manage/check-result`);
  const view = screen(page, '/hrpt/report-manage/check-result');
  await view.getByTestId('hrpt-run').click();
  const table = view.getByTestId('hrpt-table');
  await table.locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
  const shown = (await table.textContent()) ?? '';
  const download = page.waitForEvent('download');
  await view.getByTestId('hrpt-export').click();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync((await (await download).path())!) as unknown as ArrayBuffer);
  const exported = wb.worksheets.flatMap((ws) => ws.getSheetValues().map((r) => JSON.stringify(r ?? null))).join('\n');
  return { shown, exported };
}

const none = (text: string, secrets: readonly string[], where: string) => expect(secrets.filter((x) => text.includes(x)), where).toEqual([]);

describe('sealed bids', () => {
  it('are each supplier’s own until opening, hidden from the buyer’s reports, exports and file screen, then the committee’s', async () => {
    // A published one-lot tender scored by the general template, both suppliers qualified.
    const template = (await q<{ id: number }>("select template_id::float8 as id from ssrc_score_template where tenant_id = 1 and template_code = 'ST-GENERAL'"))[0]!.id;
    const h = (await api('buyer', 'POST', `${T}/bid`, { tenderTitle: `Cold store ${tag}`, evalMethod: 'COMPREHENSIVE', scoreTemplateId: template, preQualificationFlag: 1, releaseApprovalFlag: 0, quotationStartDate: iso(-1000), quotationEndDate: iso(3_600_000), bidOpenDate: iso(3_600_000) })).json();
    const id = Number(h.tenderHeaderId);
    const lot = (await api('buyer', 'POST', `${T}/bid/sections`, { tenderHeaderId: id, sectionName: 'Lot A: compressors', budgetAmount: 100000 })).json();
    for (const move of ['release', 'publish']) {
      const v = (await api('buyer', 'GET', `${T}/bid/${id}`)).json().objectVersionNumber;
      expect((await api('buyer', 'POST', `${T}/bid/${id}/actions/${move}`, { objectVersionNumber: v })).status).toBe(200);
    }
    for (const w of WHO) expect((await api(w, 'POST', `${T}/bid/${id}/signup`, {})).status).toBe(200);
    for (const x of (await api('buyer', 'GET', `${T}/bid/suppliers?tenderHeaderId=${id}`)).json().content as Row[]) {
      expect((await api('buyer', 'POST', `${T}/bid/suppliers/${String(x.tenderSupplierId)}/actions/qualify`, { objectVersionNumber: x.objectVersionNumber })).status).toBe(200);
    }
    // Both quote on the sealed demo RFx still taking quotations.
    const rfxId = (await q<{ id: number }>("select rfx_header_id::float8 as id from ssrc_rfx_header where tenant_id = 1 and rfx_title = 'Safety equipment Q1'"))[0]!.id;
    const lines = await q<{ id: number }>('select rfx_line_id::float8 as id from ssrc_rfx_line where rfx_header_id = $1 order by line_num', [rfxId]);
    for (const w of WHO) {
      const r = await api(w, 'POST', `${T}/rfx/${rfxId}/quotation`, { lines: lines.map((l, i) => ({ rfxLineId: l.id, unitPrice: OFFERS[w].prices[i] })) });
      expect(r.status, r.body).toBe(200);
    }

    // Each supplier bids on the lot's row with its technical file, then reads its own bid and file back.
    const pages = {} as Record<Who, Page>;
    for (const w of WHO) {
      const p = await e.signIn(w, `/supplierBidding/involveBidding/${id}`);
      pages[w] = p;
      const detail = screen(p, '/supplierBidding/involveBidding/:id');
      await detail.locator(`[role="row"][data-row-key="${String(lot.sectionId)}"]`).getByRole('button', { name: /^投\s?标$|^Bid$/ }).click();
      const dialog = p.locator('.ant-modal:visible');
      await dialog.locator('#field-technicalProposal').fill(`Two-stage compressors (${w})`);
      const attachment = dialog.getByTestId('attachment').first();
      await attachment.locator('input[type="file"]').setInputFiles({ name: OFFERS[w].file, mimeType: 'text/plain', buffer: Buffer.from(OFFERS[w].bytes) });
      await attachment.locator('a', { hasText: OFFERS[w].file }).waitFor({ timeout: 15_000 });
      await dialog.locator('#field-bidAmount').fill(OFFERS[w].amount);
      await dialog.getByTestId('submit-button').click();
      await dialog.waitFor({ state: 'hidden' });
    }
    await expect.poll(async () => (await q<{ n: number }>("select count(*)::int as n from tender_bid where tender_header_id = $1 and bid_status = 'SUBMITTED'", [id]))[0]!.n).toBe(2);
    for (const w of WHO) {
      const p = pages[w];
      await p.reload();
      const detail = screen(p, '/supplierBidding/involveBidding/:id');
      await detail.getByRole('tab', { name: /我的投标|My bids/ }).click();
      await expect.poll(async () => detail.textContent(), { timeout: 20_000 }).toContain(OFFERS[w].shown);
      none((await detail.textContent()) ?? '', ofOthers(w), `${w}'s tender page`);
      // Its own file downloads with its bytes; the other's is not there for it.
      const token = await e.token(w);
      const own = (await q<{ url: string }>('select file_url as url from hfle_file where file_name = $1', [OFFERS[w].file]))[0]!.url;
      const got = await p.request.get(`${e.baseUrl}/hfle/v1/1/files/download?bucketName=${own.split('/')[0]}&url=${encodeURIComponent(own)}&access_token=${token}`);
      expect([got.status(), await got.text()]).toEqual([200, OFFERS[w].bytes]);
      const other = WHO.find((x) => x !== w)!;
      const theirs = (await q<{ url: string }>('select file_url as url from hfle_file where file_name = $1', [OFFERS[other].file]))[0]!.url;
      expect((await p.request.get(`${e.baseUrl}/hfle/v1/1/files/download?url=${encodeURIComponent(theirs)}&access_token=${token}`)).status()).toBe(404);
    }
    // At rest: the bid rows and the stored files hold ciphertext only.
    const rows = (await q<{ r: string }>('select t::text as r from tender_bid t where tender_header_id = $1', [id])).map((r) => r.r).join('\n');
    none(rows, everything, 'the bid table');

    // The buyer: the opening record, the price report and its export, the file screen show nothing offered.
    const buyer = await e.signIn('buyer', `/tender/tenderHall/openTender/${id}`);
    const opening = screen(buyer, '/tender/tenderHall/openTender/:id');
    await opening.getByRole('tab', { name: /投标书|^Bid$/ }).click();
    await expect.poll(async () => opening.textContent(), { timeout: 20_000 }).toContain('Lot A: compressors');
    none((await opening.textContent()) ?? '', everything, 'the opening record before opening');
    const before = await checkResult(buyer);
    none(before.shown, everything, 'the check-result report before opening');
    none(before.exported, everything, 'its export before opening');
    // The file screen is the administrators': the platform administrator's, working in the demo tenant.
    const admin = await e.adminIn(1, '/workplace');
    none(await fileRows(admin), everything, 'the file screen before opening');

    // Opening: the bidding end passes, the buyer opens both; the RFx is opened as well.
    await q("update tender_header set quotation_end_date = now() - interval '2 seconds', bid_open_date = now() - interval '1 second' where tender_header_id = $1", [id]);
    await buyer.goto(`${e.baseUrl}/tender/tenderHall/openTender/${id}`);
    await detailButton(buyer, /^开\s?标$|^Open bids$/).click();
    await okConfirm(buyer);
    await reaches(id, 'OPENED');
    await q("update ssrc_rfx_header set quotation_end_date = now() - interval '1 second' where rfx_header_id = $1", [rfxId]);
    expect((await api('buyer', 'POST', `${T}/rfx/open`, { rfxHeaderId: rfxId })).status).toBe(200);

    // The buyer now reads both bids, both files and both suppliers' prices.
    await buyer.reload();
    await screen(buyer, '/tender/tenderHall/openTender/:id').getByRole('tab', { name: /投标书|^Bid$/ }).click();
    for (const w of WHO) await expect.poll(async () => screen(buyer, '/tender/tenderHall/openTender/:id').textContent(), { timeout: 20_000 }).toContain(OFFERS[w].shown);
    const files = await fileRows(admin);
    for (const w of WHO) expect(files).toContain(OFFERS[w].file);
    const after = await checkResult(buyer);
    for (const w of WHO) for (const price of OFFERS[w].prices) expect(after.exported).toContain(price);

    // A committee is drawn and handed the bids; its expert opens each bid from the score sheet.
    expect((await api('buyer', 'POST', `${T}/bid/${id}/experts/draw`, { count: 3 })).status).toBe(200);
    const v = (await api('buyer', 'GET', `${T}/bid/${id}`)).json().objectVersionNumber;
    expect((await api('buyer', 'POST', `${T}/bid/${id}/actions/handout`, { objectVersionNumber: v })).status).toBe(200);
    await reaches(id, 'EVALUATING');
    const login = (await q<{ login: string }>('select x.login_name as login from tender_expert t join ssrc_expert x on x.expert_id = t.expert_id where t.tender_header_id = $1 order by 1 limit 1', [id]))[0]!.login;
    const expert = await e.signIn(login, '/tender/expertGrade/grade');
    const grade = screen(expert, '/tender/expertGrade/grade');
    await grade.locator('input[id$="tenderNum"]').fill(String(h.tenderNum));
    await grade.locator('input[id$="tenderNum"]').press('Enter');
    const seen: string[] = [];
    for (const w of WHO) {
      // The expert's first sheet row of each supplier's bid (its score rows are per element).
      const score = (await q<{ id: number }>(
        `select s.score_id::float8 as id from tender_score s join tender_bid b on b.bid_id = s.bid_id join sslm_supplier x on x.supplier_id = b.supplier_id join iam_user u on u.id = s.expert_user_id
          where s.tender_header_id = $1 and u.login_name = $2 and x.supplier_num = $3 order by s.score_id limit 1`, [id, login, w === 'supplier' ? 'S0001' : 'S0003']))[0]!.id;
      const row: Locator = grade.locator(`[role="row"][data-row-key="${score}"]`);
      await showRow(grade, row);
      await row.getByRole('button', { name: /查看投标|View bid/ }).click();
      const modal = expert.locator('.ant-modal:visible');
      await modal.locator('#field-bidAmount').waitFor();
      seen.push(await modal.locator('#field-bidAmount').inputValue());
      await modal.locator('.ant-modal-close').click();
      await modal.waitFor({ state: 'hidden' });
    }
    expect(seen.map((x) => x.replace(/,/g, '')).sort()).toEqual(WHO.map((w) => OFFERS[w].amount).sort());
  });
});
