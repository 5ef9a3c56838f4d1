import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckContext } from '../schema/check/check-context.ts';
import { validateEntityMeta, validateLovsMeta } from '../schema/check/meta-validate.ts';
import type { Problem } from '../schema/check/problems.ts';
import { listEntityFiles, listScreenFiles } from './screen-files.ts';
import type { EntityDecl } from '../schema/entity.ts';
import { type CatalogueRoute, permissionCatalogue, type SpecialMenu } from '../schema/permissions.ts';
import { ACTION_TYPES } from '../schema/types/actions.ts';
import { CELL_TYPES } from '../schema/types/cells.ts';
import { WIDGET_TYPES } from '../schema/types/widgets.ts';
import { readLovFiles } from './lovs.ts';

/**
 * What the schema checker compares screens against, all read from schemas/ (the type tables of
 * renderer/schema/types name the built-in types; schemas/catalogue the routes and custom names).
 * Shared by `npm run schemas:check` (all files) and the server (stored pages on publish), so
 * both apply exactly the same checks. The server's routes come from the caller.
 */
export interface CheckInputs {
  /** Problems found while reading entities, LOV files and i18n files. */
  problems: Problem[];
  entities: Map<string, EntityDecl>;
  entityByFile: Map<string, EntityDecl>;
  entityFiles: string[];
  screens: Array<{ file: string; doc: Record<string, unknown> }>;
  screenFiles: string[];
  context: Omit<CheckContext, 'endpoints'>;
}

/** `schemas/catalogue/custom.json`: the names src/custom/register.ts registers. */
export interface CustomCatalogue {
  components: Record<string, string>;
  handlers: Record<string, string>;
}

export function readJson(path: string): { doc?: unknown; error?: string } {
  const text = readFileSync(path, 'utf8');
  try {
    return { doc: JSON.parse(text) };
  } catch (e) {
    return { error: `not valid JSON: ${(e as Error).message}` };
  }
}

export function readCheckInputs(schemasDir: string): CheckInputs {
  const problems: Problem[] = [];
  const entities = new Map<string, EntityDecl>();
  const entityByFile = new Map<string, EntityDecl>();
  const entityFiles = listEntityFiles(schemasDir);
  for (const file of entityFiles) {
    const { doc, error } = readJson(join(schemasDir, file));
    if (error) {
      problems.push({ file, path: '', message: error });
      continue;
    }
    problems.push(...validateEntityMeta(doc, file));
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

  problems.push(...lovLabelProblems(schemasDir, i18nKeys, i18nPartial));

  const catalogue = <T>(name: string): T => JSON.parse(readFileSync(join(schemasDir, 'catalogue', name), 'utf8')) as T;
  const custom = catalogue<CustomCatalogue>('custom.json');
  let lovs: ReturnType<typeof readLovFiles> = { valueSets: {}, views: [] };
  try {
    lovs = readLovFiles(schemasDir);
  } catch (e) {
    problems.push({ file: 'lovs', path: '', message: (e as Error).message });
  }
  const screenFiles = listScreenFiles(schemasDir);
  const screens: CheckInputs['screens'] = [];
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

  return {
    problems,
    entities,
    entityByFile,
    entityFiles,
    screens,
    screenFiles,
    context: {
      entities,
      lovCodes: new Set([...Object.keys(lovs.valueSets), ...lovs.views.map((v) => v.lovCode)]),
      lovViews: new Set(lovs.views.map((v) => v.viewCode)),
      i18nKeys,
      i18nPartial,
      permissionCodes: permissionCatalogue(catalogue<CatalogueRoute[]>('routes.json'), catalogue<SpecialMenu[]>('special-menus.json')),
      screenRoutes,
      screenFiles: new Set(screenFiles),
      actionTypes: new Set(Object.keys(ACTION_TYPES)),
      widgets: new Set(Object.keys(WIDGET_TYPES)),
      cells: new Set(Object.keys(CELL_TYPES)),
      customComponents: new Set(Object.keys(custom.components)),
      customHandlers: new Set(Object.keys(custom.handlers)),
    },
  };
}

/**
 * A LOV view's dialog title and column names are i18n keys with both texts: a literal string shows
 * as typed in every language (the Chinese titles of the first views read Chinese in en_US).
 */
function lovLabelProblems(schemasDir: string, keys: Set<string>, partial: Map<string, string>): Problem[] {
  const out: Problem[] = [];
  for (const f of readdirSync(join(schemasDir, 'lovs')).filter((n) => n.endsWith('.json'))) {
    const { doc } = readJson(join(schemasDir, 'lovs', f));
    const views = ((doc as { views?: unknown[] } | undefined)?.views ?? []) as Array<Record<string, unknown>>;
    views.forEach((v, i) => {
      const labels: Array<[string, unknown]> = [[`/views/${i}/title`, v.title]];
      ((v.tableFields as Array<Record<string, unknown>>) ?? []).forEach((t, j) => labels.push([`/views/${i}/tableFields/${j}/title`, t.title]));
      ((v.queryFields as Array<Record<string, unknown>>) ?? []).forEach((q, j) => labels.push([`/views/${i}/queryFields/${j}/label`, q.label]));
      for (const [path, l] of labels) {
        if (typeof l !== 'string' || keys.has(l)) continue;
        out.push({ file: `lovs/${f}`, path, message: partial.has(l) ? `i18n key "${l}" has no ${partial.get(l)} text` : `"${l}" is not an i18n key of schemas/i18n: a LOV view's labels are keys with zh_CN and en_US texts` });
      }
    });
  }
  return out;
}
