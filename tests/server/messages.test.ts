import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../server/events/events.ts';
import userMessage from '../../schemas/entities/hmsg/user-message.json' with { type: 'json' };
import { DEMO_USERS } from '../../server/seed/platform-seed.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** A demo account's seeded inbox in its home tenant: the fixed rows of the user-message recipe. */
const col = (name: string) => userMessage.seed.columns.indexOf(name);
const inbox = (login: string) => {
  const id = DEMO_USERS.findIndex((u) => u.login === login) + 1;
  return (userMessage.seed.rows as unknown[][]).filter((r) => r[col('userId')] === id && r[col('tenantId')] === DEMO_USERS[id - 1]!.tenant);
};
const plan = (login: string) => ({ total: inbox(login).length, unread: inbox(login).filter((r) => r[col('readFlag')] === 0).length });
const count = async (as: string, tenant: number) => (await s.call({ as, url: `/hmsg/v1/${tenant}/messages/user/count` })).json().unreadMessageCount as number;
const userId = async (login: string) => Number((await s.ctx.db.query<{ id: number }>('select id::float8 as id from iam_user where login_name = $1', [login])).rows[0]!.id);

describe('seeded inbox', () => {
  it('holds about 30 deterministic messages, some unread, for the demo accounts', async () => {
    // The plan seeds each user's home tenant; other seed modules add messages elsewhere.
    const r = await s.ctx.db.query<{ n: number; unread: number }>(
      'select count(*)::int as n, count(*) filter (where m.read_flag = 0)::int as unread from hmsg_user_message m join iam_user u on u.id = m.user_id where m.tenant_id = u.organization_id',
    );
    expect(r.rows[0]!.n).toBe(30);
    expect(r.rows[0]!.unread).toBe(DEMO_USERS.reduce((a, u) => a + plan(u.login).unread, 0));
    const again = await startTestServer();
    try {
      const subjects = async (t: TestServer) => (await t.ctx.db.query<{ subject: string }>('select subject from hmsg_user_message order by user_message_id')).rows.map((x) => x.subject);
      expect(await subjects(again)).toEqual(await subjects(s));
    } finally {
      await again.close();
    }
  });
});

describe('count and preview', () => {
  it('counts the unread messages of the caller in the tenant', async () => {
    expect(await count('buyer', 1)).toBe(plan('buyer').unread);
    expect(await count('supplier', 1)).toBe(plan('supplier').unread);
    expect(await count('admin', 0)).toBe(plan('admin').unread);
  });

  it('previews unread messages only with readFlag=0, newest first, limited by previewMessageCount', async () => {
    const r = await s.call({ as: 'buyer', url: '/hmsg/v1/1/messages/user/preview?readFlag=0' });
    expect(r.statusCode).toBe(200);
    const list = r.json() as Array<Record<string, unknown>>;
    expect(list).toHaveLength(Math.min(5, plan('buyer').unread));
    expect(Object.keys(list[0]!).sort()).toEqual(
      ['userMessageId', 'readFlag', 'userMessageTypeCode', 'userMessageTypeMeaning', 'messageCategoryCode', 'messageCategoryMeaning', 'subject', 'content', 'creationDate'].sort(),
    );
    expect(list.every((m) => m.readFlag === 0)).toBe(true);
    expect(['消息', '通知']).toContain(list[0]!.userMessageTypeMeaning);
    const dates = list.map((m) => String(m.creationDate));
    expect([...dates].sort().reverse()).toEqual(dates);

    const two = await s.call({ as: 'buyer', url: '/hmsg/v1/1/messages/user/preview?readFlag=0&previewMessageCount=2' });
    expect(two.json()).toHaveLength(2);
    const all = await s.call({ as: 'buyer', url: '/hmsg/v1/1/messages/user/preview?previewMessageCount=50' });
    expect(all.json()).toHaveLength(plan('buyer').total);
    const noContent = await s.call({ as: 'buyer', url: '/hmsg/v1/1/messages/user/preview?withContent=false' });
    expect(noContent.json()[0].content).toBeNull();
  });

  it('validates the query and the tenant', async () => {
    expect((await s.call({ as: 'buyer', url: '/hmsg/v1/1/messages/user/preview?readFlag=7' })).statusCode).toBe(400);
    expect((await s.call({ as: 'buyer', url: '/hmsg/v1/1/messages/user/preview?previewMessageCount=0' })).statusCode).toBe(400);
    expect((await s.call({ as: 'buyer', url: '/hmsg/v1/2/messages/user/count' })).statusCode).toBe(403);
    expect((await s.call({ url: '/hmsg/v1/1/messages/user/count' })).statusCode).toBe(401);
  });
});

