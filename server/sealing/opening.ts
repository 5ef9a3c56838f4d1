import { scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { BusinessError, forbidden, refuse } from '../http/errors.ts';
import { columnOf, ident } from '../resources/naming.ts';
import { checkPermissionCode } from '../resources/permissions.ts';
import type { Scope } from '../resources/scope.ts';

type Row = Record<string, unknown>;

/**
 * Opening a document with a password (an RFx's or a tender's bid opening), declared by the entity's
 * `opening`: the buyer sets the password while the document is a draft (stored as the platform's
 * scrypt hash, never answered); the moves that open its envelopes then need it. The opening call
 * checks side, the move's permission, then the password, and vouches for it to the repository by a
 * transaction-local setting: the repository refuses those moves on every other path (the generic
 * action call included) while a password is set.
 */
const VOUCHED = 'sealing.opening';

const legacyScrypt = promisify(scrypt) as (password: string, salt: string, length: number) => Promise<Buffer>;

/** The platform's hash, or the `salt:digest` an RFx password was stored as before (default scrypt parameters). */
async function passwordFits(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  if (stored.startsWith('scrypt$')) return verifyPassword(password, stored);
  const [salt, digest] = stored.split(':');
  if (!salt || !digest) return false;
  const a = await legacyScrypt(password, salt, 32);
  const b = Buffer.from(digest, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

const numberOf = (e: EntityDecl, row: Row) => String(row[e.numbering?.field ?? e.primaryKey]);

/** The repository's check on a move of `current`: an opening move of a protected document needs the opening call's word. */
export async function checkOpening(tx: Queryable, e: EntityDecl, current: Row, action: string): Promise<void> {
  const o = e.opening;
  if (!o || !o.moves.includes(action) || Number(current[o.passwordFlag]) !== 1) return;
  const v = (await tx.query<{ v: string | null }>('select current_setting($1, true) as v', [VOUCHED])).rows[0]?.v;
  if (v !== `${e.name}:${String(current[e.primaryKey])}`) throw refuse('password', `${numberOf(e, current)} has an opening password: open it with the password`);
}

interface Target {
  ctx: ServerContext;
  e: EntityDecl;
  scope: Scope;
  /** Reads the document as the caller may (404 when it is not theirs): after side and permission are checked. */
  load: () => Promise<Row>;
}

/** Sets the opening password of a draft document; the buyer's, with the declared permission. */
export async function setOpeningPassword({ ctx, e, scope, load }: Target, password: string): Promise<Row> {
  const o = e.opening!;
  if (scope.auth.supplierIds) throw forbidden("The opening password is the buyer's");
  await checkPermissionCode(ctx.db, scope.auth, o.setPermission, `set the opening password of a ${e.name}`);
  const current = await load();
  const status = String(current[e.status!.field]);
  if (!o.setIn.includes(status)) throw new BusinessError('error.status.transition', `${numberOf(e, current)} is ${status}: the opening password is set before release`, 'warn');
  const id = current[e.primaryKey];
  await ctx.db.query(
    `update ${ident(e.table)} set ${ident(columnOf(o.passwordHash))} = $2, ${ident(columnOf(o.passwordFlag))} = 1, object_version_number = object_version_number + 1, last_update_date = now() where ${ident(columnOf(e.primaryKey))} = $1`,
    [id, await hashPassword(password)],
  );
  return { [e.primaryKey]: id, [o.passwordFlag]: 1 };
}

/**
 * Takes the opening move `move` with `password`: side and the move's permission first (nobody else
 * learns whether a password would have fitted), then the password when the move needs it, then the
 * move, vouched for in its transaction. `transition` is the repository's, run as the server's move.
 */
export async function openWithPassword(
  { ctx, e, scope, load }: Target,
  moveOf: (current: Row) => string,
  password: string | undefined,
  transition: (tx: Queryable, move: string) => Promise<Row>,
): Promise<Row> {
  const o = e.opening!;
  if (scope.auth.supplierIds) throw forbidden('Bids are opened by the buyer');
  // Before the document is read: nobody without the right learns whether it exists or a password would fit.
  await checkPermissionCode(ctx.db, scope.auth, e.status!.transitions[o.moves[0]!]?.permission, `open a ${e.name}`);
  const current = await load();
  const move = moveOf(current);
  const own = e.status!.transitions[move]?.permission;
  if (own !== e.status!.transitions[o.moves[0]!]?.permission) await checkPermissionCode(ctx.db, scope.auth, own, `${move} a ${e.name}`);
  const id = current[e.primaryKey];
  if (o.moves.includes(move) && Number(current[o.passwordFlag]) === 1) {
    const stored = (await ctx.db.query<{ h: string | null }>(`select ${ident(columnOf(o.passwordHash))} as h from ${ident(e.table)} where ${ident(columnOf(e.primaryKey))} = $1`, [id])).rows[0]?.h;
    if (!(password && (await passwordFits(password, stored)))) throw refuse('password', `The opening password of ${numberOf(e, current)} is not right`);
  }
  return ctx.db.transaction(async (tx) => {
    await tx.query('select set_config($1, $2, true)', [VOUCHED, `${e.name}:${String(id)}`]);
    return transition(tx, move);
  });
}
