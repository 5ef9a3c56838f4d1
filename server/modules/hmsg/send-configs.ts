import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { BusinessError, notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/module-route.ts';
import type { Scope } from '../../resources/scope.ts';
import { sendMessages } from './message-store.ts';

type Row = Record<string, unknown>;

/** The button that sends a test message (the send-config menu's `send` permission). */
export const SEND_TEST_PERMISSION = 'hmsg.send-config.list.button.send';

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_.]*)\}/g;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The variables a template uses: those it declares plus every `${name}` in its subject and body. */
export function templateVariables(declared: string | null, ...texts: string[]): string[] {
  const names = new Set((declared ?? '').split(',').map((s) => s.trim()).filter(Boolean));
  for (const t of texts) for (const m of t.matchAll(VARIABLE)) names.add(m[1]!);
  return [...names];
}

/** `${name}` replaced by its value; `html` escapes values for a rich-text body. */
export function renderTemplate(text: string, args: Record<string, unknown>, html: boolean): string {
  return text.replace(VARIABLE, (m, name: string) => {
    const v = args[name];
    if (v === undefined || v === null) return m;
    return html ? escapeHtml(String(v)) : String(v);
  });
}

interface SendTestBody {
  testReceivers?: string;
  testArgs?: Record<string, string | number | boolean | null> | null;
}

/**
 * `POST /hmsg/v1/[{tenantId}/]template-servers/{tempServerId}/send-test`: renders the send
 * configuration's template with the given variable values and sends it as an in-app message to
 * the receivers, resolved by the configuration's receiver type (role codes for a ROLE type, login
 * names for a USER type). The body is the detail form's record, so values typed but not yet saved
 * are used; without them the stored test receivers and values are. The message lands in each
 * receiver's inbox (and bell, pushed), and a record of the send in the message query.
 *
 * A tenant path uses configurations of that tenant or the platform; the site path (site roles)
 * any configuration, sending inside the configuration's own tenant (a platform configuration
 * sends inside the caller's current tenant).
 */
export async function hmsgSendConfigRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const body = {
    type: ['object', 'null'],
    // The record of the detail form comes whole; only these two are read, the rest is dropped.
    additionalProperties: false,
    properties: {
      testReceivers: { type: ['string', 'null'], maxLength: 480 },
      testArgs: {
        type: ['object', 'null'],
        maxProperties: 100,
        propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_.]{0,59}$' },
        additionalProperties: { type: ['string', 'number', 'boolean', 'null'], maxLength: 2000 },
      },
    },
  };

  for (const [prefix, level] of [['/hmsg/v1/:tenantId', 'tenant'], ['/hmsg/v1', 'site']] as const) {
    const params = {
      type: 'object',
      required: ['tempServerId'],
      properties: { ...(level === 'tenant' ? { tenantId: { type: 'integer' } } : {}), tempServerId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
    };
    defineRoute(
      app,
      ctx,
      {
        method: 'POST',
        url: `${prefix}/template-servers/:tempServerId/send-test`,
        level,
        schema: { params, body },
        entity: 'sendConfig',
        access: 'write',
        permission: { code: SEND_TEST_PERMISSION, what: 'send test messages' },
      },
      async (req, scope) => sendTest(ctx, scope, (req.params as { tempServerId: number }).tempServerId, (req.body as SendTestBody | null) ?? {}),
    );
  }
}

