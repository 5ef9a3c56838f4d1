import type { Queryable } from '../../db/database.ts';
import { BusinessError } from '../../http/errors.ts';

type Vars = Record<string, unknown>;

/** What a handler gets: its parameters, the instance's data, and where to say what it did. */
export interface HandlerCall {
  tx: Queryable;
  tenantId: number;
  params: Record<string, unknown>;
  /** The instance's `record`, `variables` and `initiator`. */
  vars: Vars;
  /** Messages to send once the step is committed. */
  notify(userIds: number[], subject: string, content?: string): void;
}

/** A handler's answer: logins (approver rules), a value, or process variables to set. */
export interface HandlerResult {
  logins?: string[];
  value?: unknown;
  set?: Vars;
}

/**
 * The server handlers an external definition (hwfl/setting/approve-rule, message-service,
 * expression-service, service-task) can name, by code (value set HWFL.HANDLER). Only these run:
 * no URL or code typed into a setting or a modeler is ever called or executed.
 */
export const HANDLERS: Record<string, (c: HandlerCall) => Promise<HandlerResult>> = {
  /** A user message to `users` (comma-separated logins, or `initiator`) with `subject` and `content`. */
  'hwfl.notify-user': async (c) => {
    const logins = String(c.params.users ?? 'initiator')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((l) => (l === 'initiator' ? String((c.vars.initiator as Vars | undefined)?.loginName ?? '') : l));
    const r = await c.tx.query<{ id: number }>('select id::float8 as id from iam_user where login_name = any($1::text[]) and organization_id in ($2, 0) and enabled_flag = 1', [logins, c.tenantId]);
    c.notify(r.rows.map((x) => x.id), String(c.params.subject ?? 'Workflow notice'), c.params.content === undefined ? undefined : String(c.params.content));
    return {};
  },
  /** Approver rule: whoever started the instance. */
  'hwfl.initiator': async (c) => ({ logins: [String((c.vars.initiator as Vars | undefined)?.loginName ?? '')] }),
  /** Approver rule: the enabled members of the role `role` in the tenant. */
  'hwfl.role-members': async (c) => {
    const r = await c.tx.query<{ login_name: string }>(
      'select distinct u.login_name from iam_user u join iam_member_role m on m.user_id = u.id join iam_role r on r.id = m.role_id where r.code = $1 and r.tenant_id = $2 and u.enabled_flag = 1 and r.enabled_flag = 1 order by 1',
      [String(c.params.role ?? ''), c.tenantId],
    );
    return { logins: r.rows.map((x) => x.login_name) };
  },
  /** Sets the process variable `name` to `value` (gateways read it as `variables.<name>`). */
  'hwfl.set-variable': async (c) => {
    const name = String(c.params.name ?? '');
    if (!/^[A-Za-z_]\w*$/.test(name)) throw new BusinessError('hwfl.handler.param', `hwfl.set-variable needs a variable "name" (got "${name}")`, 'warn');
    return { set: { [name]: c.params.value } };
  },
  /** The value of the document's field `field` (an expression service). */
  'hwfl.document-field': async (c) => ({ value: (c.vars.record as Vars | undefined)?.[String(c.params.field ?? '')] }),
};

/** Parameters of a definition resolved against the instance: constants, process variables or document fields. */
function resolveParams(rows: Array<{ name: string; origin: string; value: string | null }>, vars: Vars): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of rows) {
    if (p.origin === 'VARIABLE') out[p.name] = (vars.variables as Vars | undefined)?.[p.value ?? ''];
    else if (p.origin === 'FIELD') out[p.name] = (vars.record as Vars | undefined)?.[p.value ?? ''];
    else out[p.name] = p.value;
  }
  return out;
}

/**
 * Runs the external definition `code` of the tenant (of one of `types`) with its parameters:
 * refused, naming the code, when it does not exist, is disabled, or names an unknown handler.
 */
export async function runExternal(tx: Queryable, tenantId: number, code: string, types: string[], vars: Vars, notify: HandlerCall['notify']): Promise<HandlerResult> {
  const d = (
    await tx.query<{ external_id: number; handler_code: string; context_enable: number }>(
      'select external_id::float8 as external_id, handler_code, context_enable from hwfl_external where tenant_id = $1 and code = $2 and external_type = any($3::text[]) and enabled_flag = 1',
      [tenantId, code, types],
    )
  ).rows[0];
  if (!d) throw new BusinessError('hwfl.external.unknown', `there is no enabled ${types.join(' or ').toLowerCase()} definition ${code}`, 'warn');
  const handler = HANDLERS[d.handler_code];
  if (!handler) throw new BusinessError('hwfl.external.handler', `${code} names the handler ${d.handler_code}, which this server does not have`, 'warn');
  const params = await tx.query<{ name: string; origin: string; value: string | null }>(
    'select parameter_name as name, parameter_origin as origin, default_value as value from hwfl_external_param where external_id = $1 order by param_id',
    [d.external_id],
  );
  // Without the document context a handler sees only its parameters.
  const scope = d.context_enable ? vars : {};
  return handler({ tx, tenantId, params: resolveParams(params.rows, scope), vars: scope, notify });
}
