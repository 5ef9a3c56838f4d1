import type { EntityDecl } from './entity.ts';
import type { Label } from './label.ts';
import { suggest } from './resolve-field.ts';

/**
 * Tenant overlays: a tenant changes a page it inherits (a site page or a file schema) by storing
 * only the delta, so later changes of the base still reach it. Pure functions over plain JSON,
 * used alike by the server (runtime merge, publish checks) and the editor (live preview,
 * conflict list). The rules are documented in docs/overlays.md, one test per rule.
 */

/** What an overlay may change about one field or column. */
export interface OverlayEntry {
  label?: Label;
  hidden?: boolean;
  required?: boolean;
  defaultValue?: unknown;
  /** Value-set code replacing the field's (rule 7): its select offers that set's values. */
  lov?: string;
  /** Column width in px. */
  width?: number;
}

export type OverlayGroup = 'search' | 'fields' | 'columns';
export const OVERLAY_GROUPS: OverlayGroup[] = ['search', 'fields', 'columns'];

export interface ScreenOverlay {
  overlay: 1;
  /** Search form fields of a list, by field name. */
  search?: Record<string, OverlayEntry>;
  /** Form fields (sections of detail, form and create screens, and of their tabs), by field name. */
  fields?: Record<string, OverlayEntry>;
  /** Table columns (the list's table and tab tables), by field name. */
  columns?: Record<string, OverlayEntry>;
  /** Wanted order per group: listed names first, in this order; the others follow in base order. */
  order?: Partial<Record<OverlayGroup, string[]>>;
}

export interface OverlayConflict {
  /** JSON path inside the overlay document. */
  path: string;
  kind: 'invalid' | 'missing' | 'hidden-required' | 'unsupported' | 'base-changed';
  message: string;
}

/** Errors block publishing; a base change is only reported (the overlay keeps winning). */
export const isBlocking = (c: OverlayConflict) => c.kind !== 'base-changed';

type Json = Record<string, unknown>;
type Item = string | Json;

const ENTRY_KEYS: Record<OverlayGroup, Array<keyof OverlayEntry>> = {
  search: ['label', 'hidden', 'lov'],
  fields: ['label', 'hidden', 'required', 'defaultValue', 'lov'],
  columns: ['label', 'hidden', 'width'],
};
const ALL_KEYS = new Set<string>(['label', 'hidden', 'required', 'defaultValue', 'lov', 'width']);

export function isOverlay(doc: unknown): doc is ScreenOverlay {
  return !!doc && typeof doc === 'object' && !Array.isArray(doc) && (doc as Json).overlay === 1;
}

/** The overlay's own shape: which keys exist, their types. Reported at their JSON path. */
export function validateOverlay(doc: unknown): OverlayConflict[] {
  const out: OverlayConflict[] = [];
  const bad = (path: string, message: string) => out.push({ path, kind: 'invalid', message });
  if (!isOverlay(doc)) return [{ path: '/overlay', kind: 'invalid', message: 'an overlay is a JSON object with "overlay": 1' }];
  for (const key of Object.keys(doc)) if (!['overlay', 'order', ...OVERLAY_GROUPS].includes(key)) bad(`/${key}`, `unknown property "${key}"; an overlay has overlay, search, fields, columns and order`);
  for (const g of OVERLAY_GROUPS) {
    const group = (doc as unknown as Json)[g];
    if (group === undefined) continue;
    if (!group || typeof group !== 'object' || Array.isArray(group)) {
      bad(`/${g}`, 'must be an object of field name → changes');
      continue;
    }
    for (const [name, entry] of Object.entries(group as Json)) {
      const p = `/${g}/${name}`;
      if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
        bad(p, 'must be an object such as {"label": …, "hidden": true}');
        continue;
      }
      for (const [k, v] of Object.entries(entry as Json)) {
        if (!ALL_KEYS.has(k)) bad(`${p}/${k}`, `unknown property "${k}"; use ${ENTRY_KEYS[g].join(', ')}`);
        else if ((k === 'hidden' || k === 'required') && typeof v !== 'boolean') bad(`${p}/${k}`, 'must be true or false');
        else if (k === 'width' && (!Number.isInteger(v) || (v as number) < 40 || (v as number) > 800)) bad(`${p}/${k}`, 'must be an integer from 40 to 800');
        else if (k === 'lov' && (typeof v !== 'string' || !v)) bad(`${p}/${k}`, 'must be a value-set code such as "SODR.PO_STATUS"');
        else if (k === 'label' && !isLabel(v)) bad(`${p}/${k}`, 'must be an i18n key or {"zh_CN": …, "en_US": …}');
      }
    }
  }
  const order = (doc as unknown as Json).order;
  if (order !== undefined) {
    if (!order || typeof order !== 'object' || Array.isArray(order)) bad('/order', 'must be an object such as {"columns": ["a", "b"]}');
    else
      for (const [k, v] of Object.entries(order as Json)) {
        if (!OVERLAY_GROUPS.includes(k as OverlayGroup)) bad(`/order/${k}`, `unknown group "${k}"; use search, fields or columns`);
        else if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) bad(`/order/${k}`, 'must be a list of field names');
      }
  }
  return out;
}

