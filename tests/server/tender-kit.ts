import { expect } from 'vitest';
import type { TestServer } from './harness.ts';

export type Row = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export const T = '/ssrc/v1/1';

/** An ISO time `ms` from now, to the second (as a person types a date). */
export const iso = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 1000) * 1000).toISOString();

/**
 * The calls the tender suites make as a signed-in user against their server (`server()` is read
 * at call time: the server starts in `beforeAll`): any call, a call that must succeed, a page's
 * rows, a tender, a move of it; a refusal (a declared status 409 or a business rule's 200 with
 * `failed`); reads of the database and the test clock (a tender's bidding end moved just behind now).
 */
export function tenderKit(server: () => TestServer) {
  const call = async (method: Method, url: string, payload?: unknown, as = 'buyer') => server().call({ method, url, ...(payload === undefined ? {} : { payload: payload as Row }), as });
  const ok = async (method: Method, url: string, payload?: unknown, as = 'buyer') => {
    const r = await call(method, url, payload, as);
    expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(200);
    expect(r.json().failed, `${method} ${url}: ${r.body}`).toBeUndefined();
    return r.json() as Row;
  };
  const rows = async (url: string, as = 'buyer') => (await ok('GET', url, undefined, as)).content as Row[];
  const tender = (id: number, as = 'buyer') => ok('GET', `${T}/bid/${id}`, undefined, as);
  const act = async (id: number, action: string, extra: Row = {}, as = 'buyer') => call('POST', `${T}/bid/${id}/actions/${action}`, { objectVersionNumber: (await tender(id)).objectVersionNumber, ...extra }, as);
  const refused = (r: { statusCode: number; json(): Row }) => r.statusCode === 409 || (r.statusCode === 200 && r.json().failed === true);
  const q = async <R = Row>(sql: string, p: unknown[] = []) => (await server().ctx.db.query<R & Row>(sql, p)).rows;
  const deadlinePassed = (id: number) => server().ctx.db.query("update tender_header set quotation_end_date = now() - interval '2 seconds', bid_open_date = now() - interval '1 second' where tender_header_id = $1", [id]);
  return { call, ok, rows, tender, act, refused, q, deadlinePassed };
}
