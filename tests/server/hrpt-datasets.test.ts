import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { freshDatabase } from './pg-database.ts';

/** On PGlite, or on a PostgreSQL database of its own when DATABASE_URL names a server. */
const adminUrl = process.env.DATABASE_URL;
let pgDb: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let s: TestServer;
beforeAll(async () => {
  pgDb = adminUrl ? await freshDatabase(adminUrl, 'hrpt_test') : undefined;
  s = await startTestServer(pgDb ? { databaseUrl: pgDb.url } : {});
  // Tenant 2 holds a request for quotation whose number and title must never show in tenant 1.
  await s.ctx.db.query("insert into ssrc_rfx_header (tenant_id, rfx_num, rfx_title, rfx_status) values (2, 'SECRET-T2-NUM', 'SECRET-T2-TITLE', 'NEW')");
}, 240_000);
afterAll(async () => {
  await s?.close();
  await pgDb?.drop();
});

const preview = (sqlText: string, params: Record<string, unknown> = {}, paramDefs: unknown[] = [], as = 'sysadmin', tenant = 1) =>
  s.call({ as, method: 'POST', url: `/hrpt/v1/${tenant}/datasets/preview-sql`, payload: { sqlText, paramDefs: JSON.stringify(paramDefs), params } });

/** Every rfx number of a tenant, read directly. */
const rfxNums = async (tenant: number) => (await s.ctx.db.query<{ n: string }>('select rfx_num as n from ssrc_rfx_header where tenant_id = $1', [tenant])).rows.map((r) => r.n);

