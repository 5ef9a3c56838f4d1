import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const active = '.ant-tabs-content-active';

describe('the dev pages of §2.1, for a site administrator', () => {
  it('/test/demo shows every registered widget and cell live, and runs actions dry', async () => {
    const page = await e.signIn('admin', '/test/demo');
    const demo = page.locator(`${active} [data-testid="dev-demo"]`);
    await demo.waitFor();
    // The registry's 18 widgets and 11 cells, each with its live sample.
    await expect.poll(() => demo.locator('[data-widget]').count()).toBeGreaterThanOrEqual(18);
    await demo.locator('[data-widget="region"] .ant-cascader, [data-widget="region"] .ant-select').first().waitFor();
    expect(await demo.getByTestId('dev-cells').locator('tbody tr').count()).toBeGreaterThanOrEqual(11);
    // A live example of the list kind, with rows from the server.
    await demo.getByTestId('dev-kind-example').locator('[role="row"][data-row-key]').first().waitFor();
    // Actions run for real on the sample record; their navigation is recorded, not made.
    await demo.getByTestId('dev-actions').locator('[data-action="navigate"]').click();
    await expect.poll(() => demo.getByTestId('dev-calls').innerText()).toContain('navigate /hpfm/bank');
    expect(new URL(page.url()).pathname).toBe('/test/demo');
    await page.context().close();
  });

  it('/test/test checks a pasted schema on the server (problems name their path) and renders a valid one', async () => {
    const page = await e.signIn('admin', '/test/test');
    const pg = page.locator(`${active} [data-testid="dev-playground"]`);
    await pg.waitFor();
    await pg.getByTestId('dev-schema').fill(JSON.stringify({ version: 1, kind: 'list', title: 'x', entity: 'bank', table: { columns: ['bankCode', 'noSuchField'] } }));
    await pg.getByTestId('dev-check').click();
    await expect.poll(() => pg.getByTestId('dev-problems').innerText()).toContain('/table/columns/1');
    // The sample it opens with is valid: rendered by the real renderer over the server's banks.
    await page.reload();
    await pg.waitFor();
    await pg.getByTestId('dev-render').click();
    await pg.getByTestId('dev-valid').waitFor();
    await pg.getByTestId('dev-preview').locator('[role="row"][data-row-key]').first().waitFor();
    await page.context().close();
  });

  it('/test/bank picks a bank from the LOV over the server’s banks', async () => {
    const page = await e.signIn('admin', '/test/bank');
    const bank = page.locator(`${active} [data-testid="dev-bank"]`);
    await bank.waitFor();
    await bank.locator('#dev-lov-bankId').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.locator('.ant-table, [role="grid"]') }).last();
    const firstRow = dialog.locator('.ant-table-row, [role="row"][data-row-key]').first();
    await firstRow.waitFor();
    await firstRow.click();
    await expect.poll(() => bank.getByTestId('dev-bank-record').innerText()).toMatch(/"bankId": \d+/);
    await page.context().close();
  });

  it('/test/error shows the error boundary’s panel, the app still working around it', async () => {
    const page = await e.signIn('admin', '/test/error');
    const panel = page.locator(`${active} [data-testid="schema-error"]`);
    await panel.waitFor();
    expect(await panel.innerText()).toContain('/test/error');
    await page.getByTestId('workspace-tabs').getByText(/工作台|Workplace/).first().click();
    await page.locator('[data-tab-page="/workplace"]').waitFor();
    await page.context().close();
  });
});

describe('the dev pages for anyone else', () => {
  it('show the no-permission state, and the server refuses their schema check', async () => {
    const page = await e.signIn('buyer', '/workplace');
    await page.goto(`${e.baseUrl}/test/test`);
    // Either the shell refuses the route or the page shows its no-permission state; never the playground.
    await page.locator(`${active} [data-testid="state-forbidden"], [data-testid^="exception-403"]`).first().waitFor();
    expect(await page.getByTestId('dev-playground').count()).toBe(0);
    const token = await e.token('buyer');
    const r = await e.app.inject({ method: 'POST', url: '/hpfm/v1/ui-pages/check', headers: { authorization: `bearer ${token}` }, payload: { pageCode: 'x', content: '{}' } });
    expect(r.statusCode).toBe(403);
    await page.context().close();
  });
});
