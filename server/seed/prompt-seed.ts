import { splitKey } from '../../renderer/schema/prompt-key.ts';
import type { Queryable } from '../db/database.ts';
import { insertRows } from './insert.ts';
import { readI18n } from './screen-titles.ts';

/**
 * Loads schemas/i18n/*.json, the default texts, into the prompt table (platform level): only
 * keys that are missing, so it runs on every start and never overwrites an administrator's edit.
 */
export async function syncPrompts(db: Queryable): Promise<void> {
  const have = new Set((await db.query<{ k: string }>("select prompt_key || '.' || prompt_code || '|' || lang as k from hpfm_prompt where tenant_id = 0")).rows.map((r) => r.k));
  const rows: Array<Record<string, unknown>> = [];
  for (const lang of ['zh_CN', 'en_US'] as const) {
    for (const [key, text] of Object.entries(readI18n(lang))) {
      if (have.has(`${key}|${lang}`)) continue;
      const [promptKey, promptCode] = splitKey(key);
      rows.push({ tenantId: 0, promptKey, promptCode, lang, description: text });
    }
  }
  await insertRows(db, 'hpfm_prompt', rows);
}

export const seedPrompts = syncPrompts;
