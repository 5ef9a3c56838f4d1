import type { Queryable } from '../db/database.ts';
import { insertRows } from './insert.ts';
import { DEMO_TENANT, SECOND_TENANT } from './platform-seed.ts';
import { rng } from '../../renderer/schema/seed/rng.ts';

const TITLES: Record<string, string[]> = {
  SYSTEM: ['平台新版本上线通知', '关于启用电子签章的通知', '供应商门户功能更新说明', 'New dashboard cards are available'],
  MAINTENANCE: ['系统例行维护通知', '数据库升级停机公告', 'Scheduled maintenance this weekend'],
  POLICY: ['关于规范采购流程的通知', '供应商准入管理办法（修订）', 'Updated supplier code of conduct'],
  ACTIVITY: ['年度优秀供应商评选活动', '供应商大会报名通知', 'Sourcing training for new buyers'],
};

/** How many notices each tenant gets, by status; 25 in all (tenant 0 is the platform). */
const PLAN: Array<{ tenantId: number; published: number; draft: number; deleted: number }> = [
  { tenantId: 0, published: 7, draft: 1, deleted: 1 },
  { tenantId: DEMO_TENANT, published: 8, draft: 2, deleted: 1 },
  { tenantId: SECOND_TENANT, published: 3, draft: 2, deleted: 0 },
];

const stamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

export async function seedNotices(db: Queryable): Promise<void> {
  const r = rng(20261124);
  const now = Date.now();
  const types = Object.keys(TITLES);
  const rows: Array<Record<string, unknown>> = [];
  for (const p of PLAN) {
    const statuses = [...Array(p.published).fill('PUBLISHED'), ...Array(p.draft).fill('DRAFT'), ...Array(p.deleted).fill('DELETED')] as string[];
    statuses.forEach((statusCode, i) => {
      const type = r.pick(types);
      const title = r.pick(TITLES[type]!);
      const created = new Date(now - (i * 3 + r.int(1, 3)) * 86_400_000 - 40 * 86_400_000);
      const published = statusCode === 'DRAFT' ? null : new Date(now - (i * 3 + r.int(0, 2)) * 86_400_000 - r.int(0, 600) * 60_000);
      rows.push({
        tenantId: p.tenantId,
        title: p.tenantId === 0 ? title : `${title}（${p.tenantId === DEMO_TENANT ? '演示制造' : '第二贸易'}）`,
        noticeTypeCode: type,
        content: `<p>${title}</p><p>详情请联系平台运营团队。For details contact the platform operations team.</p>`,
        statusCode,
        publishedDate: published && stamp(published),
        creationDate: stamp(created),
        lastUpdateDate: stamp(published ?? created),
      });
    });
  }
  await insertRows(db, 'hptl_notice', rows);
}