describe('detail and read flags', () => {
  it('opens a message without marking it read, unless markRead=1', async () => {
    const [first] = (await s.call({ as: 'supplier', url: '/hmsg/v1/1/messages/user/preview?readFlag=0' })).json();
    const before = await count('supplier', 1);
    const d = await s.call({ as: 'supplier', url: `/hmsg/v1/1/messages/user/${first.userMessageId}` });
    expect(d.statusCode).toBe(200);
    expect(d.json()).toMatchObject({ userMessageId: first.userMessageId, subject: first.subject, readFlag: 0 });
    expect(await count('supplier', 1)).toBe(before);
    const m = await s.call({ as: 'supplier', url: `/hmsg/v1/1/messages/user/${first.userMessageId}?markRead=1` });
    expect(m.json().readFlag).toBe(1);
    expect(await count('supplier', 1)).toBe(before - 1);
  });

  it("does not show another user's message (404) and refuses a bad id (400)", async () => {
    const [theirs] = (await s.call({ as: 'buyer', url: '/hmsg/v1/1/messages/user/preview' })).json();
    expect((await s.call({ as: 'supplier', url: `/hmsg/v1/1/messages/user/${theirs.userMessageId}` })).statusCode).toBe(404);
    expect((await s.call({ as: 'supplier', url: '/hmsg/v1/1/messages/user/abc' })).statusCode).toBe(400);
  });

  it('marks listed messages read, ignoring ids of other users', async () => {
    const unread = (await s.call({ as: 'approver', url: '/hmsg/v1/1/messages/user/preview?readFlag=0' })).json() as Array<{ userMessageId: number }>;
    const [theirs] = (await s.call({ as: 'buyer', url: '/hmsg/v1/1/messages/user/preview?readFlag=0' })).json();
    const buyerBefore = await count('buyer', 1);
    const r = await s.call({ as: 'approver', method: 'POST', url: `/hmsg/v1/1/messages/user/read-flag?userMessageIdList=${unread[0]!.userMessageId},${theirs.userMessageId}` });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ unreadMessageCount: unread.length - 1 });
    expect(await count('buyer', 1)).toBe(buyerBefore);
    // Repeated parameters work too, as the original's List<Long> binding accepts them.
    const rest = unread.slice(1).map((m) => `userMessageIdList=${m.userMessageId}`).join('&');
    await s.call({ as: 'approver', method: 'POST', url: `/hmsg/v1/1/messages/user/read-flag?${rest}` });
    expect(await count('approver', 1)).toBe(0);
  });

  it('marks everything read with readAll=1 and needs one of the two parameters', async () => {
    expect((await s.call({ as: 'expert', method: 'POST', url: '/hmsg/v1/1/messages/user/read-flag' })).statusCode).toBe(400);
    expect((await s.call({ as: 'expert', method: 'POST', url: '/hmsg/v1/1/messages/user/read-flag?userMessageIdList=x' })).statusCode).toBe(400);
    const r = await s.call({ as: 'expert', method: 'POST', url: '/hmsg/v1/1/messages/user/read-flag?readAll=1' });
    expect(r.json()).toEqual({ unreadMessageCount: 0 });
    expect((await s.call({ as: 'expert', url: '/hmsg/v1/1/messages/user/preview?readFlag=0' })).json()).toEqual([]);
  });

  it('clears the bell without marking the messages read', async () => {
    expect(await count('sysadmin', 1)).toBeGreaterThan(0);
    const r = await s.call({ as: 'sysadmin', url: '/hmsg/v1/1/messages/user/clear' });
    expect(r.statusCode).toBe(200);
    expect(await count('sysadmin', 1)).toBe(0);
    const unreadInList = await s.call({ as: 'sysadmin', url: '/hmsg/v1/1/messages/user?readFlag=0' });
    expect(unreadInList.json().totalElements).toBe(plan('sysadmin').unread);
  });

  it('deletes own messages with DELETE ?userMessageIdList=', async () => {
    const [m] = (await s.call({ as: 'admin2', url: '/hmsg/v1/2/messages/user/preview' })).json();
    expect((await s.call({ as: 'admin2', method: 'DELETE', url: '/hmsg/v1/2/messages/user' })).statusCode).toBe(400);
    expect((await s.call({ as: 'admin2', method: 'DELETE', url: `/hmsg/v1/2/messages/user?userMessageIdList=${m.userMessageId}` })).statusCode).toBe(200);
    expect((await s.call({ as: 'admin2', url: `/hmsg/v1/2/messages/user/${m.userMessageId}` })).statusCode).toBe(404);
  });
});

