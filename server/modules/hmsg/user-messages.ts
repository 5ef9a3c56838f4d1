import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { badRequest, BusinessError, notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/module-route.ts';
import { messageMeanings, publishCount, sendMessages, unreadCount } from './message-store.ts';

type Row = Record<string, unknown>;

const COLUMNS = `user_message_id::float8 as "userMessageId", read_flag::float8 as "readFlag", user_message_type_code as "userMessageTypeCode",
  message_category_code as "messageCategoryCode", subject, content, to_char(creation_date, 'YYYY-MM-DD HH24:MI:SS') as "creationDate",
  user_id::float8 as "userId", from_user_id::float8 as "fromUserId", from_user_name as "fromUserName", tenant_id::float8 as "tenantId"`;

const TENANT_PARAM = { type: 'object', required: ['tenantId'], properties: { tenantId: { type: 'integer' } } };
/** `1,2,3` or repeated `userMessageIdList=1&userMessageIdList=2`, as the original's `List<Long>` binding accepts. */
const ID_LIST = { type: 'array', maxItems: 1000, items: { type: 'string', pattern: '^\\d{1,15}(,\\d{1,15})*$' } };
const CODE = { type: 'string', pattern: '^[A-Z][A-Z0-9_]{0,29}$' };
const ids = (list: string[] | undefined) => [...new Set((list ?? []).flatMap((s) => s.split(',')).map(Number))];

/**
 * The signed-in user's messages (`/hmsg/v1/{tenantId}/messages/user/...`) as the original's
 * UserMessageController answers them, plus the send call that creates them. Every query is
 * limited to the caller and the tenant in the path; every change pushes the new bell count.
 */
export async function userMessageRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db } = ctx;
  const base = '/hmsg/v1/:tenantId/messages/user';
  // The tenant is checked (defineRoute) before the query or body is validated: an outsider learns nothing from a 400.

  const shape = async (rows: Row[], tenantId: number, lang: string, withContent = true): Promise<Row[]> => {
    const m = await messageMeanings(db, tenantId, lang);
    return rows.map((r) => ({
      ...r,
      content: withContent ? r.content : null,
      userMessageTypeMeaning: m.type.get(String(r.userMessageTypeCode)) ?? r.userMessageTypeCode,
      messageCategoryMeaning: m.category.get(String(r.messageCategoryCode)) ?? r.messageCategoryCode,
    }));
  };

  defineRoute(app, ctx, { method: 'GET', url: `${base}/count`, schema: { params: TENANT_PARAM } }, async (_req, { auth, tenantId }) => {
    return { unreadMessageCount: await unreadCount(db, tenantId!, auth.userId) };
  });

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: `${base}/preview`,
      schema: {
        params: TENANT_PARAM,
        querystring: {
          type: 'object',
          properties: {
            readFlag: { type: 'integer', enum: [0, 1] },
            previewMessageCount: { type: 'integer', minimum: 1, maximum: 100, default: 5 },
            // The original defaults to false; the preview shape of §7.3 shows content, so true here.
            withContent: { type: 'boolean', default: true },
          },
        },
      },
    },
    async (req, { auth, tenantId }) => {
      const q = req.query as { readFlag?: number; previewMessageCount: number; withContent: boolean };
      const where = ['tenant_id = $1', 'user_id = $2'];
      // Unread means "in the bell": what the badge counts, so the list and the badge agree.
      if (q.readFlag === 0) where.push('read_flag = 0', 'cleared_flag = 0');
      if (q.readFlag === 1) where.push('read_flag = 1');
      const rows = (
        await db.query<Row>(
          `select ${COLUMNS} from hmsg_user_message where ${where.join(' and ')} order by creation_date desc, user_message_id desc limit $3`,
          [tenantId, auth.userId, q.previewMessageCount],
        )
      ).rows;
      const out = await shape(rows, tenantId!, auth.language, q.withContent);
      return out.map(({ userId: _u, fromUserId: _f, fromUserName: _n, tenantId: _t, ...r }) => r);
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: `${base}/read-flag`,
      schema: {
        params: TENANT_PARAM,
        querystring: { type: 'object', properties: { readAll: { type: 'integer', enum: [0, 1] }, userMessageIdList: ID_LIST } },
      },
    },
    async (req, { auth, tenantId }) => {
      const q = req.query as { readAll?: number; userMessageIdList?: string[] };
      const list = ids(q.userMessageIdList);
      if (q.readAll !== 1 && list.length === 0) throw badRequest('Give readAll=1 or userMessageIdList');
      // Ids of other users' messages are ignored, as in the original: nobody learns whether they exist.
      if (q.readAll === 1) {
        await db.query('update hmsg_user_message set read_flag = 1, last_update_date = now() where tenant_id = $1 and user_id = $2 and read_flag = 0', [tenantId, auth.userId]);
      } else {
        await db.query(
          'update hmsg_user_message set read_flag = 1, last_update_date = now() where tenant_id = $1 and user_id = $2 and read_flag = 0 and user_message_id = any($3::bigint[])',
          [tenantId, auth.userId, list],
        );
      }
      return { unreadMessageCount: await publishCount(ctx, tenantId!, auth.userId) };
    },
  );

  defineRoute(app, ctx, { method: 'GET', url: `${base}/clear`, schema: { params: TENANT_PARAM } }, async (_req, { auth, tenantId }) => {
    await db.query('update hmsg_user_message set cleared_flag = 1 where tenant_id = $1 and user_id = $2 and read_flag = 0 and cleared_flag = 0', [tenantId, auth.userId]);
    return { unreadMessageCount: await publishCount(ctx, tenantId!, auth.userId) };
  });

  // The original deletes with `DELETE .../messages/user?userMessageIdList=`; other users' ids are ignored.
  defineRoute(app, ctx, { method: 'DELETE', url: base, schema: { params: TENANT_PARAM, querystring: { type: 'object', required: ['userMessageIdList'], properties: { userMessageIdList: ID_LIST } } } }, async (req, { auth, tenantId }) => {
    const list = ids((req.query as { userMessageIdList: string[] }).userMessageIdList);
    await db.query('delete from hmsg_user_message where tenant_id = $1 and user_id = $2 and user_message_id = any($3::bigint[])', [tenantId, auth.userId, list]);
    await publishCount(ctx, tenantId!, auth.userId);
    return {};
  });

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: `${base}/:userMessageId`,
      schema: {
        params: { type: 'object', required: ['tenantId', 'userMessageId'], properties: { tenantId: { type: 'integer' }, userMessageId: { type: 'integer', minimum: 1 } } },
        querystring: { type: 'object', properties: { markRead: { type: 'integer', enum: [0, 1], default: 0 } } },
      },
    },
    async (req, { auth, tenantId }) => {
      const id = (req.params as { userMessageId: number }).userMessageId;
      const row = (await db.query<Row>(`select ${COLUMNS} from hmsg_user_message where user_message_id = $1 and tenant_id = $2 and user_id = $3`, [id, tenantId, auth.userId]))
        .rows[0];
      if (!row) throw notFound(`Message ${id} not found`);
      // Unlike the original, opening a message does not mark it read: the list screen previews
      // messages too, and reading is an explicit act (`?markRead=1` or the read-flag call).
      if ((req.query as { markRead: number }).markRead === 1 && row.readFlag === 0) {
        await db.query('update hmsg_user_message set read_flag = 1, last_update_date = now() where user_message_id = $1', [id]);
        await publishCount(ctx, tenantId!, auth.userId);
        row.readFlag = 1;
      }
      return (await shape([row], tenantId!, auth.language))[0];
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/hmsg/v1/:tenantId/messages/send',
      schema: {
        params: TENANT_PARAM,
        body: {
          type: 'object',
          required: ['userIds', 'subject'],
          properties: {
            userIds: { type: 'array', minItems: 1, maxItems: 1000, uniqueItems: true, items: { type: 'integer', minimum: 1 } },
            subject: { type: 'string', minLength: 1, maxLength: 240 },
            content: { type: 'string', maxLength: 100000 },
            typeCode: CODE,
            categoryCode: CODE,
          },
        },
      },
    },
    async (req, { auth, tenantId }) => {
      const body = req.body as { userIds: number[]; subject: string; content?: string; typeCode?: string; categoryCode?: string };
      // A message goes to members of the tenant only, so nobody can write into another tenant's inboxes.
      const members = await db.query<{ id: number }>(
        `select u.id::float8 as id from iam_user u where u.id = any($1::bigint[]) and u.enabled_flag = 1
            and (u.organization_id = $2 or exists (select 1 from iam_member_role m join iam_role r on r.id = m.role_id where m.user_id = u.id and r.tenant_id = $2))`,
        [body.userIds, tenantId],
      );
      // Codes are checked against the value sets at run time, so a tenant's own message types work too.
      const meanings = await messageMeanings(db, tenantId!, auth.language);
      if (body.typeCode && !meanings.type.has(body.typeCode)) throw badRequest(`typeCode ${body.typeCode} is not in HMSG.USER_MESSAGE_TYPE`);
      if (body.categoryCode && !meanings.category.has(body.categoryCode)) throw badRequest(`categoryCode ${body.categoryCode} is not in HMSG.MESSAGE_CATEGORY`);
      const known = new Set(members.rows.map((r) => r.id));
      const strangers = body.userIds.filter((id) => !known.has(id));
      if (strangers.length) throw new BusinessError('hmsg.error.receiver.notInTenant', `Users ${strangers.join(', ')} are not active members of tenant ${tenantId}`, 'warn');
      const sender = (await db.query<{ real_name: string }>('select real_name from iam_user where id = $1', [auth.userId])).rows[0];
      const userMessageIds = await sendMessages(ctx, tenantId!, {
        ...body,
        fromUserId: auth.userId,
        fromUserName: sender?.real_name ?? auth.loginName,
      });
      return { messageCount: userMessageIds.length, userMessageIds };
    },
  );
}
