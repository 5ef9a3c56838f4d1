import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckChar } from '../../server/modules/spfm/credit-code.ts';
import { DEFAULT_DEMO_PASSWORD } from '../../server/start-server.ts';
import { axeFindings, describeFindings } from './axe.ts';
import { approveBankChange, requestBankChange } from './bank-change-steps.ts';
import { type E2E, person, startE2E } from './browser.ts';
import { decideTask } from './flow-kit.ts';

/**
 * Supplier onboarding (issue 22A), each person in their own browser against one server: a
 * person with nothing creates an account on the sign-up page linked from sign-in, signs in, and
 * registers a company through the ten steps of the registration wizard, leaves at the
 * bank step and resumes it in a new page, submits; the sign-up tenant's administrator certifies it
 * in My tasks; a
 * buyer finds it and invites it; the company's registrant accepts; the buyer then has it as a
 * partner and can pick it as the supplier of a purchase order; as that supplier, the company asks
 * for a bank change, the buyer approves, and the master shows the new account with its history.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

type Row = Record<string, unknown>;
const q = async <T extends Row>(sql: string, args: unknown[] = []) => (await e.ctx.db.query<T>(sql, args)).rows;
const REGISTER = '/spfm/enterprise/register';
const wizard = (page: Page) => page.locator(`[data-screen="${REGISTER}"]:visible`);
const atStep = async (page: Page, key: string) => {
  await wizard(page).and(page.locator(`[data-step="${key}"]`)).waitFor({ timeout: 20000 });
  // Where a slow run stopped shows in its output.
  console.log(`wizard at ${key}`);
};
const next = (page: Page) => wizard(page).getByTestId('wizard-next').click();
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm .ant-btn-primary').click();

/** Adds a line on a lines step through its dialog. */
async function addLine(page: Page, values: Record<string, string>, switches: string[] = []) {
  await wizard(page).locator('[data-action="create-line"]').click();
  const form = page.getByTestId('record-form');
  await form.waitFor();
  for (const [name, v] of Object.entries(values)) await form.locator(`#field-${name}`).fill(v);
  for (const name of switches) await form.locator(`[data-field="${name}"] [role="switch"]`).click();
  await page.getByTestId('record-form-save').click();
  await form.waitFor({ state: 'hidden' });
  await wizard(page).locator('[role="row"][data-row-key]', { hasText: Object.values(values)[0]! }).waitFor();
}

/**
 * From nothing: the sign-in page's link to the sign-up page, an account created there (a taken
 * name refused first, what was typed kept), back to sign-in with the name filled in, signed in at `path`.
 */
async function signUp(login: string, path: string): Promise<Page> {
  const page = await (await person(e.browser)).newPage();
  await page.goto(`${e.baseUrl}${path}`);
  await page.getByRole('link', { name: /Register a supplier account/ }).click();
  await page.locator('#loginName').waitFor();
  expect(describeFindings(await axeFindings(page)), 'accessibility of the sign-up page').toEqual([]);
  const fill = async (loginName: string) => {
    await page.fill('#loginName', loginName);
    await page.fill('#realName', 'Nina Newcomer');
    await page.fill('#email', `${login}@example.com`);
    await page.fill('#password', DEFAULT_DEMO_PASSWORD);
    await page.fill('#confirmPassword', DEFAULT_DEMO_PASSWORD);
    await page.getByRole('button', { name: /Create account/ }).click();
  };
  await fill('buyer');
  await page.getByRole('alert').filter({ hasText: 'is taken' }).waitFor();
  expect(await page.inputValue('#realName')).toBe('Nina Newcomer');
  await fill(login);
  await page.getByRole('status').filter({ hasText: 'Your account is ready' }).waitFor();
  expect(await page.inputValue('input[name="username"]')).toBe(login);
  await page.fill('input[name="password"]', DEFAULT_DEMO_PASSWORD);
  await page.click('button[type="submit"]');
  await page.getByTestId('workspace-tabs').waitFor();
  return page;
}

