import type { Queryable } from '../../db/database.ts';
import { evaluate } from '../../../renderer/schema/expressions/evaluate.ts';
import { BusinessError } from '../../http/errors.ts';
import { runExternal } from './handlers.ts';

export interface Person {
  userId: number;
  loginName: string;
  name: string;
}

type Vars = Record<string, unknown>;

const person = (r: { id: number; login_name: string; real_name: string | null }): Person => ({ userId: Number(r.id), loginName: r.login_name, name: r.real_name ?? r.login_name });
const USER_COLS = 'u.id::float8 as id, u.login_name, u.real_name';

/** Enabled users of a tenant by login name (a user of the platform tenant 0 counts too). */
export async function usersByLogin(db: Queryable, tenantId: number, logins: string[]): Promise<Person[]> {
  if (!logins.length) return [];
  const r = await db.query<{ id: number; login_name: string; real_name: string | null }>(
    `select ${USER_COLS} from iam_user u where u.login_name = any($1::text[]) and u.organization_id in ($2, 0) and u.enabled_flag = 1 order by u.id`,
    [logins, tenantId],
  );
  return r.rows.map(person);
}

export async function userById(db: Queryable, tenantId: number, userId: number): Promise<Person | undefined> {
  const r = await db.query<{ id: number; login_name: string; real_name: string | null }>(
    `select ${USER_COLS} from iam_user u where u.id = $1 and u.organization_id in ($2, 0) and u.enabled_flag = 1`,
    [userId, tenantId],
  );
  return r.rows[0] && person(r.rows[0]);
}

async function roleMembers(db: Queryable, tenantId: number, codes: string[]): Promise<Person[]> {
  const r = await db.query<{ id: number; login_name: string; real_name: string | null }>(
    `select distinct ${USER_COLS} from iam_user u join iam_member_role m on m.user_id = u.id join iam_role r on r.id = m.role_id
      where r.code = any($1::text[]) and r.tenant_id = $2 and r.enabled_flag = 1 and u.enabled_flag = 1 order by 1`,
    [codes, tenantId],
  );
  return r.rows.map(person);
}

/** Holders of a position: users whose employee record (same e-mail) is in it. */
async function positionHolders(db: Queryable, tenantId: number, codes: string[]): Promise<Person[]> {
  const r = await db.query<{ id: number; login_name: string; real_name: string | null }>(
    `select distinct ${USER_COLS} from hpfm_position p join hpfm_employee e on e.position_id = p.position_id and e.tenant_id = p.tenant_id
       join iam_user u on lower(u.email) = lower(e.email) and u.organization_id = p.tenant_id
      where p.position_code = any($1::text[]) and p.tenant_id = $2 and u.enabled_flag = 1 order by 1`,
    [codes, tenantId],
  );
  return r.rows.map(person);
}

/** The lines of a named approver rule (hwfl/setting/approve-auth) as assignee entries. */
async function approveAuthEntries(db: Queryable, tenantId: number, code: string): Promise<string[]> {
  const r = await db.query<{ left_type: string; left_operand: string }>(
    `select l.left_type, l.left_operand from hwfl_expression h join hwfl_expression_line l on l.expression_id = h.expression_id
      where h.tenant_id = $1 and h.code = $2 and h.expression_type = 'APPROVE_AUTH' and h.enabled_flag = 1 order by l.line_num`,
    [tenantId, code],
  );
  if (!r.rows.length) {
    const exists = await db.query('select 1 from hwfl_expression where tenant_id = $1 and code = $2 and expression_type = $3', [tenantId, code, 'APPROVE_AUTH']);
    throw new BusinessError('hwfl.assignee.unknownAuth', exists.rows.length ? `the approver rule ${code} has no lines or is disabled` : `there is no approver rule ${code}`, 'warn');
  }
  const kind: Record<string, string> = { USER: 'user', ROLE: 'role', POSITION: 'position', EXPRESSION: 'expr' };
  return r.rows.filter((l) => kind[l.left_type]).map((l) => `${kind[l.left_type]}:${l.left_operand}`);
}

/** Login names an expression gives (a text, a list of texts, or a user object with loginName). */
function loginsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(loginsOf);
  if (typeof value === 'string') return value.split(',').map((s) => s.trim()).filter(Boolean);
  if (value && typeof value === 'object' && typeof (value as { loginName?: unknown }).loginName === 'string') return [(value as { loginName: string }).loginName];
  return [];
}

/**
 * Everyone an assignee entry names, distinct, in a stable order. An entry that names nobody is
 * not an error here; the caller refuses a node whose entries together name nobody.
 */
export async function resolveAssignees(db: Queryable, tenantId: number, entries: string[], vars: Vars, depth = 0): Promise<Person[]> {
  const out = new Map<number, Person>();
  const add = (ps: Person[]) => ps.forEach((p) => out.has(p.userId) || out.set(p.userId, p));
  for (const entry of entries) {
    const i = entry.indexOf(':');
    const kind = i < 0 ? entry : entry.slice(0, i);
    const value = i < 0 ? '' : entry.slice(i + 1).trim();
    if (kind === 'initiator') add(await usersByLogin(db, tenantId, loginsOf(vars.initiator)));
    else if (kind === 'user') add(await usersByLogin(db, tenantId, [value]));
    else if (kind === 'role') add(await roleMembers(db, tenantId, [value]));
    else if (kind === 'position') add(await positionHolders(db, tenantId, [value]));
    else if (kind === 'expr') add(await usersByLogin(db, tenantId, loginsOf(evaluate(value, { record: vars.record ?? {}, variables: vars.variables ?? {}, initiator: vars.initiator ?? {} }))));
    else if (kind === 'auth' && depth === 0) add(await resolveAssignees(db, tenantId, await approveAuthEntries(db, tenantId, value), vars, 1));
    else if (kind === 'rule') add(await usersByLogin(db, tenantId, (await runExternal(db, tenantId, value, ['APPROVE_RULE'], vars, () => undefined)).logins ?? []));
    else throw new BusinessError('hwfl.assignee.invalid', `cannot read the assignee "${entry}" (use user:, role:, position:, auth:, rule:, expr: or initiator)`, 'warn');
  }
  return [...out.values()];
}

/** Whom a user's tasks go to today (hwfl/workflow/delegate), if they have an active rule. */
export async function delegateOf(db: Queryable, tenantId: number, userId: number): Promise<Person | undefined> {
  const r = await db.query<{ delegate_user_id: number }>(
    `select delegate_user_id::float8 as delegate_user_id from hwfl_delegate
      where tenant_id = $1 and user_id = $2 and enabled_flag = 1 and start_date <= current_date and end_date >= current_date
      order by start_date desc, delegate_id desc limit 1`,
    [tenantId, userId],
  );
  const id = r.rows[0]?.delegate_user_id;
  return id === undefined || id === userId ? undefined : userById(db, tenantId, Number(id));
}
