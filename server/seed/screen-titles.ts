import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listScreenFiles } from '../../renderer/schema-files/screen-files.ts';
import { readTexts } from '../../renderer/schema-files/texts.ts';
import { projectRoot } from '../paths.ts';

const schemasDir = join(projectRoot, 'schemas');

import type { Label } from '../../renderer/schema/label.ts';

/** Default texts of one language (schemas/i18n). */
export const readI18n = (lang: 'zh_CN' | 'en_US'): Record<string, string> => readTexts(schemasDir, lang);

/** route → title in both languages, read from the screen schemas (menus are named after their screens). */
export function screenTitles(): Map<string, { zh: string; en: string }> {
  const zh = readI18n('zh_CN');
  const en = readI18n('en_US');
  const text = (l: Label, lang: 'zh_CN' | 'en_US', dict: Record<string, string>) => (typeof l === 'string' ? (dict[l] ?? l) : l[lang]);
  const out = new Map<string, { zh: string; en: string }>();
  for (const file of listScreenFiles(schemasDir)) {
    const doc = JSON.parse(readFileSync(join(schemasDir, file), 'utf8')) as { route?: string; routes?: string[]; title?: Label };
    if (!doc.title) continue;
    for (const r of [doc.route, ...(doc.routes ?? [])]) if (r) out.set(r, { zh: text(doc.title, 'zh_CN', zh), en: text(doc.title, 'en_US', en) });
  }
  return out;
}