describe('data sets see their tenant only', () => {
  it('a plain select returns the caller tenant rows and columns', async () => {
    const r = await preview('select rfx_num, rfx_title from rfx_header order by rfx_num');
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.columns.map((c: { name: string }) => c.name)).toEqual(['rfx_num', 'rfx_title']);
    expect(body.rows.map((x: { rfx_num: string }) => x.rfx_num).sort()).toEqual((await rfxNums(1)).sort().slice(0, 100));
  });

  it('no typed SQL reaches another tenant or the base tables', async () => {
    const other = await rfxNums(2);
    expect(other.length).toBeGreaterThan(0);
    const attempts = [
      'select rfx_num from rfx_header union select rfx_num from ssrc_rfx_header',
      'select rfx_num from public.ssrc_rfx_header',
      'select rfx_num from "public"."ssrc_rfx_header"',
      'select (select max(rfx_num) from ssrc_rfx_header) as x',
      'with rfx_header as (select * from public.ssrc_rfx_header) select rfx_num from rfx_header',
      'with rfx_header as (select * from ssrc_rfx_header) select rfx_num from rfx_header',
      'select rfx_num from hrpt_ro.rfx_header',
      "select set_config('hrpt.tenant_id', '2', true), rfx_num from rfx_header",
      "select rfx_num from rfx_header where current_setting('hrpt.tenant_id') = '1'",
      "select rfx_num from rfx_header; set role postgres; select rfx_num from public.ssrc_rfx_header",
      'select 1; select rfx_num from public.ssrc_rfx_header',
      'set role postgres',
      "select pg_read_file('/etc/passwd')",
      "select pg_catalog.set_config('hrpt.tenant_id', '2', true)",
      'select rfx_num from rfx_header /* ; */ -- ; \n union select rfx_num from ssrc_rfx_header',
      "select rfx_num from rfx_header where cast(rfx_title as integer) = 1",
      "select * from pg_authid",
      "select query_to_xml('select * from public.ssrc_rfx_header', true, true, '')",
      "select $$x$$",
      'select rfx_num from rfx_header) as q union select rfx_num from public.ssrc_rfx_header --',
      "select rfx_num from rfx_header where rfx_num = E'\\'' union select rfx_num from public.ssrc_rfx_header --'",
    ];
    for (const sql of attempts) {
      const r = await preview(sql);
      const rows: Array<Record<string, unknown>> = r.statusCode === 200 ? r.json().rows : [];
      const seen = rows.flatMap((x) => Object.values(x)).map(String);
      expect(seen.filter((v) => other.includes(v)), sql).toEqual([]);
      // Nor in an error message (a failing cast of another tenant's value).
      expect(r.body, sql).not.toMatch(/SECRET-T2/);
      expect(r.statusCode, `${sql}: ${r.body}`).not.toBe(500);
      if (r.statusCode !== 200) expect([r.statusCode, r.json().field], sql).toEqual([400, 'sqlText']);
    }
  });

  it('cannot write: write statements are refused, naming sqlText', async () => {
    for (const sql of ["update rfx_header set rfx_title = 'x'", "delete from rfx_header", "insert into rfx_header (rfx_num) values ('x')", 'select * into t from rfx_header', 'select * from rfx_header for update', 'with x as (delete from rfx_header returning *) select * from x']) {
      const r = await preview(sql);
      expect([r.statusCode, r.json().field], sql).toEqual([400, 'sqlText']);
    }
    expect((await rfxNums(1)).length).toBeGreaterThan(0);
  });

  it('binds parameters: an injected value is a value, never SQL', async () => {
    const defs = [{ name: 'num', dataType: 'string' }];
    const one = (await rfxNums(1))[0]!;
    const hit = await preview('select rfx_num from rfx_header where rfx_num = :num', { num: one }, defs);
    expect(hit.json().rows).toEqual([{ rfx_num: one }]);
    const inj = await preview('select rfx_num from rfx_header where rfx_num = :num', { num: "x' or '1'='1" }, defs);
    expect(inj.statusCode).toBe(200);
    expect(inj.json().rows).toEqual([]);
    const typed = await preview('select rfx_num from rfx_header where rfx_header_id = :id', { id: '1 or 1=1' }, [{ name: 'id', dataType: 'integer' }]);
    expect([typed.statusCode, typed.json().field]).toEqual([400, 'id']);
    const undeclared = await preview('select rfx_num from rfx_header where rfx_num = :other', {}, defs);
    expect([undeclared.statusCode, undeclared.json().field]).toEqual([400, 'paramDefs']);
  });

  it('lets the platform administrator create a data set and a report in a named tenant', async () => {
    const ds = await s.call({ as: 'admin', method: 'POST', url: '/hrpt/v1/datasets', payload: { tenantId: 1, datasetCode: 'SITE_MADE', datasetName: 'x', sqlText: 'select rfx_num from rfx_header', paramDefs: '[]', enabledFlag: 1 } });
    expect(ds.statusCode, ds.body).toBe(200);
    expect(ds.json().tenantId).toBe(1);
    const rep = await s.call({ as: 'admin', method: 'POST', url: '/hrpt/v1/reports/designer', payload: { tenantId: 1, reportCode: 'SITE_MADE', reportName: 'x', datasetId: ds.json().datasetId, reportTypeCode: 'ST', roleCodes: 'PURCHASER' } });
    expect(rep.statusCode, rep.body).toBe(200);
    const wrong = await s.call({ as: 'admin', method: 'POST', url: '/hrpt/v1/reports/designer', payload: { tenantId: 2, reportCode: 'SITE_MADE_2', reportName: 'x', datasetId: ds.json().datasetId, reportTypeCode: 'ST' } });
    expect([wrong.statusCode, wrong.json().field]).toEqual([400, 'datasetId']);
  });

  it('refuses to save a data set whose SQL is not a single select', async () => {
    const bad = await s.call({ as: 'sysadmin', method: 'POST', url: '/hrpt/v1/1/datasets', payload: { datasetCode: 'BAD_ONE', datasetName: 'x', sqlText: 'select 1; drop table x' } });
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'sqlText']);
    const good = await s.call({ as: 'sysadmin', method: 'POST', url: '/hrpt/v1/1/datasets', payload: { datasetCode: 'GOOD_ONE', datasetName: 'x', sqlText: 'select rfx_num from rfx_header where rfx_num = :num', paramDefs: '[{"name": "num", "dataType": "string"}]' } });
    expect(good.statusCode, good.body).toBe(200);
    const row = good.json();
    const upd = await s.call({ as: 'sysadmin', method: 'PUT', url: `/hrpt/v1/1/datasets/${row.datasetId}`, payload: { ...row, sqlText: "select rfx_num from rfx_header union select pg_read_file('x')" } });
    expect([upd.statusCode, upd.json().field]).toEqual([400, 'sqlText']);
    const undeclared = await s.call({ as: 'sysadmin', method: 'POST', url: '/hrpt/v1/1/datasets', payload: { datasetCode: 'UNDECLARED', datasetName: 'x', sqlText: 'select rfx_num from rfx_header where rfx_num = :num', paramDefs: '[]' } });
    expect([undeclared.statusCode, undeclared.json().field]).toEqual([400, 'paramDefs']);
    // A supplier may not define data sets at all.
    const supplier = await s.call({ as: 'supplier', method: 'POST', url: '/hrpt/v1/1/datasets/preview-sql', payload: { sqlText: 'select 1' } });
    expect(supplier.statusCode).toBe(403);
  });
});

