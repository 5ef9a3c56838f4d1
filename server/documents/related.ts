import type { EntityDecl, EntityDocument } from '../../renderer/schema/entity.ts';
import { linksFrom, linksTo, membershipOf, type SourceLink } from '../../renderer/schema/documents/chain.ts';
import type { DocumentRef, RelatedDocuments } from '../../renderer/schema/documents/refs.ts';
import { meaningOf } from '../../renderer/schema/meaning.ts';
import type { ServerContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { columnOf, ident } from '../resources/naming.ts';
import { checkEntityAccess, holdsAnyRoute } from '../resources/permissions.ts';
import { EntityRepository } from '../resources/repository.ts';
import type { Scope } from '../resources/scope.ts';

type Row = Record<string, unknown>;

const fill = (t: string, row: Row) => t.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(row[k] ?? '')));

/**
 * Describes documents for the viewer, each read through the repository, so the viewer's tenant,
 * side (a supplier sees its own orders, never the buyer's requisitions) and menus decide: a document
 * the viewer may not read is left out, not named.
 */
export async function describeDocuments(ctx: ServerContext, scope: Scope, e: EntityDecl, ids: number[]): Promise<DocumentRef[]> {
  if (!e.document || !ids.length) return [];
  try {
    await checkEntityAccess(ctx.db, e, scope.auth, 'read');
  } catch {
    return [];
  }
  const repo = new EntityRepository(e, ctx);
  let page: EntityDocument['pages'][number] | undefined;
  for (const p of e.document.pages)
    if (scope.auth.roleLevel === 'site' || (await holdsAnyRoute(ctx.db, scope.auth.roleId, [p.menu]))) {
      page = p;
      break;
    }
  const out: DocumentRef[] = [];
  for (const id of [...new Set(ids)]) {
    let row: Row;
    try {
      row = await repo.get(scope, id);
    } catch (err) {
      if (err instanceof HttpError && (err.status === 404 || err.status === 403)) continue;
      throw err;
    }
    const status = e.status ? (row[e.status.field] as string | undefined) : undefined;
    out.push({
      entity: e.name,
      ...((e.document.label ?? e.label) !== undefined ? { label: e.document.label ?? e.label } : {}),
      id,
      number: String(row[e.document.number] ?? id),
      ...(status !== undefined ? { status, statusMeaning: (row[meaningOf(e.status!.field)] as string | undefined) ?? status } : {}),
      ...(page ? { page: fill(page.route, row) } : {}),
    });
  }
  return out;
}

/** The ids of the documents at the other end of `links`, grouped by document entity. */
async function follow(ctx: ServerContext, links: SourceLink[], id: number, way: 'from' | 'to'): Promise<Map<EntityDecl, number[]>> {
  const found = new Map<EntityDecl, number[]>();
  for (const l of links) {
    const here = membershipOf(way === 'from' ? l.entity : l.source, ctx.entities)!;
    const there = membershipOf(way === 'from' ? l.source : l.entity, ctx.entities)!;
    // m holds the link (its field is the source's key), s is the source record.
    const [mine, theirs] = way === 'from' ? ['m', 's'] : ['s', 'm'];
    const r = await ctx.db.query<{ id: number }>(
      `select distinct ${theirs}.${ident(columnOf(there.field))}::float8 as id
         from ${ident(l.entity.table)} m join ${ident(l.source.table)} s on s.${ident(columnOf(l.source.primaryKey))} = m.${ident(columnOf(l.field))}
        where ${mine}.${ident(columnOf(here.field))} = $1 and ${theirs}.${ident(columnOf(there.field))} is not null`,
      [id],
    );
    if (r.rows.length) found.set(there.document, [...(found.get(there.document) ?? []), ...r.rows.map((x) => x.id)]);
  }
  return found;
}

/**
 * Where a document came from and what it became, one step each way, as the `source` fields of the
 * entities say. The document itself must be readable by the viewer (404 otherwise, as its own page).
 */
export async function relatedDocuments(ctx: ServerContext, scope: Scope, e: EntityDecl, id: number): Promise<RelatedDocuments> {
  await checkEntityAccess(ctx.db, e, scope.auth, 'read');
  await new EntityRepository(e, ctx).get(scope, id);
  const side = async (way: 'from' | 'to') => {
    const ids = await follow(ctx, way === 'from' ? linksFrom(e, ctx.entities) : linksTo(e, ctx.entities), id, way);
    const out: DocumentRef[] = [];
    for (const [d, list] of ids) out.push(...(await describeDocuments(ctx, scope, d, list)));
    return out;
  };
  return { from: await side('from'), to: await side('to') };
}
