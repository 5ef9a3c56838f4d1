import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';
import { orderOf } from '../server/orders.ts';

/** The flows on the embedded database, and on PostgreSQL when DATABASE_URL names a server (as in CI). */
const databases: Array<[string, () => Promise<E2E>]> = [
  ['PGlite', () => startE2E()],
  ...(process.env.DATABASE_URL ? [['PostgreSQL', () => startE2E({ postgres: process.env.DATABASE_URL })] as [string, () => Promise<E2E>]] : []),
];

let e: E2E;

type Row = Record<string, unknown>;

/** A new order of the buyer, created through the API as the buyer would in the order screen. */
async function newOrder(amount: number): Promise<Row> {
  const token = await e.token('buyer');
  const supplier = (await e.ctx.db.query<{ id: number; name: string }>("select supplier_id::float8 as id, supplier_name as name from sslm_supplier where tenant_id = 1 and supplier_num = 'S0002'")).rows[0]!;
  return orderOf((o) => e.app.inject({ ...o, headers: { authorization: `bearer ${token}` } }), 'buyer', amount, { supplierId: supplier.id, supplierName: supplier.name });
}

const statusOf = async (id: unknown) => (await e.ctx.db.query<{ s: string }>('select status_code as s from sodr_po_header where po_header_id = $1', [id])).rows[0]!.s;
const orderPage = (page: Page) => page.locator('[data-screen="/sodr/send-order/detail/:id"]:visible');

/** The buyer submits from the order's own page; it stays open afterwards. */
async function submitInBrowser(buyer: Page, po: Row): Promise<void> {
  await buyer.goto(`${e.baseUrl}/sodr/send-order/detail/${po.poHeaderId}`);
  const detail = orderPage(buyer);
  await detail.getByTestId('detail-actions').getByRole('button', { name: /^提\s*交$/ }).click();
  await expect.poll(() => statusOf(po.poHeaderId)).toBe('APPROVING');
  await expect.poll(() => detail.textContent()).toContain('审批中');
}

/** Opens the task of an order from My tasks. */
async function openTask(page: Page, po: Row): Promise<void> {
  await page.goto(`${e.baseUrl}/hwfl/workflow/task/list`);
  const list = page.locator('[data-screen="/hwfl/workflow/task/list"]');
  await list.locator('[role="gridcell"] a', { hasText: String(po.displayPoNum) }).first().click();
  await page.getByTestId('wfl-actions').waitFor();
}

/** An order of `amount` submitted by the buyer (their tab stays on it), and the approver with its task open. */
async function submittedAndOpen(amount: number): Promise<{ po: Row; buyer: Page; approver: Page }> {
  const po = await newOrder(amount);
  const buyer = await e.signIn('buyer', '/workplace');
  await submitInBrowser(buyer, po);
  const approver = await e.signIn('approver', '/workplace');
  await openTask(approver, po);
  return { po, buyer, approver };
}

/** Acts on the open task and waits until it shows as done. */
async function decide(page: Page, action: 'Approved' | 'Rejected'): Promise<void> {
  await page.getByTestId(`wfl-act-${action}`).click();
  await page.getByTestId('wfl-readonly').waitFor();
}

/** Picks a person in the task's person field by login name. */
async function pickPerson(page: Page, login: string): Promise<void> {
  await page.getByTestId('wfl-person').click();
  await page.keyboard.type(login);
  await page.locator('.ant-select-item-option', { hasText: login }).click();
}