describe('registration → certification → invitation → partners', () => {
  it('runs end to end in the screens, newcomer, administrator and buyer each in their own browser', async () => {
    const name = `Hefei Brightline Robotics ${Date.now() % 100000}`;
    const code = withCheckChar('91340100MA8N1P2Q3');

    // An account first, made on the sign-up page; then steps 1–4: legal and business information, a contact, an address.
    const person = `nina.${Date.now() % 1000000}`;
    // Signed in, the newcomer's workplace leads to the registration (not an empty page).
    let newcomer = await signUp(person, '/workplace');
    await newcomer.locator('[data-card="workplace.card.registerCompany"]').getByText(/注册企业信息|Register your company/).waitFor();
    await newcomer.locator('[data-card="workplace.card.registerCompany"]').click();
    await atStep(newcomer, 'legal');
    await wizard(newcomer).locator('#field-companyName').fill(name);
    await wizard(newcomer).locator('#field-unifiedSocialCode').fill(code);
    await wizard(newcomer).locator('#field-legalRepName').fill('Zhao Ming');
    await next(newcomer);
    await atStep(newcomer, 'business');
    await wizard(newcomer).locator('#field-companyType').fill('LIMITED');
    await next(newcomer);
    await atStep(newcomer, 'contact');
    // A lines step needs its lines: "next" without a contact stays.
    await next(newcomer);
    await wizard(newcomer).getByTestId('wizard-blocked').waitFor();
    await addLine(newcomer, { contactName: 'Zhao Ming', mobilephone: '13912345678' });
    await next(newcomer);
    await atStep(newcomer, 'address');
    await addLine(newcomer, { addressDetail: '88 Innovation Road, Hefei', cityName: 'Hefei' });
    await next(newcomer);

    // Step 5: a bank account, then the person leaves and comes back in a new page.
    await atStep(newcomer, 'bank');
    await addLine(newcomer, { bankName: 'Bank of Hefei', bankAccountName: name, bankAccountNum: '6217000011112222333' }, ['masterFlag']);
    const company = (await q<{ id: number; step: string }>('select company_id::float8 as id, current_step as step from spfm_company where company_name = $1', [name]))[0]!;
    expect(company.step).toBe('bank');
    await newcomer.context().close();
    newcomer = await e.signIn(person, REGISTER);
    await atStep(newcomer, 'bank');
    await expect.poll(() => wizard(newcomer).textContent(), { timeout: 15000 }).toContain('6217000011112222333');
    await next(newcomer);

    // Steps 6–8: invoice, finance, the business licence.
    await atStep(newcomer, 'invoice');
    await wizard(newcomer).locator('#field-invoiceTitle').fill(name);
    await next(newcomer);
    await atStep(newcomer, 'finance');
    await next(newcomer);
    await atStep(newcomer, 'attachment');
    const attachment = wizard(newcomer).locator('[data-field="licenceAttachment"]').getByTestId('attachment');
    await attachment.locator('input[type="file"]').setInputFiles({ name: 'licence.txt', mimeType: 'text/plain', buffer: Buffer.from('business licence scan') });
    await attachment.locator('a', { hasText: 'licence.txt' }).waitFor({ timeout: 15000 });
    await next(newcomer);

    // Step 9: the preview of everything, then submit; step 10 shows the result.
    await atStep(newcomer, 'preview');
    await expect.poll(() => wizard(newcomer).textContent(), { timeout: 15000 }).toContain('Zhao Ming');
    await wizard(newcomer).getByRole('button', { name: /^提\s*交$/ }).click();
    await confirmDialog(newcomer);
    await atStep(newcomer, 'result');
    await expect.poll(async () => (await q<{ s: string }>('select process_status as s from spfm_company where company_id = $1', [company.id]))[0]!.s).toBe('SUBMIT');

    // The sign-up tenant's certifier (the demo approver) certifies it in My tasks, the application read-only inside, with an opinion.
    const admin = await e.signIn('approver', '/workplace');
    const companyNum = (await q<{ n: string }>('select company_num as n from spfm_company where company_id = $1', [company.id]))[0]!.n;
    await decideTask(e, admin, companyNum, 'Approved', 'Licence and bank account verified');
    await expect.poll(async () => (await q<{ s: string }>('select process_status as s from spfm_company where company_id = $1', [company.id]))[0]!.s, { timeout: 15000 }).toBe('COMPLETE');

    // The newcomer's result step shows the certification.
    await newcomer.reload();
    await atStep(newcomer, 'result');
    await expect.poll(() => wizard(newcomer).locator('#field-processMsg').inputValue(), { timeout: 15000 }).toBe('Licence and bank account verified');

    // A buyer finds the certified company and invites it as a supplier.
    const buyer = await e.signIn('buyer', '/spfm/company-search/supplier');
    const search = buyer.locator('[data-screen="/spfm/company-search/supplier"]:visible');
    const row = search.locator('[role="row"][data-row-key]', { hasText: name });
    await row.waitFor({ timeout: 20000 });
    await row.getByRole('button', { name: /邀\s*约/ }).click();
    const inviteForm = buyer.locator('.ant-modal:visible');
    await inviteForm.locator('#field-categoryIds').fill('ROBOTICS');
    await inviteForm.getByTestId('submit-button').click();
    await expect.poll(async () => (await q('select 1 from spfm_invite where company_id = $1', [company.id])).length, { timeout: 15000 }).toBe(1);
    const invite = (await q<{ id: number }>('select invite_id::float8 as id from spfm_invite where company_id = $1', [company.id]))[0]!;

    // The company's registrant accepts it.
    const owner = await e.signIn(person, `/spfm/dispose-invite/${invite.id}`);
    const dispose = owner.locator('[data-screen="/spfm/dispose-invite/:inviteId"]:visible');
    await dispose.getByTestId('detail-actions').getByRole('button', { name: /^接\s*受$/ }).click();
    await confirmDialog(owner);
    await expect.poll(async () => (await q<{ s: string }>('select invite_status as s from spfm_invite where invite_id = $1', [invite.id]))[0]!.s, { timeout: 30000 }).toBe('APPROVED');

    // The buyer's partner list has it, and so has the supplier lookup of a purchase order.
    await buyer.goto(`${e.baseUrl}/spfm/partner-list/supplier`);
    await buyer.locator('[data-screen="/spfm/partner-list/supplier"]:visible [role="row"][data-row-key]', { hasText: name }).waitFor({ timeout: 20000 });
    const num = (await q<{ n: string }>('select supplier_num as n from sslm_supplier where spfm_company_id = $1', [company.id]))[0]!.n;
    await buyer.goto(`${e.baseUrl}/sodr/purchase-order-maintain`);
    const order = buyer.locator('[data-screen="/sodr/purchase-order-maintain"]:visible');
    await order.locator('input[id$="supplierId"]').click();
    const lov = buyer.locator('.ant-modal:visible');
    await lov.locator('input[name="lov-supplierNum"]').fill(num);
    await lov.locator('input[name="lov-supplierNum"]').press('Enter');
    await lov.locator('.ant-table-row', { hasText: name }).first().waitFor({ timeout: 15000 });

    // The company's side lists the buyer as its customer.
    await owner.goto(`${e.baseUrl}/spfm/partner-list/customer`);
    await owner.locator('[data-screen="/spfm/partner-list/customer"]:visible [role="row"][data-row-key]', { hasText: name }).waitFor({ timeout: 20000 });

    // As the buyer's supplier now (a role switch), the company asks for a new bank account; the
    // buyer approves it; the master, which took the registered account, shows the change in its history.
    const master = (await q<{ id: number; main: string }>('select s.supplier_id::float8 as id, b.bank_account_num as main from sslm_supplier s join sslm_supplier_bank b on b.supplier_id = s.supplier_id and b.master_flag = 1 where s.spfm_company_id = $1', [company.id]))[0]!;
    expect(master.main).toBe('6217000011112222333');
    await owner.getByTestId('role-switch').click();
    await owner.locator('.ant-dropdown-menu-item', { hasText: /^供应商$/ }).click();
    await expect.poll(async () => (await owner.getByTestId('role-switch').textContent()) ?? '').toContain('供应商');
    const account = `62305811${String(Date.now()).slice(-8)}`;
    const reqId = await requestBankChange(e, owner, { num, name }, account);
    await approveBankChange(e, buyer, reqId, master.id, account, master.main);
    expect(e.refusals).toEqual([]);
  }, 400_000);
});
