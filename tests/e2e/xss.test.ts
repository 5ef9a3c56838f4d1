import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { listScreenFiles } from '../../renderer/schema-files/screen-files.ts';
import { loadEntities } from '../../server/resources/entities.ts';
import { projectRoot } from '../../server/paths.ts';
import { type E2E, startE2E } from './browser.ts';

/**
 * Data is shown as text, never run: every free-text field of a few entities (materials, orders,
 * notices) is written through the API with markup that runs script if it is ever parsed as HTML,
 * then their list and detail screens (found from the screen files) are opened. No payload may run,
 * no payload element may exist in the page, and the list shows the text literally.
 */
const ENTITIES = ['item', 'poHeader', 'notice'];
// Short enough for a 120-character field; each variant runs script through a different parser path.
const PAYLOADS = ['<img src=x onerror=window.__xss=1>', '<svg onload=window.__xss=2>', '"><script>window.__xss=3</script>'];

const dir = join(projectRoot, 'schemas');
const screens = listScreenFiles(dir).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { entity?: string; kind?: string; route?: string });
const screenOf = (entity: string, kind: string) => screens.find((s) => s.entity === entity && s.kind === kind && s.route)?.route;

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

/** Free-text fields a user can write: no value set, no pattern, long enough for a payload. */
const textFields = (d: EntityDecl) =>
  d.fields.filter((f) => ['string', 'text', 'richtext', undefined].includes(f.type) && !f.readOnly && !f.private && !f.lov && !f.pattern && !f.format && (f.maxLength ?? 1000) >= 40 && f.name !== d.primaryKey);

describe('stored markup is shown as text (generated over the fields of a few entities)', () => {
  it.each(ENTITIES)('%s: list and detail run no payload', async (name) => {
    const d = loadEntities().get(name)!;
    const list = screenOf(name, 'list');
    const detail = screenOf(name, 'detail');
    expect(list, `a list screen of ${name}`).toBeDefined();
    const token = await e.token('admin');
    const base = d.paths.tenant!.replace('{tenantId}', '1');
    const call = (method: 'GET' | 'PUT', url: string, payload?: object) => e.app.inject({ method, url, payload, headers: { authorization: `bearer ${token}` } });
    // The first row the list call returns (what the screen shows first), written with a payload per field.
    const rows = (await call('GET', `${base}?page=0&size=10`)).json().content as Array<Record<string, unknown>>;
    const fields = textFields(d);
    expect(fields.length).toBeGreaterThan(0);
    let written: Record<string, unknown> | undefined;
    for (const row of rows) {
      const body = Object.fromEntries(fields.map((f, i) => [f.name, `${PAYLOADS[i % PAYLOADS.length]} ${f.name}`]));
      const r = await call('PUT', `${base}/${row[d.primaryKey]}`, { ...body, objectVersionNumber: row.objectVersionNumber });
      if (r.statusCode === 200 && !r.json().failed) {
        written = r.json();
        break;
      }
    }
    expect(written, `a row of ${name} took the payloads`).toBeDefined();
    const id = written![d.primaryKey];

    const page = await e.adminIn(1, list!);
    const check = async (where: string) => {
      const ran = await page.evaluate(() => (window as unknown as { __xss?: number }).__xss);
      expect(ran, `a payload ran on ${where}`).toBeUndefined();
      // No element a payload would create exists: the markup stayed text.
      expect(await page.locator('img[src="x"], svg[onload], script:not([src])').count(), where).toBe(0);
    };
    await page.locator(`[data-screen="${list}"] [role="row"][data-row-key]`).first().waitFor();
    await check(list!);
    const shown = await page.locator(`[data-screen="${list}"] [role="row"][data-row-key="${id}"]`).count();
    if (shown) expect(await page.locator(`[data-screen="${list}"] [role="row"][data-row-key="${id}"]`).innerText()).toContain(PAYLOADS[0]);
    if (detail) {
      const route = detail.replace(/:\w+$/, String(id));
      await page.goto(`${e.baseUrl}${route}`);
      await page.locator(`[data-screen="${detail}"]`).waitFor();
      // The detail's fields hold the text as typed (an input's value, or text on a read-only view).
      await expect
        .poll(async () => page.evaluate((p) => [...document.querySelectorAll('input, textarea')].some((i) => (i as HTMLInputElement).value.startsWith(p)) || document.body.innerText.includes(p), PAYLOADS[0]))
        .toBe(true);
      await page.waitForTimeout(500);
      await check(route);
    }
    await page.context().close();
  });
});
