import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

describe('a list whose data call fails', () => {
  it('shows a server error (500) with a Retry that loads the rows, and a refusal (403) as missing permission', async () => {
    const page = await e.signIn('admin', '/workplace');
    const roles = '**/iam/hzero/v1/roles/paging*';
    // The list's call answers 500 once, as a server in trouble would.
    await page.route(roles, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ failed: true, message: 'Database unavailable' }) }), { times: 1 });
    await page.goto(`${e.baseUrl}/hiam/role`);
    const list = page.locator('.ant-tabs-content-active [data-screen="/hiam/role"]');
    const failed = list.getByTestId('state-failed');
    await failed.waitFor();
    expect(await failed.innerText()).toMatch(/数据加载失败|The data could not be loaded/);
    expect(await failed.innerText()).toContain('Database unavailable');
    await failed.getByTestId('state-retry').click();
    await list.locator('[role="row"][data-row-key]').first().waitFor();
    expect(await list.getByTestId('state-failed').count()).toBe(0);

    // Refused: the list says the person lacks the permission, and offers no Retry.
    await page.route(roles, (route) => route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ failed: true, message: 'Forbidden' }) }), { times: 1 });
    await list.getByTestId('search-button').click();
    const forbidden = list.getByTestId('state-forbidden');
    await forbidden.waitFor();
    expect(await forbidden.innerText()).toMatch(/您没有查看此内容的权限|You do not have permission/);
    expect(await list.locator('[role="row"][data-row-key]').count()).toBe(0);
    expect(await forbidden.getByTestId('state-retry').count()).toBe(0);
    await page.context().close();
  });

  it('a detail page refused its record says so instead of an empty form', async () => {
    const page = await e.signIn('admin', '/workplace');
    await page.route(/\/iam\/hzero\/v1\/roles\/\d+(\?|$)/, (route) => route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ failed: true, message: 'Forbidden' }) }));
    await page.goto(`${e.baseUrl}/hiam/role/detail/1`);
    await page.locator('.ant-tabs-content-active').getByTestId('state-forbidden').waitFor();
    expect(await page.locator('.ant-tabs-content-active #field-name').count()).toBe(0);
    await page.context().close();
  });
});
