import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { registerHooks } from '../../resources/hooks.ts';
import { selectList } from '../../resources/rows.ts';
import { addMeanings } from '../../resources/lov-values.ts';
import { defineRoute } from '../../http/module-route.ts';

/** Publishing stamps the time readers sort by; revoking takes the notice back to an unpublished draft. */
registerHooks('notice', {
  async afterWrite(row, action, { tx }) {
    if (action !== 'publish' && action !== 'revoke') return;
    const r = await tx.query<{ published: string | null }>(
      `update hptl_notice set published_date = ${action === 'publish' ? 'now()' : 'null'} where notice_id = $1
       returning to_char(published_date, 'YYYY-MM-DD HH24:MI:SS') as published`,
      [row.noticeId],
    );
    row.publishedDate = r.rows[0]?.published ?? null;
  },
});

/**
 * Notices are managed through the generic `/hmsg/v1/[{tenantId}/]notices` paths, HZERO's (status actions
 * `publish` and `revoke`, also at HZERO's `/{noticeId}/publish|revoke`). Readers get `GET /hmsg/v1/{tenantId}/notices/user/preview`: the
 * published notices of their tenant and of the platform, newest first.
 */
export async function noticeRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const entity = ctx.entities.get('notice');
  if (!entity) throw new Error('entity notice is not declared (schemas/entities/hptl/notice.json)');
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/hmsg/v1/:tenantId/notices/user/preview',
      schema: {
        params: { type: 'object', required: ['tenantId'], properties: { tenantId: { type: 'integer' } } },
        querystring: {
          type: 'object',
          properties: {
            previewCount: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
            noticeTypeCode: { type: 'string', pattern: '^[A-Z][A-Z0-9_]{0,29}$' },
          },
        },
      },
    },
    async (req, { auth, tenantId }) => {
      const q = req.query as { previewCount: number; noticeTypeCode?: string };
      const rows = (
        await ctx.db.query<Record<string, unknown>>(
          `select ${selectList(entity)} from hptl_notice t
            where t.tenant_id in (0, $1) and t.status_code = 'PUBLISHED' and ($2::text is null or t.notice_type_code = $2)
            order by t.published_date desc nulls last, t.notice_id desc limit $3`,
          [tenantId, q.noticeTypeCode ?? null, q.previewCount],
        )
      ).rows;
      await addMeanings(ctx.db, rows, entity.fields, tenantId!, auth.language);
      return rows;
    },
  );
}
