import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';
import { decideTask, detailButton, lookup, okConfirm, screen, typeDate } from './flow-kit.ts';

/**
 * Contracts in the browser, the buyer, the approver and the supplier each in their own browser
 * context against one server: the buyer drafts a contract with a line and submits it for approval;
 * the approver rejects it in My tasks with a reason, the buyer corrects it and submits again, the
 * approver approves, and only then the buyer sends it; the supplier returns it with a comment; the
 * buyer reads the comment, corrects the line, has it approved and sends again; the supplier
 * confirms; the buyer archives, and both find it in their queries.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const NAME = `E2E framework agreement ${Date.now()}`;
const visible = screen;
const action = detailButton;
const date = typeDate;

describe('a contract between buyer, approver and supplier, each in their own browser', () => {
  it('drafted, rejected and then approved in My tasks, sent, returned with a comment, corrected, approved and sent again, confirmed, archived', async () => {
    const db = e.ctx.db;
    const header = async () => (await db.query<{ id: number; status: string; amount: string; comment: string | null }>('select pc_header_id::float8 as id, pc_status_code as status, tax_include_amount::text as amount, return_comment as comment from scm_contract_header where pc_name = $1', [NAME])).rows[0];
    const sup = (await db.query<{ name: string }>("select supplier_name as name from sslm_supplier where tenant_id = 1 and supplier_num = 'S0001'")).rows[0]!;

    // The buyer drafts the header in the create dialog of the list …
    const buyer = await e.signIn('buyer', '/scm/send-contract/list');
    await visible(buyer, '/scm/send-contract/list').locator('[role="row"][data-row-key]').first().waitFor();
    await visible(buyer, '/scm/send-contract/list').getByRole('button', { name: /^新\s*建$/ }).click();
    const form = buyer.getByTestId('action-modal');
    await form.locator('#field-pcName').fill(NAME);
    await lookup(buyer, form, 'usageTypeCode', '选择合同用途类型', 'FRAMEWORK');
    await lookup(buyer, form, 'supplierId', '选择供应商', 'S0001');
    expect(await form.locator('#field-supplierId').inputValue()).toBe(sup.name);
    // The company is a lookup over the organisation, filled with the buyer's own before anything is picked.
    await expect.poll(() => form.locator('#field-companyId').inputValue()).toBe('演示制造集团股份有限公司');
    await date(form, 'startDateActive', '2026-01-01');
    await date(form, 'endDateActive', '2026-12-31');
    await form.getByTestId('submit-button').click();
    await expect.poll(async () => (await header())?.status).toBe('PENDING');
    const id = (await header())!.id;

    // … lands on the contract, adds a line inline and sends it.
    const detail = visible(buyer, '/scm/send-contract/detail/:id');
    await detail.waitFor();
    /** Submitted from the contract's page, which then shows it locked: no line toolbar, a recall instead. */
    const submitForApproval = async () => {
      await action(buyer, /^提交审批$/).click();
      await okConfirm(buyer);
      await expect.poll(async () => (await header())?.status).toBe('APPROVING');
      await visible(buyer, '/scm/send-contract/detail/:id').getByTestId('recall-approval').waitFor();
      expect(await visible(buyer, '/scm/send-contract/detail/:id').locator('[data-action="add-line"]').count()).toBe(0);
    };
    const sendIt = async () => {
      await buyer.goto(`${e.baseUrl}/scm/send-contract/detail/${id}`);
      await action(buyer, /^发\s*送$/).click();
      await okConfirm(buyer);
      await expect.poll(async () => (await header())?.status).toBe('PUBLISHED');
    };
    const lines = detail.getByTestId('inline-lines');
    await lines.locator('[data-action="add-line"]').click();
    await lines.locator('#line-new-1-itemCode').fill('MAT-1001');
    await lines.locator('#line-new-1-itemName').fill('Steel bolt M8x40');
    await lines.locator('#line-new-1-quantity').fill('3');
    await lines.locator('#line-new-1-unitPrice').fill('33.33');
    await lines.locator('[data-action="save-lines"]').click();
    // 3 × 33.33 = 99.99, with 13 % input VAT 112.99 (decimal arithmetic on the server).
    await expect.poll(async () => (await header())?.amount).toBe('112.99');
    const lineId = (await db.query<{ id: number }>('select pc_line_id::float8 as id from scm_contract_line where pc_header_id = $1', [id])).rows[0]!.id;
    const num = (await db.query<{ n: string }>('select pc_num as n from scm_contract_header where pc_header_id = $1', [id])).rows[0]!.n;
    // A draft is not sent: it goes to approval first.
    expect(await action(buyer, /^发\s*送$/).count()).toBe(0);
    await submitForApproval();

    // The approver finds it in My tasks, the contract read-only inside, and rejects it with the reason …
    const approver = await e.signIn('approver', '/workplace');
    await decideTask(e, approver, num, 'Rejected', 'Quantity must cover the full year');
    await expect.poll(async () => (await header())?.status).toBe('REJECTED');
    // … which the buyer reads on the contract, corrects and submits again; approved, it is sent.
    await buyer.reload();
    const rejected = visible(buyer, '/scm/send-contract/detail/:id');
    await expect.poll(() => rejected.locator('#field-approvedRemark').inputValue()).toBe('Quantity must cover the full year');
    await rejected.getByTestId('inline-lines').locator(`#line-${lineId}-quantity`).fill('4');
    await rejected.getByTestId('inline-lines').locator('[data-action="save-lines"]').click();
    // 4 × 33.33 = 133.32, with 13 % input VAT 150.65
    await expect.poll(async () => (await header())?.amount).toBe('150.65');
    await submitForApproval();
    await decideTask(e, approver, num, 'Approved', 'Terms checked');
    await expect.poll(async () => (await header())?.status).toBe('APPROVED');
    await sendIt();

    // The supplier finds it among the contracts to confirm and returns it: first without a comment, which is refused.
    const supplier = await e.signIn('supplier', '/scm/my-contract/list');
    await visible(supplier, '/scm/my-contract/list').locator(`[role="row"][data-row-key="${id}"]`).waitFor();
    await supplier.goto(`${e.baseUrl}/scm/my-contract/detail/${id}`);
    await visible(supplier, '/scm/my-contract/detail/:id').locator('[role="gridcell"]', { hasText: 'Steel bolt M8x40' }).first().waitFor();
    await action(supplier, /^退\s*回$/).click();
    const ret = supplier.getByTestId('transition-modal');
    await ret.getByTestId('record-form-save').click();
    await expect.poll(() => ret.locator('[data-field="returnComment"] .ant-form-item-explain-error').count()).toBeGreaterThan(0);
    expect((await header())?.status).toBe('PUBLISHED');
    const comment = ret.locator('#field-returnComment');
    await comment.focus();
    await supplier.keyboard.type('Unit price must be 30.00 as agreed.');
    await ret.getByTestId('record-form-save').click();
    await expect.poll(async () => (await header())?.status).toBe('RETURNED');
    expect((await header())?.comment).toBe('Unit price must be 30.00 as agreed.');

    // The buyer sees the comment, corrects the price and sends again.
    await buyer.goto(`${e.baseUrl}/scm/send-contract/detail/${id}`);
    const again = visible(buyer, '/scm/send-contract/detail/:id');
    await expect.poll(() => again.locator('#field-returnComment').inputValue()).toBe('Unit price must be 30.00 as agreed.');
    const price = again.getByTestId('inline-lines').locator(`#line-${lineId}-unitPrice`);
    await price.fill('30');
    await again.getByTestId('inline-lines').locator('[data-action="save-lines"]').click();
    // 4 × 30.00 = 120.00, × 1.13 = 135.60
    await expect.poll(async () => (await header())?.amount).toBe('135.60');
    await submitForApproval();
    await decideTask(e, approver, num, 'Approved');
    await expect.poll(async () => (await header())?.status).toBe('APPROVED');
    await sendIt();

    // The supplier confirms.
    await supplier.goto(`${e.baseUrl}/scm/my-contract/detail/${id}`);
    await visible(supplier, '/scm/my-contract/detail/:id').locator('[role="gridcell"]', { hasText: 'Steel bolt M8x40' }).first().waitFor();
    await action(supplier, /^确\s*认$/).click();
    await okConfirm(supplier);
    await expect.poll(async () => (await header())?.status).toBe('CONFIRMED');

    // The buyer archives; both find it in their queries.
    await buyer.goto(`${e.baseUrl}/scm/send-contract/detail/${id}`);
    await visible(buyer, '/scm/send-contract/detail/:id').waitFor();
    await action(buyer, /^归\s*档$/).click();
    await okConfirm(buyer);
    await expect.poll(async () => (await header())?.status).toBe('ARCHIVED');
    await buyer.goto(`${e.baseUrl}/scm/query-archived-contract/list`);
    await visible(buyer, '/scm/query-archived-contract/list').locator(`[role="row"][data-row-key="${id}"]`).waitFor();
    await supplier.goto(`${e.baseUrl}/scm/query-my-contract/list`);
    const mine = visible(supplier, '/scm/query-my-contract/list').locator(`[role="row"][data-row-key="${id}"]`);
    await mine.waitFor();
    expect(await mine.innerText()).toContain('已归档');
  });
});
