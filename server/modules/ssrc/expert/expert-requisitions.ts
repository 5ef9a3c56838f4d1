import { forbidden, HttpError, refuse } from '../../../http/errors.ts';
import type { Queryable } from '../../../db/database.ts';
import { registerHooks } from '../../../resources/hooks.ts';
import { fillNumber } from '../../../resources/numbering.ts';
import type { EntityDecl } from '../../../../renderer/schema/entity.ts';

type Row = Record<string, unknown>;

/** The profile fields a requisition carries over to the expert record it creates or updates. */
const PROFILE = ['expertName', 'expertType', 'expertLevel', 'expertCategory', 'gender', 'mobilephone', 'mail', 'idType', 'idNumber', 'workUnit', 'itemCategories'] as const;
const column = (f: string) => f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The account a requisition names (its login name), in the requisition's tenant: its id, or a 400 naming `loginName`. */
async function accountOf(tx: Queryable, tenantId: number, loginName: unknown): Promise<number | null> {
  const name = typeof loginName === 'string' ? loginName.trim() : '';
  if (!name) return null;
  const r = await tx.query<{ id: number }>('select id::float8 as id from iam_user where lower(login_name) = lower($1) and organization_id = $2', [name, tenantId]);
  const id = r.rows[0]?.id;
  if (id === undefined) throw refuse('loginName', `loginName ${name} is not an account of this tenant`);
  return id;
}

/**
 * The expert record an approved requisition stands for: the one already bound to the same account,
 * or the one with the same identity document, updated with the requisition's profile; otherwise a
 * new one. Runs inside the approval's transaction, so the approval and the record stand or fall together.
 */
async function upsertExpert(tx: Queryable, expert: EntityDecl, tenantId: number, req: Row, byUser: number): Promise<number> {
  const userId = req.userId === null || req.userId === undefined ? null : Number(req.userId);
  const found = await tx.query<{ id: number }>(
    `select expert_id::float8 as id from ssrc_expert
      where tenant_id = $1 and (($2::bigint is not null and user_id = $2) or ($3::text <> '' and id_type = $4 and id_number = $3))
      order by (user_id = $2) desc nulls last, expert_id limit 1`,
    [tenantId, userId, String(req.idNumber ?? ''), req.idType ?? null],
  );
  const values = PROFILE.map((f) => req[f] ?? null);
  const login = userId === null ? null : String(req.loginName ?? '').trim() || null;
  const existing = found.rows[0]?.id;
  if (existing !== undefined) {
    const sets = PROFILE.map((f, i) => `${column(f)} = $${i + 2}`).join(', ');
    await tx.query(
      `update ssrc_expert set ${sets}, user_id = coalesce($${PROFILE.length + 2}, user_id), login_name = coalesce($${PROFILE.length + 3}, login_name), expert_req_id = $${PROFILE.length + 4},
              object_version_number = object_version_number + 1, last_update_date = now(), last_updated_by = $${PROFILE.length + 5}
        where expert_id = $1`,
      [existing, ...values, userId, login, req.expertReqId, byUser],
    );
    return existing;
  }
  const numbered: Row = {};
  await fillNumber(tx, expert, numbered, tenantId);
  const cols = ['tenant_id', 'expert_num', ...PROFILE.map(column), 'user_id', 'login_name', 'expert_req_id', 'enabled_flag', 'created_by', 'last_updated_by'];
  const params = [tenantId, numbered.expertNum, ...values, userId, login, req.expertReqId, 1, byUser, byUser];
  const r = await tx.query<{ id: number }>(`insert into ssrc_expert (${cols.join(', ')}) values (${params.map((_, i) => `$${i + 1}`).join(', ')}) returning expert_id::float8 as id`, params);
  return r.rows[0]!.id;
}

/**
 * Expert requisitions: the account named by login name is resolved to its user (400 naming
 * `loginName` when the tenant has no such account); nobody approves or rejects their own
 * requisition; the approval creates the expert record, or updates the one the account (or the
 * identity document) already has, so a change of level goes through the same approval, in the
 * same transaction, and links it to the requisition.
 */
registerHooks('expertReq', {
  async afterWrite(row: Row, action, { tx, tenantId, auth, ctx }) {
    if (action === 'create' || action === 'update') {
      const userId = await accountOf(tx, tenantId, row.loginName);
      if ((row.userId ?? null) !== userId) {
        await tx.query('update ssrc_expert_req set user_id = $2 where expert_req_id = $1', [row.expertReqId, userId]);
        row.userId = userId;
      }
      return;
    }
    if (action !== 'approve') return;
    const expertId = await upsertExpert(tx, ctx.entities.get('expert')!, tenantId, row, auth.userId);
    await tx.query('update ssrc_expert_req set expert_id = $2 where expert_req_id = $1', [row.expertReqId, expertId]);
    row.expertId = expertId;
  },
  async beforeWrite(current: Row, action, { auth, system }) {
    if (system || (action !== 'approve' && action !== 'reject')) return;
    if (Number(current.createdBy) === auth.userId) throw Object.assign(forbidden(`Nobody ${action}s their own expert requisition: another approver decides`), { field: 'expertReqStatus' }) as HttpError;
  },
});
