import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_ROW_LIMIT } from '../../server/resources/export.ts';
import { readI18n } from '../../server/seed/screen-titles.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const zh = readI18n('zh_CN');
const en = readI18n('en_US');

/** Rows of a CSV body (no quoted line breaks in these tests). */
const lines = (body: string) => body.replace(/\r\n$/, '').split('\r\n');

describe('export columns (exportType=COLUMN)', () => {
  it("lists the exportable columns with titles in the caller's language", async () => {
    const r = await s.call({ as: 'sysadmin', url: '/iam/hzero/v1/1/users?exportType=COLUMN' });
    expect(r.statusCode).toBe(200);
    const cols = r.json() as Array<{ name: string; title: string }>;
    expect(cols.find((c) => c.name === 'loginName')).toEqual({ name: 'loginName', title: zh['hiam.user.model.loginName'] });
    // Private and non-cell fields are never offered.
    expect(cols.map((c) => c.name)).not.toContain('passwordHash');
    expect(cols.map((c) => c.name)).not.toContain('avatarUuid');
    const english = await s.call({ as: 'sysadmin', url: '/iam/hzero/v1/1/users?exportType=COLUMN&lang=en_US' });
    expect(english.json().find((c: { name: string }) => c.name === 'loginName').title).toBe(en['hiam.user.model.loginName']);
  });

  it('answers on POST too with the bearer header; a token in the URL counts for GET only', async () => {
    const token = await s.login('sysadmin');
    const r = await s.app.inject({ method: 'POST', url: '/iam/hzero/v1/1/users?exportType=COLUMN', headers: { authorization: `bearer ${token}` } });
    expect(r.statusCode).toBe(200);
    expect(r.json().length).toBeGreaterThan(3);
    expect((await s.app.inject({ method: 'POST', url: `/iam/hzero/v1/1/users?exportType=COLUMN&access_token=${token}` })).statusCode).toBe(401);
  });

  it('leaves the plain list untouched', async () => {
    const r = await s.call({ as: 'sysadmin', url: '/iam/hzero/v1/1/users?size=5' });
    expect(r.json()).toMatchObject({ number: 0, size: 5 });
  });
});