describe.each(databases)('a purchase order approved in the browser, each person in their own browser (%s)', (_db, start) => {
  beforeAll(async () => {
    e = await start();
  });
  afterAll(() => e?.close());

  it('buyer submits → approver sees it on the workplace and in My tasks → approves → the buyer’s open order shows Approved without reload', async () => {
    const po = await newOrder(8_000);
    const buyer = await e.signIn('buyer', '/workplace');
    await submitInBrowser(buyer, po);

    const approver = await e.signIn('approver', '/workplace');
    const card = approver.locator('[data-card="workplace.card.myTasks"]');
    const pending = (await e.ctx.db.query<{ n: number }>("select count(*)::int as n from hwfl_task t join iam_user u on u.id = t.assignee_id where u.login_name = 'approver' and t.status_code = 'PENDING'")).rows[0]!.n;
    await expect.poll(() => card.textContent()).toContain(String(pending));
    // The new task is a message too: the approver's bell has it.
    await expect.poll(async () => (await e.ctx.db.query("select 1 from hmsg_user_message m join iam_user u on u.id = m.user_id where u.login_name = 'approver' and m.subject like $1", [`%${String(po.displayPoNum)}%`])).rows.length).toBe(1);

    await openTask(approver, po);
    // The document is the order's own detail, read-only inside the task.
    const doc = approver.getByTestId('wfl-document');
    // The supplier once, as its lookup shows it (no greyed-out copy of the name beside it).
    await expect.poll(() => doc.locator('#field-supplierId').inputValue()).toBe(String(po.supplierName));
    expect(await doc.locator('#field-supplierName').count()).toBe(0);
    expect(await doc.getByTestId('save-button').count()).toBe(0);
    await approver.locator('#wfl-comment').fill('价格合理');
    // A quotation comparison attached to the approval, kept with its history line.
    const attach = approver.getByTestId('wfl-actions').getByTestId('attachment');
    await attach.locator('input[type="file"]').setInputFiles({ name: 'price-check.txt', mimeType: 'text/plain', buffer: Buffer.from('three quotes compared') });
    await expect.poll(() => attach.textContent()).toContain('price-check.txt');
    await approver.getByTestId('wfl-act-Approved').click();
    await approver.getByTestId('wfl-readonly').waitFor();
    expect(await statusOf(po.poHeaderId)).toBe('APPROVED');
    await approver.getByRole('tab', { name: '审批历史' }).click();
    await expect.poll(() => approver.getByTestId('wfl-history').textContent()).toContain('价格合理');
    await expect.poll(() => approver.getByTestId('wfl-history').textContent()).toContain('price-check.txt');

    // Pushed to the buyer's tab, which was not reloaded.
    await expect.poll(() => orderPage(buyer).textContent(), { timeout: 15000 }).toContain('审批通过');
    await buyer.context().close();
    await approver.context().close();
  });

  it('an order over 100,000 goes to the director after the manager; the director rejects it', async () => {
    const { po, buyer, approver } = await submittedAndOpen(180_000);
    await decide(approver, 'Approved');
    expect(await statusOf(po.poHeaderId)).toBe('APPROVING');

    const director = await e.signIn('director', '/workplace');
    await openTask(director, po);
    await director.getByRole('tab', { name: '流程图' }).click();
    // The diagram marks the node waiting now.
    await director.locator('.djs-element.hwfl-current[data-element-id="director"]').waitFor({ timeout: 20000 });
    await director.locator('#wfl-comment').fill('超预算');
    await director.getByTestId('wfl-act-Rejected').click();
    await director.getByTestId('wfl-readonly').waitFor();
    expect(await statusOf(po.poHeaderId)).toBe('REJECTED');
    await expect.poll(() => orderPage(buyer).textContent(), { timeout: 15000 }).toContain('审批拒绝');
    for (const p of [buyer, approver, director]) await p.context().close();
  });

  it('the approver delegates to the director; the buyer recalls another order from Started by me', async () => {
    const { po, buyer, approver } = await submittedAndOpen(6_000);
    await pickPerson(approver, 'director');
    await approver.getByTestId('wfl-act-DELEGATE').click();
    await approver.getByTestId('wfl-readonly').waitFor();
    const task = (await e.ctx.db.query<{ assignee: string }>("select u.login_name as assignee from hwfl_task t join iam_user u on u.id = t.assignee_id join hwfl_process_instance i on i.instance_id = t.instance_id where i.record_id = $1 and t.status_code = 'PENDING'", [po.poHeaderId])).rows;
    expect(task).toEqual([{ assignee: 'director' }]);

    const other = await newOrder(1_500);
    await submitInBrowser(buyer, other);
    await buyer.goto(`${e.baseUrl}/hwfl/workflow/start-by-task/list`);
    const list = buyer.locator('[data-screen="/hwfl/workflow/start-by-task/list"]');
    await list.locator('[role="gridcell"] a', { hasText: String(other.displayPoNum) }).first().click();
    await buyer.getByTestId('wfl-recall').click();
    await expect.poll(() => statusOf(other.poHeaderId)).toBe('NEW');
    await expect.poll(() => buyer.getByTestId('wfl-instance').getAttribute('data-status')).toBe('ENDED');
    await buyer.context().close();
    await approver.context().close();
  });

  it('the approver adds the director as a second approver: the order waits for both', async () => {
    const { po, buyer, approver } = await submittedAndOpen(9_000);
    await pickPerson(approver, 'director');
    await approver.getByTestId('wfl-act-ADD_SIGN').click();
    // The approver's own task stays open; they approve, and the order still waits for the director.
    await expect.poll(async () => (await e.ctx.db.query("select 1 from hwfl_task t join iam_user u on u.id = t.assignee_id join hwfl_process_instance i on i.instance_id = t.instance_id where i.record_id = $1 and u.login_name = 'director' and t.status_code = 'PENDING'", [po.poHeaderId])).rows.length).toBe(1);
    await decide(approver, 'Approved');
    expect(await statusOf(po.poHeaderId)).toBe('APPROVING');
    const director = await e.signIn('director', '/workplace');
    await openTask(director, po);
    await decide(director, 'Approved');
    await expect.poll(() => statusOf(po.poHeaderId)).toBe('APPROVED');
    await expect.poll(() => orderPage(buyer).textContent(), { timeout: 15000 }).toContain('审批通过');
    for (const p of [buyer, approver, director]) await p.context().close();
  });

  it('the administrator jumps an instance back to the manager from the monitor', async () => {
    const po = await newOrder(300_000);
    const buyer = await e.signIn('buyer', '/workplace');
    await submitInBrowser(buyer, po);
    await buyer.context().close();
    const token = await e.token('approver');
    const task = (await e.ctx.db.query<{ id: number; inst: number }>("select t.task_id::float8 as id, t.instance_id::float8 as inst from hwfl_task t join hwfl_process_instance i on i.instance_id = t.instance_id where i.record_id = $1 and t.status_code = 'PENDING'", [po.poHeaderId])).rows[0]!;
    await e.app.inject({ method: 'POST', url: `/hwfl/v1/1/runtime/tasks/${task.id}`, payload: { action: 'Approved' }, headers: { authorization: `bearer ${token}` } });

    const admin = await e.adminIn(1, `/hwfl/workflow/monitor/detail/${task.inst}`);
    await admin.getByTestId('wfl-jump-target').click();
    await admin.locator('.ant-select-item-option', { hasText: 'Purchasing manager' }).click();
    await admin.getByTestId('wfl-jump').click();
    await expect
      .poll(async () => (await e.ctx.db.query<{ n: string }>("select string_agg(t.name, ',') as n from hwfl_task t where t.instance_id = $1 and t.status_code = 'PENDING'", [task.inst])).rows[0]!.n)
      .toBe('Purchasing manager');
    await admin.getByRole('tab', { name: '审批历史' }).click();
    await expect.poll(() => admin.getByTestId('wfl-history').locator('[data-action="JUMP"]').count()).toBe(1);
    await admin.context().close();
  });
});
