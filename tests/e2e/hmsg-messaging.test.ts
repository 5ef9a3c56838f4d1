import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

/** The bell's number (0 when the badge shows none). */
async function badge(page: Page): Promise<number> {
  const sup = page.getByTestId('message-badge').locator('sup');
  if ((await sup.count()) === 0) return 0;
  return Number((await sup.first().getAttribute('title')) ?? 0);
}

describe('send configuration → test message → the receiver’s bell, inbox and detail', () => {
  it('admin sends a rendered test message to buyer; buyer’s badge rises without reload and falls when the message is opened', async () => {
    // A seeded send configuration of the demo tenant whose template is enabled and whose receivers are named users.
    const cfg = (
      await e.ctx.db.query<{ id: number; messageCode: string }>(
        `select t.temp_server_id::float8 as id, t.message_code as "messageCode" from hmsg_template_server t
           join hmsg_template m on m.template_code = t.template_code and m.tenant_id = t.tenant_id and m.enabled_flag = 1
           join hmsg_receiver_type r on r.type_code = t.receiver_type_code and r.tenant_id = t.tenant_id and r.type_mode_code = 'USER'
          where t.tenant_id = 1 and t.enabled_flag = 1 order by t.temp_server_id limit 1`,
      )
    ).rows[0]!;

    const buyer = await e.signIn('buyer', '/workplace');
    await expect.poll(() => badge(buyer), { timeout: 10000 }).toBeGreaterThan(0);
    const before = await badge(buyer);

    const admin = await e.signIn('admin', `/hmsg/send-config/detail/${cfg.id}`);
    const detail = admin.locator('[data-screen="/hmsg/send-config/detail/:id"]');
    await expect.poll(() => detail.locator('#field-messageCode').inputValue()).toBe(cfg.messageCode);
    // Values typed into the form (not saved) are what the test send uses.
    await detail.locator('#field-testReceivers').fill('buyer');
    const docNum = `PO-E2E-${Date.now() % 100000}`;
    await detail.locator('#field-testArgs').fill(JSON.stringify({ companyName: 'E2E 演示制造', docNum, userName: 'Bella', date: '2026-03-15' }));
    await detail.locator('[data-testid="detail-actions"] button[data-action="request"]').click();

    // Pushed over the websocket: buyer's page is not reloaded.
    await expect.poll(() => badge(buyer), { timeout: 15000 }).toBe(before + 1);

    // The bell's list offers the new message; opening it marks it read and the count falls.
    await buyer.getByTestId('message-badge').locator('button').click();
    const item = buyer.locator('.ant-popover .ant-list-item', { hasText: docNum });
    await item.first().waitFor({ timeout: 10000 });
    await item.first().click();
    await buyer.waitForURL(/\/hmsg\/user-message\/detail\/\d+$/);
    const msg = buyer.locator('[data-screen="/hmsg/user-message/detail/:messageId"]');
    await expect.poll(() => msg.locator('#field-subject').inputValue().catch(() => msg.textContent())).toContain(docNum);
    expect(await msg.textContent()).not.toContain('${');
    await expect.poll(() => badge(buyer), { timeout: 15000 }).toBe(before);

    // The inbox lists it as read.
    await buyer.goto(`${e.baseUrl}/hmsg/user-message/list`);
    const list = buyer.locator('[data-screen="/hmsg/user-message/list"]');
    const row = list.locator('[role="row"][data-row-key]', { hasText: docNum });
    await row.first().waitFor({ timeout: 10000 });
    expect(await badge(buyer)).toBe(before);

    // The send is recorded in the message query.
    await admin.goto(`${e.baseUrl}/hmsg/message-query`);
    const sent = admin.locator('[data-screen="/hmsg/message-query"] [role="row"][data-row-key]', { hasText: docNum });
    await sent.first().waitFor({ timeout: 10000 });
    expect(await sent.first().textContent()).toContain('buyer');

    await admin.context().close();
    await buyer.context().close();
  });

  it('opening a message from the inbox list marks it read and lowers the count', async () => {
    const buyer = await e.signIn('buyer', '/hmsg/user-message/list');
    await expect.poll(() => badge(buyer), { timeout: 10000 }).toBeGreaterThan(0);
    const before = await badge(buyer);
    const list = buyer.locator('[data-screen="/hmsg/user-message/list"]');
    await list.locator('[role="row"][data-row-key]').first().waitFor();
    const unread = (await buyer.evaluate(async () => {
      const token = localStorage.getItem('access_token');
      const r = await fetch('/hmsg/v1/1/messages/user/preview?readFlag=0&previewMessageCount=1', { headers: { authorization: `bearer ${token}` } });
      return (await r.json()) as Array<{ userMessageId: number; subject: string }>;
    }))[0]!;
    await list.locator(`[role="row"][data-row-key="${unread.userMessageId}"] a`).first().click();
    await buyer.waitForURL(new RegExp(`/hmsg/user-message/detail/${unread.userMessageId}$`));
    await expect.poll(() => badge(buyer), { timeout: 15000 }).toBe(before - 1);
    await buyer.context().close();
  });
});
