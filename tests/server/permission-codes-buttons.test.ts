import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Guard, operationGuards } from '../../server/auth/operation-guards.ts';
import { issueToken } from '../../server/auth/tokens.ts';
import { loadEntities } from '../../server/resources/entities.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Every permission code a screen hides a create, edit, delete, export, import or request button
 * behind is enforced by the server (status buttons: permission-codes.test.ts). Generated from the
 * guards the server derives from the screens (server/auth/operation-guards.ts): for each operation
 * and each code guarding it, a tenant role holding the menu that shows the button — but with that
 * menu's copy stripped of the operation's codes — and every other menu except those granting the
 * codes or offering the operation without one, calls it: 403 naming a code, the table unchanged.
 * The same role holding the real menu (and so the code) gets past the check.
 */
const ENTITIES = loadEntities();
const GUARDS = operationGuards(ENTITIES);

type Case = { label: string; code: string; guard: Guard; method: string; url: string; payload?: unknown; headers?: Record<string, string>; table?: string };

const ids = new Map<string, number>();
function cases(): Case[] {
  const out: Case[] = [];
  for (const [key, guard] of GUARDS.entity) {
    const [name, op] = key.split(' ') as [string, string];
    const e = ENTITIES.get(name)!;
    // Only a tenant role can lack a code: site roles hold them all, and a tenant role is refused a site path anyway.
    const base = e.paths.tenant?.replace('{tenantId}', '1');
    if (!base) continue;
    const at = (method: string, url: string, payload?: unknown, headers?: Record<string, string>) =>
      guard.codes.map((code) => ({ label: `${name} ${op}`, code, guard, method, url, payload, headers, table: e.table }));
    const one = `${base}/{id:${name}}`;
    if (op === 'create') out.push(...at('POST', base, {}));
    else if (op === 'update') out.push(...at('PUT', one, { objectVersionNumber: 1 }));
    else if (op === 'delete') out.push(...at('DELETE', one));
    else if (op === 'export') out.push(...at('GET', `${base}?exportType=COLUMN`));
    else if (op === 'import')
      out.push(...at('POST', `${base}/import`, '--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nx\r\n--b--\r\n', { 'content-type': 'multipart/form-data; boundary=b' }));
  }
  for (const [key, guard] of GUARDS.endpoint) {
    const method = key.split(' ')[0]!;
    for (const url of guard.urls) {
      // The tenant's form of the call (the site's is refused to a tenant role by its path).
      if (!url.includes('{tenantId}')) continue;
      const filled = url.replace('[{tenantId}/]', '1/').replace('{tenantId}', '1').replace(/\{\w+\}/g, '1');
      if (out.some((c) => c.method === method && c.url === filled)) continue;
      out.push(...guard.codes.map((code) => ({ label: `${method} ${url}`, code, guard, method, url: filled, payload: method === 'GET' ? undefined : method === 'DELETE' ? [] : {} })));
    }
  }
  return out;
}
const CASES = cases();

let s: TestServer;
let userId: number;
beforeAll(async () => {
  s = await startTestServer();
  userId = (await s.ctx.db.query<{ id: number }>("select id::float8 as id from iam_user where login_name = 'buyer'")).rows[0]!.id;
  for (const e of ENTITIES.values()) {
    if (!e.paths.tenant || !e.tenantScoped) continue;
    const col = e.primaryKey.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    const r = await s.ctx.db.query<{ id: number }>(`select ${col}::float8 as id from ${e.table} where tenant_id = 1 order by 1 limit 1`).catch(() => ({ rows: [] }));
    ids.set(e.name, r.rows[0]?.id ?? 1);
  }
}, 180_000);
afterAll(() => s.close());

const fingerprint = async (table: string) =>
  (await s.ctx.db.query<{ n: number; sum: string | null }>(`select count(*)::int as n, md5(string_agg(md5(t::text), '' order by md5(t::text))) as sum from ${table} t`)).rows[0];

let roles = 0;
/**
 * A token of the buyer in a new tenant-1 role: a copy of the menu granting `code` without the
 * guard's codes, plus every menu that grants none of them and offers the operation nowhere
 * without a code; with `holding`, the real menu granting `code` as well.
 */
