import type { FastifyInstance } from 'fastify';
import { DEFAULT_RULES, type PasswordRules, passwordViolation, policyOf, type Violation } from '../../auth/password-policy.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { AuthContext, ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { BusinessError, notFound } from '../../http/errors.ts';
import { registerHooks } from '../../resources/hooks.ts';
import { EntityRepository } from '../../resources/repository.ts';
import type { Scope } from '../../resources/scope.ts';
import { defineRoute } from '../../http/module-route.ts';

const refuse = (v: Violation, language: string) => new BusinessError(v.code, language === 'en_US' ? v.en : v.zh, 'warn');

/** Throws the rule a password breaks as a business error in the caller's language. */
export function assertPassword(p: PasswordRules, password: string, loginName: string, language: string): void {
  const v = passwordViolation(p, password, loginName);
  if (v) throw refuse(v, language);
}

export type ChangeType = 'CREATE' | 'SELF' | 'ADMIN' | 'RESET' | 'IMPORT';

interface TargetUser {
  id: number;
  login_name: string;
  organization_id: number;
  password_hash: string | null;
}

/**
 * Sets a user's password: checks it against the policy of the user's tenant (and the recent
 * passwords the policy forbids), stores only its scrypt hash, clears a lock, and keeps a history
 * row. Returns the history row.
 */
export async function setPassword(
  db: Queryable,
  args: { userId: number; password: string; changeType: ChangeType; by: Pick<AuthContext, 'userId' | 'loginName' | 'language'> },
): Promise<Record<string, unknown>> {
  const u = (
    await db.query<TargetUser>('select id::float8 as id, login_name, organization_id::float8 as organization_id, password_hash from iam_user where id = $1', [args.userId])
  ).rows[0];
  if (!u) throw notFound(`user ${args.userId} not found`);
  const rules = (await policyOf(db, u.organization_id)) ?? DEFAULT_RULES;
  assertPassword(rules, args.password, u.login_name, args.by.language);
  if (rules.enablePassword === 1 && rules.notRecentCount > 0) {
    const recent = (
      await db.query<{ password_hash: string }>('select password_hash from iam_password_history where user_id = $1 and password_hash is not null order by history_id desc limit $2', [
        u.id,
        rules.notRecentCount,
      ])
    ).rows.map((r) => r.password_hash);
    if (u.password_hash) recent.unshift(u.password_hash);
    for (const h of recent.slice(0, rules.notRecentCount)) {
      if (await verifyPassword(args.password, h)) {
        throw refuse(
          {
            code: 'hiam.warn.password.recent',
            zh: `新密码不能与最近${rules.notRecentCount}次使用的密码相同（密码策略：禁止使用最近密码）`,
            en: `The password may not be one of the last ${rules.notRecentCount} passwords (password policy: recent passwords)`,
          },
          args.by.language,
        );
      }
    }
  }
  const hash = await hashPassword(args.password);
  await db.query('update iam_user set password_hash = $2, failed_count = 0, locked_until = null where id = $1', [u.id, hash]);
  const row = (
    await db.query<Record<string, unknown>>(
      `insert into iam_password_history (tenant_id, user_id, login_name, change_type, changed_by, change_date, password_hash, created_by, last_updated_by)
       values ($1, $2, $3, $4, $5, now(), $6, $7, $7)
       returning history_id::float8 as "historyId", user_id::float8 as "userId", login_name as "loginName", change_type as "changeType",
                 changed_by as "changedBy", to_char(change_date, 'YYYY-MM-DD HH24:MI:SS') as "changeDate", tenant_id::float8 as "tenantId",
                 object_version_number as "objectVersionNumber"`,
      [u.organization_id, u.id, u.login_name, args.changeType, args.by.loginName, hash, args.by.userId],
    )
  ).rows[0]!;
  return row;
}

