import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { extraListConditions } from '../../resources/hooks.ts';
import { alias, ident } from '../../resources/naming.ts';
import { type Access, checkEntityAccess } from '../../resources/permissions.ts';
import { maskRecords, recordReaders } from '../../resources/record-readers.ts';
import { selectList } from '../../resources/rows.ts';
import { type Scope, supplierWhere, tenantWhere } from '../../resources/scope.ts';
import type { AttachmentSlot } from './attachment-slots.ts';

type Row = Record<string, unknown>;

/** The column alias carrying a fetched owner row's tenant (the file must be of the same tenant). */
export const ROW_TENANT = '__fileTenant';

/** Whether the entity's declared menus open it to the caller for `access` (checkEntityAccess, without the refusal). */
export async function entityAllows(db: Queryable, e: EntityDecl, auth: AuthContext, access: Access): Promise<boolean> {
  try {
    await checkEntityAccess(db, e, auth, access);
    return true;
  } catch (err) {
    if (err instanceof HttpError && err.status === 403) return false;
    throw err;
  }
}

/**
 * The conditions (over the alias `t`) of the rows of `e` the caller reads as the entity's own read
 * path shows them: its read permission with the tenant, supplier and registered list conditions
 * (what `EntityRepository.list` applies), or a module's pages showing a row beyond that (a
 * registered `alsoShown`). Undefined when the caller reads none; nothing is pushed onto `params`
 * then, so no statement carries a parameter it does not use.
 */
export async function readConditions(
  db: Queryable,
  entities: ReadonlyMap<string, EntityDecl>,
  e: EntityDecl,
  scope: Scope,
  params: unknown[],
  opts: { permissionOnly?: boolean } = {},
): Promise<string[] | undefined> {
  const ways: string[] = [];
  if (await entityAllows(db, e, scope.auth, 'read')) {
    const conds = [...supplierWhere(e, entities, scope, params), ...(await extraListConditions(e, scope, params, db, entities))];
    ways.push(conds.length ? `(${conds.join(' and ')})` : 'true');
  }
  if (!opts.permissionOnly) {
    for (const r of recordReaders(e.name)) {
      const c = r.alsoShown?.(scope, params);
      if (c) ways.push(`(${c})`);
    }
  }
  if (!ways.length) return undefined;
  return [...tenantWhere(e, scope, params), ways.length === 1 ? ways[0]! : `(${ways.join(' or ')})`];
}

/** Whether the entity's module masks fields of its rows (then SQL alone cannot tell what the caller sees). */
export const masked = (e: EntityDecl): boolean => recordReaders(e.name).some((r) => r.mask);

/**
 * The rows of `e` naming one of `uuids` in one of `slots` that the caller reads, as its module
 * shows them (masks applied), each with its tenant under ROW_TENANT. Every UUID when `uuids` is
 * undefined (the floor of a whole list).
 */
export async function ownerRows(
  db: Queryable,
  entities: ReadonlyMap<string, EntityDecl>,
  e: EntityDecl,
  slots: AttachmentSlot[],
  scope: Scope,
  uuids: readonly string[] | undefined,
  opts: { permissionOnly?: boolean } = {},
): Promise<Row[]> {
  const params: unknown[] = [];
  const conds = await readConditions(db, entities, e, scope, params, opts);
  if (!conds) return [];
  let named = slots.map((s) => `t.${s.column} is not null`);
  if (uuids) {
    params.push(uuids);
    named = slots.map((s) => `t.${s.column} = any($${params.length}::text[])`);
  }
  const tenant = slots[0]?.tenant ? `t.${slots[0].tenant}::float8` : 'null::float8';
  const rows = (await db.query<Row>(`select ${selectList(e)}, ${tenant} as ${alias(ROW_TENANT)} from ${ident(e.table)} t where (${named.join(' or ')}) and ${conds.join(' and ')}`, params)).rows;
  return maskRecords(e.name, db, scope, rows, entities);
}
