import type { LovViewDecl, ValueSetDecl } from '../../renderer/schema/lovs.ts';
import type { EntityDecl } from '../../renderer/schema/entity.ts';

/**
 * The data files under schemas/ the in-browser data source reads, bundled by Vite at build
 * time: a file added by anyone shows up on the next build (or hot reload) without code changes.
 */
const entityFiles = import.meta.glob<EntityDecl>('/schemas/entities/*/*.json', { eager: true, import: 'default' });
const lovFiles = import.meta.glob<{ valueSets?: Record<string, ValueSetDecl>; views?: LovViewDecl[] }>('/schemas/lovs/*.json', { eager: true, import: 'default' });
const i18nFiles = import.meta.glob<Record<string, Record<string, string>>>('/schemas/i18n/*.json', { eager: true, import: 'default' });

const sortedValues = <T>(files: Record<string, T>): T[] =>
  Object.keys(files)
    .sort()
    .map((k) => files[k]!);

/** Every declared entity. */
export const ENTITIES: EntityDecl[] = sortedValues(entityFiles);

/** Value sets by code and LOV views, merged over the module files as server/seed/lov-seed.ts does. */
export const VALUE_SETS: Record<string, ValueSetDecl> = {};
export const LOV_VIEWS: LovViewDecl[] = [];
for (const d of sortedValues(lovFiles)) {
  Object.assign(VALUE_SETS, d.valueSets ?? {});
  LOV_VIEWS.push(...(d.views ?? []));
}

/** Default texts: language → key → text (schemas/i18n holds both languages side by side). */
export const TEXTS: Record<string, Map<string, string>> = { zh_CN: new Map(), en_US: new Map() };
for (const d of sortedValues(i18nFiles)) {
  for (const [key, byLang] of Object.entries(d)) {
    if (!byLang || typeof byLang !== 'object') continue;
    for (const [lang, text] of Object.entries(byLang)) (TEXTS[lang] ??= new Map()).set(key, text);
  }
}
