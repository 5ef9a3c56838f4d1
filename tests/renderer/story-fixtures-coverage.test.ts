import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listScreenFiles } from '../../renderer/schema-files/screen-files.ts';
import { projectRoot } from '../../server/paths.ts';
import { loadEntities } from '../../server/resources/entities.ts';
import { SHELL_CALLS } from '../../server/seed/story-fixtures.ts';
import { DataSource, DataSourceError } from '../../stories/data-source/index.ts';
import { callsOf, examplePath, nonCrudCalls } from '../../renderer/schema/calls.ts';

const schemas = join(projectRoot, 'schemas');
const fixturesDir = join(projectRoot, 'stories', 'fixtures');
const calls = listScreenFiles(schemas).flatMap((f) => callsOf(f, JSON.parse(readFileSync(join(schemas, f), 'utf8'))));
const nonCrud = nonCrudCalls(calls, loadEntities().values());
const recorded = new Set(readdirSync(fixturesDir).filter((f) => f.endsWith('.json')).flatMap((f) => Object.keys(JSON.parse(readFileSync(join(fixturesDir, f), 'utf8')) as object)));

describe('fixtures recorded on the seeded server for the stories', () => {
  it('has one for every call a schema makes that is not CRUD over a declared entity, and for the shell’s calls', () => {
    expect(nonCrud.size).toBeGreaterThan(0);
    const missing = [...nonCrud].filter(([key]) => !recorded.has(key)).map(([key, c]) => `${key} (${c.file} ${c.path})`);
    expect(missing, 'run npm run stories:record').toEqual([]);
    expect(SHELL_CALLS.filter((k) => !recorded.has(k))).toEqual([]);
  });

  it('lets the data source answer each of those calls, and refuses an unknown one instead of an empty page', async () => {
    const ds = new DataSource({ latency: 0 });
    for (const [key, c] of nonCrud) {
      const err = await ds.request(examplePath(c.template), { method: c.method as 'GET', body: c.method === 'GET' ? undefined : {} }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err instanceof DataSourceError && err.status === 501, key).toBe(false);
    }
    await expect(ds.request('/nowhere/v1/1/things')).rejects.toMatchObject({ status: 501 });
  });
});