async function token(code: string, guard: Guard, holding: boolean): Promise<{ token: string; route: string }> {
  const db = s.ctx.db;
  const n = ++roles;
  const role = (await db.query<{ id: number }>(`insert into iam_role (code, name, level, tenant_id, enabled_flag) values ($1, $1, 'organization', 1, 1) returning id::float8 as id`, [`BTN_${n}`])).rows[0]!.id;
  await db.query(
    `insert into iam_role_menu (role_id, menu_id)
       select $1, m.id from iam_menu m where m.enabled_flag = 1 and m.type <> 'root' and not coalesce(m.permission_codes::jsonb ?| $2::text[], false)
          and not coalesce(m.route = any($3::text[]), false)`,
    [role, guard.codes, guard.openMenus],
  );
  const copy = (
    await db.query<{ id: number }>(
      `insert into iam_menu (id, code, name, name_en, parent_id, type, level, route, icon, sort, quick_index, permission_codes, enabled_flag)
         select (select max(id) + 1 from iam_menu), m.code || '.copy${n}', m.name, m.name_en, m.parent_id, m.type, m.level, m.route, m.icon, m.sort, m.quick_index,
                coalesce((select jsonb_agg(c) from jsonb_array_elements_text(m.permission_codes::jsonb) c where not c = any($1::text[])), '[]'::jsonb), 1
           from iam_menu m where m.permission_codes::jsonb ? $2 order by m.id limit 1
         returning id::float8 as id, route`,
      [guard.codes, code],
    )
  ).rows[0] as { id: number; route: string } | undefined;
  expect(copy, `a menu grants ${code}`).toBeDefined();
  await db.query('insert into iam_role_menu (role_id, menu_id) values ($1, $2)', [role, copy!.id]);
  if (holding) await db.query(`insert into iam_role_menu (role_id, menu_id) select $1, id from iam_menu where permission_codes::jsonb ? $2 and code not like '%.copy%' order by id limit 1`, [role, code]);
  await db.query('insert into iam_member_role (user_id, role_id) values ($1, $2)', [userId, role]);
  made.push({ role, menu: copy!.id });
  return { token: await issueToken(db, userId, 1, role), route: copy!.route };
}
/** The roles and menu copies of a case, removed after it so the menu table stays the seeded one. */
const made: Array<{ role: number; menu: number }> = [];
async function cleanUp() {
  for (const { role, menu } of made.splice(0)) {
    await s.ctx.db.query('delete from iam_role_menu where role_id = $1', [role]);
    await s.ctx.db.query('delete from iam_menu where id = $1', [menu]);
  }
}

const urlOf = (c: Case) => c.url.replace(/\{id:(\w+)\}/, (_m, name: string) => String(ids.get(name) ?? 1));

describe("permission codes of the screens' other buttons are enforced by the server (generated)", () => {
  const ops = new Set(CASES.map((c) => c.label));
  afterEach(cleanUp);
  afterAll(() =>
    console.log(
      `button permission codes: ${new Set(CASES.map((c) => c.code)).size} codes over ${ops.size} operations (${CASES.length} operation × code cases, ` +
        `${GUARDS.entity.size} guarded entity operations and ${GUARDS.endpoint.size} guarded endpoints derived), each refused with 403 naming the code, the table unchanged, and let through with it`,
    ),
  );

  it('derives guards for create, update, delete, export, import and request buttons', () => {
    const kinds = new Set([...GUARDS.entity.keys()].map((k) => k.split(' ')[1]));
    expect([...kinds].sort()).toEqual(['create', 'delete', 'export', 'import', 'update']);
    expect(GUARDS.entity.get('item delete')?.codes).toContain('smdm.materiel.list.button.delete');
    expect(GUARDS.endpoint.get('POST /iam/hzero/v1/{}/users/{}/frozen')?.codes).toContain('hiam.user.button.freeze');
    expect(new Set(CASES.map((c) => c.code)).size).toBeGreaterThan(200);
  });

  /** How each case was settled, printed at the end. */
  const tally = { byCode: 0, byMenu: 0, openBeside: 0 };
  afterAll(() =>
    console.log(
      `button permission codes: refused naming the code ${tally.byCode}, refused by the entity's menus first ${tally.byMenu}, ` +
        `offered without a code on the same menu's pages (allowed by the rule) ${tally.openBeside}`,
    ),
  );
  const codeRefusal = (r: { statusCode: number; body: string }) => r.statusCode === 403 && r.body.includes('permission code');

  it.each(CASES.map((c) => [c.label, c.code, c] as const))('%s: refused without %s, let through with it', async (_l, code, c) => {
    const call = (tok: string) => s.call({ method: c.method as 'GET', url: urlOf(c), payload: c.payload as string, headers: c.headers, token: tok });
    const lacking = await token(code, c.guard, false);
    // After the role is made: making it writes iam_role, the table of the role operations.
    const before = c.table ? await fingerprint(c.table) : undefined;
    const refused = await call(lacking.token);
    if (c.guard.openToAll || c.guard.openMenus.includes(lacking.route)) {
      // The menu showing the button also offers the operation without a code (a detail page's save
      // behind a link, a create page of its own): the rule lets its holders through, as the UI does.
      expect(codeRefusal(refused), refused.body.slice(0, 300)).toBe(false);
      tally.openBeside++;
    } else {
      expect(refused.statusCode, `${c.guard.where.join(', ')}: ${refused.body.slice(0, 300)}`).toBe(403);
      const message = refused.json<{ message: string }>().message;
      if (codeRefusal(refused)) {
        expect(message).toContain(code);
        tally.byCode++;
      } else {
        // The role lacks every menu that opens the entity for writing: refused before the codes are asked.
        expect(message).toMatch(/may not (change|view)/);
        tally.byMenu++;
      }
      if (c.table) expect(await fingerprint(c.table)).toEqual(before);
    }
    const allowed = await call((await token(code, c.guard, true)).token);
    expect(codeRefusal(allowed), allowed.body.slice(0, 300)).toBe(false);
  });
});
