import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

/**
 * A quarter's performance evaluation in the browser, each person in their own browser context
 * against one server: the buyer creates it for a supplier and starts it, and the on-time score
 * computed from the orders that supplier confirmed appears; the scorer enters the manual score;
 * the buyer collects, approves and publishes; the supplier sees its result and appeals.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
}, 600_000);
afterAll(() => e?.close());

const TITLE = `E2E 2031 Q2 performance ${Date.now()}`;
const visible = (page: Page, route: string) => page.locator(`[data-screen="${route}"]:visible`);
const action = (page: Page, name: RegExp) => page.getByTestId('detail-actions').getByRole('button', { name });
const okConfirm = (page: Page) => page.locator('.ant-modal-confirm .ant-btn-primary').click();
type Row = Record<string, unknown>;

async function api(login: string, method: 'GET' | 'POST', url: string, payload?: Row): Promise<Row> {
  const token = await e.token(login);
  const r = await e.app.inject({ method, url: `/sslm/v1/1/${url}`, ...(payload ? { payload } : {}), headers: { authorization: `bearer ${token}` } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as Row;
}

/** Opens a lookup field's dialog and picks the row holding `text`. */
async function lookup(page: Page, scope: Locator, field: string, title: string, text: string) {
  await scope.locator(`[data-field="${field}"]`).getByRole('button', { name: 'lookup' }).click();
  const dialog = page.locator('.ant-modal', { hasText: title });
  await dialog.locator('.ant-table-row', { hasText: text }).first().click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
}

