import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { recomputeAfterWrite } from '../resources/formulas.ts';
import { EntityRepository } from '../resources/repository.ts';
import type { Scope } from '../resources/scope.ts';
import type { EntityDecl } from '../../renderer/schema/entity.ts';

type Row = Record<string, unknown>;

/**
 * What a module says when lines of one document become new documents (requisition lines → orders
 * or an RFx, awarded RFx lines → orders, order lines → a contract). Only the choices differ between
 * them; grouping, the header and its lines, the link from each new line back to its source line
 * and the totals are this one mechanism's, so the chain of documents is kept the same way everywhere.
 */
export interface FromLinesPlan<S> {
  /** The header entity of the documents made; its line entity is the one declaring a field with `source: from`. */
  header: string;
  /** The source line entity (what the new lines' `source` field names). */
  from: string;
  /** Source lines with the same key go into one document (default: all into one). */
  groupKey?: (line: S) => string;
  /** The new header's values from its group of source lines (the repository fills, numbers and checks the rest). */
  headerValues: (group: S[]) => Row;
  /** A new line's values from its source line. */
  lineValues: (line: S) => Row;
  /** The source line's id, kept on the new line. */
  sourceId: (line: S) => number;
}

export interface MadeDocument<S> {
  header: Row;
  sources: S[];
}

/** The line entity of `header` that keeps links to lines of `from`, and the field holding them. */
function targetLines(ctx: ServerContext, header: string, from: string): { line: EntityDecl; sourceField: string } {
  for (const e of ctx.entities.values()) {
    if (e.parent?.entity !== header) continue;
    const field = e.fields.find((f) => f.source === from);
    if (field) return { line: e, sourceField: field.name };
  }
  throw new Error(`No line entity of ${header} declares a field with source ${from}`);
}

/**
 * Makes one document per group of source lines inside the caller's transaction (the caller has
 * locked and checked the source lines). The source link is set as the server's (read-only to
 * users), line numbers come from the line's declared sequence, and the header's totals are
 * computed once all its lines are in.
 */
export async function documentsFromLines<S>(ctx: ServerContext, tx: Queryable, scope: Scope, plan: FromLinesPlan<S>, sources: S[]): Promise<Array<MadeDocument<S>>> {
  const headerDecl = ctx.entities.get(plan.header)!;
  const { line, sourceField } = targetLines(ctx, plan.header, plan.from);
  const headers = new EntityRepository(headerDecl, ctx);
  const lines = new EntityRepository(line, ctx);
  const groups = new Map<string, S[]>();
  for (const s of sources) {
    const key = plan.groupKey?.(s) ?? '';
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const made: Array<MadeDocument<S>> = [];
  for (const group of groups.values()) {
    const created = await headers.create(scope, plan.headerValues(group), { tx });
    const id = Number(created[headerDecl.primaryKey]);
    for (const s of group)
      await lines.create(scope, { [line.parent!.field]: id, ...plan.lineValues(s) }, { tx, bulk: true, set: { [sourceField]: plan.sourceId(s) } });
    await recomputeAfterWrite(tx, headerDecl, ctx.entities, id);
    made.push({ header: await headers.get(scope, id, tx), sources: group });
  }
  return made;
}
