import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { projectRoot } from '../../server/paths.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '../../server/start-server.ts';
import { type E2E, person, startE2E } from './browser.ts';
import { searchList } from './flow-kit.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

interface Watched {
  page: Page;
  /** Every violation the browser reported so far: DOM events and console errors. */
  violations(): Promise<string[]>;
}

/**
 * Signs `user` in through the real login page in a context that records every CSP violation
 * from the first document on (the listener is installed by the browser before any page script),
 * optionally working inside a tenant as the platform administrator does, then opens `path`.
 */
async function watched(user: string, path: string, tenantId?: number): Promise<Watched> {
  const context = await person(e.browser);
  await context.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __csp: string[] }).__csp = []);
    document.addEventListener('securitypolicyviolation', (v) => seen.push(`${location.pathname}: ${v.violatedDirective} ${v.blockedURI}`));
  });
  const page = await context.newPage();
  const logged: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|unsafe-eval|EvalError/i.test(m.text())) logged.push(m.text());
  });
  page.on('pageerror', (err) => logged.push(`page error: ${err.message}`));
  await page.goto(`${e.baseUrl}${path}`);
  await page.fill('input[name="username"]', user);
  await page.fill('input[name="password"]', DEFAULT_DEMO_PASSWORD);
  await page.click('button[type="submit"]');
  await page.waitForSelector('[data-testid="workspace-tabs"]');
  if (tenantId !== undefined) {
    const token = await page.evaluate(() => localStorage.getItem('access_token') ?? '');
    const r = await e.app.inject({ method: 'PUT', url: `/iam/v1/users/tenant-id?tenantId=${tenantId}`, headers: { authorization: `bearer ${token}` } });
    expect(r.statusCode).toBe(200);
    await page.goto(`${e.baseUrl}${path}`);
  }
  return {
    page,
    violations: async () => [...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)), ...logged],
  };
}

const one = async <T,>(sql: string, params: unknown[] = []) => (await e.ctx.db.query<T>(sql, params)).rows[0]!;

