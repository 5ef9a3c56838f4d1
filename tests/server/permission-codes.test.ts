import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listScreenFiles } from '../../renderer/schema-files/screen-files.ts';
import { projectRoot } from '../../server/paths.ts';
import { issueToken } from '../../server/auth/tokens.ts';
import { loadEntities } from '../../server/resources/entities.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Every permission code the UI hides a status button behind is enforced by the server as well.
 * Generated from the screens (`transition` actions with a `permission`) and the entity declarations
 * (transitions' `permission`): per entity action, a tenant role holding every menu except those
 * granting one of the codes any screen shows its button for (no screen would show it the button)
 * calls the action on a record in a status it may leave, and is refused (403), the record unchanged.
 */
const ENTITIES = loadEntities();
const col = (n: string) => n.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

type Case = { codes: string[]; entity: EntityDecl; action: string; where: string[] };

function collectCases(): Case[] {
  const out = new Map<string, Case>();
  const add = (code: string, entity: EntityDecl | undefined, action: string, where: string) => {
    if (!entity?.paths.tenant || !entity.status?.transitions?.[action] || entity.readOnly) return;
    const key = `${entity.name} ${action}`;
    const c = out.get(key) ?? { codes: [], entity, action, where: [] };
    if (!c.codes.includes(code)) c.codes.push(code);
    c.where.push(where);
    out.set(key, c);
  };
  for (const e of ENTITIES.values()) for (const [a, t] of Object.entries(e.status?.transitions ?? {})) if (t.permission) add(t.permission, e, a, `entity ${e.name}`);
  const walk = (node: unknown, entity: EntityDecl | undefined, file: string) => {
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    const here = typeof o.entity === 'string' ? (ENTITIES.get(o.entity) ?? entity) : entity;
    if (o.type === 'transition' && typeof o.action === 'string' && typeof o.permission === 'string') add(o.permission, here, o.action, file);
    for (const v of Object.values(o)) walk(v, here, file);
  };
  const dir = join(projectRoot, 'schemas');
  for (const file of listScreenFiles(dir)) walk(JSON.parse(readFileSync(join(dir, file), 'utf8')), undefined, file);
  return [...out.values()];
}
const CASES = collectCases();

let s: TestServer;
let userId: number;
beforeAll(async () => {
  s = await startTestServer();
  userId = (await s.ctx.db.query<{ id: number }>("select id::float8 as id from iam_user where login_name = 'buyer'")).rows[0]!.id;
});
afterAll(() => s.close());

let roles = 0;
/** A token of the buyer acting in a new tenant-1 role holding every menu that grants none of `codes`. */
async function tokenLacking(codes: string[]): Promise<string> {
  const db = s.ctx.db;
  const role = (
    await db.query<{ id: number }>(`insert into iam_role (code, name, level, tenant_id, enabled_flag) values ($1, $1, 'organization', 1, 1) returning id::float8 as id`, [
      `LACKS_${++roles}`,
    ])
  ).rows[0]!.id;
  await db.query(
    `insert into iam_role_menu (role_id, menu_id)
       select $1, m.id from iam_menu m where m.enabled_flag = 1 and not coalesce(m.permission_codes::jsonb ?| $2::text[], false)
          and not exists (select 1 from iam_menu c where c.parent_id = m.id and coalesce(c.permission_codes::jsonb ?| $2::text[], false))`,
    [role, codes.map((code) => code.replace(/^\//, '').replace(/\//g, '.').replace(/:/g, '-'))],
  );
  await db.query('insert into iam_member_role (user_id, role_id) values ($1, $2)', [userId, role]);
  return issueToken(db, userId, 1, role);
}

describe('permission codes of status buttons are enforced by the server (generated)', () => {
  it('finds the codes the screens and entities declare', () => {
    expect(CASES.length).toBeGreaterThan(10);
    expect(CASES.flatMap((c) => c.codes)).toContain('sodr.send-order.list.button.release');
  });

  afterAll(() => console.log(`permission codes: ${new Set(CASES.flatMap((c) => c.codes)).size} codes over ${CASES.length} entity actions, each refused with 403 and the row unchanged`));

  it.each(CASES.map((c) => [c.entity.name, c.action, c.codes.join(', '), c] as const))('%s %s is refused without %s', async (_n, action, _codes, c) => {
    const e = c.entity;
    const from = e.status!.transitions![action]!.from;
    const row = (
      await s.ctx.db.query<{ id: number; v: number; digest: string }>(
        `select ${col(e.primaryKey)}::float8 as id, object_version_number::int as v, md5(t::text) as digest from ${e.table} t
          where tenant_id = 1 order by (${col(e.status!.field)}::text = any($1::text[])) desc, 1 limit 1`,
        [from],
      )
    ).rows[0];
    if (!row) return; // no record of this entity in the demo data
    const token = await tokenLacking(c.codes);
    const base = e.paths.tenant!.replace('{tenantId}', '1');
    const r = await s.call({ method: 'POST', url: `${base}/${row.id}/actions/${action}`, payload: { objectVersionNumber: row.v }, token });
    expect(r.statusCode, `${c.where.join(', ')}: ${r.body.slice(0, 200)}`).toBe(403);
    const after = (await s.ctx.db.query<{ digest: string }>(`select md5(t::text) as digest from ${e.table} t where ${col(e.primaryKey)} = $1`, [row.id])).rows[0];
    expect(after?.digest).toBe(row.digest);
  });
});
