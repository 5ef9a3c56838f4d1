import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { BusinessError, HttpError } from '../../http/errors.ts';
import { hooksOf, registerListFilter } from '../../resources/hooks.ts';
import { holdsAnyRoute } from '../../resources/permissions.ts';
import type { Scope } from '../../resources/scope.ts';
import { checkStatusUpdate, statusLocked } from '../../resources/status-lock.ts';
import { type AttachmentOwners, attachmentOwners, type NamedSet, namedIn, slotSet, unattached } from './attachment-slots.ts';
import { entityAllows, masked, ownerRows, readConditions, ROW_TENANT } from './owner-records.ts';

/**
 * Who may see an uploaded file (docs/decisions.md, "Files follow their record"): whoever reads a
 * record naming its attachment UUID in a field of type `attachment`, as that record's own read
 * path shows it (permission, tenant, supplier and list conditions, the module's masks). A file
 * no record names is its uploader's; the file-management screen lists to administrators the
 * metadata of such files stored by nobody (seeded, imported), without opening them to them.
 * Every file call asks here.
 */
export interface FileAccess {
  ctx: ServerContext;
  owners: AttachmentOwners;
}

/** The screens that manage files as such: their holders list the metadata of unattached files stored by nobody (never their bytes). */
const FILE_ADMIN_ROUTES = ['/hfile/file-aggregate'];

/** Per server, by its `file` declaration: the generic list's filter finds the server it runs on by the entity it is given. */
const byFileEntity = new WeakMap<EntityDecl, FileAccess>();

/** The file rule of a server, its attachment fields read from the declarations once, at start. */
export function fileAccessOf(ctx: ServerContext): FileAccess {
  const fileEntity = ctx.entities.get('file');
  const known = fileEntity && byFileEntity.get(fileEntity);
  if (known?.ctx === ctx) return known;
  const access: FileAccess = { ctx, owners: attachmentOwners(ctx.entities) };
  if (fileEntity) byFileEntity.set(fileEntity, access);
  return access;
}

async function fileAdmin(db: Queryable, scope: Scope): Promise<boolean> {
  return scope.auth.roleLevel === 'site' || holdsAnyRoute(db, scope.auth.roleId, FILE_ADMIN_ROUTES);
}

/** `uuids` as a parameter of the statement, pushed the first time a condition needs it. */
function lazyUuids(params: unknown[], uuids: readonly string[] | undefined): () => string | undefined {
  let at: number | undefined;
  return () => {
    if (!uuids) return undefined;
    at ??= params.push([...uuids]);
    return `$${at}::text[]`;
  };
}

/** The sets of attachment UUIDs naming files the caller may see, one per (entity, field) it reads. */
async function visibleSets(access: FileAccess, scope: Scope, params: unknown[], db: Queryable, uuids: readonly string[] | undefined): Promise<NamedSet[]> {
  const { entities } = access.ctx;
  const uuidParam = lazyUuids(params, uuids);
  const sets: NamedSet[] = [];
  if (uuids?.length === 0) return sets;
  for (const [e, slots] of access.owners.byEntity) {
    if (!masked(e)) {
      const conds = await readConditions(db, entities, e, scope, params);
      if (!conds) continue;
      for (const s of slots) {
        const only = uuidParam();
        sets.push(slotSet(s, only ? [...conds, `t.${s.column} = any(${only})`] : conds));
      }
      continue;
    }
    // A module masking fields decides in code whether the field is still there for this caller:
    // its rows are read and masked first, and what survives goes into the statement as values.
    const rows = await ownerRows(db, entities, e, slots, scope, uuids);
    const tenants: unknown[] = [];
    const named: string[] = [];
    for (const r of rows) {
      for (const s of slots) {
        const v = r[s.field];
        if (typeof v !== 'string' || !v) continue;
        tenants.push(r[ROW_TENANT] ?? null);
        named.push(v);
      }
    }
    if (!named.length) continue;
    params.push(tenants, named);
    const tn = `$${params.length - 1}::bigint[]`;
    const u = `$${params.length}::text[]`;
    sets.push(slots[0]!.tenant ? { tenant: true, sql: `select v.tn, v.u from unnest(${tn}, ${u}) as v(tn, u)` } : { tenant: false, sql: `select v.u from unnest(${u}) as v(u)` });
  }
  return sets;
}

/**
 * The condition (over the alias `t` of `hfle_file`) of the files the caller may see. `uuids`
 * narrows the work to the files asked about; `listing`: the file-management list, where
 * administrators also get unattached files' metadata.
 */
export async function visibleFiles(
  access: FileAccess,
  scope: Scope,
  params: unknown[],
  db: Queryable,
  opts: { uuids?: readonly string[]; listing?: boolean } = {},
): Promise<string> {
  const ways: string[] = [];
  const sets = await visibleSets(access, scope, params, db, opts.uuids);
  if (sets.length) ways.push(namedIn(sets));
  const only = opts.uuids && access.owners.slots.length ? `$${params.push([...opts.uuids])}::text[]` : undefined;
  const alone = unattached(access.owners, only);
  const mine = `t.created_by = $${params.push(scope.auth.userId)}`;
  // A person's upload no record names yet is work in progress, theirs alone: a draft attachment, or the
  // file of a sealed offer, whose name and size are part of the offer. Files stored by nobody (seeded,
  // imported) are what administrators manage on the file screen.
  const owned = opts.listing && (await fileAdmin(db, scope)) ? `(${mine} or t.created_by is null)` : mine;
  ways.push(`(${owned} and ${alone})`);
  return `(${ways.join(' or ')})`;
}

/**
 * Whether the caller may write a record naming `uuid` (tenant `tenantId`) in an attachment field,
 * as an update of that field would be judged: the entity open to it for writing (and not the
 * module's alone), the row one it reads, its status letting the field change and the entity's
 * `beforeWrite` checks passing (a document in approval). `tx`: the transaction of the delete.
 */
export async function mayWriteOwner(access: FileAccess, scope: Scope, tx: Queryable, tenantId: number, uuid: string): Promise<boolean> {
  const { ctx } = access;
  for (const [e, slots] of access.owners.byEntity) {
    if (e.readOnly || !(await entityAllows(tx, e, scope.auth, 'write'))) continue;
    const rows = await ownerRows(tx, ctx.entities, e, slots, scope, [uuid], { permissionOnly: true });
    for (const r of rows) {
      if (r[ROW_TENANT] !== null && Number(r[ROW_TENANT]) !== tenantId) continue;
      for (const s of slots.filter((x) => r[x.field] === uuid)) {
        try {
          if (statusLocked(ctx, e)) await checkStatusUpdate(ctx, e, tx, r, { [s.field]: null });
          for (const h of hooksOf(e.name)) await h.beforeWrite?.(r, 'update', { entity: e, auth: scope.auth, tenantId, tx, ctx });
          return true;
        } catch (err) {
          if (!(err instanceof HttpError || err instanceof BusinessError)) throw err;
        }
      }
    }
  }
  return false;
}

// The generic `file` paths (list, summary, export) never return a file the caller may not see.
registerListFilter(async (e, scope, params, db) => {
  if (e.name !== 'file') return [];
  const access = byFileEntity.get(e);
  // A server whose file calls were not set up answers no file at all rather than every file.
  if (!access) return ['false'];
  return [await visibleFiles(access, scope, params, db, { listing: true })];
});
