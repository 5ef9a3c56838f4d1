import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';
import { detailButton, lookup, okConfirm, reaches, screen, sqlOf, typeDate } from './flow-kit.ts';

/**
 * An 8D problem report through both sides' screens, each person in their own browser: the buyer
 * raises and publishes it, the supplier answers team and containment, the buyer rejects it with a
 * reason, the supplier answers again and the buyer accepts; the supplier answers root cause and
 * corrective action, the buyer validates and completes it, and the buyer's list shows it completed.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
}, 600_000);
afterAll(() => e?.close());

const sql = sqlOf(() => e);
const TITLE = `E2E cracked housings ${Date.now()}`;
const BUYER_DETAIL = '/sslm/problem-report/detail/:id';
const SUPPLIER_DETAIL = '/sslm/problem-report-received/detail/:id';

const statusOf = async (id: number) => (await sql<{ s: string }>('select problem_status as s from sslm_problem_report where problem_id = $1', [id]))[0]!.s;
const saved = async (id: number, column: string) => (await sql<{ v: string | null }>(`select ${column}::text as v from sslm_problem_report where problem_id = $1`, [id]))[0]!.v;

/** Opens a report's detail page in `page` (fresh from the server) and waits for its form. */
async function open(page: Page, route: string, url: string) {
  await page.goto(`${e.baseUrl}${url}`);
  const s = screen(page, route);
  await s.locator('#field-problemDescription').waitFor();
  return s;
}

/** Types into a field of the detail form (enabled once the status opens it). */
async function fill(page: Page, route: string, field: string, value: string) {
  const input = screen(page, route).locator(`#field-${field}`);
  await expect.poll(() => input.isEnabled()).toBe(true);
  await input.fill(value);
}

const save = (page: Page, route: string) => screen(page, route).getByTestId('save-button').click();