async function date(scope: Locator, field: string, value: string) {
  const input = scope.locator(`#field-${field}`);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

describe('a performance evaluation from creation to the supplier’s appeal', () => {
  it('computes on-time delivery from confirmed orders, takes the scorer’s score, and publishes to the supplier only', async () => {
    const db = e.ctx.db;
    const q = async <R = Row>(sql: string, params: unknown[] = []) => (await db.query<R & Row>(sql, params)).rows as R[];
    const sup = (await q<{ id: number; name: string }>("select supplier_id::float8 as id, supplier_name as name from sslm_supplier where tenant_id = 1 and supplier_num = 'S0001'"))[0]!;
    const approver = (await q<{ id: number }>("select id::float8 as id from iam_user where login_name = 'approver'"))[0]!.id;

    // Orders S0001 confirmed, due in 2031 Q2: three lines promised in time, one late → 75 on time.
    const po = (await q<{ id: number }>("select min(po_header_id)::float8 as id from sodr_po_header where tenant_id = 1 and supplier_id = $1 and status_code = 'CONFIRMED'", [sup.id]))[0]!.id;
    for (const [i, [need, promise]] of [['2031-04-10', '2031-04-09'], ['2031-05-10', '2031-05-10'], ['2031-06-01', '2031-05-20'], ['2031-06-20', '2031-06-28']].entries())
      await q("insert into sodr_po_line (tenant_id, po_header_id, line_num, item_code, item_name, quantity, unit_price, need_by_date, promise_delivery_date, cancelled_flag) values (1, $1, $2, 'EV-E2E', 'Evaluation item', 1, 1, $3::date, $4::date, 0)", [po, 800 + i, need, promise]);

    // A published template: on-time delivery (automatic, 60) and responsiveness (the approver scores it, 40).
    const tpl = await api('buyer', 'POST', 'eval-templates', { templateCode: `E2E-${Date.now()}`, templateName: 'E2E quarterly template' });
    await api('buyer', 'POST', 'eval-indicators', { templateId: tpl.templateId, orderSeq: 1, indicatorCode: 'ON_TIME', indicatorName: 'On-time delivery', indicatorType: 'AUTO', autoSource: 'ON_TIME', weight: 60 });
    await api('buyer', 'POST', 'eval-indicators', { templateId: tpl.templateId, orderSeq: 2, indicatorCode: 'RESPONSE', indicatorName: 'Responsiveness', indicatorType: 'MANUAL', scorerUserId: approver, weight: 40 });
    for (const [gradeCode, scoreFrom, scoreTo] of [['A', 90, 100], ['B', 75, 90], ['C', 0, 75]] as const) await api('buyer', 'POST', 'eval-score-levels', { templateId: tpl.templateId, gradeCode, scoreFrom, scoreTo });
    const t = await api('buyer', 'GET', `eval-templates/${String(tpl.templateId)}`);
    await api('buyer', 'POST', `eval-templates/${String(tpl.templateId)}/actions/publish`, { objectVersionNumber: t.objectVersionNumber });

    // The buyer creates the evaluation for the quarter in the browser.
    const buyer = await e.signIn('buyer', '/sslm/evaluation/evaluation-doc-manage/create');
    const form = visible(buyer, '/sslm/evaluation/evaluation-doc-manage/create');
    await form.locator('#field-evalTitle').fill(TITLE);
    await lookup(buyer, form, 'templateId', '选择评估模板', String(tpl.templateCode));
    await date(form, 'periodFrom', '2031-04-01');
    await date(form, 'periodTo', '2031-06-30');
    await form.getByTestId('submit-button').click();
    const header = async () => (await q<{ id: number; status: string }>('select eval_header_id::float8 as id, eval_status as status from sslm_eval_header where eval_title = $1', [TITLE]))[0];
    await expect.poll(async () => (await header())?.status).toBe('NEW');
    const id = (await header())!.id;
    const detail = visible(buyer, '/sslm/evaluation/evaluation-doc-manage/detail/:tplId/:headerId');
    await detail.waitFor();

    // The supplier to evaluate, added on the document's supplier tab.
    const suppliers = detail.getByTestId('inline-lines').first();
    await suppliers.locator('[data-action="add-line"]').click();
    await suppliers.locator('[data-field="supplierId"]').getByRole('button', { name: 'lookup' }).click();
    const dialog = buyer.locator('.ant-modal', { hasText: '选择供应商' });
    await dialog.locator('.ant-table-row', { hasText: 'S0001' }).first().click();
    await suppliers.locator('[data-action="save-lines"]').click();
    await expect.poll(async () => (await q('select 1 from sslm_eval_supplier where eval_header_id = $1 and supplier_id = $2', [id, sup.id])).length).toBe(1);

    // Starting computes the automatic indicator from the confirmed orders.
    await action(buyer, /^开始评估$/).click();
    await okConfirm(buyer);
    await expect.poll(async () => (await header())?.status).toBe('MANUAL_EVALUATING');
    await detail.getByRole('tab', { name: '评分明细' }).click();
    await detail.locator('[role="gridcell"]', { hasText: '3/4 confirmed order lines promised by their need-by date' }).first().waitFor();
    await detail.locator('[role="gridcell"]', { hasText: /^75(\.00)?$/ }).first().waitFor();

    // The scorer sees its own line, scores it and submits it.
    const line = (await q<{ id: number }>("select eval_line_id::float8 as id from sslm_eval_line where eval_header_id = $1 and indicator_type = 'MANUAL'", [id]))[0]!.id;
    const scorer = await e.signIn('approver', `/sslm/evaluation/archive-filling/detail/${id}`);
    const mine = visible(scorer, '/sslm/evaluation/archive-filling/detail/:id').getByTestId('inline-lines');
    const score = mine.locator(`#line-${line}-score`);
    await score.waitFor();
    expect(await mine.locator('[role="row"][data-row-key]').count()).toBe(1);
    await score.fill('90');
    await mine.locator('[data-action="save-lines"]').click();
    await expect.poll(async () => (await q<{ s: string | null }>('select score::text as s from sslm_eval_line where eval_line_id = $1', [line]))[0]!.s).toBe('90.00');
    await mine.locator(`[role="row"][data-row-key="${line}"]`).getByRole('button', { name: /^提交评分$/ }).click();
    await expect.poll(async () => (await header())?.status).toBe('MANUAL_COMPLETE');

    // The buyer collects, submits, approves and publishes.
    await buyer.reload();
    await action(buyer, /^最终汇总$/).click();
    await expect.poll(async () => (await header())?.status).toBe('FINAL_COLLECTED');
    const result = async () => (await q<{ total: string; grade: string; status: string }>('select total_score::text as total, grade_code as grade, result_status as status from sslm_eval_supplier where eval_header_id = $1', [id]))[0]!;
    // 75 × 60% + 90 × 40% = 81.00, grade B.
    expect(await result()).toMatchObject({ total: '81.00', grade: 'B' });
    await action(buyer, /^提交审批$/).click();
    await expect.poll(async () => (await header())?.status).toBe('APPROVING');
    await action(buyer, /^审批通过$/).click();
    const approve = buyer.getByTestId('transition-modal');
    await approve.locator('#field-approvalRemark').fill('Agreed');
    await approve.getByTestId('record-form-save').click();
    await expect.poll(async () => (await header())?.status).toBe('APPROVED');
    await action(buyer, /^发\s*布$/).click();
    await okConfirm(buyer);
    await expect.poll(async () => (await header())?.status).toBe('PUBLISHED');

    // The supplier finds its result among those received and appeals.
    const resultId = (await q<{ id: number }>('select eval_supplier_id::float8 as id from sslm_eval_supplier where eval_header_id = $1', [id]))[0]!.id;
    const supplier = await e.signIn('supplier', '/sslm/evaluation/received-query/list');
    const list = visible(supplier, '/sslm/evaluation/received-query/list');
    await list.locator(`[role="row"][data-row-key="${resultId}"]`).waitFor();
    await supplier.goto(`${e.baseUrl}/sslm/evaluation/received-query/detail/${resultId}`);
    const mineResult = visible(supplier, '/sslm/evaluation/received-query/detail/:id');
    await mineResult.locator('[role="gridcell"]', { hasText: 'Responsiveness' }).first().waitFor();
    await action(supplier, /^申\s*诉$/).click();
    const appeal = supplier.getByTestId('transition-modal');
    const reason = appeal.locator('#field-appealReason');
    await reason.focus();
    await supplier.keyboard.type('Two of the late lines were delivered early.');
    await appeal.getByTestId('record-form-save').click();
    await expect.poll(async () => (await result()).status).toBe('APPEALING');
    await expect.poll(async () => (await header())?.status).toBe('APPEALING');
  });
});
