import type { Queryable } from '../db/database.ts';
import { insertRows } from './insert.ts';
import { rng } from '../../renderer/schema/seed/rng.ts';

type Text = [zh: string, en: string];

/** Message kinds a back office sends: category, subject and body, `{n}` numbered per message. */
const TEMPLATES: Array<{ category: string; type: string; subject: Text; content: Text }> = [
  { category: 'ORDER', type: 'MSG', subject: ['采购订单 PO{n} 已被供应商确认', 'Purchase order PO{n} confirmed by the supplier'], content: ['<p>供应商已确认订单 PO{n}，请跟进交期。</p>', '<p>The supplier confirmed PO{n}; please follow up on delivery.</p>'] },
  { category: 'ORDER', type: 'MSG', subject: ['采购订单 PO{n} 交期变更待审核', 'Delivery date change on PO{n} awaits review'], content: ['<p>供应商申请变更订单 PO{n} 的交货日期。</p>', '<p>The supplier asks to change the delivery date of PO{n}.</p>'] },
  { category: 'APPROVAL', type: 'NOTICE', subject: ['您有一条待审批的采购申请 PR{n}', 'Purchase requisition PR{n} awaits your approval'], content: ['<p>采购申请 PR{n} 已提交，请及时审批。</p>', '<p>PR{n} was submitted; please approve or reject it.</p>'] },
  { category: 'APPROVAL', type: 'NOTICE', subject: ['采购申请 PR{n} 审批通过', 'Purchase requisition PR{n} approved'], content: ['<p>您提交的采购申请 PR{n} 已审批通过。</p>', '<p>Your requisition PR{n} was approved.</p>'] },
  { category: 'SOURCING', type: 'MSG', subject: ['询价单 RFX{n} 已截止报价', 'Quotation closed for RFx RFX{n}'], content: ['<p>询价单 RFX{n} 报价已截止，可以开标。</p>', '<p>Quotation for RFX{n} has closed; bids can be opened.</p>'] },
  { category: 'SOURCING', type: 'MSG', subject: ['您被邀请参与询价 RFX{n}', 'You are invited to quote on RFX{n}'], content: ['<p>请在截止时间前提交报价。</p>', '<p>Please submit your quotation before the deadline.</p>'] },
  { category: 'SUPPLIER', type: 'NOTICE', subject: ['供应商资质即将到期（{n}）', 'Supplier certificate {n} expires soon'], content: ['<p>请提醒供应商更新资质文件。</p>', '<p>Please ask the supplier to renew the certificate.</p>'] },
  { category: 'SYSTEM', type: 'NOTICE', subject: ['系统将于周六 22:00 维护', 'Maintenance on Saturday at 22:00'], content: ['<p>维护期间系统不可用，预计两小时。</p>', '<p>The system is unavailable for about two hours.</p>'] },
  { category: 'SYSTEM', type: 'MSG', subject: ['您的密码将在 {n} 天后过期', 'Your password expires in {n} days'], content: ['<p>请尽快修改密码。</p>', '<p>Please change your password soon.</p>'] },
];

/** Who gets how many, and how many of those are still unread (the newest ones). 30 in all. */
export const MESSAGE_PLAN = [
  { login: 'buyer', total: 8, unread: 5 },
  { login: 'admin', total: 5, unread: 3 },
  { login: 'sysadmin', total: 5, unread: 2 },
  { login: 'supplier', total: 4, unread: 2 },
  { login: 'approver', total: 3, unread: 2 },
  { login: 'expert', total: 2, unread: 1 },
  { login: 'admin2', total: 2, unread: 1 },
  { login: 'buyer2', total: 1, unread: 1 },
] as const;

const stamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/** Demo inbox messages, in each user's home tenant and language; same content on every machine. */
export async function seedMessages(db: Queryable): Promise<void> {
  const users = (
    await db.query<{ id: number; login_name: string; organization_id: number; language: string }>(
      'select id::float8 as id, login_name, organization_id::float8 as organization_id, language from iam_user where login_name = any($1::text[])',
      [MESSAGE_PLAN.map((p) => p.login)],
    )
  ).rows;
  const byLogin = new Map(users.map((u) => [u.login_name, u]));
  const r = rng(20261123);
  const now = Date.now();
  const rows: Array<Record<string, unknown>> = [];
  for (const plan of MESSAGE_PLAN) {
    const u = byLogin.get(plan.login);
    if (!u) continue;
    const en = u.language === 'en_US' ? 1 : 0;
    for (let i = 0; i < plan.total; i++) {
      const t = r.pick(TEMPLATES);
      const n = String(r.int(10, 9999)).padStart(4, '0');
      // Index 0 is the newest; the newest `unread` ones are unread, as in a real inbox.
      const at = new Date(now - (i * 9 + r.int(0, 8)) * 3600_000 - r.int(0, 59) * 60_000);
      rows.push({
        tenantId: u.organization_id,
        userId: u.id,
        userMessageTypeCode: t.type,
        messageCategoryCode: t.category,
        subject: t.subject[en]!.replace('{n}', n),
        content: t.content[en]!.replace('{n}', n),
        readFlag: i < plan.unread ? 0 : 1,
        clearedFlag: 0,
        fromUserName: en ? 'System' : '系统',
        creationDate: stamp(at),
        lastUpdateDate: stamp(at),
      });
    }
  }
  await insertRows(db, 'hmsg_user_message', rows);
}
