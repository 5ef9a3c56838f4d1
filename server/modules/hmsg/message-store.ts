import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { lovValues } from '../../resources/lov-values.ts';

/**
 * The bell's count: unread messages not cleared from the bell. The original keeps the bell in a
 * per-user cache that `clear` empties without marking anything read; `cleared_flag` plays that part.
 */
export async function unreadCount(db: Queryable, tenantId: number, userId: number): Promise<number> {
  const r = await db.query<{ n: number }>(
    'select count(*)::int as n from hmsg_user_message where tenant_id = $1 and user_id = $2 and read_flag = 0 and cleared_flag = 0',
    [tenantId, userId],
  );
  return Number(r.rows[0]?.n ?? 0);
}

/** Tells the user's open websockets (on any instance) the new count; called after the change is committed. */
export async function publishCount(ctx: ServerContext, tenantId: number, userId: number): Promise<number> {
  const n = await unreadCount(ctx.db, tenantId, userId);
  await ctx.events.publish({ type: 'message.count', userId, tenantId, payload: { unreadMessageCount: n } });
  return n;
}

export interface OutgoingMessage {
  userIds: number[];
  subject: string;
  content?: string;
  typeCode?: string;
  categoryCode?: string;
  fromUserId?: number | null;
  fromUserName?: string | null;
}

/** One message per recipient in one transaction, then a count push to each. Returns the new ids. */
export async function sendMessages(ctx: ServerContext, tenantId: number, m: OutgoingMessage): Promise<number[]> {
  const ids = await ctx.db.transaction(async (tx) => {
    const out: number[] = [];
    for (const userId of m.userIds) {
      const r = await tx.query<{ id: number }>(
        `insert into hmsg_user_message (tenant_id, user_id, user_message_type_code, message_category_code, subject, content, read_flag, cleared_flag,
                                        from_user_id, from_user_name, created_by, last_updated_by)
         values ($1, $2, $3, $4, $5, $6, 0, 0, $7, $8, $7, $7) returning user_message_id::float8 as id`,
        [tenantId, userId, m.typeCode ?? 'MSG', m.categoryCode ?? 'SYSTEM', m.subject, m.content ?? null, m.fromUserId ?? null, m.fromUserName ?? null],
      );
      out.push(r.rows[0]!.id);
    }
    return out;
  });
  for (const userId of new Set(m.userIds)) await publishCount(ctx, tenantId, userId);
  return ids;
}

/** Meaning maps of the two value sets a message shows, in the caller's language. */
export async function messageMeanings(db: Queryable, tenantId: number, lang: string) {
  const map = async (code: string) => new Map((await lovValues(db, code, tenantId, lang)).map((v) => [v.value, v.meaning]));
  return { type: await map('HMSG.USER_MESSAGE_TYPE'), category: await map('HMSG.MESSAGE_CATEGORY') };
}
