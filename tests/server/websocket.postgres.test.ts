import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Two server instances on one real PostgreSQL database (DATABASE_URL names a server whose user
 * may create databases): a message sent through one instance reaches a websocket held by the
 * other, through LISTEN/NOTIFY.
 */
const adminUrl = process.env.DATABASE_URL;

describe.runIf(adminUrl)('message push across instances on PostgreSQL (DATABASE_URL)', () => {
  const name = `lcb_ws_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      return (await c.query(sql)).rows;
    } finally {
      await c.end();
    }
  };
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    a = await startTestServer({ databaseUrl: url.toString() });
    b = await startTestServer({ databaseUrl: url.toString() });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('pushes a count change made on instance A to a socket on instance B', async () => {
    const port = (b.app.server.address() as AddressInfo).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/hmsg/v1/ws?access_token=${await b.login('buyer')}`);
    const received: Array<{ unreadMessageCount: number }> = [];
    // Every push is queued as it arrives: one may come before the sender's HTTP answer does, so a
    // listener attached only after that answer would miss it.
    const waiting: Array<(m: { unreadMessageCount: number }) => void> = [];
    let taken = 0;
    socket.on('message', (d) => {
      const m = JSON.parse(String(d)) as { unreadMessageCount: number };
      received.push(m);
      if (waiting.length) {
        taken++;
        waiting.shift()!(m);
      }
    });
    const next = () =>
      new Promise<{ unreadMessageCount: number }>((resolve, reject) => {
        if (taken < received.length) return resolve(received[taken++]!);
        const timer = setTimeout(() => reject(new Error(`no push within 5 s (after ${received.length})`)), 5000);
        waiting.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
      });
    try {
      const first = await next();
      const buyer = (await a.ctx.db.query<{ id: number }>("select id from iam_user where login_name = 'buyer'")).rows[0]!.id;
      const sent = await a.call({ as: 'sysadmin', method: 'POST', url: '/hmsg/v1/1/messages/send', payload: { userIds: [Number(buyer)], subject: 'Across instances' } });
      expect(sent.statusCode).toBe(200);
      expect((await next()).unreadMessageCount).toBe(first.unreadMessageCount + 1);
      // Exactly once: instance A's own delivery goes through NOTIFY too, not a second local path.
      await new Promise((r) => setTimeout(r, 300));
      expect(received).toHaveLength(2);

      // A dropped LISTEN connection (database restart, failover) is re-established.
      const killed = await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and query ilike 'LISTEN%'`);
      expect(killed).toHaveLength(2);
      await new Promise((r) => setTimeout(r, 2500));
      await a.call({ as: 'sysadmin', method: 'POST', url: '/hmsg/v1/1/messages/send', payload: { userIds: [Number(buyer)], subject: 'After reconnect' } });
      expect((await next()).unreadMessageCount).toBe(first.unreadMessageCount + 2);
    } finally {
      socket.close();
    }
  });
});
