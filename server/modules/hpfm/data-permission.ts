import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import type { Queryable } from '../../db/database.ts';
import { cachedReads } from '../../db/read-cache.ts';
import { badRequest } from '../../http/errors.ts';
import { registerHooks, registerListFilter, type ListFilter } from '../../resources/hooks.ts';
import { columnOf, ident } from '../../resources/naming.ts';
import type { Scope } from '../../resources/scope.ts';

/**
 * Data permissions of /hpfm/permission/range and /hpfm/permission/rule: a range says which
 * entity (and optionally which role) a rule restricts; a rule is a condition on one declared
 * field (`EQUALS`, `IN`) or on the row's creator (`SELF`). Every generic list query of a
 * tenant-level role ANDs the conditions of the ranges that apply to it. Conditions are built from
 * declared fields only, with values as parameters: nothing stored in the tables becomes SQL text.
 */
export interface AppliedRule {
  rangeId: number;
  ruleCode: string;
  ruleTypeCode: string;
  fieldName: string | null;
  fieldValue: string | null;
}

const RULE_TYPES = new Set(['EQUALS', 'IN', 'SELF']);

/** `{userId}`, `{loginName}`, `{tenantId}` and `{roleCode}` in a rule's value stand for the caller's. */
function resolveValue(raw: string, scope: Scope): string {
  const vars: Record<string, string> = {
    userId: String(scope.auth.userId),
    loginName: scope.auth.loginName,
    tenantId: String(scope.tenantId ?? scope.auth.tenantId),
    roleCode: scope.auth.roleCode,
  };
  return raw.replace(/\{(userId|loginName|tenantId|roleCode)\}/g, (_m, k: string) => vars[k]!);
}

/** The enabled ranges of an entity for the caller's tenant and role, each with its rule (the tenant's rule of a code wins). */
export async function appliedRules(db: Queryable, entityName: string, tenantId: number, roleCode: string): Promise<AppliedRule[]> {
  const r = await cachedReads(db).query<{ range_id: number; rule_code: string; rule_type_code: string | null; field_name: string | null; field_value: string | null }>(
    `select g.range_id::float8 as range_id, g.rule_code, r.rule_type_code, r.field_name, r.field_value
       from hpfm_permission_range g
       left join hpfm_permission_rule r on r.rule_code = g.rule_code and r.tenant_id in (0, g.tenant_id, $2) and r.enabled_flag = 1
      where g.entity_name = $1 and g.tenant_id in (0, $2) and g.enabled_flag = 1 and (coalesce(g.role_code, '') = '' or g.role_code = $3)
      order by g.range_id, r.tenant_id desc nulls last`,
    [entityName, tenantId, roleCode],
  );
  const out = new Map<number, AppliedRule>();
  for (const row of r.rows) {
    if (out.has(row.range_id)) continue;
    out.set(row.range_id, { rangeId: row.range_id, ruleCode: row.rule_code, ruleTypeCode: row.rule_type_code ?? '', fieldName: row.field_name, fieldValue: row.field_value });
  }
  return [...out.values()];
}

/** One rule as a parameterised condition over alias `t`; a rule that names no usable field matches nothing (fails closed). */
export function ruleCondition(e: EntityDecl, rule: AppliedRule, scope: Scope, params: unknown[]): string {
  const push = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (rule.ruleTypeCode === 'SELF') return `t.created_by = ${push(scope.auth.userId)}`;
  const f = e.fields.find((x) => x.name === rule.fieldName && !x.private);
  if (!f || !RULE_TYPES.has(rule.ruleTypeCode)) return 'false';
  const col = `t.${ident(columnOf(f.name))}`;
  const value = resolveValue(rule.fieldValue ?? '', scope);
  if (rule.ruleTypeCode === 'IN') {
    const list = value.split(',').map((s) => s.trim()).filter(Boolean);
    return `${col}::text = any(${push(list)}::text[])`;
  }
  return `${col}::text = ${push(value)}`;
}

/** Entities that configure permissions are never restricted by them (an administrator could lock themselves out). */
const EXEMPT = new Set(['permissionRange', 'permissionRule', 'auditLog']);

export const dataPermissionFilter: ListFilter = async (e, scope, params, db) => {
  if (!e.tenantScoped || scope.auth.roleLevel === 'site' || EXEMPT.has(e.name)) return [];
  const rules = await appliedRules(db, e.name, scope.tenantId ?? scope.auth.tenantId, scope.auth.roleCode);
  return rules.map((r) => ruleCondition(e, r, scope, params));
};

/** A rule must say what it compares: a field (and values) for EQUALS and IN, nothing for SELF. */
function checkRule(values: Record<string, unknown>): void {
  const type = String(values.ruleTypeCode ?? '');
  if (type === 'SELF') return;
  if (!values.fieldName) throw badRequest(`A ${type} rule needs fieldName`);
  if (values.fieldValue === undefined || values.fieldValue === null || String(values.fieldValue).trim() === '') throw badRequest(`A ${type} rule needs fieldValue`);
}

let installed = false;

/** Registers the list filter and the checks of rules and ranges (once per process). */
export function installDataPermissions(entities: Map<string, EntityDecl>): void {
  if (installed) return;
  installed = true;
  registerListFilter(dataPermissionFilter);
  registerHooks('permissionRule', {
    async beforeCreate(values) {
      checkRule(values);
    },
    async afterWrite(row, action) {
      if (action === 'update') checkRule(row);
    },
  });
  const checkRange = async (row: Record<string, unknown>, tx: Queryable, tenantId: number) => {
    const target = [...entities.values()].find((x) => x.name === row.entityName);
    if (!target?.tenantScoped) throw badRequest(`${String(row.entityName)} is not tenant data a range can restrict`);
    const rule = await tx.query<{ field_name: string | null; rule_type_code: string }>(
      'select field_name, rule_type_code from hpfm_permission_rule where rule_code = $1 and tenant_id in (0, $2) order by tenant_id desc limit 1',
      [row.ruleCode, tenantId],
    );
    const r = rule.rows[0];
    // A range whose rule is missing (or deleted later) restricts its entity to nothing.
    if (r && r.rule_type_code !== 'SELF' && !target.fields.some((f) => f.name === r.field_name && !f.private)) {
      throw badRequest(`Rule ${String(row.ruleCode)} compares ${String(r.field_name)}, which is not a field of ${target.name}`);
    }
  };
  registerHooks('permissionRange', {
    async beforeCreate(values, { tx, tenantId }) {
      await checkRange(values, tx, tenantId);
    },
    async afterWrite(row, action, { tx, tenantId }) {
      if (action === 'update') await checkRange(row, tx, tenantId);
    },
  });
}