/** The user a tenant- or site-level administrator may manage: tenant paths reach users of that tenant only. */
export async function managedUser(db: Queryable, scope: Scope, userId: number): Promise<{ id: number; loginName: string; organizationId: number; enabledFlag: number }> {
  const params: unknown[] = [userId];
  let where = 'id = $1';
  if (scope.tenantId !== null) {
    params.push(scope.tenantId);
    where += ' and organization_id = $2';
  }
  const u = (
    await db.query<{ id: number; loginName: string; organizationId: number; enabledFlag: number }>(
      `select id::float8 as id, login_name as "loginName", organization_id::float8 as "organizationId", enabled_flag::float8 as "enabledFlag" from iam_user where ${where}`,
      params,
    )
  ).rows[0];
  if (!u) throw notFound(`user ${userId} not found`);
  return u;
}

const passwordBody = {
  type: 'object',
  required: ['password'],
  additionalProperties: false,
  properties: {
    password: { type: 'string', maxLength: 60 },
    confirmPassword: { type: ['string', 'null'], maxLength: 60 },
    originalPassword: { type: ['string', 'null'], maxLength: 60 },
  },
};

function confirmMatches(body: { password: string; confirmPassword?: string | null }, language: string) {
  if (body.confirmPassword !== undefined && body.confirmPassword !== null && body.confirmPassword !== body.password) {
    throw new BusinessError('hiam.warn.password.confirmMismatch', language === 'en_US' ? 'The two passwords differ' : '两次输入的密码不一致', 'warn');
  }
}

/** New users start with the initial password of their tenant's policy, as on the original platform. */
registerHooks('user', {
  async beforeCreate(values, { tx, tenantId }) {
    if (values.passwordHash) return;
    const initial = (await policyOf(tx, Number(values.organizationId ?? tenantId)))?.originalPassword;
    if (initial) values.passwordHash = await hashPassword(initial);
  },
});

/** A policy must be satisfiable and its own initial password must pass it. */
registerHooks('passwordPolicy', {
  async afterWrite(row, _action, { auth }) {
    const rules = { ...DEFAULT_RULES } as Record<string, unknown>;
    for (const k of Object.keys(DEFAULT_RULES)) if (row[k] !== null && row[k] !== undefined) rules[k] = row[k];
    const p = rules as unknown as PasswordRules;
    const en = auth.language === 'en_US';
    if (p.minLength > p.maxLength) throw new BusinessError('hiam.warn.passwordPolicy.length', en ? 'The minimum length exceeds the maximum length' : '最小长度不能大于最大长度', 'warn');
    if (p.digitsCount + p.lowercaseCount + p.uppercaseCount + p.specialCharCount > p.maxLength)
      throw new BusinessError('hiam.warn.passwordPolicy.counts', en ? 'The required characters do not fit in the maximum length' : '要求的字符数之和超过了最大长度', 'warn');
    if (p.originalPassword) {
      const v = passwordViolation(p, p.originalPassword, '');
      if (v) throw new BusinessError(v.code, en ? `Initial password: ${v.en}` : `初始密码：${v.zh}`, 'warn');
    }
  },
});

/**
 * Password calls of the original platform: an administrator sets a password
 * (`PUT /iam/hzero/v1/[{tenantId}/]users/{id}/admin-password`) or resets it to the policy's
 * initial password (`.../admin-password-reset`); a user changes their own
 * (`PUT /iam/hzero/v1/users/password`). The current tenant's policy: `GET /iam/v1/{tenantId}/password-policies/current`.
 */
