import type { AddressInfo } from 'node:net';
import { createServer, DEFAULT_DEMO_PASSWORD } from '../../../server/start-server.ts';

type App = Awaited<ReturnType<typeof createServer>>['app'];

/** Starts a created server on a free local port and signs `user` in through the real login form: its URL and a bearer token. */
export async function listeningAs(app: App, user = 'buyer'): Promise<{ url: string; token: string }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = await app.inject({
    method: 'POST',
    url: '/oauth/oauth/login',
    payload: new URLSearchParams({ username: user, password: process.env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD, redirect_uri: '/workplace' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const token = /access_token=([^&]+)/.exec(String(login.headers.location ?? ''))?.[1];
  if (!token) throw new Error(`sign-in as ${user} failed (${login.statusCode})`);
  return { url, token };
}