async function sendTest(ctx: ServerContext, scope: Scope, id: number, body: SendTestBody) {
  const { db } = ctx;
  const { auth } = scope;
  const cfg = (
    await db.query<Row>(
      `select temp_server_id::float8 as id, tenant_id::float8 as "tenantId", message_code as "messageCode", category_code as "categoryCode",
              template_code as "templateCode", receiver_type_code as "receiverTypeCode", test_receivers as "testReceivers", test_args as "testArgs",
              enabled_flag::float8 as "enabledFlag"
         from hmsg_template_server where temp_server_id = $1 and ($2::bigint is null or tenant_id in ($2, 0))`,
      [id, scope.tenantId],
    )
  ).rows[0];
  if (!cfg) throw notFound(`Send configuration ${id} not found`);
  if (cfg.enabledFlag !== 1) throw new BusinessError('hmsg.error.sendConfig.disabled', `Send configuration ${String(cfg.messageCode)} is disabled`);
  // Where the message goes: the path's tenant, else the configuration's own (a platform one: the caller's current tenant).
  const tenantId = scope.tenantId ?? (Number(cfg.tenantId) || auth.tenantId);

  const template = (
    await db.query<{ title: string; content: string; variables: string | null; lang: string }>(
      `select template_title as title, template_content as content, variables, lang from hmsg_template
        where template_code = $1 and tenant_id in ($2, 0) and enabled_flag = 1 order by tenant_id desc limit 1`,
      [cfg.templateCode, tenantId],
    )
  ).rows[0];
  if (!template) throw new BusinessError('hmsg.error.template.notFound', `Message template ${String(cfg.templateCode)} does not exist or is disabled`);

  const receiverType = (
    await db.query<{ mode: string }>(
      'select type_mode_code as mode from hmsg_receiver_type where type_code = $1 and tenant_id in ($2, 0) and enabled_flag = 1 order by tenant_id desc limit 1',
      [cfg.receiverTypeCode, tenantId],
    )
  ).rows[0];
  if (!receiverType) throw new BusinessError('hmsg.error.receiverType.notFound', `Receiver type ${String(cfg.receiverTypeCode)} does not exist or is disabled`);

  const raw = body.testReceivers !== undefined ? body.testReceivers : (cfg.testReceivers as string | null);
  const names = [...new Set((raw ?? '').split(/[\s,;，；]+/).filter(Boolean))];
  if (!names.length) throw new BusinessError('hmsg.error.receiver.empty', 'Name at least one test receiver');
  const receivers = await resolveReceivers(ctx, receiverType.mode, names, tenantId);

  const args = (body.testArgs !== undefined ? body.testArgs : (cfg.testArgs as SendTestBody['testArgs'])) ?? {};
  const missing = templateVariables(template.variables, template.title, template.content).filter((v) => args[v] === undefined || args[v] === null || args[v] === '');
  if (missing.length) throw new BusinessError('hmsg.error.args.missing', `Give a value for ${missing.map((m) => `\${${m}}`).join(', ')}`);
  const subject = renderTemplate(template.title, args, false).slice(0, 240);
  const content = renderTemplate(template.content, args, true);

  const sender = (await db.query<{ real_name: string }>('select real_name from iam_user where id = $1', [auth.userId])).rows[0]?.real_name ?? auth.loginName;
  const userMessageIds = await sendMessages(ctx, tenantId, {
    userIds: receivers.map((r) => r.id),
    subject,
    content,
    typeCode: 'MSG',
    categoryCode: String(cfg.categoryCode),
    fromUserId: auth.userId,
    fromUserName: sender,
  });
  // The send is recorded for the message query; test messages always go in-app, whatever the channel.
  const rec = await db.query<{ id: number }>(
    `insert into hmsg_message (tenant_id, message_type_code, message_code, template_code, lang, subject, content, receiver_address, receiver_count,
                               trx_status_code, send_date, sender_name, created_by, last_updated_by)
     values ($1, 'WEB', $2, $3, $4, $5, $6, $7, $8, 'S', now(), $9, $10, $10) returning message_id::float8 as id`,
    [tenantId, cfg.messageCode, cfg.templateCode, template.lang, subject, content, receivers.map((r) => r.loginName).join(', '), receivers.length, sender, auth.userId],
  );
  return { messageId: rec.rows[0]!.id, subject, messageCount: userMessageIds.length, userMessageIds };
}

/** Active members of the tenant named by the receivers: role codes for a ROLE type, login names otherwise. */
async function resolveReceivers(ctx: ServerContext, mode: string, names: string[], tenantId: number): Promise<Array<{ id: number; loginName: string }>> {
  const member = `(u.organization_id = $2 or exists (select 1 from iam_member_role m join iam_role r on r.id = m.role_id where m.user_id = u.id and r.tenant_id = $2))`;
  if (mode === 'ROLE') {
    const roles = (await ctx.db.query<{ code: string }>('select code from iam_role where code = any($1::text[]) and tenant_id = $2', [names, tenantId])).rows.map((r) => r.code);
    const unknown = names.filter((n) => !roles.includes(n));
    if (unknown.length) throw new BusinessError('hmsg.error.receiver.unknownRole', `No role ${unknown.join(', ')} in tenant ${tenantId}`);
    const users = (
      await ctx.db.query<{ id: number; loginName: string }>(
        `select distinct u.id::float8 as id, u.login_name as "loginName" from iam_user u join iam_member_role m on m.user_id = u.id join iam_role r on r.id = m.role_id
          where r.code = any($1::text[]) and r.tenant_id = $2 and u.enabled_flag = 1 order by 1`,
        [names, tenantId],
      )
    ).rows;
    if (!users.length) throw new BusinessError('hmsg.error.receiver.empty', `Roles ${names.join(', ')} have no active members`);
    return users;
  }
  if (mode !== 'USER') {
    throw new BusinessError('hmsg.error.receiverType.unsupported', `Receivers of mode ${mode} are resolved by their own service; test with a receiver type of mode USER or ROLE`);
  }
  const users = (
    await ctx.db.query<{ id: number; loginName: string }>(
      `select u.id::float8 as id, u.login_name as "loginName" from iam_user u where lower(u.login_name) = any($1::text[]) and u.enabled_flag = 1 and ${member} order by 1`,
      [names.map((n) => n.toLowerCase()), tenantId],
    )
  ).rows;
  const found = new Set(users.map((u) => u.loginName.toLowerCase()));
  const unknown = names.filter((n) => !found.has(n.toLowerCase()));
  if (unknown.length) throw new BusinessError('hmsg.error.receiver.notInTenant', `${unknown.join(', ')}: not active users of tenant ${tenantId}`);
  return users;
}
