import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Module routes declared through defineRoute (server/http/module-route.ts) are called, every one,
 * as the callers their declaration refuses: nobody signed in (401), another tenant's user (403),
 * and the other side of the tenant (a supplier on a buyer's route, a buyer on a supplier's), each
 * refused before the handler reads anything. Routes still registered by hand are counted per
 * module and may only become fewer.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** Hand-registered module routes (`app.get(` …) per module today: none; every module route is declared with defineRoute. */
const HAND_WRITTEN: Record<string, number> = {};

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const concrete = (url: string, tenant = 1) => url.replace(':tenantId', String(tenant)).replace(/:(\w+)/g, '1');

describe('module routes', () => {
  it('declared with defineRoute refuse whom their declaration refuses, before reading anything', async () => {
    const routes = s.app.moduleRoutes;
    expect(routes.length, 'the tender and RFx reads are declared').toBeGreaterThan(20);
    const tried = { anonymous: 0, otherTenant: 0, tenantRole: 0, otherSide: 0, public: 0 };
    for (const r of routes) {
      // A public route answers anyone: declared so (auth: false), there is nobody to refuse.
      if ('auth' in r) {
        tried.public++;
        continue;
      }
      const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
      const call = (as: string | undefined, url = concrete(r.url)) => s.call({ method: r.method, url, ...(as ? { as } : {}), ...(body ? { payload: body } : {}) });
      const where = `${r.method} ${r.url}`;
      expect((await call(undefined)).statusCode, `${where} without a user`).toBe(401);
      tried.anonymous++;
      const level = r.level ?? 'tenant';
      // A platform call's tenant path is a tenant's (its site path serves the caller's own tenant).
      if (level === 'tenant' || (level === 'platform' && r.url.includes(':tenantId'))) {
        expect((await call('buyer2')).statusCode, `${where} by another tenant's buyer`).toBe(403);
        tried.otherTenant++;
      }
      if (level === 'site') {
        expect((await call('buyer')).statusCode, `${where} by a tenant's role`).toBe(403);
        tried.tenantRole++;
      }
      if (r.by) {
        const other = await call(r.by === 'buyer' ? 'supplier' : 'buyer');
        expect(other.statusCode, `${where} by the other side: ${other.body}`).toBe(403);
        // The button's permission guard (operation-guards.ts) may refuse first, naming the code.
        if (r.byReason) expect([r.byReason, 'guard'], where).toContain(String(other.json().message).startsWith('Your role may not') ? 'guard' : other.json().message);
        tried.otherSide++;
      }
    }
    console.log(`module routes declared: ${routes.length}; refused without a user ${tried.anonymous}, to another tenant ${tried.otherTenant}, to a tenant's role on a site path ${tried.tenantRole}, to the other side ${tried.otherSide}; public ${tried.public}`);
  });

  it('registered by hand become fewer, never more', () => {
    const counts: Record<string, number> = {};
    const root = join(import.meta.dirname, '../../server/modules');
    for (const m of readdirSync(root)) {
      if (!statSync(join(root, m)).isDirectory()) continue;
      const n = tsFiles(join(root, m)).reduce((sum, f) => sum + (readFileSync(f, 'utf8').match(/\bapp\.(get|post|put|delete|patch)\(/g)?.length ?? 0), 0);
      if (n) counts[m] = n;
    }
    for (const [m, n] of Object.entries(counts)) expect(n, `${m}: ${n} hand-registered routes (allowed ${HAND_WRITTEN[m] ?? 0}); declare new ones with defineRoute`).toBeLessThanOrEqual(HAND_WRITTEN[m] ?? 0);
  });
});
