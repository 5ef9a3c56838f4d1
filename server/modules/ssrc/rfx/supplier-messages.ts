import { afterCommit } from '../../../db/database.ts';
import { registerHooks } from '../../../resources/hooks.ts';
import { sendMessages } from '../../hmsg/message-store.ts';

type Row = Record<string, unknown>;

const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const TEXTS = {
  zh_CN: { subject: (n: string, t: string) => `询价单 ${n} 邀请您报价：${t}`, content: (o: Row, end: string) => `${String(o.companyName ?? '')} 邀请您参与询价，报价截止时间 ${end}。` },
  en_US: { subject: (n: string, t: string) => `RFx ${n}: you are invited to quote (${t})`, content: (o: Row, end: string) => `${String(o.companyName ?? '')} invites you to quote; quotations close at ${end}.` },
};

/** Where an invited supplier quotes (the message's link). */
export const supplierQuoteRoute = (o: Row) => `/ssrc/supplier-quotation/inquiry-price/${String(o.rfxHeaderId)}`;

/**
 * An RFx released (directly, or when its release is approved) tells every user bound to each
 * invited supplier in their inbox: the RFx, its closing time and the link to quote. Sent once the
 * move is committed, so a refused or rolled-back release tells nobody. Nothing about other
 * invitees or any price is in it.
 */
registerHooks('rfxHeader', {
  async afterWrite(row, action, { tx, tenantId, auth, ctx }) {
    if (action !== 'release' && action !== 'approveRelease') return;
    const users = (
      await tx.query<{ id: number; language: string | null }>(
        `select distinct u.id::float8 as id, u.language from ssrc_rfx_supplier iv
           join sslm_supplier_user su on su.supplier_id = iv.supplier_id and su.tenant_id = iv.tenant_id
           join iam_user u on u.id = su.user_id
          where iv.rfx_header_id = $1 and coalesce(su.enabled_flag, 1) = 1 and coalesce(u.enabled_flag, 1) = 1`,
        [row.rfxHeaderId],
      )
    ).rows;
    if (!users.length) return;
    const num = String(row.rfxNum ?? row.rfxHeaderId);
    const title = String(row.rfxTitle ?? '');
    const end = row.quotationEndDate ? new Date(String(row.quotationEndDate)).toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : '';
    const link = supplierQuoteRoute(row);
    for (const lang of ['zh_CN', 'en_US'] as const) {
      const userIds = users.filter((u) => (u.language === 'en_US' ? 'en_US' : 'zh_CN') === lang).map((u) => u.id);
      if (!userIds.length) continue;
      const t = TEXTS[lang];
      // Rich text: the title is the buyer's input, so every text is escaped.
      const content = `<p>${esc(t.content(row, end))}</p><p><a href="${esc(link)}">${esc(num)}</a></p>`;
      const m = { userIds, subject: t.subject(num, title).slice(0, 240), content, typeCode: 'MSG', categoryCode: 'SYSTEM', fromUserId: auth.userId, fromUserName: auth.loginName };
      afterCommit(tx, () => sendMessages(ctx, tenantId, m));
    }
  },
});
