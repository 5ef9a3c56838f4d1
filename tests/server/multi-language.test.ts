import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const ml = (as: string, query: string, tenant = '') => s.call({ as, url: `/hpfm/v1/${tenant}multi-language?${query}` });

describe('multi-language field values', () => {
  it("answers a menu name in both languages from the menu's name and nameEn", async () => {
    const m = (await s.ctx.db.query<{ id: number; name: string; name_en: string }>('select id::float8 as id, name, name_en from iam_menu where name_en is not null order by id limit 1')).rows[0]!;
    const r = await ml('admin', `fieldName=name&_token=menu:${m.id}`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual([
      { code: 'zh_CN', name: '简体中文', value: m.name },
      { code: 'en_US', name: 'English', value: m.name_en },
    ]);
  });

  it('answers a value-set meaning, a platform row being readable from a tenant', async () => {
    const v = (await s.ctx.db.query<{ id: number }>("select lov_value_id::float8 as id from hpfm_lov_value where lov_code = 'HMSG.READ_FLAG' and value = '1'")).rows[0]!;
    const r = await ml('sysadmin', `fieldName=meaning&_token=lovValue:${v.id}`, '1/');
    expect(r.json().map((x: { value: string }) => x.value)).toEqual(['已读', 'Read']);
  });

  it('answers a prompt in every language it has', async () => {
    const p = (await s.ctx.db.query<{ id: number }>("select prompt_id::float8 as id from hpfm_prompt where prompt_key = 'hmsg.userMessage' and prompt_code = 'title' and lang = 'zh_CN'")).rows[0]!;
    const r = await ml('admin', `fieldName=description&_token=prompt:${p.id}`);
    expect(r.json()).toEqual([
      { code: 'zh_CN', name: '简体中文', value: '站内消息' },
      { code: 'en_US', name: 'English', value: 'User messages' },
    ]);
  });

  it('answers empty values for a record not saved yet (no _token)', async () => {
    const r = await ml('buyer', 'fieldName=name');
    expect(r.json()).toEqual([
      { code: 'zh_CN', name: '简体中文', value: null },
      { code: 'en_US', name: 'English', value: null },
    ]);
  });

  it('refuses a field without translations, an unknown entity or a malformed token with 400', async () => {
    const user = (await s.ctx.db.query<{ id: number }>("select id::float8 as id from iam_user where login_name = 'buyer'")).rows[0]!;
    expect((await ml('admin', `fieldName=realName&_token=user:${user.id}`)).statusCode).toBe(400);
    expect((await ml('admin', 'fieldName=name&_token=nothing:1')).statusCode).toBe(400);
    expect((await ml('admin', 'fieldName=name&_token=menu')).statusCode).toBe(400);
    expect((await ml('admin', '_token=menu:1')).statusCode).toBe(400);
  });

  it("does not read another tenant's record", async () => {
    const v = await s.call({ as: 'admin', method: 'POST', url: '/hpfm/v1/lov-values', payload: { tenantId: 2, lovId: 1, lovCode: 'HPFM.FLAG', value: 'X', meaning: '第二', meaningEn: 'Second' } });
    expect(v.statusCode).toBe(200);
    expect((await ml('buyer', `fieldName=meaning&_token=lovValue:${v.json().lovValueId}`, '1/')).statusCode).toBe(404);
    expect((await ml('buyer', `fieldName=meaning&_token=lovValue:${v.json().lovValueId}`, '2/')).statusCode).toBe(403);
  });
});
