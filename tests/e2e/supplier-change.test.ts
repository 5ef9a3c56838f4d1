import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';
import { detailButton, lookup, okConfirm, screen } from './flow-kit.ts';

/**
 * A supplier's bank change, the supplier and the buyer each in their own browser context against
 * one server: the supplier asks for a new bank account and submits the request; the buyer sees
 * before and after, approves; the supplier master then holds the new main account and shows the
 * change in its history.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const ACCOUNT = `62305800${String(Date.now()).slice(-8)}`;
const visible = screen;
const action = detailButton;
/** The machine may be busy: a move is given time to land before the test concludes it did not. */
const SLOW = { timeout: 20000 };

describe('a supplier’s bank change, requested by the supplier and approved by the buyer', () => {
  it('is requested, submitted, shown before → after, approved, and lands in the master with its history', async () => {
    const db = e.ctx.db;
    const sup = (await db.query<{ id: number; name: string }>("select supplier_id::float8 as id, supplier_name as name from sslm_supplier where tenant_id = 1 and supplier_num = 'S0001'")).rows[0]!;
    const oldMain = (await db.query<{ num: string }>('select bank_account_num as num from sslm_supplier_bank where tenant_id = 1 and supplier_id = $1 and master_flag = 1', [sup.id])).rows[0]!.num;
    const request = async () =>
      (await db.query<{ id: number; status: string }>('select req_id::float8 as id, req_status as status from sslm_supplier_change_req where tenant_id = 1 and bank_account_num = $1', [ACCOUNT])).rows[0];

    // The supplier opens its requests and asks for a new bank account in the create dialog …
    const supplier = await e.signIn('supplier', '/supplierInfo/apply');
    const list = visible(supplier, '/supplierInfo/apply');
    await list.locator('[role="row"][data-row-key]').first().waitFor();
    await list.getByRole('button', { name: /^新\s*建$/ }).click();
    const form = supplier.getByTestId('action-modal');
    await lookup(supplier, form, 'supplierId', '选择供应商', 'S0001');
    await form.locator('#field-changeReason').fill('Settlement moves to our new account');
    await form.locator('#field-bankName').fill('Bank of Ningbo');
    await form.locator('#field-bankBranchName').fill('Yinzhou');
    await form.locator('#field-bankAccountName').fill(sup.name);
    await form.locator('#field-bankAccountNum').fill(ACCOUNT);
    await form.getByTestId('submit-button').click();
    await expect.poll(async () => (await request())?.status, SLOW).toBe('NEW');
    const id = (await request())!.id;

    // … lands on the request and submits it.
    await visible(supplier, '/supplierInfo/applyDetail/:id').waitFor();
    await action(supplier, /^提\s*交$/).click();
    await okConfirm(supplier);
    await expect.poll(async () => (await request())?.status, SLOW).toBe('SUBMITTED');

    // The buyer sees what changes, before and after, and approves.
    const buyer = await e.signIn('buyer', '/supplierApprove/applyList');
    await visible(buyer, '/supplierApprove/applyList').locator(`[role="row"][data-row-key="${id}"]`).waitFor();
    await buyer.goto(`${e.baseUrl}/supplierApprove/applyDetail/${id}`);
    const detail = visible(buyer, '/supplierApprove/applyDetail/:id');
    const change = detail.locator('[role="row"]', { hasText: ACCOUNT }).first();
    await change.waitFor();
    expect(await change.innerText()).toContain(oldMain);
    await action(buyer, /^审批通过$/).click();
    await okConfirm(buyer);
    await expect.poll(async () => (await request())?.status, SLOW).toBe('APPROVED');

    // The master holds the new account as its main one, and its change history shows before → after.
    await buyer.goto(`${e.baseUrl}/supply/supplier/${sup.id}`);
    const master = visible(buyer, '/supply/supplier/:action');
    await master.getByRole('tab', { name: '银行账户' }).click();
    const bank = master.locator('[role="row"]', { hasText: ACCOUNT }).first();
    await bank.waitFor();
    await master.getByRole('tab', { name: '信息变更历史' }).click();
    const history = master.locator('[role="row"]', { hasText: ACCOUNT }).filter({ hasText: oldMain }).first();
    await history.waitFor();
    expect(await history.innerText()).toContain('银行账号');
    expect((await db.query<{ main: number }>('select master_flag::int as main from sslm_supplier_bank where tenant_id = 1 and bank_account_num = $1', [ACCOUNT])).rows[0]?.main).toBe(1);
  }, 300_000);
});
