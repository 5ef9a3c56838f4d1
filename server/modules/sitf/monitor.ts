import type { ServerContext } from '../../context.ts';
import { sendMessages } from '../hmsg/message-store.ts';

/**
 * After a failed attempt: every enabled monitoring rule of the interface whose failures since its
 * last notice (or since the rule was made) reached its threshold sends its user a message and
 * starts counting again. Failures are the attempts recorded in the packet monitor without a 2xx.
 */
export async function noticeFailures(ctx: ServerContext, tenantId: number, interfaceDefId: number, interfaceCode: string): Promise<void> {
  const rules = (
    await ctx.db.query<{ id: number; threshold: number; userId: number; failures: number; last: unknown }>(
      `select r.monitor_rule_id::float8 as id, r.last_notice_date::text as last, r.failure_threshold as threshold, r.receiver_user_id::float8 as "userId",
              (select count(*)::int from sitf_request_record q join sitf_batch b on b.batch_num = q.batch_num and b.tenant_id = q.tenant_id
                where q.tenant_id = r.tenant_id and b.interface_def_id = r.interface_def_id
                  and (q.response_status is null or q.response_status not between 200 and 299)
                  and (q.request_date > r.last_notice_date or (r.last_notice_date is null and q.request_date >= r.creation_date))) as failures
         from sitf_monitor_rule r where r.tenant_id = $1 and r.interface_def_id = $2 and r.enabled_flag = 1`,
      [tenantId, interfaceDefId],
    )
  ).rows;
  for (const r of rules.filter((x) => x.failures >= x.threshold)) {
    // Claimed by one update so two failures at the same moment send one notice.
    const claimed = await ctx.db.query(
      'update sitf_monitor_rule set last_notice_date = now(), object_version_number = object_version_number + 1 where monitor_rule_id = $1 and last_notice_date::text is not distinct from $2 returning 1',
      [r.id, r.last],
    );
    if (!claimed.rows.length) continue;
    await sendMessages(ctx, tenantId, {
      userIds: [r.userId],
      subject: `接口 ${interfaceCode} 已失败 ${r.failures} 次 / Interface ${interfaceCode} failed ${r.failures} times`.slice(0, 240),
      content: `<p>Interface <b>${interfaceCode}</b> failed ${r.failures} times (threshold ${r.threshold}). See the interface search (/sitf/interface-search) to re-run the failed batches.</p>`,
      typeCode: 'MSG',
      categoryCode: 'SYSTEM',
    });
  }
}
