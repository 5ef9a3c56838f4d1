import type { Label } from '../../renderer/schema/label.ts';
import { TEXTS } from './schema-data.ts';

/** Text of a key in a language from schemas/i18n (the prompt bundle the server seeds from them). */
export function text(lang: string, key: string): string | undefined {
  return TEXTS[lang]?.get(key);
}

/** The shell's `t`: the key's text, else the fallback (or the key), `{{name}}` filled from vars. */
export function translate(lang: string, key: string, fallback?: string, vars?: Record<string, unknown>): string {
  const base = text(lang, key) ?? fallback ?? key;
  return vars ? base.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(vars[k] ?? '')) : base;
}

/** The shell's `label`: a key through `translate`, or an inline `{zh_CN, en_US}` pair. */
export function labelOf(lang: string, l: Label | undefined, fallback = ''): string {
  if (l === undefined) return fallback;
  if (typeof l === 'string') return translate(lang, l, fallback || l);
  return (l as Record<string, string>)[lang] ?? l.en_US ?? l.zh_CN;
}

/** `/hpfm/v1/prompt/:lang?promptKey=a.b,c.d`: a flat key → text map, filtered by prompt key (the first two segments). */
export function promptBundle(lang: string, promptKeys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of TEXTS[lang] ?? new Map<string, string>()) {
    if (promptKeys.length && !promptKeys.includes(key.split('.').slice(0, 2).join('.'))) continue;
    out[key] = value;
  }
  return out;
}