const isLabel = (v: unknown) =>
  (typeof v === 'string' && v.length > 0) || (!!v && typeof v === 'object' && typeof (v as Json).zh_CN === 'string' && typeof (v as Json).en_US === 'string');

const nameOf = (item: Item) => (typeof item === 'string' ? item : String(item.field));
const asObject = (item: Item): Json => (typeof item === 'string' ? { field: item } : { ...item });

/** The field lists of one group, each a mutable array inside `screen` (already a deep copy). */
function containers(screen: Json, group: OverlayGroup): Item[][] {
  const out: Item[][] = [];
  const sections = (list: unknown) => {
    for (const s of (Array.isArray(list) ? list : []) as Json[]) if (Array.isArray(s?.fields)) out.push(s.fields as Item[]);
  };
  const tabs = (Array.isArray(screen.tabs) ? screen.tabs : []) as Json[];
  if (group === 'search') {
    const search = screen.search as Json | undefined;
    if (Array.isArray(search?.fields)) out.push(search.fields as Item[]);
  } else if (group === 'fields') {
    sections(screen.sections);
    for (const t of tabs) sections(t.sections);
  } else {
    const table = screen.table as Json | undefined;
    if (Array.isArray(table?.columns)) out.push(table.columns as Item[]);
    for (const t of tabs) if (Array.isArray((t.table as Json | undefined)?.columns)) out.push((t.table as Json).columns as Item[]);
  }
  return out;
}

/** The default a field would get on a new record: the screen's, else the entity's. */
function hasDefault(ref: Json, entry: OverlayEntry, entity?: EntityDecl): boolean {
  if (entry.defaultValue !== undefined || ref.defaultValue !== undefined) return true;
  const decl = entity?.fields.find((f) => f.name === ref.field);
  return decl?.default !== undefined && decl.default !== null;
}

function isRequired(ref: Json, entry: OverlayEntry, entity?: EntityDecl): boolean {
  if (entry.required !== undefined) return entry.required;
  if (ref.required !== undefined) return ref.required !== false;
  return !!entity?.fields.find((f) => f.name === ref.field)?.required;
}

/** Applies one entry to one item; returns the new item or null when it is removed. */
function applyEntry(item: Item, entry: OverlayEntry, group: OverlayGroup, path: string, conflicts: OverlayConflict[], entity?: EntityDecl): Item | null {
  const ref = asObject(item);
  for (const k of Object.keys(entry) as Array<keyof OverlayEntry>) {
    if (!ENTRY_KEYS[group].includes(k)) {
      conflicts.push({ path: `${path}/${k}`, kind: 'unsupported', message: `"${k}" does not apply to ${group}; it is ignored` });
    } else if (k === 'lov' && entity?.fields.find((f) => f.name === ref.field)?.lovView) {
      conflicts.push({ path: `${path}/lov`, kind: 'unsupported', message: `"${nameOf(item)}" is a lookup (its entity names a LOV view), not a value-set select; "lov" is ignored` });
    } else if (k !== 'hidden') ref[k] = entry[k];
  }
  if (entry.hidden) {
    if (group !== 'fields') return null;
    // A hidden field stays in the form (visible false) so its default still reaches the record.
    if (isRequired(ref, entry, entity) && !hasDefault(ref, entry, entity)) {
      conflicts.push({ path: `${path}/hidden`, kind: 'hidden-required', message: `"${nameOf(item)}" is required and has no default: users could not save, so it stays visible` });
    } else ref.visible = 'false';
  }
  const keys = Object.keys(ref);
  return keys.length === 1 && typeof item === 'string' ? item : ref;
}

/** Listed names first, in the listed order; the rest after them in their base order. */
function reorder(list: Item[], wanted: string[]): Item[] {
  const rank = new Map(wanted.map((n, i) => [n, i]));
  const listed = list.filter((x) => rank.has(nameOf(x))).sort((a, b) => rank.get(nameOf(a))! - rank.get(nameOf(b))!);
  return [...listed, ...list.filter((x) => !rank.has(nameOf(x)))];
}

/**
 * The screen users get: `base` with `overlay` applied, and what could not be applied. Entries
 * naming something the base does not have are reported and skipped, never guessed.
 */
