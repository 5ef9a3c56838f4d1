import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  it('answers every malformed body with a 4xx, never a 500, and nothing is polluted', { timeout: 600_000 }, async () => {
    const doc = (await s.app.inject({ url: '/api-docs/json' })).json() as { paths: Record<string, Record<string, Op>> };
    const failures: string[] = [];
    let tried = 0;
    let operations = 0;
    const byStatus: Record<number, number> = {};
    for (const [path, ops] of Object.entries(doc.paths)) {
      // Sign-in and sign-out take forms and redirects; their refusals are tested in auth.test.ts.
      if (path.startsWith('/oauth/')) continue;
      for (const [method, op] of Object.entries(ops)) {
        if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
        operations++;
        let url = path;
        for (const p of (op.parameters ?? []).filter((x) => x.in === 'path')) url = url.replace(`{${p.name}}`, pathValue(p));
        const schema = op.requestBody?.content?.['application/json']?.schema;
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
        }
      }
    }
    console.log(`body fuzz: ${tried} requests over ${operations} write operations, ${failures.length} answered 5xx; by status ${JSON.stringify(byStatus)}`);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(failures).toEqual([]);
  });
});
