import { expect } from 'vitest';
import type { TestServer } from './harness.ts';

type Row = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The calls a module's API test makes as a signed-in demo user: `call` answers status and body,
 * `ok` asserts a 200 that is not a business refusal, `one` reads the first row of a query.
 * `server` is read at each call (the file's server starts in its beforeAll).
 */
export function apiCalls(server: () => TestServer) {
  const call = async (as: string, method: Method, url: string, payload?: unknown) => {
    const r = await server().call({ as, method, url, ...(payload === undefined ? {} : { payload: payload as Row }) });
    return { status: r.statusCode, body: (r.body ? r.json() : undefined) as Row };
  };
  const ok = async (as: string, method: Method, url: string, payload?: unknown) => {
    const r = await call(as, method, url, payload);
    expect(r.status, `${as} ${method} ${url}: ${JSON.stringify(r.body)}`).toBe(200);
    expect(r.body.failed, JSON.stringify(r.body)).toBeUndefined();
    return r.body;
  };
  const one = async <R>(sql: string, params: unknown[] = []) => (await server().ctx.db.query<R>(sql, params)).rows[0]!;
  return { call, ok, one };
}
