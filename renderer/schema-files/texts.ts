import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Default texts of one language: `schemas/i18n/<module>.json` files map each key to its zh_CN and
 * en_US text, kept side by side so a missing translation is visible in review.
 */
export function readTexts(schemasDir: string, lang: 'zh_CN' | 'en_US'): Record<string, string> {
  const dir = join(schemasDir, 'i18n');
  const out: Record<string, string> = {};
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    const texts = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, Record<string, string>>;
    for (const [k, v] of Object.entries(texts)) if (v[lang] !== undefined) out[k] = v[lang]!;
  }
  return out;
}
