import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listScreenFiles } from '../../renderer/schema-files/screen-files.ts';
import { callsOf, fixtureKey, nonCrudCalls, type RecordedCall } from '../../renderer/schema/calls.ts';
import { projectRoot } from '../paths.ts';
import { loadEntities } from '../resources/entities.ts';
import { createServer, DEFAULT_DEMO_PASSWORD } from '../start-server.ts';

/** Calls the shell makes besides the schemas' (the signed-in user, the menu, the unread count). */
export const SHELL_CALLS = ['GET /iam/hzero/v1/users/self', 'GET /iam/hzero/v1/menus/tree', 'GET /hmsg/v1/{tenantId}/messages/user/count'];

/**
 * Values for the route and record parameters of recorded calls: the story user's tenant and
 * rows the demo seed always has (user 3 is `buyer`, role 2 `SYS_ADMINISTRATOR`).
 */
const PARAMS: Record<string, string> = { tenantId: '1', organizationId: '1', id: '3', userId: '3', roleId: '2', tempServerId: '1', messageId: '1', code: 'HIAM.SUB_ACCOUNT', pageCode: 'HPFM.DEMO.PAYMENT_TERMS', action: 'USER_GUIDE', value: 'buyer' };

/** Parameters that must name a row of the story user's tenant, looked up in the fresh database. */
const LOOKUPS: Array<[RegExp, string, string]> = [
  [/\/code-rule\/\{id\}/, 'id', 'select rule_id::int as v from hpfm_code_rule where tenant_id = 1 order by rule_id limit 1'],
  [/\/static-texts\/\{action\}/, 'action', 'select text_id::int as v from hpfm_static_text where tenant_id = 1 order by text_id limit 1'],
  [/\/messages\/user\/\{messageId\}/, 'messageId', "select m.user_message_id::int as v from hmsg_user_message m join iam_user u on u.id = m.user_id where u.login_name = 'sysadmin' and m.tenant_id = 1 order by 1 limit 1"],
];

export type { RecordedCall };

// Long lists (the menu tree's assignable menus) are cut: a story needs their shape, not all rows.
function trim(v: unknown, depth = 0): unknown {
  if (Array.isArray(v)) return v.slice(0, 30).map((x) => trim(x, depth + 1));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, trim(x, depth + 1)]));
  return v;
}

/** Every call to record: the schemas' non-CRUD calls and the shell's, GETs first (the rest change data). */
export function callsToRecord(schemasDir = join(projectRoot, 'schemas')): string[] {
  const calls = listScreenFiles(schemasDir).flatMap((f) => {
    try {
      return callsOf(f, JSON.parse(readFileSync(join(schemasDir, f), 'utf8')));
    } catch {
      return [];
    }
  });
  const keys = [...new Set([...SHELL_CALLS, ...nonCrudCalls(calls, loadEntities(schemasDir).values()).keys()])];
  return keys.sort((a, b) => Number(!a.startsWith('GET ')) - Number(!b.startsWith('GET ')) || a.localeCompare(b));
}

/**
 * Starts the reference server on a fresh seeded PGlite in a temporary folder, signs in as the
 * stories' user (the demo tenant's administrator), makes each call and writes the answers to
 * `<outDir>/<service>.json`, keyed by method and URL template.
 */
export async function recordStoryFixtures(outDir = join(projectRoot, 'stories', 'fixtures'), log: (s: string) => void = console.log): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'story-fixtures-'));
  const { app, ctx } = await createServer({ dataDir });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/oauth/oauth/login',
      payload: new URLSearchParams({ username: 'sysadmin', password: DEFAULT_DEMO_PASSWORD, redirect_uri: '/workplace' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const token = /access_token=([^&]+)/.exec(String(login.headers.location ?? ''))?.[1];
    if (!token) throw new Error(`sign-in failed: ${login.statusCode}`);
    const byService = new Map<string, Record<string, RecordedCall>>();
    for (const key of callsToRecord()) {
      const [method, template] = key.split(' ') as [string, string];
      const params = { ...PARAMS };
      for (const [re, name, sql] of LOOKUPS) if (re.test(template)) params[name] = String((await ctx.db.query<{ v: number }>(sql)).rows[0]?.v ?? params[name]);
      const url = template.replace(/\[\{\w+\}\/\]/g, '1/').replace(/\{(\w+)\}/g, (_m, n: string) => params[n] ?? '1');
      const res = await app.inject({ method: method as 'GET', url, headers: { authorization: `bearer ${token}` }, ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}) });
      let body: unknown = res.body;
      try {
        body = res.json();
      } catch {
        // not JSON: kept as text
      }
      const service = template.split('/')[1]!;
      byService.set(service, { ...byService.get(service), [fixtureKey(method, template)]: { url, status: res.statusCode, body: trim(body) } });
      log(`${res.statusCode} ${method} ${url}`);
    }
    mkdirSync(outDir, { recursive: true });
    for (const [service, calls] of byService) writeFileSync(join(outDir, `${service}.json`), `${JSON.stringify(calls, null, 2)}\n`);
    return [...byService.values()].reduce((n, c) => n + Object.keys(c).length, 0);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