export function applyOverlay<S extends object>(base: S, overlay: ScreenOverlay, entity?: EntityDecl): { screen: S; conflicts: OverlayConflict[] } {
  const screen = structuredClone(base) as unknown as Json;
  const conflicts: OverlayConflict[] = [];
  for (const group of OVERLAY_GROUPS) {
    const lists = containers(screen, group);
    const present = new Set(lists.flat().map(nameOf));
    for (const [name, entry] of Object.entries(overlay[group] ?? {})) {
      const path = `/${group}/${name}`;
      if (!present.has(name)) {
        conflicts.push({ path, kind: 'missing', message: `the base has no ${group === 'columns' ? 'column' : 'field'} "${name}" (any more); this change is not applied` });
        continue;
      }
      for (const list of lists) {
        for (let i = list.length - 1; i >= 0; i--) {
          if (nameOf(list[i]!) !== name) continue;
          // A name held by several containers reports its conflicts once (dedupe below).
          const next = applyEntry(list[i]!, entry, group, path, conflicts, entity);
          if (next === null) list.splice(i, 1);
          else list[i] = next;
        }
      }
    }
    const wanted = overlay.order?.[group];
    if (wanted?.length) {
      wanted.forEach((n, i) => {
        if (!present.has(n)) conflicts.push({ path: `/order/${group}/${i}`, kind: 'missing', message: `the base has no "${n}" to order` });
      });
      for (const list of lists) list.splice(0, list.length, ...reorder(list, wanted));
    }
  }
  return { screen: screen as unknown as S, conflicts: dedupe(conflicts) };
}

function dedupe(list: OverlayConflict[]): OverlayConflict[] {
  const seen = new Set<string>();
  return list.filter((c) => {
    const k = `${c.path}|${c.kind}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** One item's property as the base has it (for base-change detection). */
function baseValue(screen: Json, group: OverlayGroup, name: string, key: keyof OverlayEntry): unknown {
  for (const list of containers(screen, group)) {
    const hit = list.find((x) => nameOf(x) === name);
    if (hit === undefined) continue;
    if (typeof hit === 'string') return undefined;
    return key === 'hidden' ? (group === 'fields' ? hit.visible : hit.hidden) : hit[key];
  }
  return undefined;
}

/** What the checker knows exists (the server has it; the editor's live merge does without). */
export interface KnownCodes {
  lovCodes?: ReadonlySet<string>;
}

/** Rule 7: a `lov` naming a value set that does not exist is invalid (the select would stay empty). */
function unknownValueSets(o: ScreenOverlay, lovCodes: ReadonlySet<string>): OverlayConflict[] {
  const out: OverlayConflict[] = [];
  for (const g of ['search', 'fields'] as const) {
    for (const [name, entry] of Object.entries(o[g] ?? {})) {
      if (typeof entry.lov === 'string' && !lovCodes.has(entry.lov)) out.push({ path: `/${g}/${name}/lov`, kind: 'invalid', message: `value set "${entry.lov}" is not seeded${suggest(entry.lov, [...lovCodes])}` });
    }
  }
  return out;
}

/**
 * Everything the editor reports for an overlay: its own shape, what does not apply to the
 * current base, and — given the base as it was when the overlay was last saved — the
 * properties the base changed underneath an overridden value (the overlay still wins).
 */
export function overlayConflicts(base: object, overlay: unknown, previousBase?: object, entity?: EntityDecl, known?: KnownCodes): OverlayConflict[] {
  const invalid = validateOverlay(overlay);
  if (invalid.length) return invalid;
  const o = overlay as ScreenOverlay;
  const { conflicts } = applyOverlay(base, o, entity);
  if (known?.lovCodes) conflicts.push(...unknownValueSets(o, known.lovCodes));
  if (previousBase) {
    for (const group of OVERLAY_GROUPS) {
      for (const [name, entry] of Object.entries(o[group] ?? {})) {
        for (const key of Object.keys(entry) as Array<keyof OverlayEntry>) {
          const before = JSON.stringify(baseValue(previousBase as Json, group, name, key));
          const now = JSON.stringify(baseValue(base as Json, group, name, key));
          if (before !== now) {
            conflicts.push({ path: `/${group}/${name}/${key}`, kind: 'base-changed', message: `the base changed "${key}" of "${name}" since this overlay was saved (${before ?? 'unset'} → ${now ?? 'unset'}); the overlay's value still wins` });
          }
        }
      }
    }
  }
  return conflicts;
}

/** A new, empty overlay, as the editor starts one. */
export const emptyOverlay = (): ScreenOverlay => ({ overlay: 1, columns: {}, fields: {}, order: {} });
