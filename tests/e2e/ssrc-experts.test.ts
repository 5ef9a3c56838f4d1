import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';
import { choose } from './flow-kit.ts';

/**
 * Experts and score templates in the browser, each person in their own browser context against
 * one server: the buyer files an expert requisition for the `expert` account and submits it; the
 * approver approves it, which writes the expert record; `expert` signs in, sees the record on their
 * own profile and changes their phone. The buyer then builds a score template whose indicators
 * weigh 100 and releases it.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const STAMP = Date.now();
const UNIT = `E2E Institute ${STAMP}`;
const visible = (page: Page, route: string) => page.locator(`[data-screen="${route}"]:visible`);
const action = (page: Page, name: RegExp) => page.getByTestId('detail-actions').getByRole('button', { name });
const okConfirm = (page: Page) => page.locator('.ant-modal-confirm .ant-btn-primary').click();

describe('an expert from requisition to their own profile', () => {
  it('filed by the buyer, approved by the approver, then kept by the expert', async () => {
    const db = e.ctx.db;
    const req = async () => (await db.query<{ id: number; status: string; expertId: number | null }>('select expert_req_id::float8 as id, expert_req_status as status, expert_id::float8 as "expertId" from ssrc_expert_req where work_unit = $1', [UNIT])).rows[0];
    const record = async () =>
      (await db.query<{ unit: string; level: string; phone: string; reqId: number }>("select e.work_unit as unit, e.expert_level as level, e.mobilephone as phone, e.expert_req_id::float8 as \"reqId\" from ssrc_expert e join iam_user u on u.id = e.user_id where u.login_name = 'expert'")).rows[0];

    // The buyer files the requisition for the `expert` account …
    const buyer = await e.signIn('buyer', '/ssrc/expert-requisition/create');
    const form = visible(buyer, '/ssrc/expert-requisition/create');
    await form.locator('#field-expertName').waitFor();
    await form.locator('#field-expertName').fill('Eva Expert');
    await choose(buyer, form, 'expertLevel', '中级');
    await choose(buyer, form, 'expertCategory', '技术专家');
    await form.locator('#field-workUnit').fill(UNIT);
    await form.locator('#field-mobilephone').fill('13911112222');
    await form.locator('#field-mail').fill('expert@example.com');
    await form.locator('#field-loginName').fill('expert');
    await form.getByTestId('submit-button').click();
    await expect.poll(async () => (await req())?.status).toBe('NEW');
    const id = (await req())!.id;

    // … and submits it from its page.
    const detail = visible(buyer, '/ssrc/expert-requisition/detail/:expertReqId');
    await detail.waitFor();
    await action(buyer, /^提\s*交$/).click();
    await okConfirm(buyer);
    await expect.poll(async () => (await req())?.status).toBe('SUBMITTED');

    // The approver finds it waiting and approves it with a comment.
    const approver = await e.signIn('approver', '/ssrc/expert-approve/list');
    await visible(approver, '/ssrc/expert-approve/list').locator(`[role="row"][data-row-key="${id}"]`).waitFor();
    await approver.goto(`${e.baseUrl}/ssrc/expert-approve/detail/${id}`);
    await visible(approver, '/ssrc/expert-approve/detail/:expertReqId').locator('#field-workUnit').waitFor();
    await action(approver, /审批通过/).click();
    const dialog = approver.getByTestId('transition-modal');
    await dialog.locator('#field-approveRemark').fill('Qualified for conveyor tenders');
    await dialog.getByTestId('record-form-save').click();
    await expect.poll(async () => (await req())?.status).toBe('APPROVED');

    // The approval wrote the expert record of that account.
    expect(await record()).toMatchObject({ unit: UNIT, level: 'INTERMEDIATE', reqId: id });
    expect((await req())!.expertId).not.toBeNull();

    // The expert signs in, sees it on their own profile, and changes their phone.
    const expert = await e.signIn('expert', '/ssrc/expert-personal');
    const mine = visible(expert, '/ssrc/expert-personal');
    await expect.poll(() => mine.locator('#field-workUnit').inputValue()).toBe(UNIT);
    await mine.locator('#field-mobilephone').fill('13999998888');
    await mine.getByTestId('save-button').click();
    await expect.poll(async () => (await record())?.phone).toBe('13999998888');
    expect((await record())?.level).toBe('INTERMEDIATE');

    // The portal's entry page greets them as an expert and leads to the same profile.
    await expert.goto(`${e.baseUrl}/ssrc/sims-login`);
    const portal = expert.getByTestId('expert-portal');
    await portal.getByTestId('expert-portal-profile').waitFor();
    expect(await portal.innerText()).toContain('Eva Expert');
  });
});

describe('a score template', () => {
  it('is created with indicators weighing 100 and released, then read-only', async () => {
    const db = e.ctx.db;
    const code = `E2E-${String(STAMP).slice(-8)}`;
    const tpl = async () => (await db.query<{ id: number; status: string; total: string }>('select template_id::float8 as id, template_status as status, total_weight::text as total from ssrc_score_template where template_code = $1', [code])).rows[0];

    const buyer = await e.signIn('buyer', '/ssrc/score/list');
    const list = visible(buyer, '/ssrc/score/list');
    await list.locator('[role="row"][data-row-key]').first().waitFor();
    await list.getByRole('button', { name: /^新\s*建$/ }).click();
    const form = buyer.getByTestId('action-modal');
    await form.locator('#field-templateCode').fill(code);
    await form.locator('#field-templateName').fill('E2E goods evaluation');
    await form.getByTestId('submit-button').click();
    await expect.poll(async () => (await tpl())?.status).toBe('NEW');

    const detail = visible(buyer, '/ssrc/score/detail/:templateId');
    await detail.waitFor();
    const lines = detail.getByTestId('inline-lines');
    for (const [n, [icode, name, weight]] of [['QUALITY', 'Quality', '70'], ['DELIVERY', 'Delivery', '30']].entries()) {
      await lines.locator('[data-action="add-line"]').click();
      const row = `#line-new-${n + 1}`;
      await lines.locator(`${row}-indicateCode`).fill(icode!);
      await lines.locator(`${row}-indicateName`).fill(name!);
      await lines.locator(`${row}-weight`).fill(weight!);
    }
    await lines.locator('[data-action="save-lines"]').click();
    await expect.poll(async () => (await tpl())?.total).toBe('100.00');

    await action(buyer, /^发\s*布$/).click();
    await okConfirm(buyer);
    await expect.poll(async () => (await tpl())?.status).toBe('RELEASED');
    // Released: the page offers no release any more and the lines cannot be added to.
    await expect.poll(() => action(buyer, /^发\s*布$/).count()).toBe(0);
  });
});
