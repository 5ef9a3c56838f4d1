import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import { tenantColumn } from '../../resources/ddl.ts';
import { columnOf, ident } from '../../resources/naming.ts';

/** One place a file's attachment UUID can be named: a field of type `attachment` of a declared entity. */
export interface AttachmentSlot {
  entity: EntityDecl;
  field: string;
  /** The quoted column of `field`. */
  column: string;
  /** The quoted column carrying the row's tenant, or undefined for a platform-wide entity. */
  tenant?: string;
}

/** The entities holding attachment fields, each with its fields: read from the declarations, so a new one needs no change here. */
export interface AttachmentOwners {
  slots: AttachmentSlot[];
  byEntity: Map<EntityDecl, AttachmentSlot[]>;
}

export function attachmentOwners(entities: ReadonlyMap<string, EntityDecl>): AttachmentOwners {
  const slots: AttachmentSlot[] = [];
  for (const e of entities.values()) {
    const tenant = tenantColumn(e);
    for (const f of e.fields) {
      if (f.type !== 'attachment' || f.private) continue;
      slots.push({ entity: e, field: f.name, column: ident(columnOf(f.name)), ...(tenant ? { tenant: ident(tenant) } : {}) });
    }
  }
  const byEntity = new Map<EntityDecl, AttachmentSlot[]>();
  for (const s of slots) byEntity.set(s.entity, [...(byEntity.get(s.entity) ?? []), s]);
  return { slots, byEntity };
}

/**
 * A set of attachment UUIDs as a select over the alias `t` (the entity's table): `(tn, u)` pairs
 * where the entity has a tenant, so a UUID copied into another tenant's record claims nothing
 * there, `u` alone for a platform-wide entity.
 */
export interface NamedSet {
  tenant: boolean;
  sql: string;
}

export function slotSet(s: AttachmentSlot, where: string[]): NamedSet {
  const cond = [`t.${s.column} is not null`, ...where].join(' and ');
  const from = `from ${ident(s.entity.table)} t where ${cond}`;
  return s.tenant ? { tenant: true, sql: `select t.${s.tenant}::bigint as tn, t.${s.column}::text as u ${from}` } : { tenant: false, sql: `select t.${s.column}::text as u ${from}` };
}

/**
 * The file row under the alias `t` is named in one of `sets`. `in` rather than a correlated
 * `exists`: each set is read once per query (a hashed subplan), not once per file row.
 */
export function namedIn(sets: NamedSet[]): string {
  const union = (tenant: boolean) => sets.filter((x) => x.tenant === tenant).map((x) => x.sql).join(' union all ');
  const out: string[] = [];
  if (sets.some((x) => x.tenant)) out.push(`coalesce((t.tenant_id, t.attachment_uuid::text) in (${union(true)}), false)`);
  if (sets.some((x) => !x.tenant)) out.push(`coalesce(t.attachment_uuid::text in (${union(false)}), false)`);
  return out.length ? `(${out.join(' or ')})` : 'false';
}

/**
 * The file row under the alias `t` is named by no record at all, whoever may read it. `only` (a
 * text[] placeholder) narrows the records read to those naming the files asked about.
 */
export const unattached = (owners: AttachmentOwners, only?: string): string =>
  `not ${namedIn(owners.slots.map((s) => slotSet(s, only ? [`t.${s.column} = any(${only})`] : [])))}`;
