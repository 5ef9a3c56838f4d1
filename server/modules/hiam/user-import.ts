import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../auth/passwords.ts';
import type { ServerContext } from '../../context.ts';
import type { Scope } from '../../resources/scope.ts';
import { policyOf } from '../../auth/password-policy.ts';
import { defineRoute } from '../../http/module-route.ts';

interface ImportLine {
  import_id: number;
  tenant_id: number;
  login_name: string;
  real_name: string | null;
  email: string | null;
  role_code: string | null;
}

const LOGIN_RE = /^[A-Za-z0-9_.@-]{2,40}$/;
const EMAIL_RE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * The sub-account import of `/hiam/sub-account-org/data-import/:code`: staged lines of a template
 * are checked (`POST .../user-imports/{code}/validate`) and the valid ones become users with the
 * tenant's initial password and the named role (`POST .../user-imports/{code}/import`).
 */
export async function iamUserImportRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db } = ctx;

  const linesOf = async (scope: Scope, code: string, statuses: string[]) => {
    const params: unknown[] = [code, statuses];
    let where = 'template_code = $1 and import_status = any($2::text[])';
    if (scope.tenantId !== null) {
      params.push(scope.tenantId);
      where += ' and tenant_id = $3';
    }
    return (
      await db.query<ImportLine>(
        `select import_id::float8 as import_id, tenant_id::float8 as tenant_id, login_name, real_name, email, role_code from iam_user_import where ${where} order by import_id`,
        params,
      )
    ).rows;
  };

  for (const [prefix, tenant] of [
    ['/iam/hzero/v1', false],
    ['/iam/hzero/v1/:tenantId', true],
  ] as const) {
    const params = {
      type: 'object',
      required: ['code'],
      properties: { ...(tenant ? { tenantId: { type: 'integer' } } : {}), code: { type: 'string', minLength: 1, maxLength: 60 } },
    };

    const importing = { level: tenant ? 'tenant' : 'site', entity: 'userImport', access: 'write', alsoEntities: [{ entity: 'user', access: 'write' }] } as const;
    defineRoute(app, ctx, { method: 'POST', url: `${prefix}/user-imports/:code/validate`, ...importing, schema: { params } }, async (req, scope) => {
      const en = scope.auth.language === 'en_US';
      const lines = await linesOf(scope, (req.params as { code: string }).code, ['NEW', 'ERROR']);
      const seen = new Set<string>();
      let valid = 0;
      await db.transaction(async (tx) => {
        for (const l of lines) {
          const problems: string[] = [];
          const key = `${l.tenant_id}|${l.login_name.toLowerCase()}`;
          if (!LOGIN_RE.test(l.login_name)) problems.push(en ? 'the login name may hold letters, digits and _ . @ - (2 to 40)' : '登录名只能包含字母、数字和 _ . @ -，长度2到40位');
          else if ((await tx.query('select 1 from iam_user where lower(login_name) = lower($1)', [l.login_name])).rows.length) problems.push(en ? 'the login name is taken' : '登录名已存在');
          else if (seen.has(key)) problems.push(en ? 'the login name appears twice in the file' : '导入数据中登录名重复');
          seen.add(key);
          if (!l.real_name) problems.push(en ? 'the name is missing' : '用户名不能为空');
          if (l.email && !EMAIL_RE.test(l.email)) problems.push(en ? 'the email is not an address' : '邮箱格式不正确');
          if (l.role_code) {
            const role = await tx.query(`select 1 from iam_role where code = $1 and tenant_id = $2 and level <> 'site' and enabled_flag = 1`, [l.role_code, l.tenant_id]);
            if (!role.rows.length) problems.push(en ? `role ${l.role_code} does not exist in the tenant` : `角色 ${l.role_code} 在租户中不存在`);
          }
          if (!problems.length) valid++;
          await tx.query('update iam_user_import set import_status = $2, error_msg = $3, object_version_number = object_version_number + 1, last_update_date = now() where import_id = $1', [
            l.import_id,
            problems.length ? 'ERROR' : 'VALID',
            problems.length ? problems.join('; ').slice(0, 480) : null,
          ]);
        }
      });
      return { checked: lines.length, valid, invalid: lines.length - valid };
    });

    defineRoute(app, ctx, { method: 'POST', url: `${prefix}/user-imports/:code/import`, ...importing, schema: { params } }, async (req, scope) => {
      const lines = await linesOf(scope, (req.params as { code: string }).code, ['VALID']);
      const hashes = new Map<number, string | null>();
      for (const t of new Set(lines.map((l) => l.tenant_id))) {
        const initial = (await policyOf(db, t))?.originalPassword;
        hashes.set(t, initial ? await hashPassword(initial) : null);
      }
      let imported = 0;
      await db.transaction(async (tx) => {
        for (const l of lines) {
          // Checked again inside the transaction: someone may have taken the name since validation.
          if ((await tx.query('select 1 from iam_user where lower(login_name) = lower($1)', [l.login_name])).rows.length) {
            await tx.query(`update iam_user_import set import_status = 'ERROR', error_msg = 'login name taken' where import_id = $1`, [l.import_id]);
            continue;
          }
          const user = (
            await tx.query<{ id: number }>(
              `insert into iam_user (login_name, real_name, email, organization_id, language, time_zone, enabled_flag, start_date_active, password_hash, created_by, last_updated_by)
               values ($1, $2, $3, $4, 'zh_CN', 'GMT+8', 1, current_date, $5, $6, $6) returning id::float8 as id`,
              [l.login_name, l.real_name, l.email, l.tenant_id, hashes.get(l.tenant_id) ?? null, scope.auth.userId],
            )
          ).rows[0]!;
          if (l.role_code) {
            await tx.query(
              `insert into iam_member_role (user_id, role_id) select $1, id from iam_role where code = $2 and tenant_id = $3 and level <> 'site' on conflict do nothing`,
              [user.id, l.role_code, l.tenant_id],
            );
          }
          await tx.query(`update iam_user_import set import_status = 'IMPORTED', error_msg = null, object_version_number = object_version_number + 1, last_update_date = now() where import_id = $1`, [
            l.import_id,
          ]);
          imported++;
        }
      });
      return { imported };
    });
  }
}
