import { join } from 'node:path';
import { checkEntity, checkScreen } from '../renderer/schema/check/check-screen.ts';
import type { CheckContext } from '../renderer/schema/check/check-context.ts';
import { validateScreenMeta } from '../renderer/schema/check/meta-validate.ts';
import type { Problem } from '../renderer/schema/check/problems.ts';
import type { EntityDecl } from '../renderer/schema/entity.ts';
import { buildApp } from './app.ts';
import type { ServerContext } from './context.ts';
import type { Database } from './db/database.ts';
import { projectRoot } from './paths.ts';
import { EventBus } from './events/events.ts';
import { readCheckInputs, readJson } from '../renderer/schema-files/check-inputs.ts';
import { checkScreenFileName } from '../renderer/schema/check/file-name.ts';

const noDb: Database = {
  kind: 'pglite',
  query: () => Promise.reject(new Error('no database while collecting routes')),
  exec: () => Promise.reject(new Error('no database')),
  transaction: () => Promise.reject(new Error('no database')),
  close: async () => undefined,
};

/** Every `METHOD /path` the server registers, read by building the app without a database. */
async function serverEndpoints(entities: Map<string, EntityDecl>): Promise<CheckContext['endpoints']> {
  const routes: CheckContext['endpoints'] = [];
  const ctx = { db: noDb, entities, events: new EventBus(), config: { storageDir: '/nonexistent', allowedRedirectHosts: [], maxFailedLogins: 5, lockMinutes: 15 } } as unknown as ServerContext;
  const app = await buildApp(ctx, {
    routesOnly: true,
    onRoute: (r) => {
      for (const method of [r.method].flat()) routes.push({ method, segments: r.url.split('/').filter(Boolean) });
    },
  });
  await app.ready();
  await app.close();
  return routes;
}

/** Runs every check over every schema file and returns all problems at once. */
export async function checkAllSchemas(root = projectRoot): Promise<{ problems: Problem[]; files: number }> {
  const schemasDir = join(root, 'schemas');
  const inputs = readCheckInputs(schemasDir);
  const problems: Problem[] = [...inputs.problems];
  const ctx: CheckContext = { ...inputs.context, endpoints: await serverEndpoints(inputs.entities) };
  for (const [file, e] of inputs.entityByFile) problems.push(...checkEntity(e, file, ctx));
  for (const { file, doc } of inputs.screens) {
    const meta = validateScreenMeta(doc, file);
    problems.push(...meta, ...checkScreenFileName(file, doc));
    if (meta.length === 0) problems.push(...checkScreen(doc, file, ctx));
  }
  const workplace = readJson(join(schemasDir, 'fragments', 'workplace.json'));
  if (workplace.doc) {
    problems.push(...validateScreenMeta(workplace.doc, 'fragments/workplace.json'));
    problems.push(...checkScreen(workplace.doc as Record<string, unknown>, 'fragments/workplace.json', ctx));
  }
  return { problems, files: inputs.entityFiles.length + inputs.screenFiles.length + 1 };
}
