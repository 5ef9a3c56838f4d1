import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Print layouts of reports (issue 25): whoever may run a report lists its enabled HTML layouts in
 * their language and reads one's markup as text; nobody else does, and a layout of another report,
 * another tenant or a disabled one is not served.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 240_000);
afterAll(() => s?.close());

const reportId = async (code: string, tenant = 1) => Number((await s.ctx.db.query<{ id: number }>('select report_id::float8 as id from hrpt_report where report_code = $1 and tenant_id = $2', [code, tenant])).rows[0]!.id);
const get = (as: string, url: string) => s.call({ as, url });

describe('print layouts of a report', () => {
  it('lists the layouts of the caller language and serves the markup as text', async () => {
    const id = await reportId('RPT_AMOUNT');
    const r = await get('buyer', `/hrpt/v1/1/reports/${id}/print-templates`);
    expect(r.statusCode, r.body).toBe(200);
    const list = r.json() as Array<{ templateId: number; templateCode: string; lang: string }>;
    // The demo buyer reads Chinese: the Chinese layout only.
    expect(list.map((t) => [t.templateCode, t.lang])).toEqual([['TPL_AMOUNT_PRINT_ZH', 'zh_CN']]);
    const markup = await get('buyer', `/hrpt/v1/1/reports/${id}/print-templates/${list[0]!.templateId}`);
    expect(markup.statusCode).toBe(200);
    expect(markup.headers['content-type']).toMatch(/^text\/plain/);
    expect(markup.body).toContain('{{#rows}}');
    expect(markup.body).toContain('打印人');
  });

  it('refuses a caller the report is not granted to, and a layout that is not this report’s, enabled, or in this tenant', async () => {
    const id = await reportId('RPT_AMOUNT');
    const zh = (await s.ctx.db.query<{ id: number }>("select template_id::float8 as id from hrpt_template where template_code = 'TPL_AMOUNT_PRINT_ZH' and tenant_id = 1")).rows[0]!.id;
    expect((await get('supplier', `/hrpt/v1/1/reports/${id}/print-templates`)).statusCode).toBe(403);
    expect((await get('supplier', `/hrpt/v1/1/reports/${id}/print-templates/${zh}`)).statusCode).toBe(403);
    // Another report of the same tenant: not its layout.
    expect((await get('buyer', `/hrpt/v1/1/reports/${await reportId('RPT_AGENT')}/print-templates/${zh}`)).statusCode).toBe(404);
    // Tenant 2's layout through tenant 1's report.
    const other = (await s.ctx.db.query<{ id: number }>("select template_id::float8 as id from hrpt_template where template_code = 'TPL_AMOUNT_PRINT_ZH' and tenant_id = 2")).rows[0]!.id;
    expect((await get('buyer', `/hrpt/v1/1/reports/${id}/print-templates/${other}`)).statusCode).toBe(404);
    await s.ctx.db.query('update hrpt_template set enabled_flag = 0 where template_id = $1', [zh]);
    try {
      expect((await get('buyer', `/hrpt/v1/1/reports/${id}/print-templates`)).json()).toEqual([]);
      expect((await get('buyer', `/hrpt/v1/1/reports/${id}/print-templates/${zh}`)).statusCode).toBe(404);
    } finally {
      await s.ctx.db.query('update hrpt_template set enabled_flag = 1 where template_id = $1', [zh]);
    }
  });
});
