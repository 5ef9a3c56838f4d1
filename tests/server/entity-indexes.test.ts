import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityDdl } from '../../server/resources/ddl.ts';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('indexes declared on an entity', () => {
  it('are created behind the tenant column and end with the key, so the order list filters, sorts and pages through one index scan', async () => {
    const { rows } = await s.ctx.db.query<{ indexdef: string }>("select indexdef from pg_indexes where tablename = 'sodr_po_header'");
    const defs = rows.map((r) => r.indexdef);
    expect(defs.some((d) => /\(tenant_id, status_code, amount, po_header_id\)/.test(d))).toBe(true);
    expect(defs.some((d) => /\(tenant_id, status_code, po_header_id\)/.test(d))).toBe(true);
  });

  it('leave the tenant column out on platform-wide entities', () => {
    const e = { name: 'thing', table: 'x_thing', primaryKey: 'thingId', tenantScoped: false, indexes: [['code']], fields: [{ name: 'thingId', type: 'integer' }, { name: 'code', type: 'string' }] } as unknown as EntityDecl;
    expect(entityDdl(e)).toContain('create index if not exists "x_thing_code_thing_id_idx" on "x_thing" ("code", "thing_id")');
  });
});
