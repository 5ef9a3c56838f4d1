import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckContext } from '../../renderer/check/check-context.ts';
import { validateEntityMeta, validateLovsMeta } from '../../renderer/check/meta-validate.ts';
import type { Problem } from '../../renderer/check/problems.ts';
import { listEntityFiles, listScreenFiles } from '../../renderer/schema-files/screen-files.ts';
import { actionTypes, cellRenderers, customComponents, customHandlers, fieldWidgets } from '../../renderer/registry/builtins.ts';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { LOV_VIEWS, VALUE_SETS } from '../../server/seed/lov-seed.ts';
import { buildMenus } from '../../server/seed/menu-seed.ts';
import '../../src/custom/register.ts';

/**
 * What the schema checker compares screens against, read from schemas/ and the registries.
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
      lovCodes: new Set([...Object.keys(VALUE_SETS), ...LOV_VIEWS.map((v) => v.lovCode)]),
      lovViews: new Set(LOV_VIEWS.map((v) => v.viewCode)),
      i18nKeys,
      i18nPartial,
      permissionCodes: new Set(buildMenus(new Map()).flatMap((m) => m.permissionCodes)),
      screenRoutes,
      screenFiles: new Set(screenFiles),
      actionTypes: new Set(actionTypes.types()),
      widgets: new Set(fieldWidgets.types()),
      cells: new Set(cellRenderers.types()),
      customComponents: new Set(customComponents.types()),
      customHandlers: new Set(customHandlers.types()),
    },
  };
}
