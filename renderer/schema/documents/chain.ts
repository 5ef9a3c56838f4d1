import type { EntityDecl } from '../entity.ts';

/**
 * The chain of documents as the declarations give it: a field with `source` says its record was
 * made from a record of that entity (an order line from a requisition line). A record belongs to a
 * document: itself when its entity declares `document`, else its parent's when the parent does.
 * The server follows these links both ways (server/documents/related.ts); nothing else is stored.
 */
export interface SourceLink {
  /** The entity holding the link and its field. */
  entity: EntityDecl;
  field: string;
  /** The entity the field's value is a record of. */
  source: EntityDecl;
}

/** The document entity a record of `e` belongs to, and how to find the document's id from the record. */
export interface Membership {
  document: EntityDecl;
  /** The field of `e` holding the document's id: its primary key, or its parent field on a line. */
  field: string;
}

export function membershipOf(e: EntityDecl, entities: ReadonlyMap<string, EntityDecl>): Membership | undefined {
  if (e.document) return { document: e, field: e.primaryKey };
  const parent = e.parent && entities.get(e.parent.entity);
  if (parent?.document) return { document: parent, field: e.parent!.field };
  return undefined;
}

export function sourceLinks(entities: ReadonlyMap<string, EntityDecl>): SourceLink[] {
  const out: SourceLink[] = [];
  for (const e of entities.values())
    for (const f of e.fields) {
      const source = f.source ? entities.get(f.source) : undefined;
      if (source) out.push({ entity: e, field: f.name, source });
    }
  return out;
}

/** The links a document's records (itself, its lines) hold to their sources: where it came from. */
export function linksFrom(document: EntityDecl, entities: ReadonlyMap<string, EntityDecl>): SourceLink[] {
  return sourceLinks(entities).filter((l) => membershipOf(l.entity, entities)?.document === document && membershipOf(l.source, entities));
}

/** The links other documents' records hold to this document's records: what it became. */
export function linksTo(document: EntityDecl, entities: ReadonlyMap<string, EntityDecl>): SourceLink[] {
  return sourceLinks(entities).filter((l) => membershipOf(l.source, entities)?.document === document && membershipOf(l.entity, entities));
}