describe('export data (exportType=DATA)', () => {
  it('streams a UTF-8 CSV with a BOM, a header of titles and the filtered rows', async () => {
    const list = (await s.call({ as: 'sysadmin', url: '/iam/hzero/v1/1/users?enabledFlag=1&size=1' })).json();
    const r = await s.call({ as: 'sysadmin', url: '/iam/hzero/v1/1/users?exportType=DATA&fillerType=single-sheet&enabledFlag=1&columns=loginName,realName,language' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="user\.csv"; filename\*=UTF-8''/);
    expect(r.headers['x-export-limit']).toBe(String(EXPORT_ROW_LIMIT));
    expect(r.headers['x-export-truncated']).toBe('false');
    expect(r.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = lines(r.body.slice(1));
    expect(rows[0]).toBe([zh['hiam.user.model.loginName'], zh['hiam.user.model.realName'], zh['hiam.user.model.language']].join(','));
    expect(rows.length - 1).toBe(list.totalElements);
    // Value-set fields export their meaning, not the code.
    expect(rows.slice(1).every((l) => /,(简体中文|English)$/.test(l))).toBe(true);
    expect(r.body).toContain('buyer,');
    expect(r.body).not.toContain('buyer2');
  });

  it('takes a hidden-form GET (parameters and token in the query); refuses the same as a form POST carrying the cookie', async () => {
    const token = await s.login('sysadmin');
    const query = new URLSearchParams({ exportType: 'DATA', fillerType: 'single-sheet', loginName: 'buyer', columns: 'loginName', access_token: token }).toString();
    const r = await s.app.inject({ method: 'GET', url: `/iam/hzero/v1/1/users?${query}` });
    expect(r.statusCode).toBe(200);
    expect(lines(r.body.slice(1))).toEqual([zh['hiam.user.model.loginName'], 'buyer']);
    const post = await s.app.inject({
      method: 'POST',
      url: '/iam/hzero/v1/1/users',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `access_token=${token}` },
      payload: query,
    });
    expect(post.statusCode).toBe(415);
  });

  it('neutralises cells a spreadsheet would run as formulas and quotes separators', async () => {
    const created = await s.call({ as: 'sysadmin', method: 'POST', url: '/iam/hzero/v1/1/users', payload: { loginName: 'formula.user', realName: '=HYPERLINK("http://x","a, b")', organizationId: 1 } });
    expect(created.statusCode).toBe(200);
    const r = await s.call({ as: 'sysadmin', url: '/iam/hzero/v1/1/users?exportType=DATA&loginName=formula.user&columns=loginName,realName' });
    expect(lines(r.body.slice(1))[1]).toBe(`formula.user,"'=HYPERLINK(""http://x"",""a, b"")"`);
  });

  it("exports only the caller's own rows of an owned entity", async () => {
    const r = await s.call({ as: 'buyer', url: '/hmsg/v1/1/messages/user?exportType=DATA&columns=subject' });
    const count = (await s.call({ as: 'buyer', url: '/hmsg/v1/1/messages/user' })).json().totalElements;
    expect(lines(r.body.slice(1)).length - 1).toBe(count);
  });

  it(`stops at ${EXPORT_ROW_LIMIT} rows and says so in the headers`, async () => {
    await s.ctx.db.query(
      `insert into hpfm_audit_log (tenant_id, entity_name, record_id, action, user_id, login_name, changes, audit_date)
       select 2, 'bulk', g, 'CREATE', 1, 'bulk', '{}'::jsonb, now() from generate_series(1, $1::int) g`,
      [EXPORT_ROW_LIMIT + 5],
    );
    const r = await s.call({ as: 'admin2', url: '/hpfm/v1/2/audit-logs?exportType=DATA&entityName=bulk&columns=recordId' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['x-export-truncated']).toBe('true');
    expect(Number(r.headers['x-export-total'])).toBe(EXPORT_ROW_LIMIT + 5);
    expect(lines(r.body.slice(1)).length - 1).toBe(EXPORT_ROW_LIMIT);
  }, 120_000);
});

describe('refusals', () => {
  it('refuses bad export parameters with 400 before sending anything', async () => {
    for (const q of ['exportType=XLS', 'exportType=DATA&fillerType=multi-sheet', 'exportType=DATA&columns=passwordHash', 'exportType=DATA&columns=a;b', 'exportType=DATA&enabledFlag=abc']) {
      const r = await s.call({ as: 'sysadmin', url: `/iam/hzero/v1/1/users?${q}` });
      expect(r.statusCode, q).toBe(400);
      expect(r.headers['content-type']).toMatch(/json/);
    }
  });

  it("keeps the list's own access rules: sign-in, tenant and menu", async () => {
    expect((await s.app.inject({ url: '/iam/hzero/v1/1/users?exportType=DATA' })).statusCode).toBe(401);
    expect((await s.call({ as: 'buyer2', url: '/iam/hzero/v1/1/users?exportType=DATA' })).statusCode).toBe(403);
    expect((await s.call({ as: 'buyer', url: '/hpfm/v1/countries/1/regions?exportType=DATA' })).statusCode).toBe(403);
  });
});

describe('basic-discount-news export check', () => {
  it('always allows the export for a member of the tenant and names the row cap', async () => {
    const r = await s.call({ as: 'buyer', url: '/sbsc/v1/1/basic-discount-news/export-check?discountType=A' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ exportable: true, maxRows: EXPORT_ROW_LIMIT });
    expect((await s.call({ as: 'buyer', url: '/sbsc/v1/2/basic-discount-news/export-check' })).statusCode).toBe(403);
  });
});

describe('a server started with another export limit', () => {
  it('writes at most that many rows, says so in the headers and in the export check; a limit no sheet holds stops the start', async () => {
    const small = await startTestServer({ exportRowLimit: 3 });
    try {
      const r = await small.call({ as: 'sysadmin', url: '/iam/hzero/v1/1/users?exportType=DATA&columns=loginName' });
      expect(r.statusCode).toBe(200);
      expect(r.headers['x-export-limit']).toBe('3');
      expect(r.headers['x-export-truncated']).toBe('true');
      expect(lines(r.body.replace(/^\uFEFF/, ''))).toHaveLength(1 + 3);
      expect((await small.call({ as: 'buyer', url: '/sbsc/v1/1/basic-discount-news/export-check' })).json()).toEqual({ exportable: true, maxRows: 3 });
    } finally {
      await small.close();
    }
    const before = process.env.EXPORT_ROW_LIMIT;
    process.env.EXPORT_ROW_LIMIT = '2000000';
    try {
      await expect(startTestServer()).rejects.toThrow(/EXPORT_ROW_LIMIT must be a whole number from 1 to 1048575/);
    } finally {
      if (before === undefined) delete process.env.EXPORT_ROW_LIMIT;
      else process.env.EXPORT_ROW_LIMIT = before;
    }
  });
});
