import { afterAll, beforeAll, describe, it } from 'vitest';
import { approveBankChange, requestBankChange } from './bank-change-steps.ts';
import { type E2E, startE2E } from './browser.ts';

/**
 * A supplier's bank change, the supplier and the buyer each in their own browser context against
 * one server: the supplier asks for a new bank account and submits the request; the buyer sees
 * before and after, approves in My tasks (the request's approval runs on the workflow); the supplier master then holds the new main account and shows the
 * change in its history. (The onboarding test does the same for a company it has just certified.)
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const ACCOUNT = `62305800${String(Date.now()).slice(-8)}`;

describe('a supplier’s bank change, requested by the supplier and approved by the buyer', () => {
  it('is requested, submitted, shown before → after, approved, and lands in the master with its history', async () => {
    const db = e.ctx.db;
    const sup = (await db.query<{ id: number; name: string }>("select supplier_id::float8 as id, supplier_name as name from sslm_supplier where tenant_id = 1 and supplier_num = 'S0001'")).rows[0]!;
    const oldMain = (await db.query<{ num: string }>('select bank_account_num as num from sslm_supplier_bank where tenant_id = 1 and supplier_id = $1 and master_flag = 1', [sup.id])).rows[0]!.num;
    const supplier = await e.signIn('supplier', '/supplierInfo/apply');
    const reqId = await requestBankChange(e, supplier, { num: 'S0001', name: sup.name }, ACCOUNT);
    const buyer = await e.signIn('buyer', '/supplierApprove/applyList');
    await approveBankChange(e, buyer, reqId, sup.id, ACCOUNT, oldMain);
  }, 300_000);
});
