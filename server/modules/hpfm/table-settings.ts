import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import { defineRoute } from '../../http/module-route.ts';
import type { Scope } from '../../resources/scope.ts';

/**
 * A user's column arrangement per screen: `GET/PUT/DELETE /hpfm/v1/{tenantId}/table-settings/{screenCode}`
 * for the signed-in user only (our own call; the original platform's is not known, see
 * docs/decisions.md). The body is `{hidden, order, pinned: {left, right}, widths}` by column field.
 */
export interface TableSettingsBody {
  hidden: string[];
  order: string[];
  pinned: { left: string[]; right: string[] };
  widths: Record<string, number>;
}

const FIELD = '^[A-Za-z_][A-Za-z0-9_]{0,99}$';
const fields = { type: 'array', maxItems: 300, items: { type: 'string', pattern: FIELD } };
const body = {
  type: 'object',
  additionalProperties: false,
  properties: {
    hidden: { ...fields, default: [] },
    order: { ...fields, default: [] },
    pinned: {
      type: 'object',
      additionalProperties: false,
      properties: { left: { ...fields, default: [] }, right: { ...fields, default: [] } },
      default: {},
    },
    widths: { type: 'object', maxProperties: 300, propertyNames: { pattern: FIELD }, additionalProperties: { type: 'integer', minimum: 40, maximum: 800 }, default: {} },
  },
};
const params = {
  type: 'object',
  required: ['tenantId', 'screenCode'],
  properties: { tenantId: { type: 'integer' }, screenCode: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9_.\\-]{0,119}$' } },
};

/** What the JSON schema cannot say: no column twice in a list, and none pinned to both sides. */
export function checkSettings(s: TableSettingsBody): void {
  for (const [name, list] of [['hidden', s.hidden], ['order', s.order], ['pinned.left', s.pinned.left], ['pinned.right', s.pinned.right]] as const) {
    const twice = list.find((f, i) => list.indexOf(f) !== i);
    if (twice) throw badRequest(`body.${name} names "${twice}" twice`);
  }
  const both = s.pinned.left.find((f) => s.pinned.right.includes(f));
  if (both) throw badRequest(`body.pinned: "${both}" is pinned both left and right`);
}

export async function tableSettingsRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db } = ctx;
  const base = '/hpfm/v1/:tenantId/table-settings/:screenCode';
  const tags = ['tableSettings'];
  /** The row's key: the path's tenant (checked against the caller's), the caller, the screen. */
  const key = (req: FastifyRequest, scope: Scope) => {
    return [scope.tenantId, scope.auth.userId, (req.params as { screenCode: string }).screenCode] as const;
  };

  defineRoute(app, ctx, { method: 'GET', url: base, schema: { tags, summary: "The signed-in user's columns of a screen ({} when never saved)", params } }, async (req, scope) => {
    const r = await db.query<{ settings: TableSettingsBody }>('select settings from hpfm_table_setting where tenant_id = $1 and user_id = $2 and screen_code = $3', [...key(req, scope)]);
    return r.rows[0]?.settings ?? {};
  });

  defineRoute(app, ctx, { method: 'PUT', url: base, schema: { tags, summary: "Save the signed-in user's columns of a screen", params, body } }, async (req, scope) => {
    const settings = req.body as TableSettingsBody;
    checkSettings(settings);
    await db.query(
      `insert into hpfm_table_setting (tenant_id, user_id, screen_code, settings) values ($1, $2, $3, $4)
       on conflict (tenant_id, user_id, screen_code) do update set settings = excluded.settings, last_update_date = now()`,
      [...key(req, scope), JSON.stringify(settings)],
    );
    return settings;
  });

  defineRoute(app, ctx, { method: 'DELETE', url: base, schema: { tags, summary: "Forget the signed-in user's columns of a screen (back to the schema's)", params } }, async (req, scope) => {
    await db.query('delete from hpfm_table_setting where tenant_id = $1 and user_id = $2 and screen_code = $3', [...key(req, scope)]);
    return {};
  });
}