describe('Content-Security-Policy', () => {
  it('serves the app under a policy without eval and without inline scripts', async () => {
    const html = await e.app.inject({ url: '/sodr/send-order/list' });
    const policy = String(html.headers['content-security-policy']);
    const scripts = /(?:^|;\s*)script-src ([^;]*)/.exec(policy)?.[1];
    expect(scripts).toBe("'self'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toContain("object-src 'none'");
    // No script in the page without a src: the policy would block it.
    expect(html.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect((await e.app.inject({ url: '/oauth/oauth/authorize?response_type=token&client_id=c&redirect_uri=/' })).headers['content-security-policy']).toBe(policy);
    expect((await e.app.inject({ url: '/health' })).headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('no script of the built app calls eval or the Function constructor (a library that did would fail under the policy on the screen that calls it)', () => {
    const assets = join(projectRoot, 'dist', 'assets');
    const found: string[] = [];
    for (const f of readdirSync(assets).filter((n) => n.endsWith('.js'))) {
      const code = readFileSync(join(assets, f), 'utf8');
      // `Function(` / `eval(` not preceded by a name character or a dot (isFunction(), x.eval() are fine).
      for (const m of code.matchAll(/(?<![\w$.])(?:new\s+)?(?:Function|eval)\s*\(/g)) found.push(`${f}: …${code.slice(Math.max(0, m.index - 40), m.index + 40)}…`);
    }
    expect(found).toEqual([]);
  });

  it('a list renders styled with no violation', async () => {
    const { page, violations } = await watched('buyer', '/sodr/send-order/list');
    const screen = page.locator('[data-screen="/sodr/send-order/list"]');
    await screen.locator('[role="row"][data-row-key]').first().waitFor();
    // antd's run-time styles applied: a primary button is painted in the theme colour.
    const primary = screen.locator('.ant-btn-primary').first();
    await primary.waitFor();
    expect(await primary.evaluate((b) => getComputedStyle(b).backgroundColor)).not.toMatch(/^rgba\(0, 0, 0, 0\)$|^transparent$/);
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it('a form shows a field-named validation error, then saves once fixed, with no violation', async () => {
    const { page, violations } = await watched('buyer', '/smdm/payment-terms');
    const list = page.locator('[data-screen="/smdm/payment-terms"]');
    await list.locator('[role="row"][data-row-key]').first().waitFor();
    await list.getByTestId('toolbar').locator('[data-action="modal"]').click();
    const dialog = page.getByTestId('action-modal');
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    await dialog.locator('#field-termCode').fill('csp term');
    await dialog.locator('#field-termName').fill('CSP 付款条件');
    await dialog.locator('#field-dueDays').fill('45');
    await dialog.getByTestId('submit-button').click();
    // The browser's own check (the pattern of the entity field), named by the field's label.
    await expect.poll(() => dialog.locator('[data-field="termCode"]').textContent()).toMatch(/付款条件代码格式不正确|Term code has an invalid format/);
    expect(posts).toEqual([]);
    expect((await one<{ n: number }>("select count(*)::int as n from smdm_payment_term where term_name = 'CSP 付款条件'")).n).toBe(0);

    await dialog.locator('#field-termCode').fill('CSP-TERM-1');
    await dialog.getByTestId('submit-button').click();
    await list.locator('[role="row"][data-row-key]', { hasText: 'CSP-TERM-1' }).waitFor();
    expect(await one<{ code: string; days: number }>("select term_code as code, due_days::int as days from smdm_payment_term where term_name = 'CSP 付款条件'")).toEqual({ code: 'CSP-TERM-1', days: 45 });
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it('an order detail with its lines and a notice with rich text open with no violation', async () => {
    const order = await one<{ id: number }>("select po_header_id::float8 as id from sodr_po_header h where tenant_id = 1 and status_code = 'NEW' and exists (select 1 from sodr_po_line l where l.po_header_id = h.po_header_id) order by po_header_id limit 1");
    const { page, violations } = await watched('buyer', `/sodr/send-order/detail/${order.id}`);
    const detail = page.locator('[data-screen="/sodr/send-order/detail/:id"]:visible');
    await detail.locator('[role="gridcell"]').first().waitFor();
    expect(await violations()).toEqual([]);
    await page.context().close();

    const admin = await watched('admin', '/hptl/notices/list');
    const notices = admin.page.locator('[data-screen="/hptl/notices/list"]');
    await notices.locator('[role="row"][data-row-key]').first().waitFor();
    await admin.page.locator('[data-testid="toolbar"] button[data-action="navigate"]').first().click();
    await admin.page.waitForURL(/\/hptl\/notices\/create$/);
    const create = admin.page.locator('[data-screen="/hptl/notices/create"]');
    await create.locator('#field-title').fill('CSP 公告');
    await create.locator('#field-content').fill('<p>正文 <b>加粗</b></p><img src=x onerror="window.__ran=1">');
    await create.getByTestId('submit-button').click();
    await admin.page.waitForURL(/\/hptl\/notices\/detail\/\d+$/);
    await admin.page.locator('[data-screen="/hptl/notices/detail/:noticeId"] #field-title').waitFor();
    expect(await admin.page.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
    expect(await admin.violations()).toEqual([]);
    await admin.page.context().close();
  });

  it('the workflow modeler (bpmn-js) and the schema editor (CodeMirror) run with no violation', async () => {
    const { page, violations } = await watched('admin', '/hwfl/setting/process-define/list', 1);
    const list = page.locator('[data-screen="/hwfl/setting/process-define/list"]');
    // More processes than a page holds are deployed: the order approval is searched for.
    await searchList(list, 'modelKey', 'SODR_PO_APPROVAL');
    await list.locator('[role="gridcell"] a', { hasText: 'SODR_PO_APPROVAL' }).first().click();
    const modeler = page.getByTestId('hwfl-modeler');
    await modeler.locator('.djs-element[data-element-id="director"]').waitFor({ timeout: 30000 });
    expect(await violations()).toEqual([]);

    await page.goto(`${e.baseUrl}/hpfm/ui/page/detail/SODR.SEND_ORDER.LIST`);
    await page.locator('[data-testid="ui-page-editor"][data-ready="1"] .cm-content').waitFor();
    await page.getByTestId('ui-page-preview').locator('[role="row"][data-row-key]').first().waitFor();
    expect(await violations()).toEqual([]);
    await page.context().close();
  });
});