describe('reports', () => {
  const reportId = async (code: string, tenant = 1) => Number((await s.ctx.db.query<{ id: number }>('select report_id::float8 as id from hrpt_report where report_code = $1 and tenant_id = $2', [code, tenant])).rows[0]!.id);

  it('lists to a buyer the reports granted to the role; others are refused', async () => {
    const list = await s.call({ as: 'buyer', url: '/hrpt/v1/1/reports?size=100' });
    expect(list.statusCode, list.body).toBe(200);
    const codes = list.json().content.map((r: { reportCode: string }) => r.reportCode) as string[];
    expect(codes).toContain('RPT_AMOUNT');
    // Paged as lists are, and searched by a fragment of the code or of the name as the buyer reads it.
    const first = (await s.call({ as: 'buyer', url: '/hrpt/v1/1/reports?page=0&size=5' })).json();
    expect(first).toMatchObject({ totalElements: codes.length, totalPages: Math.ceil(codes.length / 5), numberOfElements: 5 });
    expect((await s.call({ as: 'buyer', url: '/hrpt/v1/1/reports?reportCode=amo' })).json().content.map((r: { reportCode: string }) => r.reportCode)).toEqual(['RPT_AMOUNT']);
    const byName = (await s.call({ as: 'buyer', url: `/hrpt/v1/1/reports?reportName=${encodeURIComponent('金额')}&size=100` })).json().content as Array<{ reportName: string }>;
    expect(byName.length).toBeGreaterThan(0);
    for (const r of byName) expect(r.reportName).toContain('金额');
    const id = await reportId('RPT_AMOUNT');
    const denied = await s.call({ as: 'supplier', method: 'POST', url: `/hrpt/v1/1/reports/${id}/data`, payload: { params: {} } });
    expect(denied.statusCode).toBe(403);
    await s.ctx.db.query("update hrpt_report set role_codes = 'SYS_ADMINISTRATOR' where report_id = $1", [id]);
    const buyerDenied = await s.call({ as: 'buyer', method: 'POST', url: `/hrpt/v1/1/reports/${id}/data`, payload: { params: {} } });
    expect(buyerDenied.statusCode).toBe(403);
    await s.ctx.db.query("update hrpt_report set role_codes = 'PURCHASER,APPROVER' where report_id = $1", [id]);
    // Another tenant's report is not found from this tenant.
    const foreign = await s.call({ as: 'buyer', method: 'POST', url: `/hrpt/v1/1/reports/${await reportId('RPT_AMOUNT', 2)}/data`, payload: { params: {} } });
    expect([403, 404]).toContain(foreign.statusCode);
  });

  it('every report-manage report runs with rows, and totals are exact decimals', async () => {
    const codes = (await s.ctx.db.query<{ c: string }>("select report_code as c from hrpt_report where tenant_id = 1 and report_code like 'RPT_%'")).rows.map((r) => r.c);
    expect(codes.length).toBe(16);
    // The site administrator reaches a tenant's report on the site path, in that report's tenant.
    const site = await s.call({ as: 'admin', method: 'POST', url: `/hrpt/v1/reports/${await reportId('RPT_AMOUNT')}/data`, payload: { params: {} } });
    expect(site.json().rows.length, site.body).toBeGreaterThan(0);
    for (const code of codes) {
      const r = await s.call({ as: 'buyer', method: 'POST', url: `/hrpt/v1/1/reports/${await reportId(code)}/data`, payload: { params: {} } });
      expect(r.statusCode, `${code}: ${r.body}`).toBe(200);
      expect(r.json().rows.length, code).toBeGreaterThan(0);
    }
    const amount = (await s.call({ as: 'buyer', method: 'POST', url: `/hrpt/v1/1/reports/${await reportId('RPT_AMOUNT')}/data`, payload: { params: {} } })).json();
    const direct = (await s.ctx.db.query<{ t: string }>('select coalesce(sum(amount), 0)::text as t from sodr_po_header where tenant_id = 1')).rows[0]!.t;
    expect(Number(amount.totals.amount)).toBe(Number(direct));
    expect(amount.totals.amount).toBe(direct.replace(/\.?0+$/, '') || '0');
  });

  it('sums 0.1 + 0.2 exactly', async () => {
    const r = await preview("select 0.1 as v union all select 0.2");
    expect(r.statusCode).toBe(200);
    const { totalsOf } = await import('../../server/modules/hrpt/run.ts');
    expect(totalsOf(r.json().rows, ['v'])).toEqual({ v: '0.3' });
  });

  it('exports the report as a workbook with a totals line', async () => {
    const id = await reportId('RPT_AMOUNT');
    const r = await s.call({ as: 'buyer', method: 'POST', url: `/hrpt/v1/1/reports/${id}/export`, payload: { params: {} } });
    expect(r.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBeGreaterThan(2);
  });

  it('runs a request in the background and keeps its workbook for the requester', async () => {
    const id = await reportId('RPT_AGENT');
    const q = await s.call({ as: 'buyer', method: 'POST', url: `/hrpt/v1/1/reports/${id}/concurrent-request`, payload: { params: {} } });
    expect(q.statusCode, q.body).toBe(200);
    const rid = q.json().requestId;
    let status = 'P';
    for (let i = 0; i < 50 && (status === 'P' || status === 'R'); i++) {
      await new Promise((res) => setTimeout(res, 100));
      status = (await s.call({ as: 'buyer', url: `/hrpt/v1/1/report-requests/${rid}` })).json().requestStatus;
    }
    expect(status).toBe('F');
    const file = await s.call({ as: 'buyer', url: `/hrpt/v1/1/report-requests/${rid}/file` });
    expect(file.statusCode).toBe(200);
    const other = await s.call({ as: 'sysadmin', url: `/hrpt/v1/1/report-requests/${rid}/file` });
    expect(other.statusCode).toBe(404);
  });
});

describe('a parameter declared with a value set', () => {
  const agentReport = async () => Number((await s.ctx.db.query<{ id: number }>("select report_id::float8 as id from hrpt_report where report_code = 'RPT_AGENT' and tenant_id = 1")).rows[0]!.id);
  const run = async (params: Record<string, unknown>) => s.call({ as: 'buyer', method: 'POST', url: `/hrpt/v1/1/reports/${await agentReport()}/data`, payload: { params } });

  it('narrows the report to one of its values, and refuses a value outside it naming the parameter', async () => {
    const status = (await s.ctx.db.query<{ s: string; n: number }>("select status_code as s, count(*)::int as n from sodr_po_header where tenant_id = 1 group by 1 order by 2 desc limit 1")).rows[0]!;
    const narrowed = await run({ statusCode: status.s });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    const counts = (narrowed.json().rows as Array<{ order_count: string }>).reduce((n, r) => n + Number(r.order_count), 0);
    expect(counts).toBe(status.n);
    const all = (await run({})).json().rows as Array<{ order_count: string }>;
    expect(all.reduce((n, r) => n + Number(r.order_count), 0)).toBeGreaterThan(status.n);

    const bad = await run({ statusCode: 'NOT_A_STATUS' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'statusCode' });
    expect(bad.json().message).toMatch(/SODR\.PO_STATUS/);
  });
});
