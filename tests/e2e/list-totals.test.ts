import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTIMATE_FROM } from '../../server/resources/list-total.ts';
import { addOrders } from '../../server/seed/order-seed.ts';
import { type E2E, startE2E } from './browser.ts';

/**
 * A list of tens of thousands of orders (issue 26): the rows come with the database's estimate,
 * shown as "about N", and the exact count replaces it when it arrives.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  await addOrders(e.ctx.db, ESTIMATE_FROM * 2, { tenantId: 1, lines: 0 });
}, 300_000);
afterAll(() => e?.close());

describe('a large list', () => {
  it('shows its rows with "about N" and then the exact total', async () => {
    const page = await e.signIn('buyer', '/hzero/workplace');
    // The count is held back until the rows and the estimate have been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    const counts: number[] = [];
    await page.route(/\/po-headers\?.*total=only/, async (route) => {
      await held;
      const r = await route.fetch();
      counts.push(Number((await r.json()).totalElements));
      await route.fulfill({ response: r });
    });
    await page.goto(`${e.baseUrl}/sodr/send-order/list`);
    const list = page.locator('[data-screen="/sodr/send-order/list"]:visible');
    await list.locator('[role="row"][data-row-key]').first().waitFor();
    const total = list.locator('.ant-pagination-total-text');
    await expect.poll(() => total.textContent()).toMatch(/^约 \d+ 条（统计中…）$/);
    const estimate = Number(/\d+/.exec((await total.textContent())!)![0]);
    expect(estimate).toBeGreaterThanOrEqual(ESTIMATE_FROM);

    release();
    await expect.poll(() => counts.length).toBe(1);
    expect(counts[0]).toBeGreaterThanOrEqual(ESTIMATE_FROM * 2);
    await expect.poll(() => total.textContent()).toBe(`共 ${counts[0]} 条`);
    // The pager reaches the last page of the exact count.
    expect(Number(await list.locator('.ant-pagination-item').last().getAttribute('title'))).toBe(Math.ceil(counts[0]! / 10));
    await page.context().close();
  }, 180_000);
});
