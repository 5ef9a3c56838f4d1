import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { E2E } from './browser.ts';
import { decideTask, detailButton, lookup, okConfirm, screen } from './flow-kit.ts';

/** The machine may be busy: a move is given time to land before a test concludes it did not. */
const SLOW = { timeout: 20000 };

const requestOf = async (e: E2E, account: string) =>
  (await e.ctx.db.query<{ id: number; status: string }>('select req_id::float8 as id, req_status as status from sslm_supplier_change_req where bank_account_num = $1', [account])).rows[0];

/**
 * A supplier's user asks for a new bank account from its change requests (`/supplierInfo/apply`)
 * and submits the request; answers the request's id.
 */
export async function requestBankChange(e: E2E, supplier: Page, s: { num: string; name: string }, account: string): Promise<number> {
  await supplier.goto(`${e.baseUrl}/supplierInfo/apply`);
  const list = screen(supplier, '/supplierInfo/apply');
  await list.getByRole('button', { name: /^新\s*建$/ }).click();
  const form = supplier.getByTestId('action-modal');
  await lookup(supplier, form, 'supplierId', '选择供应商', s.num);
  await form.locator('#field-changeReason').fill('Settlement moves to our new account');
  await form.locator('#field-bankName').fill('Bank of Ningbo');
  await form.locator('#field-bankBranchName').fill('Yinzhou');
  await form.locator('#field-bankAccountName').fill(s.name);
  await form.locator('#field-bankAccountNum').fill(account);
  await form.getByTestId('submit-button').click();
  await expect.poll(async () => (await requestOf(e, account))?.status, SLOW).toBe('NEW');
  // The new request opens; it is submitted from there.
  await screen(supplier, '/supplierInfo/applyDetail/:id').waitFor();
  await detailButton(supplier, /^提\s*交$/).click();
  await okConfirm(supplier);
  await expect.poll(async () => (await requestOf(e, account))?.status, SLOW).toBe('SUBMITTED');
  return (await requestOf(e, account))!.id;
}

/**
 * The buyer reads the request (before → after, `before` being the main account now), which offers
 * no approval button of its own, and approves it in My tasks; the supplier master then holds the
 * new account as its main one and its change history shows the change.
 */
export async function approveBankChange(e: E2E, buyer: Page, reqId: number, supplierId: number, account: string, before: string): Promise<void> {
  await buyer.goto(`${e.baseUrl}/supplierApprove/applyList`);
  await screen(buyer, '/supplierApprove/applyList').locator(`[role="row"][data-row-key="${reqId}"]`).waitFor();
  await buyer.goto(`${e.baseUrl}/supplierApprove/applyDetail/${reqId}`);
  const change = screen(buyer, '/supplierApprove/applyDetail/:id').locator('[role="row"]', { hasText: account }).first();
  await change.waitFor();
  expect(await change.innerText()).toContain(before);
  expect(await detailButton(buyer, /^审批通过$/).count()).toBe(0);
  const num = (await e.ctx.db.query<{ n: string }>('select req_num as n from sslm_supplier_change_req where req_id = $1', [reqId])).rows[0]!.n;
  await decideTask(e, buyer, num, 'Approved', 'Account confirmed by phone');
  await expect.poll(async () => (await requestOf(e, account))?.status, SLOW).toBe('APPROVED');

  await buyer.goto(`${e.baseUrl}/supply/supplier/${supplierId}`);
  const master = screen(buyer, '/supply/supplier/:action');
  await master.getByRole('tab', { name: '银行账户' }).click();
  await master.locator('[role="row"]', { hasText: account }).first().waitFor();
  await master.getByRole('tab', { name: '信息变更历史' }).click();
  const history = master.locator('[role="row"]', { hasText: account }).filter({ hasText: before }).first();
  await history.waitFor();
  expect(await history.innerText()).toContain('银行账号');
  expect((await e.ctx.db.query<{ main: number }>('select master_flag::int as main from sslm_supplier_bank where bank_account_num = $1', [account])).rows[0]?.main).toBe(1);
}
