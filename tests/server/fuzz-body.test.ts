import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessTables, changedTables, fingerprint } from './db-fingerprint.ts';
import { namesField, VALUE_REFUSALS } from './fuzz-answer.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; enum?: unknown[] };
type Param = { name: string; in: string; schema?: Schema };
type Op = { parameters?: Param[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };

/** Tenant 1, and records that do not exist: a body that happens to be valid changes nothing. */
const pathValue = (p: Param) => (p.name === 'tenantId' ? '1' : p.schema?.enum?.[0] !== undefined ? String(p.schema.enum[0]) : p.schema?.type === 'string' ? 'NO_SUCH_CODE' : '987654321');

/** A value of the wrong kind for a property of `schema`'s type. */
function wrongType(schema: Schema | undefined): unknown {
  const t = [schema?.type ?? 'string'].flat()[0];
  return t === 'string' ? { not: 'a string' } : t === 'object' ? 'not an object' : t === 'array' ? 42 : 'not a number';
}

const nested = (depth: number): unknown => (depth === 0 ? 'x' : { a: nested(depth - 1) });

/**
 * Malformed bodies for one operation: not JSON, the wrong root, every property of the wrong type,
 * huge and control-character strings, huge numbers, deep nesting, unknown fields only.
 */
function bodies(schema: Schema | undefined): Array<{ what: string; raw?: string; json?: unknown }> {
  const props = Object.entries(schema?.properties ?? {});
  const out: Array<{ what: string; raw?: string; json?: unknown }> = [
    { what: 'not JSON', raw: '{"unterminated": ' },
    { what: 'wrong root', json: [schema?.type === 'array' ? {} : 1] },
    { what: 'deep nesting', json: nested(200) },
    { what: 'unknown fields only', json: { __proto__x: 1, constructor: { prototype: { polluted: true } } } },
  ];
  if (props.length) {
    out.push({ what: 'every property of the wrong type', json: Object.fromEntries(props.map(([k, v]) => [k, wrongType(v)])) });
    out.push({ what: 'huge strings and numbers', json: Object.fromEntries(props.map(([k, v]) => [k, [v.type].flat().includes('string') ? 'x'.repeat(100_000) : 1e308])) });
    out.push({ what: 'control characters', json: Object.fromEntries(props.map(([k]) => [k, 'a\u0000\u001b[31m\u202e'])) });
  }
  return out;
}

describe('request bodies, generated over the OpenAPI document', () => {
  it('answers every malformed body with a 4xx naming the field, never a 500; no row changes and nothing is polluted', { timeout: 600_000 }, async () => {
    const doc = (await s.app.inject({ url: '/api-docs/json' })).json() as { paths: Record<string, Record<string, Op>> };
    const failures: string[] = [];
    const unnamed: string[] = [];
    const changed: string[] = [];
    const tables = await businessTables(s.ctx.db);
    // Signed in before the first fingerprint: a sign-in records its date on the user, by design.
    await s.call({ url: '/iam/hzero/v1/users/self', as: 'admin' });
    const started = Date.now();
    let tried = 0;
    let operations = 0;
    const byStatus: Record<number, number> = {};
    const accepted: string[] = [];
    // One batch per service (`/hpfm`, `/sodr`, …): the database's rows are compared before and after it.
    let batch = '';
    let before = await fingerprint(s.ctx.db, tables);
    const closeBatch = async () => {
      const after = await fingerprint(s.ctx.db, tables);
      for (const t of changedTables(before, after)) changed.push(`${batch}: ${t}`);
      before = after;
    };
    for (const [path, ops] of Object.entries(doc.paths)) {
      // Sign-in and sign-out take forms and redirects; their refusals are tested in auth.test.ts.
      if (path.startsWith('/oauth/')) continue;
      const service = path.split('/')[1]!;
      if (service !== batch) {
        if (batch) await closeBatch();
        batch = service;
      }
      for (const [method, op] of Object.entries(ops)) {
        if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
        operations++;
        let url = path;
        for (const p of (op.parameters ?? []).filter((x) => x.in === 'path')) url = url.replace(`{${p.name}}`, pathValue(p));
        const schema = op.requestBody?.content?.['application/json']?.schema;
        // What a refusal may name: the body as a whole, one of its properties, or a parameter (also
        // a path placeholder the document does not declare, as `{eventId}` of a nested resource).
        const names = ['body', ...Object.keys(schema?.properties ?? {}), ...(op.parameters ?? []).map((p) => p.name), ...[...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)];
        for (const b of bodies(schema)) {
          tried++;
          const r = await s.call({
            method: method.toUpperCase() as 'POST',
            url,
            as: 'admin',
            ...(b.raw !== undefined ? { payload: b.raw, headers: { 'content-type': 'application/json' } } : { payload: b.json as object }),
          });
          byStatus[r.statusCode] = (byStatus[r.statusCode] ?? 0) + 1;
          if (r.statusCode >= 500) failures.push(`${r.statusCode} ${method.toUpperCase()} ${url} (${b.what}): ${r.body.slice(0, 140)}`);
          else if (VALUE_REFUSALS.has(r.statusCode) && !namesField(r.body, names))
            unnamed.push(`${r.statusCode} ${method.toUpperCase()} ${url} (${b.what}): ${r.body.slice(0, 160)}`);
          else if (r.statusCode < 300) accepted.push(`${method.toUpperCase()} ${url} (${b.what})`);
        }
      }
    }
    await closeBatch();
    console.log(
      `body fuzz: ${tried} requests over ${operations} write operations in ${Math.round((Date.now() - started) / 1000)} s, ${failures.length} answered 5xx, ` +
        `${unnamed.length} refusals not naming a field, ${changed.length} tables changed (${tables.length} fingerprinted per service); by status ${JSON.stringify(byStatus)}`,
    );
    if (accepted.length) console.log(`accepted:\n${accepted.join('\n')}`);
    if (unnamed.length) console.log(`refusals not naming a field:\n${unnamed.join('\n')}`);
    if (changed.length) console.log(`tables changed:\n${changed.join('\n')}`);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(failures).toEqual([]);
    expect(unnamed).toEqual([]);
    expect(changed).toEqual([]);
  });
});
