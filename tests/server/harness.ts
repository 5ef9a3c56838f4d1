import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createServer, DEFAULT_DEMO_PASSWORD, type StartOptions } from '../../server/start-server.ts';
import type { ServerContext } from '../../server/context.ts';
import { seedImage } from './seed-image.ts';

export interface TestServer {
  app: FastifyInstance;
  ctx: ServerContext;
  /** Signs in through the real login form and returns the bearer token. */
  login(username: string, password?: string): Promise<string>;
  /** An inject call with the token of `as` (a login name) or an explicit token. */
  call(opts: InjectOptions & { as?: string; token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A fresh in-memory database, migrated and seeded (from a cached image of the seed): no test sees
 * another's data. `opts` picks another database, which is then migrated and seeded from scratch.
 */
export async function startTestServer(opts: StartOptions = {}): Promise<TestServer> {
  const inMemory = !opts.dataDir && !opts.databaseUrl && !opts.seedImage;
  const { app, ctx } = await createServer(inMemory ? { ...opts, seedImage: await seedImage() } : opts);
  const tokens = new Map<string, string>();
  const login = async (username: string, password = DEFAULT_DEMO_PASSWORD) => {
    const r = await app.inject({
      method: 'POST',
      url: '/oauth/oauth/login',
      payload: new URLSearchParams({ username, password, redirect_uri: '/workplace' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const m = /access_token=([^&]+)/.exec(String(r.headers.location ?? ''));
    if (!m) throw new Error(`login ${username} failed: ${r.statusCode}`);
    return m[1]!;
  };
  return {
    app,
    ctx,
    login,
    async call({ as, token, ...opts }) {
      let t = token;
      if (!t && as) {
        if (!tokens.has(as)) tokens.set(as, await login(as));
        t = tokens.get(as);
      }
      return app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(t ? { authorization: `bearer ${t}` } : {}) } });
    },
    close: () => app.close(),
  };
}
