import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTemplate, templateVariables } from '../../server/modules/hmsg/send-configs.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const ARGS = { companyName: '演示制造（上海）有限公司', docNum: 'PO-2026-000777', userName: 'Bella', date: '2026-03-15' };

/** A seeded, enabled send configuration of tenant 1 whose enabled template resolves receivers as `mode`. */
async function configOf(mode: 'USER' | 'ROLE'): Promise<number> {
  const r = await s.ctx.db.query<{ id: number }>(
    `select t.temp_server_id::float8 as id from hmsg_template_server t
       join hmsg_template m on m.template_code = t.template_code and m.tenant_id = t.tenant_id and m.enabled_flag = 1
       join hmsg_receiver_type r on r.type_code = t.receiver_type_code and r.tenant_id = t.tenant_id and r.type_mode_code = $1
      where t.tenant_id = 1 and t.enabled_flag = 1 order by t.temp_server_id limit 1`,
    [mode],
  );
  return r.rows[0]!.id;
}

const count = async (as: string, tenant = 1) => ((await s.call({ as, url: `/hmsg/v1/${tenant}/messages/user/count` })).json() as { unreadMessageCount: number }).unreadMessageCount;
const latest = async (as: string, tenant = 1) =>
  ((await s.call({ as, url: `/hmsg/v1/${tenant}/messages/user/preview?readFlag=0&previewMessageCount=1` })).json() as Array<{ subject: string; content: string; messageCategoryCode: string }>)[0]!;

describe('template rendering', () => {
  it('finds declared and used variables and fills them, escaping values in HTML', () => {
    expect(templateVariables('a, b', 'Hi ${c}', '<p>${a} ${d.e}</p>')).toEqual(['a', 'b', 'c', 'd.e']);
    expect(renderTemplate('Order ${docNum} for ${who}', { docNum: 'PO-1' }, false)).toBe('Order PO-1 for ${who}');
    expect(renderTemplate('<p>${x}</p>', { x: '<b>&"' }, true)).toBe('<p>&lt;b&gt;&amp;&quot;</p>');
  });
});

