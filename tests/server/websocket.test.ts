import { PGlite } from '@electric-sql/pglite';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerContext } from '../../server/context.ts';
import type { Database } from '../../server/db/database.ts';
import { EVENT_CHANNEL, startEventRelay } from '../../server/events/event-relay.ts';
import { EventBus, type ServerEvent } from '../../server/events/events.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
let base: string;

beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
});
afterAll(() => s.close());

/** A connected client that queues what it receives, so no push is missed between awaits. */
async function connect(path: string) {
  const socket = new WebSocket(`${base}${path}`);
  const inbox: Array<Record<string, unknown>> = [];
  const waiting: Array<(m: Record<string, unknown>) => void> = [];
  socket.on('message', (data) => {
    const m = JSON.parse(String(data)) as Record<string, unknown>;
    const w = waiting.shift();
    if (w) w(m);
    else inbox.push(m);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const next = () =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const m = inbox.shift();
      if (m) return resolve(m);
      const timer = setTimeout(() => reject(new Error('no push within 5 s')), 5000);
      waiting.push((x) => {
        clearTimeout(timer);
        resolve(x);
      });
    });
  return { socket, next, inbox };
}

/** The HTTP status a refused upgrade answered with. */
const refusal = (path: string) =>
  new Promise<number>((resolve, reject) => {
    const socket = new WebSocket(`${base}${path}`);
    socket.on('error', () => undefined);
    socket.once('unexpected-response', (req, res) => {
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    socket.once('open', () => reject(new Error('connection was accepted')));
  });

const userId = async (login: string) => Number((await s.ctx.db.query<{ id: number }>('select id::float8 as id from iam_user where login_name = $1', [login])).rows[0]!.id);

describe('message count websocket', () => {
  it('sends the unread count on connect, then each change of it', async () => {
    const token = await s.login('buyer');
    const initial = (await s.call({ as: 'buyer', url: '/hmsg/v1/1/messages/user/count' })).json().unreadMessageCount as number;
    const c = await connect(`/hmsg/v1/ws?access_token=${token}`);
    try {
      expect(await c.next()).toEqual({ type: 'message.count', tenantId: 1, unreadMessageCount: initial });

      const send = await s.call({ as: 'sysadmin', method: 'POST', url: '/hmsg/v1/1/messages/send', payload: { userIds: [await userId('buyer')], subject: 'Pushed' } });
      expect(send.statusCode).toBe(200);
      expect(await c.next()).toEqual({ type: 'message.count', tenantId: 1, unreadMessageCount: initial + 1 });

      const id = send.json().userMessageIds[0] as number;
      await s.call({ as: 'buyer', method: 'POST', url: `/hmsg/v1/1/messages/user/read-flag?userMessageIdList=${id}` });
      expect(await c.next()).toEqual({ type: 'message.count', tenantId: 1, unreadMessageCount: initial });

      await s.call({ as: 'buyer', method: 'POST', url: '/hmsg/v1/1/messages/user/read-flag?readAll=1' });
      expect(await c.next()).toEqual({ type: 'message.count', tenantId: 1, unreadMessageCount: 0 });
    } finally {
      c.socket.close();
    }
  });

  it("pushes nothing about other users' messages", async () => {
    const c = await connect(`/websocket?access_token=${await s.login('supplier')}`);
    try {
      const first = await c.next();
      expect(first.type).toBe('message.count');
      await s.call({ as: 'sysadmin', method: 'POST', url: '/hmsg/v1/1/messages/send', payload: { userIds: [await userId('approver')], subject: 'Not for supplier' } });
      await s.call({ as: 'sysadmin', method: 'POST', url: '/hmsg/v1/1/messages/send', payload: { userIds: [await userId('supplier')], subject: 'For supplier' } });
      const pushed = await c.next();
      expect(pushed.unreadMessageCount).toBe(Number(first.unreadMessageCount) + 1);
      expect(c.inbox).toEqual([]);
    } finally {
      c.socket.close();
    }
  });

  it('refuses a connection without a valid token', async () => {
    expect(await refusal('/hmsg/v1/ws')).toBe(401);
    expect(await refusal('/hmsg/v1/ws?access_token=nope')).toBe(401);
    expect(await refusal('/websocket')).toBe(401);
    expect(await refusal('/websocket?access_token=nope')).toBe(401);
  });

  it('stops delivering to a closed socket', async () => {
    const c = await connect(`/hmsg/v1/ws?access_token=${await s.login('expert')}`);
    await c.next();
    const listeners = () => (s.ctx.events as unknown as { emitter: { listenerCount(n: string): number } }).emitter.listenerCount('event');
    const before = listeners();
    await new Promise<void>((resolve) => {
      c.socket.once('close', () => resolve());
      c.socket.close();
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(listeners()).toBe(before - 1);
  });
});

describe('cross-instance relay through LISTEN/NOTIFY', () => {
  /** Two "instances" on one database that speaks NOTIFY (PGlite standing in for PostgreSQL). */
  it('delivers an event published on one instance to both, exactly once each', async () => {
    const pg = await PGlite.create();
    const asPostgres = (): Database =>
      ({
        kind: 'postgres',
        query: async (sql: string, params?: unknown[]) => ({ rows: (await pg.query(sql, params)).rows }),
        listen: (channel: string, cb: (payload: string) => void) => pg.listen(channel, cb).then((unlisten) => () => unlisten()),
      }) as unknown as Database;
    const instance = () => ({ db: asPostgres(), events: new EventBus() }) as unknown as ServerContext;
    const a = instance();
    const b = instance();
    const stops = [await startEventRelay(a), await startEventRelay(b)];
    try {
      const got: Record<string, ServerEvent[]> = { a: [], b: [] };
      a.events.subscribe((e) => got.a!.push(e));
      b.events.subscribe((e) => got.b!.push(e));
      const e: ServerEvent = { type: 'message.count', userId: 3, tenantId: 1, payload: { unreadMessageCount: 4 } };
      await a.events.publish(e);
      // Noise on the channel is ignored rather than delivered or crashed on.
      await pg.query(`select pg_notify('${EVENT_CHANNEL}', 'not json')`);
      await pg.query(`select pg_notify('${EVENT_CHANNEL}', '{"type":"other"}')`);
      await new Promise((r) => setTimeout(r, 200));
      expect(got.a).toEqual([e]);
      expect(got.b).toEqual([e]);
    } finally {
      for (const stop of stops) await stop?.();
      await pg.close();
    }
  });

  it('keeps in-process delivery on PGlite', async () => {
    const ctx = { db: { kind: 'pglite' }, events: new EventBus() } as unknown as ServerContext;
    expect(await startEventRelay(ctx)).toBeUndefined();
    const got: ServerEvent[] = [];
    ctx.events.subscribe((e) => got.push(e));
    await ctx.events.publish({ type: 'message.count', userId: 1, tenantId: 0, payload: { unreadMessageCount: 1 } });
    expect(got).toHaveLength(1);
  });
});
