// A tenant's password policy, read at sign-in (lockout) and sign-up as well as by the hiam module's
// password calls: core, so authentication does not depend on a module.
import type { ServerConfig } from '../context.ts';
import type { Queryable } from '../db/database.ts';

/** The rules of a tenant's password policy (`iam_password_policy`) as the checks use them. */
export interface PasswordRules {
  enablePassword: number;
  originalPassword: string | null;
  minLength: number;
  maxLength: number;
  digitsCount: number;
  lowercaseCount: number;
  uppercaseCount: number;
  specialCharCount: number;
  notUsername: number;
  notRecentCount: number;
  enableLock: number;
  maxErrorTime: number;
  lockedExpireTime: number;
}

/** Used for a tenant without a policy: the defaults of the entity declaration. */
export const DEFAULT_RULES: PasswordRules = {
  enablePassword: 1,
  originalPassword: null,
  minLength: 8,
  maxLength: 30,
  digitsCount: 1,
  lowercaseCount: 1,
  uppercaseCount: 0,
  specialCharCount: 0,
  notUsername: 1,
  notRecentCount: 0,
  enableLock: 1,
  maxErrorTime: 5,
  lockedExpireTime: 15,
};

/** A tenant's policy: its first one (a tenant normally has exactly one), or undefined. */
export async function policyOf(db: Queryable, tenantId: number): Promise<PasswordRules | undefined> {
  const r = await db.query<PasswordRules>(
    `select enable_password::float8 as "enablePassword", original_password as "originalPassword", min_length::float8 as "minLength",
            max_length::float8 as "maxLength", digits_count::float8 as "digitsCount", lowercase_count::float8 as "lowercaseCount",
            uppercase_count::float8 as "uppercaseCount", special_char_count::float8 as "specialCharCount", not_username::float8 as "notUsername",
            not_recent_count::float8 as "notRecentCount", enable_lock::float8 as "enableLock", max_error_time::float8 as "maxErrorTime",
            locked_expire_time::float8 as "lockedExpireTime"
       from iam_password_policy where tenant_id = $1 order by password_policy_id limit 1`,
    [tenantId],
  );
  const p = r.rows[0];
  if (!p) return undefined;
  // A column left empty falls back to the default rule rather than to "no rule".
  const out = { ...DEFAULT_RULES };
  for (const [k, v] of Object.entries(p)) if (v !== null && v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

/**
 * The sign-in lockout of a user's tenant: its policy when there is one (which may switch locking
 * off), else the server's configuration.
 */
export async function lockoutRule(db: Queryable, tenantId: number, config: Pick<ServerConfig, 'maxFailedLogins' | 'lockMinutes'>): Promise<{ enabled: boolean; maxFailed: number; minutes: number }> {
  const p = await policyOf(db, tenantId);
  if (!p) return { enabled: true, maxFailed: config.maxFailedLogins, minutes: config.lockMinutes };
  return { enabled: p.enableLock === 1, maxFailed: Math.max(1, p.maxErrorTime), minutes: Math.max(1, p.lockedExpireTime) };
}

export interface Violation {
  code: string;
  zh: string;
  en: string;
}

const count = (s: string, re: RegExp) => (s.match(re) ?? []).length;

/**
 * The first rule of the policy a password breaks, or undefined. Each refusal names its rule, so
 * the person setting the password knows what to change.
 */
export function passwordViolation(p: PasswordRules, password: string, loginName: string): Violation | undefined {
  if (!password) return { code: 'hiam.warn.password.empty', zh: '密码不能为空', en: 'The password may not be empty' };
  if (p.enablePassword !== 1) return undefined;
  if (password.length < p.minLength)
    return { code: 'hiam.warn.password.minLength', zh: `密码长度不能少于${p.minLength}位（密码策略：最小长度）`, en: `The password needs at least ${p.minLength} characters (password policy: minimum length)` };
  if (password.length > p.maxLength)
    return { code: 'hiam.warn.password.maxLength', zh: `密码长度不能超过${p.maxLength}位（密码策略：最大长度）`, en: `The password may have at most ${p.maxLength} characters (password policy: maximum length)` };
  if (count(password, /[0-9]/g) < p.digitsCount)
    return { code: 'hiam.warn.password.digits', zh: `密码至少包含${p.digitsCount}个数字（密码策略：最少数字数）`, en: `The password needs at least ${p.digitsCount} digit(s) (password policy: minimum digits)` };
  if (count(password, /[a-z]/g) < p.lowercaseCount)
    return { code: 'hiam.warn.password.lowercase', zh: `密码至少包含${p.lowercaseCount}个小写字母（密码策略：最少小写字母数）`, en: `The password needs at least ${p.lowercaseCount} lower-case letter(s) (password policy: minimum lower-case letters)` };
  if (count(password, /[A-Z]/g) < p.uppercaseCount)
    return { code: 'hiam.warn.password.uppercase', zh: `密码至少包含${p.uppercaseCount}个大写字母（密码策略：最少大写字母数）`, en: `The password needs at least ${p.uppercaseCount} upper-case letter(s) (password policy: minimum upper-case letters)` };
  if (count(password, /[^A-Za-z0-9]/g) < p.specialCharCount)
    return { code: 'hiam.warn.password.special', zh: `密码至少包含${p.specialCharCount}个特殊字符（密码策略：最少特殊字符数）`, en: `The password needs at least ${p.specialCharCount} special character(s) (password policy: minimum special characters)` };
  if (p.notUsername === 1 && loginName && password.toLowerCase().includes(loginName.toLowerCase()))
    return { code: 'hiam.warn.password.username', zh: '密码不能包含登录名（密码策略：禁止包含登录名）', en: 'The password may not contain the login name (password policy: no login name)' };
  return undefined;
}
