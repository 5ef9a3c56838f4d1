import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';
import { choose as chooseIn } from './flow-kit.ts';

/**
 * The supplier life cycle in the screens of four people, each in their own browser: the buyer
 * sends the access questionnaire to a new supplier, the supplier answers it, the buyer approves it
 * (the supplier becomes POTENTIAL), the buyer applies to qualify it, the approver approves the
 * application in My tasks and the supplier's 360° page shows QUALIFIED; an eliminated supplier is
 * refused when the buyer invites it to an RFx.
 */
let e: E2E;
let newcomer: number;
beforeAll(async () => {
  e = await startE2E();
  // A supplier new to the tenant, with no stage yet, acted for by the demo supplier user.
  newcomer = (await e.ctx.db.query<{ id: number }>("insert into sslm_supplier (tenant_id, supplier_num, supplier_name, enabled_flag, created_by, last_updated_by) values (1, 'S0901', 'Kunshan Newcomer Electronics', 1, 1, 1) returning supplier_id::float8 as id")).rows[0]!.id;
  await e.ctx.db.query("insert into sslm_supplier_user (tenant_id, user_id, supplier_id, enabled_flag, created_by, last_updated_by) select 1, id, $1, 1, 1, 1 from iam_user where login_name = 'supplier'", [newcomer]);
});
afterAll(() => e?.close());

const q = async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) => (await e.ctx.db.query<T>(sql, params)).rows;
const screen = (page: Page, route: string) => page.locator(`[data-screen="${route}"]:visible`);
const stageOf = async (id: number) => (await q<{ s: string | null }>('select stage_code as s from sslm_supplier_stage where supplier_id = $1', [id]))[0]?.s ?? null;

