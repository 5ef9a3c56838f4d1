import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '../../server/start-server.ts';
import { type E2E, startE2E } from './browser.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

describe('Content-Security-Policy', () => {
  it('serves the app under a policy without inline scripts, and the app signs in, renders styled and reports no violation', async () => {
    const html = await e.app.inject({ url: '/sodr/send-order/list' });
    const policy = String(html.headers['content-security-policy']);
    // Scripts from this server only; 'unsafe-eval' for the browser's form validation (ajv), until
    // its validators are compiled at build time. Never inline scripts.
    expect(policy).toMatch(/script-src 'self' 'unsafe-eval'(;|$)/);
    expect(/script-src[^;]*unsafe-inline/.test(policy)).toBe(false);
    expect(policy).toContain("object-src 'none'");
    // No script in the page without a src: the policy would block it.
    expect(html.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect((await e.app.inject({ url: '/oauth/oauth/authorize?response_type=token&client_id=c&redirect_uri=/' })).headers['content-security-policy']).toBe(policy);
    expect((await e.app.inject({ url: '/health' })).headers['content-security-policy']).toContain("default-src 'none'");

    const context = await e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    // Installed by the browser itself, before any page script, so it sees every violation.
    await context.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __csp: string[] }).__csp = []);
      document.addEventListener('securitypolicyviolation', (v) => seen.push(`${v.violatedDirective} ${v.blockedURI}`));
    });
    const page = await context.newPage();
    await page.goto(`${e.baseUrl}/sodr/send-order/list`);
    await page.fill('input[name="username"]', 'buyer');
    await page.fill('input[name="password"]', DEFAULT_DEMO_PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForSelector('[data-testid="workspace-tabs"]');
    const screen = page.locator('[data-screen="/sodr/send-order/list"]');
    await screen.locator('[role="row"][data-row-key]').first().waitFor();
    // antd's run-time styles applied: a primary button is painted in the theme colour.
    const primary = screen.locator('.ant-btn-primary').first();
    await primary.waitFor();
    expect(await primary.evaluate((b) => getComputedStyle(b).backgroundColor)).not.toMatch(/^rgba\(0, 0, 0, 0\)$|^transparent$/);
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    await context.close();
  });
});