export async function iamPasswordRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db } = ctx;
  const policyEntity = ctx.entities.get('passwordPolicy')!;
  const idParams = (tenant: boolean) => ({
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer', minimum: 1 }, ...(tenant ? { tenantId: { type: 'integer' } } : {}) },
  });

  for (const [prefix, tenant] of [
    ['/iam/hzero/v1', false],
    ['/iam/hzero/v1/:tenantId', true],
  ] as const) {
    defineRoute(app, ctx, { method: 'PUT', url: `${prefix}/users/:id/admin-password`, level: tenant ? 'tenant' : 'site', entity: 'user', access: 'write', schema: { params: idParams(tenant), body: passwordBody } }, async (req, scope) => {
      const body = req.body as { password: string; confirmPassword?: string | null };
      confirmMatches(body, scope.auth.language);
      const u = await managedUser(db, scope, (req.params as { id: number }).id);
      return db.transaction((tx) => setPassword(tx, { userId: u.id, password: body.password, changeType: 'ADMIN', by: scope.auth }));
    });

    defineRoute(app, ctx, { method: 'PUT', url: `${prefix}/users/:id/admin-password-reset`, level: tenant ? 'tenant' : 'site', entity: 'user', access: 'write', schema: { params: idParams(tenant) } }, async (req, scope) => {
      const u = await managedUser(db, scope, (req.params as { id: number }).id);
      const initial = (await policyOf(db, u.organizationId))?.originalPassword;
      if (!initial) {
        throw new BusinessError(
          'hiam.warn.password.noOriginal',
          scope.auth.language === 'en_US' ? 'The password policy of the tenant defines no initial password' : '租户的密码策略未设置初始密码',
          'warn',
        );
      }
      return db.transaction((tx) => setPassword(tx, { userId: u.id, password: initial, changeType: 'RESET', by: scope.auth }));
    });
  }

  defineRoute(app, ctx, { method: 'PUT', url: '/iam/hzero/v1/users/password', level: 'user', schema: { body: { ...passwordBody, required: ['password', 'originalPassword'] } } }, async (req, scope) => {
    const a = scope.auth;
    const body = req.body as { password: string; confirmPassword?: string | null; originalPassword: string };
    confirmMatches(body, a.language);
    const hash = (await db.query<{ password_hash: string | null }>('select password_hash from iam_user where id = $1', [a.userId])).rows[0]?.password_hash;
    if (!(await verifyPassword(body.originalPassword, hash))) {
      throw new BusinessError('hiam.warn.password.originalWrong', a.language === 'en_US' ? 'The current password is wrong' : '原密码错误', 'warn');
    }
    return db.transaction((tx) => setPassword(tx, { userId: a.userId, password: body.password, changeType: 'SELF', by: a }));
  });

  // HZERO answers the tenant's one policy on the collection itself; `/current` is our earlier path.
  for (const url of ['/iam/v1/:tenantId/password-policies', '/iam/v1/:tenantId/password-policies/current']) {
    defineRoute(app, ctx, { method: 'GET', url, entity: 'passwordPolicy', access: 'read', schema: { params: { type: 'object', properties: { tenantId: { type: 'integer' } } } } }, async (req, scope) => {
      const tenantId = scope.tenantId!;
      const repo = new EntityRepository(policyEntity, ctx);
      const first = async () =>
        (await db.query<{ id: number }>('select password_policy_id::float8 as id from iam_password_policy where tenant_id = $1 order by password_policy_id limit 1', [tenantId])).rows[0];
      let found = await first();
      if (!found) {
        // A tenant created after the seed gets its policy on first look, with the declared defaults.
        const t = (await db.query<{ tenant_num: string }>('select tenant_num from hpfm_tenant where tenant_id = $1', [tenantId])).rows[0];
        const cols = policyEntity.fields.filter((f) => f.default !== undefined && f.name !== policyEntity.primaryKey);
        const names = ['tenant_id', 'code', 'name', ...cols.map((f) => f.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))];
        const values = [tenantId, `${t?.tenant_num ?? tenantId}.DEFAULT`, 'Default password policy', ...cols.map((f) => f.default)];
        await db.query(`insert into iam_password_policy (${names.join(', ')}) values (${values.map((_, i) => `$${i + 1}`).join(', ')})`, values);
        found = await first();
      }
      return repo.get(scope, found!.id);
    });
  }
}
