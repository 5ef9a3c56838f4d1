import { SchemaError } from './schema-error.ts';
import type { EntityDecl, EntityField, FieldType } from './entity.ts';
import type { Label } from './label.ts';
import { FIELD_TYPES } from './types/field-types.ts';
import type { ColumnItem, ColumnRef, FieldItem, FieldRef } from './screen.ts';

/** A field as a widget needs it: the entity's facts merged with the screen's adjustments. */
export interface ResolvedField extends Omit<FieldRef, 'label' | 'required' | 'disabled'> {
  name: string;
  type: FieldType;
  label: Label;
  widget: string;
  required: boolean | string;
  disabled: boolean | string;
  decl: EntityField;
}

/** The widget an entity field gets unless the screen names another. */
export function defaultWidget(f: EntityField): string {
  if (f.lovView) return 'lov';
  if (f.lov) return 'select';
  return FIELD_TYPES[f.type].widget;
}

/**
 * Dates every row has without declaring them (server/resources/list-query.ts filters them by
 * `<name>From`/`<name>To`), so a screen may search or show them: `{"field": "creationDate", "widget": "dateRange"}`.
 */
export const SYSTEM_DATE_FIELDS: Record<string, EntityField> = {
  creationDate: { name: 'creationDate', type: 'datetime', label: 'hzero.common.model.creationDate', readOnly: true, filter: 'range', sortable: true },
  lastUpdateDate: { name: 'lastUpdateDate', type: 'datetime', label: 'hzero.common.model.lastUpdateDate', readOnly: true, filter: 'range', sortable: true },
};

export function findField(entity: EntityDecl, name: string, path: string): EntityField {
  const f = entity.fields.find((x) => x.name === name && !x.private) ?? (Object.hasOwn(SYSTEM_DATE_FIELDS, name) ? SYSTEM_DATE_FIELDS[name] : undefined);
  if (!f) {
    const names = entity.fields.filter((x) => !x.private).map((x) => x.name);
    throw new SchemaError(`field "${name}" is not a field of entity ${entity.name}${suggest(name, names)}`, path);
  }
  return f;
}

export function resolveField(entity: EntityDecl, item: FieldItem, path: string): ResolvedField {
  const ref: FieldRef = typeof item === 'string' ? { field: item } : item;
  const declared = findField(entity, ref.field, typeof item === 'string' ? path : `${path}/field`);
  // A screen's (or a tenant overlay's) value set replaces the entity's for this form only.
  const decl = ref.lov ? { ...declared, lov: ref.lov } : declared;
  return {
    ...ref,
    name: decl.name,
    type: decl.type,
    label: ref.label ?? decl.label ?? decl.name,
    widget: ref.widget ?? defaultWidget(decl),
    required: ref.required ?? !!decl.required,
    disabled: ref.disabled ?? !!decl.readOnly,
    decl,
  };
}

export interface ResolvedColumn extends ColumnRef {
  label: Label;
  cell: string;
  decl: EntityField;
}


export function resolveColumn(entity: EntityDecl, item: ColumnItem, path: string): ResolvedColumn {
  const ref: ColumnRef = typeof item === 'string' ? { field: item } : item;
  const decl = findField(entity, ref.field, typeof item === 'string' ? path : `${path}/field`);
  // A LOV view field shows the display name the server adds as its display text (`meaningOf`) (server/resources/lov-view-meanings.ts), as a value set field does.
  const cell = ref.cell ?? (ref.link ? 'link' : ref.statusMap ? 'status' : decl.lov || decl.lovView ? 'lov' : FIELD_TYPES[decl.type].cell);
  return { ...ref, label: ref.label ?? decl.label ?? decl.name, cell, decl };
}

/** "did you mean …?" for a misspelt name: the closest known name within edit distance 3. */
export function suggest(name: string, known: string[]): string {
  let best: string | undefined;
  let bestD = 4;
  for (const k of known) {
    const d = distance(name.toLowerCase(), k.toLowerCase());
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  return best ? `; did you mean "${best}"?` : '';
}

function distance(a: string, b: string): number {
  const dp = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) dp[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) dp[i]![j] = Math.min(dp[i - 1]![j]! + 1, dp[i]![j - 1]! + 1, dp[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
  return dp[a.length]![b.length]!;
}
