import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

/**
 * Orders in the browser (issue 19): what the status lets change is editable, the rest is shown
 * read-only from the same declaration the server enforces.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const firstOrder = async (status: string) =>
  (await e.ctx.db.query<{ id: number; num: string }>('select po_header_id::float8 as id, display_po_num as num from sodr_po_header where tenant_id = 1 and status_code = $1 order by po_header_id limit 1', [status])).rows[0]!;

describe('the order form follows the status', () => {
  it('shows an approved order read-only but for its remark, and a draft editable', async () => {
    const approved = await firstOrder('APPROVED');
    const page = await e.signIn('buyer', `/sodr/send-order/detail/${approved.id}`);
    const form = page.locator('[data-screen="/sodr/send-order/detail/:id"]:visible');
    await expect.poll(() => form.locator('#companyName, [id$="companyName"]').first().isVisible()).toBe(true);
    expect(await form.locator('input[id$="companyName"]').isDisabled()).toBe(true);
    expect(await form.locator('input[id$="supplierName"]').isDisabled()).toBe(true);
    expect(await form.locator('textarea[id$="remark"]').isDisabled()).toBe(false);

    const draft = await firstOrder('NEW');
    await page.goto(`${e.baseUrl}/sodr/send-order/detail/${draft.id}`);
    const draftForm = page.locator('[data-screen="/sodr/send-order/detail/:id"]:visible');
    await expect.poll(() => draftForm.locator('input[id$="companyName"]').isDisabled()).toBe(false);
  });
});
