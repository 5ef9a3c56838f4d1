import { afterCommit } from '../../db/database.ts';
import { registerHooks } from '../../resources/hooks.ts';
import { sendMessages } from '../hmsg/message-store.ts';

type Row = Record<string, unknown>;

const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What each status action that needs the supplier's attention says, in the recipient's language. */
const TEXTS: Record<string, Record<'zh_CN' | 'en_US', { subject: (n: string) => string; content: (n: string, o: Row) => string }>> = {
  release: {
    zh_CN: { subject: (n) => `采购订单 ${n} 已发布`, content: (n, o) => `${String(o.companyName ?? '')} 向您发布了采购订单 ${n}，请确认。` },
    en_US: { subject: (n) => `Purchase order ${n} released`, content: (n, o) => `${String(o.companyName ?? '')} released purchase order ${n} to you; please confirm it.` },
  },
  cancelRequest: {
    zh_CN: { subject: (n) => `采购订单 ${n} 申请取消`, content: (n, o) => `采购方申请取消订单 ${n}，原因：${String(o.cancelReason ?? '')}。请同意或拒绝。` },
    en_US: { subject: (n) => `Cancellation of purchase order ${n} requested`, content: (n, o) => `The buyer asks to cancel order ${n}. Reason: ${String(o.cancelReason ?? '')}. Please agree or refuse.` },
  },
};

/** Where the supplier opens the order (the message's link). */
export const supplierOrderRoute = (o: Row) => `/sodr/confirm-order/detail/${String(o.poHeaderId)}`;

/**
 * An order released to a supplier, or whose cancellation the buyer requests, tells every user
 * bound to that supplier (`supplierUser`, enabled) in their inbox: the order number and the link
 * to the order on the supplier's side. Sent once the move is committed, never for a rolled-back one.
 */
registerHooks('poHeader', {
  async afterWrite(row, action, { tx, tenantId, auth, ctx }) {
    const texts = TEXTS[action];
    if (!texts || row.supplierId === null || row.supplierId === undefined) return;
    const users = (
      await tx.query<{ id: number; language: string | null }>(
        `select distinct u.id::float8 as id, u.language from sslm_supplier_user su join iam_user u on u.id = su.user_id
          where su.tenant_id = $1 and su.supplier_id = $2 and coalesce(su.enabled_flag, 1) = 1 and coalesce(u.enabled_flag, 1) = 1`,
        [tenantId, row.supplierId],
      )
    ).rows;
    if (!users.length) return;
    const num = String(row.displayPoNum ?? row.poHeaderId);
    const link = supplierOrderRoute(row);
    for (const lang of ['zh_CN', 'en_US'] as const) {
      const userIds = users.filter((u) => (u.language === 'en_US' ? 'en_US' : 'zh_CN') === lang).map((u) => u.id);
      if (!userIds.length) continue;
      const t = texts[lang];
      // Rich text: the reason is the buyer's input, so every text is escaped; the link opens the order.
      const content = `<p>${esc(t.content(num, row))}</p><p><a href="${esc(link)}">${esc(num)}</a></p>`;
      const m = { userIds, subject: t.subject(num).slice(0, 240), content, typeCode: 'MSG', categoryCode: 'SYSTEM', fromUserId: auth.userId, fromUserName: auth.loginName };
      afterCommit(tx, () => sendMessages(ctx, tenantId, m));
    }
  },
});
