import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkEntity, checkScreen } from '../../renderer/check/check-screen.ts';
import type { CheckContext } from '../../renderer/check/check-context.ts';
import { validateEntityMeta, validateLovsMeta, validateScreenMeta } from '../../renderer/check/meta-validate.ts';
import type { Problem } from '../../renderer/check/problems.ts';
import { listScreenFiles } from '../../renderer/build/screen-files.ts';
import { actionTypes, cellRenderers, customComponents, fieldWidgets } from '../../renderer/registry/builtins.ts';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { buildApp } from '../../server/app.ts';
import type { ServerContext } from '../../server/context.ts';
import type { Database } from '../../server/db/database.ts';
import { projectRoot } from '../../server/paths.ts';
import { EventBus } from '../../server/platform/events.ts';
import { LOV_VIEWS, VALUE_SETS } from '../../server/seed/lov-seed.ts';
import { buildMenus } from '../../server/seed/menu-seed.ts';
import '../../src/custom/register.ts';

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
    onRoute: (r) => {
      for (const method of [r.method].flat()) routes.push({ method, segments: r.url.split('/').filter(Boolean) });
    },
  });
  await app.ready();
  await app.close();
  return routes;
}

function readJson(path: string): { doc?: unknown; error?: string } {
  const text = readFileSync(path, 'utf8');
  try {
    return { doc: JSON.parse(text) };
  } catch (e) {
    return { error: `not valid JSON: ${(e as Error).message}` };
  }
}

/** Runs every check over every schema file and returns all problems at once. */
export async function checkAllSchemas(root = projectRoot): Promise<{ problems: Problem[]; files: number }> {
  const schemasDir = join(root, 'schemas');
  const problems: Problem[] = [];
  const entities = new Map<string, EntityDecl>();
  const entityByFile = new Map<string, EntityDecl>();
  const entityFiles = readdirSync(join(schemasDir, 'entities')).filter((f) => f.endsWith('.json')).sort();
  for (const f of entityFiles) {
    const file = `entities/${f}`;
    const { doc, error } = readJson(join(schemasDir, file));
    if (error) {
      problems.push({ file, path: '', message: error });
      continue;
    }
    const meta = validateEntityMeta(doc, file);
    problems.push(...meta);
    const e = doc as EntityDecl;
    if (entities.has(e.name)) problems.push({ file, path: '/name', message: `entity "${e.name}" is declared twice` });
    entities.set(e.name, e);
    entityByFile.set(file, e);
  }

  for (const f of readdirSync(join(schemasDir, 'lovs')).filter((n) => n.endsWith('.json'))) {
    const { doc, error } = readJson(join(schemasDir, 'lovs', f));
    problems.push(...(error ? [{ file: `lovs/${f}`, path: '', message: error }] : validateLovsMeta(doc, `lovs/${f}`)));
  }

  const i18n: Record<string, Set<string>> = { zh_CN: new Set(), en_US: new Set() };
  for (const f of readdirSync(join(schemasDir, 'i18n')).filter((n) => n.endsWith('.json'))) {
    const { doc, error } = readJson(join(schemasDir, 'i18n', f));
    if (error) {
      problems.push({ file: `i18n/${f}`, path: '', message: error });
      continue;
    }
    for (const [k, v] of Object.entries(doc as Record<string, Record<string, string>>)) for (const lang of ['zh_CN', 'en_US']) if (v?.[lang]) i18n[lang]!.add(k);
  }
  const i18nKeys = new Set([...i18n.zh_CN!].filter((k) => i18n.en_US!.has(k)));
  const i18nPartial = new Map<string, string>();
  for (const k of i18n.zh_CN!) if (!i18n.en_US!.has(k)) i18nPartial.set(k, 'en_US');
  for (const k of i18n.en_US!) if (!i18n.zh_CN!.has(k)) i18nPartial.set(k, 'zh_CN');

  const screenFiles = listScreenFiles(schemasDir);
  const screens: Array<{ file: string; doc: Record<string, unknown> }> = [];
  const screenRoutes = new Set<string>();
  for (const file of screenFiles) {
    const { doc, error } = readJson(join(schemasDir, file));
    if (error) {
      problems.push({ file, path: '', message: error });
      continue;
    }
    const d = doc as Record<string, unknown>;
    screens.push({ file, doc: d });
    for (const r of [d.route, ...((d.routes as unknown[]) ?? [])]) if (typeof r === 'string') screenRoutes.add(r);
  }

  const ctx: CheckContext = {
    entities,
    lovCodes: new Set([...Object.keys(VALUE_SETS), ...LOV_VIEWS.map((v) => v.lovCode)]),
    lovViews: new Set(LOV_VIEWS.map((v) => v.viewCode)),
    i18nKeys,
    i18nPartial,
    permissionCodes: new Set(buildMenus(new Map()).flatMap((m) => m.permissionCodes)),
    endpoints: await serverEndpoints(entities),
    screenRoutes,
    actionTypes: new Set(actionTypes.types()),
    widgets: new Set(fieldWidgets.types()),
    cells: new Set(cellRenderers.types()),
    customComponents: new Set(customComponents.types()),
  };
  for (const [file, e] of entityByFile) problems.push(...checkEntity(e, file, ctx));
  for (const { file, doc } of screens) {
    const meta = validateScreenMeta(doc, file);
    problems.push(...meta);
    if (meta.length === 0) problems.push(...checkScreen(doc, file, ctx));
  }
  const workplace = readJson(join(schemasDir, 'fragments', 'workplace.json'));
  if (workplace.doc) {
    problems.push(...validateScreenMeta(workplace.doc, 'fragments/workplace.json'));
    problems.push(...checkScreen(workplace.doc as Record<string, unknown>, 'fragments/workplace.json', ctx));
  }
  return { problems, files: entityFiles.length + screenFiles.length + 1 };
}