/** Picks a row in the lookup opened by `trigger`, searching `field` for `value`. */
async function pick(page: Page, trigger: Locator, field: string, value: string, rowText: string) {
  await trigger.click();
  const dialog = page.locator('.ant-modal:visible').filter({ has: page.locator(`input[name="lov-${field}"]`) });
  await dialog.locator(`input[name="lov-${field}"]`).fill(value);
  await dialog.locator(`input[name="lov-${field}"]`).press('Enter');
  await dialog.locator('.ant-table-row', { hasText: rowText }).first().click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Picks an option of a select in the open record form by its visible text. */
const choose = (page: Page, name: string, option: string) => chooseIn(page, page.getByTestId('record-form'), name, option);

describe('supplier life cycle in the browser', () => {
  it('investigation → POTENTIAL → qualification applied and approved → QUALIFIED', async () => {
    // The buyer sends the access questionnaire to the new supplier.
    const buyer = await e.signIn('buyer', '/sslm/investigation-send');
    const send = screen(buyer, '/sslm/investigation-send');
    await send.getByTestId('toolbar').locator('[data-action="form"]').click();
    const form = buyer.getByTestId('record-form');
    await pick(buyer, form.locator('[data-field="supplierId"] button[aria-label="lookup"]'), 'supplierNum', 'S0901', 'Kunshan Newcomer Electronics');
    await pick(buyer, form.locator('[data-field="investigateTemplateId"] button[aria-label="lookup"]'), 'templateCode', 'ACCESS-BASIC', 'Supplier access questionnaire');
    await buyer.getByTestId('record-form-save').click();
    await expect.poll(async () => (await q<{ id: number }>('select investg_header_id::float8 as id from sslm_investigation where supplier_id = $1', [newcomer])).length).toBe(1);
    const inv = (await q<{ id: number; num: string }>('select investg_header_id::float8 as id, investg_number as num from sslm_investigation where supplier_id = $1', [newcomer]))[0]!;
    const row = send.locator(`[role="row"][data-row-key="${inv.id}"]`);
    await row.locator('[data-action="transition"]', { hasText: /发\s*送/ }).click();
    await expect.poll(async () => (await q<{ s: string }>('select process_status as s from sslm_investigation where investg_header_id = $1', [inv.id]))[0]!.s).toBe('RELEASE');

    // The supplier answers it: the questions of the template's sections, then submits.
    const sam = await e.signIn('supplier', '/sslm/investigation-received');
    const received = screen(sam, '/sslm/investigation-received');
    await received.locator(`[role="row"][data-row-key="${inv.id}"] [data-action="modal"]`).first().click();
    const dialog = sam.getByTestId('action-modal');
    const lines = dialog.getByTestId('inline-lines');
    const answers = await q<{ id: number; type: string; section: string }>('select investg_line_id::float8 as id, question_type as type, section_name as section from sslm_investigation_answer where investg_header_id = $1 order by section_seq, line_num', [inv.id]);
    expect(answers.map((a) => a.section)).toEqual(['Company profile', 'Company profile', 'Quality system', 'Quality system']);
    const line = (type: string) => answers.find((a) => a.type === type)!.id;
    await lines.locator(`[role="row"][data-row-key="${line('TEXT')}"]`).waitFor();
    await expect.poll(() => lines.textContent()).toContain('Quality system');
    // Saved lines show plain values until a cell is clicked, which mounts its widget.
    const answer = async (id: number, field: string, value: string) => {
      const input = lines.locator(`#line-${id}-${field}`);
      await input.click();
      await expect.poll(() => input.evaluate((el) => !(el as HTMLInputElement).readOnly)).toBe(true);
      await input.fill(value);
    };
    await answer(line('TEXT'), 'answerText', 'Printed circuit board assemblies');
    await answer(line('NUMBER'), 'answerNumber', '240');
    await answer(line('CHOICE'), 'answerText', 'ISO 9001');
    await lines.locator('[data-action="save-lines"]').click();
    await expect.poll(async () => (await q<{ n: number }>('select count(*)::int as n from sslm_investigation_answer where investg_header_id = $1 and (answer_text is not null or answer_number is not null)', [inv.id]))[0]!.n).toBe(3);
    await dialog.getByTestId('detail-actions').locator('[data-action="transition"]').click();
    await sam.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect.poll(async () => (await q<{ s: string }>('select process_status as s from sslm_investigation where investg_header_id = $1', [inv.id]))[0]!.s).toBe('SUBMIT');

    // The buyer approves it: the supplier becomes potential.
    await buyer.goto(`${e.baseUrl}/pub/sslm/supplier-access-review/detail/${inv.id}`);
    const review = screen(buyer, '/pub/sslm/supplier-access-review/detail/:investgHeaderId');
    await expect.poll(() => review.textContent()).toContain('Printed circuit board assemblies');
    await review.getByTestId('detail-actions').locator('[data-action="transition"]', { hasText: /审批通过/ }).click();
    await buyer.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect.poll(() => stageOf(newcomer)).toBe('POTENTIAL');

    // The buyer applies to qualify it.
    await buyer.goto(`${e.baseUrl}/sslm/supplier-life-manage/qualified`);
    const apply = screen(buyer, '/sslm/supplier-life-manage/qualified');
    await apply.getByTestId('toolbar').locator('[data-action="form"]').click();
    await pick(buyer, buyer.getByTestId('record-form').locator('[data-field="supplierId"] button[aria-label="lookup"]'), 'supplierNum', 'S0901', 'Kunshan Newcomer Electronics');
    await choose(buyer, 'toStage', '合格');
    await buyer.getByTestId('record-form').locator('#field-reason').fill('Access questionnaire approved, samples passed');
    await buyer.getByTestId('record-form-save').click();
    await expect.poll(async () => (await q<{ id: number }>('select application_id::float8 as id from sslm_life_cycle_application where supplier_id = $1', [newcomer])).length).toBe(1);
    const app = (await q<{ id: number; num: string; from: string }>('select application_id::float8 as id, application_num as num, from_stage as "from" from sslm_life_cycle_application where supplier_id = $1', [newcomer]))[0]!;
    expect(app.from).toBe('POTENTIAL');
    await apply.locator(`[role="row"][data-row-key="${app.id}"] [data-action="transition"]`, { hasText: /提\s*交/ }).click();
    await expect.poll(async () => (await q<{ s: string }>('select process_status as s from sslm_life_cycle_application where application_id = $1', [app.id]))[0]!.s).toBe('SUBMIT');
    expect(await stageOf(newcomer)).toBe('POTENTIAL');

    // The approver approves it in My tasks.
    const approver = await e.signIn('approver', '/hwfl/workflow/task/list');
    await screen(approver, '/hwfl/workflow/task/list').locator('[role="gridcell"] a', { hasText: app.num }).first().click();
    await approver.getByTestId('wfl-act-Approved').click();
    await approver.getByTestId('wfl-readonly').waitFor();
    await expect.poll(() => stageOf(newcomer)).toBe('QUALIFIED');

    // The supplier's 360° page shows the stage and how it got there.
    const stageId = (await q<{ id: number }>('select supplier_stage_id::float8 as id from sslm_supplier_stage where supplier_id = $1', [newcomer]))[0]!.id;
    await buyer.goto(`${e.baseUrl}/sslm/supplier-life-manage/supplier-detail?supplierStageId=${stageId}`);
    await expect.poll(() => buyer.locator('#field-supplierName:visible').inputValue()).toBe('Kunshan Newcomer Electronics');
    await expect.poll(() => buyer.locator('[data-field="stageCode"]:visible').textContent()).toContain('合格');
    // Its stage history: potential by the investigation, qualified by the application.
    await expect.poll(() => buyer.locator('body').innerText()).toContain(app.num);
    expect(await buyer.locator('body').innerText()).toContain(inv.num);
    for (const p of [buyer, sam, approver]) await p.context().close();
  }, 300_000);

  it('refuses an eliminated supplier in an RFx invitation, with the reason', async () => {
    const draft = (await q<{ id: number }>("select rfx_header_id::float8 as id from ssrc_rfx_header where tenant_id = 1 and rfx_status = 'NEW' order by 1 limit 1"))[0]!.id;
    const before = (await q<{ n: number }>('select count(*)::int as n from ssrc_rfx_supplier where rfx_header_id = $1', [draft]))[0]!.n;
    const buyer = await e.signIn('buyer', `/ssrc/inquiry-hall/rfx-update/${draft}`);
    const page = screen(buyer, '/ssrc/inquiry-hall/rfx-update/:rfxId');
    await page.getByRole('tab', { name: /邀请供应商|Invited suppliers|供应商/ }).click();
    const invites = buyer.locator('[data-testid="inline-lines"]:visible');
    await invites.locator('[data-action="add-line"]').click();
    await pick(buyer, invites.locator('#line-new-1-supplierId'), 'supplierNum', 'S0014', 'S0014');
    await invites.locator('[data-action="save-lines"]').click();
    // The refused line keeps its edit, marked, with the server's reason on its marker.
    await expect
      .poll(async () => (await invites.locator('[data-line-state="error"]').first().getAttribute('title').catch(() => null)) ?? '')
      .toContain('Osaka Kogyo K.K. is blacklisted until 2027-12-31');
    expect((await q<{ n: number }>('select count(*)::int as n from ssrc_rfx_supplier where rfx_header_id = $1', [draft]))[0]!.n).toBe(before);
    // The server notes a refusal once the answer has left, which may be after the page shows it.
    await expect.poll(() => e.refusals.some((r) => r.includes('/ssrc/v1/1/rfx/suppliers') && r.includes('409'))).toBe(true);
    await buyer.context().close();
  }, 180_000);
});
