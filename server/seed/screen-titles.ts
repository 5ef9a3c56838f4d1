import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { NON_SCREEN_DIRS } from '../../renderer/schema-files/screen-files.ts';
import { projectRoot } from '../paths.ts';

type Label = string | { zh_CN: string; en_US: string };

/**
 * Default texts: `schemas/i18n/<module>.json` files map each key to its zh_CN and en_US text,
 * kept side by side so a missing translation is visible in review.
 */
export function readI18n(lang: 'zh_CN' | 'en_US'): Record<string, string> {
  const dir = join(projectRoot, 'schemas', 'i18n');
  const out: Record<string, string> = {};
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    const texts = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, Record<string, string>>;
    for (const [k, v] of Object.entries(texts)) if (v[lang] !== undefined) out[k] = v[lang]!;
  }
  return out;
}

function* screenFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (!NON_SCREEN_DIRS.has(name)) yield* screenFiles(p);
    } else if (name.endsWith('.json')) yield p;
  }
}

/** route → title in both languages, read from the screen schemas (menus are named after their screens). */
export function screenTitles(): Map<string, { zh: string; en: string }> {
  const zh = readI18n('zh_CN');
  const en = readI18n('en_US');
  const text = (l: Label, lang: 'zh_CN' | 'en_US', dict: Record<string, string>) => (typeof l === 'string' ? (dict[l] ?? l) : l[lang]);
  const out = new Map<string, { zh: string; en: string }>();
  for (const file of screenFiles(join(projectRoot, 'schemas'))) {
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { route?: string; routes?: string[]; title?: Label };
    if (!doc.title) continue;
    for (const r of [doc.route, ...(doc.routes ?? [])]) if (r) out.set(r, { zh: text(doc.title, 'zh_CN', zh), en: text(doc.title, 'en_US', en) });
  }
  return out;
}