describe('generic list restricted to the owner', () => {
  it("lists only the caller's messages, whatever filter is given", async () => {
    const me = await userId('buyer');
    const other = await userId('supplier');
    const r = await s.call({ as: 'buyer', url: '/hmsg/v1/1/messages/user?size=100' });
    expect(r.statusCode).toBe(200);
    const rows = r.json().content as Array<{ userId: number; readFlagMeaning?: string }>;
    expect(rows.length).toBe(plan('buyer').total);
    expect(rows.every((m) => m.userId === me)).toBe(true);
    expect(rows[0]!.readFlagMeaning).toBeDefined();
    const spoof = await s.call({ as: 'buyer', url: `/hmsg/v1/1/messages/user?userId=${other}` });
    expect(spoof.json().totalElements).toBe(0);
  });

  it("does not reach another user's message by id, even for the platform administrator", async () => {
    const [theirs] = (await s.call({ as: 'buyer', url: '/hmsg/v1/1/messages/user' })).json().content;
    expect((await s.call({ as: 'supplier', url: `/hmsg/v1/1/messages/user/${theirs.userMessageId}` })).statusCode).toBe(404);
    expect((await s.call({ as: 'admin', url: `/hmsg/v1/1/messages/user/${theirs.userMessageId}` })).statusCode).toBe(404);
  });

  it('is read-only for tenant users: messages come from the send call', async () => {
    expect((await s.call({ as: 'buyer', method: 'POST', url: '/hmsg/v1/1/messages/user', payload: { subject: 'x' } })).statusCode).toBe(403);
  });
});

describe('send', () => {
  it('creates one message per recipient and publishes each new count', async () => {
    const events: ServerEvent[] = [];
    const off = s.ctx.events.subscribe((e) => events.push(e));
    const buyer = await userId('buyer');
    const approver = await userId('approver');
    const before = await count('buyer', 1);
    const r = await s.call({
      as: 'sysadmin',
      method: 'POST',
      url: '/hmsg/v1/1/messages/send',
      payload: { userIds: [buyer, approver], subject: 'PO-0099 needs approval', content: '<p>Please look</p>', typeCode: 'NOTICE', categoryCode: 'APPROVAL' },
    });
    off();
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ messageCount: 2, userMessageIds: [expect.any(Number), expect.any(Number)] });
    expect(await count('buyer', 1)).toBe(before + 1);
    expect(events).toEqual(
      expect.arrayContaining([
        { type: 'message.count', userId: buyer, tenantId: 1, payload: { unreadMessageCount: before + 1 } },
        { type: 'message.count', userId: approver, tenantId: 1, payload: { unreadMessageCount: expect.any(Number) } },
      ]),
    );
    const [latest] = (await s.call({ as: 'buyer', url: '/hmsg/v1/1/messages/user/preview?readFlag=0' })).json();
    expect(latest).toMatchObject({ subject: 'PO-0099 needs approval', userMessageTypeCode: 'NOTICE', messageCategoryCode: 'APPROVAL', readFlag: 0 });
  });

  it('refuses recipients outside the tenant (business error) and bad bodies (400)', async () => {
    const buyer2 = await userId('buyer2');
    const r = await s.call({ as: 'sysadmin', method: 'POST', url: '/hmsg/v1/1/messages/send', payload: { userIds: [buyer2], subject: 'hi' } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ failed: true, code: 'hmsg.error.receiver.notInTenant' });
    expect(await count('buyer2', 2)).toBe(plan('buyer2').unread);
    const bad = async (payload: unknown) => (await s.call({ as: 'sysadmin', method: 'POST', url: '/hmsg/v1/1/messages/send', payload: payload as object })).statusCode;
    expect(await bad({ subject: 'no recipients' })).toBe(400);
    expect(await bad({ userIds: [], subject: 'x' })).toBe(400);
    expect(await bad({ userIds: [1], subject: '' })).toBe(400);
    expect(await bad({ userIds: ['a'], subject: 'x' })).toBe(400);
    expect(await bad({ userIds: [await userId('buyer')], subject: 'x', typeCode: 'NOPE' })).toBe(400);
    expect((await s.call({ as: 'buyer2', method: 'POST', url: '/hmsg/v1/1/messages/send', payload: { userIds: [1], subject: 'x' } })).statusCode).toBe(403);
  });
});