describe('POST /hmsg/v1/[{tenantId}/]template-servers/{id}/send-test', () => {
  it('renders the template and delivers it to the named users, raising their unread count, and records the send', async () => {
    const id = await configOf('USER');
    const before = await count('buyer');
    const r = await s.call({ as: 'admin', method: 'POST', url: `/hmsg/v1/template-servers/${id}/send-test`, payload: { testReceivers: 'buyer', testArgs: ARGS, messageName: 'ignored' } });
    expect(r.statusCode, r.body).toBe(200);
    const out = r.json() as { messageCount: number; subject: string; messageId: number };
    expect(out.messageCount).toBe(1);
    expect(out.subject).toContain('PO-2026-000777');
    expect(out.subject).not.toContain('${');
    expect(await count('buyer')).toBe(before + 1);
    const msg = await latest('buyer');
    expect(msg.subject).toBe(out.subject);
    expect(msg.content).toContain('<b>PO-2026-000777</b>');
    const rec = await s.call({ as: 'admin', url: `/hmsg/v1/1/messages?messageCode=&size=1` });
    expect(rec.json().content[0]).toMatchObject({ messageId: out.messageId, subject: out.subject, receiverAddress: 'buyer', receiverCount: 1, trxStatusCode: 'S', messageTypeCode: 'WEB' });
  });

  it('uses the stored receivers and values when the body has none, and role codes for a ROLE receiver type', async () => {
    const id = await configOf('ROLE');
    const stored = (await s.call({ as: 'admin', url: `/hmsg/v1/template-servers/${id}` })).json() as { testReceivers: string };
    expect(stored.testReceivers).toBe('PURCHASER');
    const before = await count('buyer');
    const r = await s.call({ as: 'sysadmin', method: 'POST', url: `/hmsg/v1/1/template-servers/${id}/send-test`, payload: {} });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().failed).toBeUndefined();
    expect(await count('buyer')).toBe(before + 1);
  });

  it('escapes HTML in values put into the body', async () => {
    const id = await configOf('USER');
    const r = await s.call({ as: 'buyer', method: 'POST', url: `/hmsg/v1/1/template-servers/${id}/send-test`, payload: { testReceivers: 'approver', testArgs: { ...ARGS, docNum: '<img src=x onerror=alert(1)>' } } });
    expect(r.statusCode, r.body).toBe(200);
    const msg = await latest('approver');
    expect(msg.content).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(msg.content).not.toContain('<img');
  });

  it('refuses missing values, unknown or foreign receivers and disabled configurations as business errors', async () => {
    const id = await configOf('USER');
    const call = (payload: Record<string, unknown>) => s.call({ as: 'admin', method: 'POST', url: `/hmsg/v1/1/template-servers/${id}/send-test`, payload });
    const missing = (await call({ testReceivers: 'buyer', testArgs: { docNum: 'X' } })).json();
    expect(missing).toMatchObject({ failed: true, code: 'hmsg.error.args.missing' });
    expect(missing.message).toContain('${companyName}');
    expect((await call({ testReceivers: 'buyer, nobody', testArgs: ARGS })).json()).toMatchObject({ failed: true, code: 'hmsg.error.receiver.notInTenant' });
    expect((await call({ testReceivers: 'buyer2', testArgs: ARGS })).json()).toMatchObject({ failed: true, code: 'hmsg.error.receiver.notInTenant' });
    expect((await call({ testReceivers: ' , ', testArgs: ARGS })).json()).toMatchObject({ failed: true, code: 'hmsg.error.receiver.empty' });
    const disabled = (await s.ctx.db.query<{ id: number }>('select temp_server_id::float8 as id from hmsg_template_server where tenant_id = 1 and enabled_flag = 0 limit 1')).rows[0]!.id;
    const r = await s.call({ as: 'admin', method: 'POST', url: `/hmsg/v1/1/template-servers/${disabled}/send-test`, payload: { testReceivers: 'buyer', testArgs: ARGS } });
    expect(r.json()).toMatchObject({ failed: true, code: 'hmsg.error.sendConfig.disabled' });
  });

  it('validates the body and the id', async () => {
    const id = await configOf('USER');
    const bad = await s.call({ as: 'admin', method: 'POST', url: `/hmsg/v1/1/template-servers/${id}/send-test`, payload: { testReceivers: 'buyer', testArgs: { 'x; drop': 1 } } });
    expect(bad.statusCode).toBe(400);
    expect((await s.call({ as: 'admin', method: 'POST', url: '/hmsg/v1/1/template-servers/abc/send-test', payload: {} })).statusCode).toBe(400);
    expect((await s.call({ as: 'admin', method: 'POST', url: '/hmsg/v1/1/template-servers/99999999/send-test', payload: {} })).statusCode).toBe(404);
  });

  it('keeps tenants apart', async () => {
    const id = await configOf('USER');
    const before = await count('buyer');
    // Another tenant's user cannot use tenant 1's path, nor reach tenant 1's configuration through its own.
    for (const as of ['buyer2', 'admin2']) {
      expect((await s.call({ as, method: 'POST', url: `/hmsg/v1/1/template-servers/${id}/send-test`, payload: { testReceivers: 'buyer', testArgs: ARGS } })).statusCode).toBe(403);
    }
    expect((await s.call({ as: 'admin2', method: 'POST', url: `/hmsg/v1/2/template-servers/${id}/send-test`, payload: { testReceivers: 'buyer', testArgs: ARGS } })).statusCode).toBe(404);
    // The site path needs a site-level role.
    expect((await s.call({ as: 'buyer', method: 'POST', url: `/hmsg/v1/template-servers/${id}/send-test`, payload: {} })).statusCode).toBe(403);
    expect((await s.call({ method: 'POST', url: `/hmsg/v1/1/template-servers/${id}/send-test`, payload: {} })).statusCode).toBe(401);
    expect(await count('buyer')).toBe(before);
  });
});