describe('an 8D problem report from the buyer to the supplier and back', () => {
  it('raised, answered twice on containment, answered on corrective action, validated and completed', async () => {
    // The buyer raises the report in the list's dialog.
    const buyer = await e.signIn('buyer', '/sslm/problem-report');
    const list = screen(buyer, '/sslm/problem-report');
    await list.getByTestId('toolbar').locator('[data-action="form"]').click();
    const form = buyer.getByTestId('record-form');
    await form.locator('#field-title').fill(TITLE);
    await lookup(buyer, form, 'supplierId', '选择供应商', 'S0001');
    await typeDate(form, 'occurredDate', '2031-03-02');
    await form.locator('#field-defectQuantity').fill('12');
    await form.locator('#field-problemDescription').fill('Cracks on 12 housings at incoming inspection');
    await buyer.getByTestId('record-form-save').click();
    const created = async () => (await sql<{ id: number }>('select problem_id::float8 as id from sslm_problem_report where title = $1', [TITLE]))[0]?.id;
    await expect.poll(created).toBeTruthy();
    const id = (await created())!;
    expect(await statusOf(id)).toBe('NEW');

    // It publishes it from its detail page.
    const buyerUrl = `/sslm/problem-report/detail/${id}`;
    await open(buyer, BUYER_DETAIL, buyerUrl);
    await detailButton(buyer, /^发\s*布$/).click();
    await okConfirm(buyer);
    await reaches(() => e, 'publish', () => statusOf(id), 'PUBLISHED');

    // The supplier finds it among those received and answers the team and containment.
    const supplier = await e.signIn('supplier', '/sslm/problem-report-received');
    await screen(supplier, '/sslm/problem-report-received').locator(`[role="row"][data-row-key="${id}"]`).waitFor();
    const supplierUrl = `/sslm/problem-report-received/detail/${id}`;
    await open(supplier, SUPPLIER_DETAIL, supplierUrl);
    await fill(supplier, SUPPLIER_DETAIL, 'teamMembers', 'Zhou Min (quality), Li Wei (process)');
    await fill(supplier, SUPPLIER_DETAIL, 'containmentAction', 'Stock at our site sorted');
    await save(supplier, SUPPLIER_DETAIL);
    await expect.poll(() => saved(id, 'containment_action')).toBe('Stock at our site sorted');
    await detailButton(supplier, /^提交临时措施$/).click();
    await okConfirm(supplier);
    await reaches(() => e, 'submitIca', () => statusOf(id), 'ICA_SUBMITTED');

    // The buyer rejects it with a reason.
    await open(buyer, BUYER_DETAIL, buyerUrl);
    await detailButton(buyer, /^驳回临时措施$/).click();
    const reject = buyer.getByTestId('transition-modal');
    await reject.locator('#field-feedback').fill('Sort the stock in transit too');
    await reject.getByTestId('record-form-save').click();
    await reaches(() => e, 'rejectIca', () => statusOf(id), 'ICA_REJECTED');
    expect(await saved(id, 'feedback')).toBe('Sort the stock in transit too');

    // The supplier reads the reason, answers again and submits; the buyer accepts.
    const again = await open(supplier, SUPPLIER_DETAIL, supplierUrl);
    await expect.poll(() => again.locator('#field-feedback').inputValue()).toBe('Sort the stock in transit too');
    await fill(supplier, SUPPLIER_DETAIL, 'containmentAction', 'Stock at our site and in transit sorted');
    await save(supplier, SUPPLIER_DETAIL);
    await expect.poll(() => saved(id, 'containment_action')).toBe('Stock at our site and in transit sorted');
    await detailButton(supplier, /^提交临时措施$/).click();
    await okConfirm(supplier);
    await reaches(() => e, 'submitIca again', () => statusOf(id), 'ICA_SUBMITTED');
    await open(buyer, BUYER_DETAIL, buyerUrl);
    await detailButton(buyer, /^接受临时措施$/).click();
    await reaches(() => e, 'approveIca', () => statusOf(id), 'PCA_FEEDBACKING');

    // The supplier answers root cause, corrective and preventive action (D4–D7) and submits.
    await open(supplier, SUPPLIER_DETAIL, supplierUrl);
    await fill(supplier, SUPPLIER_DETAIL, 'rootCause', 'Mould temperature too low');
    await fill(supplier, SUPPLIER_DETAIL, 'correctiveAction', 'Mould heater under closed-loop control');
    await typeDate(screen(supplier, SUPPLIER_DETAIL), 'pcaDueDate', '2031-04-15');
    await fill(supplier, SUPPLIER_DETAIL, 'implementationResult', 'Installed on line 2');
    await fill(supplier, SUPPLIER_DETAIL, 'preventAction', 'Mould temperature added to the control plan');
    await save(supplier, SUPPLIER_DETAIL);
    await expect.poll(() => saved(id, 'pca_due_date')).toBe('2031-04-15');
    await expect.poll(() => saved(id, 'prevent_action')).toBe('Mould temperature added to the control plan');
    await detailButton(supplier, /^提交永久措施$/).click();
    await okConfirm(supplier);
    await reaches(() => e, 'submitPca', () => statusOf(id), 'PCA_SUBMITTED');

    // The buyer records the verification and validates, then the closing remark and completes.
    await open(buyer, BUYER_DETAIL, buyerUrl);
    await fill(buyer, BUYER_DETAIL, 'verificationResult', 'Three lots without cracks');
    await save(buyer, BUYER_DETAIL);
    await expect.poll(() => saved(id, 'verification_result')).toBe('Three lots without cracks');
    await detailButton(buyer, /^验证通过$/).click();
    await reaches(() => e, 'validate', () => statusOf(id), 'VALIDATED');
    await open(buyer, BUYER_DETAIL, buyerUrl);
    await fill(buyer, BUYER_DETAIL, 'closingRemark', 'Closed: corrective action effective');
    await save(buyer, BUYER_DETAIL);
    await expect.poll(() => saved(id, 'closing_remark')).toBe('Closed: corrective action effective');
    await detailButton(buyer, /^结\s*案$/).click();
    await okConfirm(buyer);
    await reaches(() => e, 'complete', () => statusOf(id), 'COMPLETED');
    expect(await saved(id, 'completed_date')).toBeTruthy();

    // The buyer's list shows it completed.
    await buyer.goto(`${e.baseUrl}/sslm/problem-report`);
    const row = screen(buyer, '/sslm/problem-report').locator(`[role="row"][data-row-key="${id}"]`);
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain('已完成');
  });
});
