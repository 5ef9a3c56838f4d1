import type { AuthContext, ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { afterCommit } from '../../db/database.ts';
import { registerHooks } from '../../resources/hooks.ts';
import { sendMessages } from '../hmsg/message-store.ts';
import { refuse } from './rules.ts';

type Row = Record<string, unknown>;

/**
 * Settlement after the award (`/stnd/*`): a branch company confirms or rejects the award made for
 * it, and a supplementary price negotiation goes to an approver. Who decided is recorded by the
 * server, not typed in.
 */
registerHooks('stndBranchConfirm', {
  async afterWrite(row, action, { tx, auth }) {
    if (action === 'confirm' || action === 'reject') await tx.query('update stnd_branch_confirm set confirmed_by = $2 where branch_confirm_id = $1', [row.branchConfirmId, auth.loginName]);
  },
});

/**
 * The branch company a lot goes to is one of the tenant's companies (the `HPFM.COMPANY` view), named
 * by id; its name is copied by the server, never typed. A disabled company receives no award.
 */
registerHooks('tenderSection', {
  async afterWrite(row, action, { tx, tenantId }) {
    if (action !== 'create' && action !== 'update') return;
    let name: string | null = null;
    if (row.branchCompanyId !== null && row.branchCompanyId !== undefined) {
      const c = (await tx.query<{ name: string; enabled: number }>('select company_name as name, coalesce(enabled_flag, 1)::int as enabled from hpfm_company where company_id = $1 and tenant_id = $2', [row.branchCompanyId, tenantId])).rows[0];
      if (!c) throw refuse('branchCompanyId', `branchCompanyId ${String(row.branchCompanyId)} is not a company of this tenant`);
      if (c.enabled !== 1) throw refuse('branchCompanyId', `${c.name} is disabled and cannot receive an award`);
      name = c.name;
    }
    if (row.branchCompanyName === name) return;
    await tx.query('update tender_section set branch_company_name = $2 where section_id = $1', [row.sectionId, name]);
    row.branchCompanyName = name;
  },
});

/**
 * The branch confirmations an approved award decision asks for: one `PENDING` row per awarded lot
 * that names a branch company, carrying the tender's number, the lot, the winner and the awarded
 * amount as the award line holds them (copied in SQL, so the amount stays the exact decimal).
 * A lot already asked about is not asked again. Returns the rows created.
 */
export async function createBranchConfirms(tx: Queryable, decisionId: unknown, userId: number): Promise<Row[]> {
  const r = await tx.query<Row>(
    `insert into stnd_branch_confirm (tenant_id, tender_header_id, section_id, award_id, bid_num, branch_company_id, branch_company_name, lot_name, winning_supplier, awarded_amount,
                                      confirm_status, created_by, last_updated_by)
     select a.tenant_id, a.tender_header_id, a.section_id, a.award_id, h.tender_num, s.branch_company_id, s.branch_company_name, a.section_name, a.supplier_name, a.awarded_amount,
            'PENDING', $2, $2
       from tender_award a
       join tender_section s on s.section_id = a.section_id
       join tender_header h on h.tender_header_id = a.tender_header_id
      where a.decision_id = $1 and s.branch_company_id is not null
        and not exists (select 1 from stnd_branch_confirm c where c.award_id = a.award_id)
      order by a.section_num
     returning branch_confirm_id::float8 as "branchConfirmId", tender_header_id::float8 as "tenderHeaderId", bid_num as "bidNum", lot_name as "lotName",
               branch_company_name as "branchCompanyName", winning_supplier as "winningSupplier"`,
    [decisionId, userId],
  );
  return r.rows;
}

const escape = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Tells the tender's buyer (who created it) that each new branch confirmation waits, with a link to its page. */
export async function notifyBranchConfirms(tx: Queryable, ctx: ServerContext, tenantId: number, rows: Row[], auth: AuthContext): Promise<void> {
  if (!rows.length) return;
  const buyer = (await tx.query<{ id: number | null }>('select created_by::float8 as id from tender_header where tender_header_id = $1', [rows[0]!.tenderHeaderId])).rows[0]?.id;
  if (!buyer) return;
  for (const c of rows) {
    const link = `/stnd/branch/confirm/${String(c.branchConfirmId)}`;
    const m = {
      userIds: [buyer],
      subject: `${String(c.bidNum)}: ${String(c.lotName)} awaits the confirmation of ${String(c.branchCompanyName)}`.slice(0, 240),
      content: `<p>${escape(c.bidNum)} · ${escape(c.lotName)} → ${escape(c.winningSupplier)}</p><p><a href="${link}">${link}</a></p>`,
      typeCode: 'MSG',
      categoryCode: 'SYSTEM',
      fromUserId: auth.userId,
      fromUserName: auth.loginName,
    };
    afterCommit(tx, () => sendMessages(ctx, tenantId, m));
  }
}

/** A supplementary negotiation lowers a price or keeps it; a higher one is a new award, not a negotiation. */
registerHooks('stndSupplementNegotiation', {
  async afterWrite(row, action) {
    if ((action === 'create' || action === 'update') && Number(row.negotiatedPrice) > Number(row.originalPrice)) {
      throw refuse('negotiatedPrice', 'negotiatedPrice must not be above originalPrice');
    }
  },
});
