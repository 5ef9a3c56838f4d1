import type { Rng } from './fake-row.ts';

/**
 * Code templates of seed recipes: `{tenant}`, `{i}` (1-based row number in the tenant),
 * `{i:0000}` (zero-padded to the mask's width), `{int:10-99}`, `{pick:A|B|C}`, `{$field}`
 * (a value already set on the row) and `{@entity.field}` (a field of the row of that entity this
 * row refers to, as `ref` picks it). Anything else in braces is kept as written.
 */
export interface TemplateScope {
  tenant: number;
  i: number;
  row: Record<string, unknown>;
  r: Rng;
  refRow?: (entity: string) => Record<string, unknown> | undefined;
}

const TOKEN = /\{(tenant|i(?::(0+))?|int:(-?\d+)-(-?\d+)|pick:([^}]*)|\$(\w+)|@(\w+)\.(\w+))\}/g;

export function expandTemplate(template: string, s: TemplateScope): string {
  return template.replace(TOKEN, (_m, _all: string, mask?: string, lo?: string, hi?: string, picks?: string, field?: string, entity?: string, refField?: string) => {
    if (_all === 'tenant') return String(s.tenant);
    // `{int:…}` before `{i…}`: both start with "i".
    if (lo !== undefined) return String(s.r.int(Number(lo), Number(hi)));
    if (_all === 'i' || mask !== undefined) return String(s.i).padStart(mask?.length ?? 0, '0');
    if (picks !== undefined) return s.r.pick(picks.split('|'));
    if (entity) return String(s.refRow?.(entity)?.[refField!] ?? '');
    return String(s.row[field!] ?? '');
  });
}
