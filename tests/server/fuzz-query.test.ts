import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessTables, changedTables, fingerprint } from './db-fingerprint.ts';
import { namesField, VALUE_REFUSALS } from './fuzz-answer.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Param = { name: string; in: string; required?: boolean; schema?: { type?: string | string[]; enum?: unknown[] } };
type Op = { parameters?: Param[] };

/** Values no parameter should choke on: each must be refused (4xx) or ignored, never a 500. */
const BAD = [
  ...['\u0000', 'a\u0000b', '%', "' or 1=1 --", '-1', '1e309', '99999999999999999999', '2026-13-45', 'x'.repeat(5000), '[]', '{"$gt":""}', '../../etc/passwd', '\u202e'].map(encodeURIComponent),
  // Bytes that are not UTF-8 (a lone surrogate's encoding, a truncated sequence).
  '%ED%A0%80',
  '%E2%82',
];

/**
 * `npm run test:security` adds FUZZ_RUNS generated values per parameter (any code points, numbers
 * at the edges, sort and filter injections), from a fixed seed so a failure can be replayed.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 0);
const generated = (seed: number) =>
  RUNS > 0
    ? fc
        .sample(
          fc.oneof(
            fc.string({ unit: 'binary', maxLength: 64 }),
            fc.double().map(String),
            fc.bigInt().map(String),
            fc.constantFrom('id,desc;drop table iam_user', 'amount desc nulls first)', '(select 1)', "x' union select password_hash from iam_user --", '*', '$where'),
          ),
          { seed, numRuns: RUNS },
        )
        .map(encodeURIComponent)
    : [];

/** A value for a path parameter that reaches the handler (tenant 1, record 1). */
const pathValue = (p: Param) => (p.name === 'tenantId' ? '1' : p.schema?.enum?.[0] !== undefined ? String(p.schema.enum[0]) : p.schema?.type === 'string' ? 'X' : '1');

describe('GET query parameters, generated over the OpenAPI document', () => {
  it('answers every malformed value with a normal answer or a 4xx naming the parameter, never a 500, and changes no row', { timeout: 600_000 }, async () => {
    const doc = (await s.app.inject({ url: '/api-docs/json' })).json() as { paths: Record<string, Record<string, Op>> };
    const failures: string[] = [];
    const unnamed: string[] = [];
    const tables = await businessTables(s.ctx.db);
    // Signed in before the first fingerprint: a sign-in records its date on the user, by design.
    await s.call({ url: '/iam/hzero/v1/users/self', as: 'admin' });
    const before = await fingerprint(s.ctx.db, tables);
    let tried = 0;
    let operations = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      const get = ops.get;
      if (!get) continue;
      const params = get.parameters ?? [];
      const query = params.filter((p) => p.in === 'query');
      if (!query.length) continue;
      operations++;
      let url = path;
      for (const p of params.filter((x) => x.in === 'path')) url = url.replace(`{${p.name}}`, pathValue(p));
      // A refusal names the value's parameter, or another one the operation needs (a required
      // parameter missing, a path key the document does not declare, as `{countryId}`).
      const names = [...params.map((p) => p.name), ...[...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)];
      for (const [qi, q] of query.entries()) {
        for (const v of [...BAD, ...generated(operations * 100 + qi)]) {
          tried++;
          const r = await s.call({ url: `${url}?${encodeURIComponent(q.name)}=${v}`, as: 'admin' });
          if (r.statusCode >= 500) failures.push(`${r.statusCode} GET ${url}?${q.name}=${v.slice(0, 40)}: ${r.body.slice(0, 120)}`);
          else if (VALUE_REFUSALS.has(r.statusCode) && !namesField(r.body, names)) unnamed.push(`${r.statusCode} GET ${url}?${q.name}=${v.slice(0, 40)}: ${r.body.slice(0, 160)}`);
        }
      }
    }
    const changed = changedTables(before, await fingerprint(s.ctx.db, tables));
    console.log(`query fuzz: ${tried} requests over ${operations} GET operations, ${failures.length} answered 5xx, ${unnamed.length} refusals not naming the parameter; ${tables.length} tables fingerprinted, ${changed.length} changed`);
    expect(failures).toEqual([]);
    expect(unnamed).toEqual([]);
    expect(changed).toEqual([]);
  });
});
