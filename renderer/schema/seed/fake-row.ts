import type { EntityDecl, EntityField } from '../entity.ts';
import type { rng as makeRng } from './rng.ts';

/**
 * Plausible values for declared fields, for the fields a seed recipe leaves open
 * (recipe/generate.ts). No database and no Node-only imports: the stories run it too.
 */
export type Rng = ReturnType<typeof makeRng>;
type Row = Record<string, unknown>;

const WORDS = ['Alpha', 'Beacon', 'Cedar', 'Delta', 'Ember', 'Falcon', 'Granite', 'Harbor', 'Iris', 'Juniper', 'Keystone', 'Lumen', 'Maple', 'Nimbus', 'Orchid', 'Pioneer', 'Quartz', 'Raven', 'Summit', 'Tundra'];
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A plausible value for one field, deterministic for a given generator state. */
export function fakeValue(f: EntityField, i: number, r: Rng, lovValues: Map<string, string[]>): unknown {
  if (f.lov) {
    const vs = lovValues.get(f.lov) ?? [];
    return vs.length ? r.pick(vs) : null;
  }
  switch (f.type) {
    case 'string': {
      const max = f.maxLength ?? 255;
      if (/code|num|no$/i.test(f.name)) return `${f.name.replace(/[a-z]/g, '').toUpperCase() || 'C'}${pad(i + 1, 4)}`.slice(0, max);
      if (/email/i.test(f.name)) return `user${i + 1}@example.com`.slice(0, max);
      if (/phone|tel/i.test(f.name)) return `139${pad(r.int(0, 99999999), 8)}`.slice(0, max);
      return `${r.pick(WORDS)} ${r.pick(WORDS)} ${i + 1}`.slice(0, max);
    }
    case 'text':
      return `${r.pick(WORDS)} ${r.pick(WORDS).toLowerCase()} notes for record ${i + 1}`;
    case 'richtext':
      return `<p>${r.pick(WORDS)} <b>${r.pick(WORDS)}</b> ${i + 1}</p>`;
    case 'integer':
      return r.int(Math.max(0, f.min ?? 0), Math.min(f.max ?? 1000, 100000));
    case 'number':
    case 'money':
      return Math.round(r.int(Math.max(0, f.min ?? 0) * 100, (f.max ?? 100000) * 100)) / 100;
    case 'percent':
      return r.pick([0, 3, 6, 9, 13, 17]);
    case 'date':
      return `202${r.int(3, 6)}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}`;
    case 'datetime':
      return `202${r.int(3, 6)}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))} ${pad(r.int(8, 18))}:${pad(r.int(0, 59))}:00`;
    case 'time':
      return `${pad(r.int(0, 23))}:${pad(r.int(0, 59))}:00`;
    case 'flag':
      return r.next() < 0.85 ? 1 : 0;
    case 'yn':
      return r.next() < 0.8 ? 'Y' : 'N';
    case 'json':
      return null;
    case 'attachment':
      return null;
  }
}

/**
 * Row `i` of an entity: every declared field (but the key and private ones) gets its default half
 * of the time and a fake value otherwise; the status starts where its machine starts; tenant-scoped
 * rows get the tenant. Deterministic for a generator state.
 */
export function fakeRow(e: EntityDecl, i: number, r: Rng, lovValues: Map<string, string[]>, tenantId?: number): Row {
  const row: Row = {};
  for (const f of e.fields) {
    if (f.name === e.primaryKey || f.private) continue;
    row[f.name] = f.default !== undefined && r.next() < 0.5 ? f.default : fakeValue(f, i, r, lovValues);
  }
  if (e.status) row[e.status.field] = row[e.status.field] ?? e.status.initial;
  if (e.tenantScoped) {
    if (e.tenantField) row[e.tenantField] = tenantId ?? 0;
    else row.tenantId = tenantId ?? 0;
  }
  return row;
}
