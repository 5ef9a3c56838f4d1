import type { Queryable } from '../../db/database.ts';
import { type HookArgs, registerHooks } from '../../resources/hooks.ts';
import { conflict, forbidden, refuse } from './refuse.ts';

type Row = Record<string, unknown>;

interface Company {
  companyId: number;
  companyNum: string;
  companyName: string;
  unifiedSocialCode: string;
  ownerUserId: number | null;
  processStatus: string;
}

async function company(tx: Queryable, id: unknown): Promise<Company | undefined> {
  const r = await tx.query<Company>(
    `select company_id::float8 as "companyId", company_num as "companyNum", company_name as "companyName", unified_social_code as "unifiedSocialCode",
            owner_user_id::float8 as "ownerUserId", process_status as "processStatus" from spfm_company where company_id = $1`,
    [id],
  );
  return r.rows[0];
}

/**
 * `SUPPLIER`: the buyer's tenant invites the company as its supplier, and the company's owner
 * answers. `PURCHASER`: the company's owner applies to the tenant, and the tenant's buyer answers.
 * Either way the answering side is never the side that asked.
 */
const answeredByOwner = (inv: Row) => inv.roleType !== 'PURCHASER';

registerHooks('spfmInvite', {
  async beforeCreate(values, { tx, tenantId, auth }) {
    const c = await company(tx, values.companyId);
    if (!c) throw refuse('companyId', `company ${String(values.companyId)} does not exist`);
    if (c.processStatus !== 'COMPLETE') throw refuse('companyId', `company ${c.companyNum} ${c.companyName} is not certified yet: only certified companies are invited`);
    const own = c.ownerUserId === auth.userId;
    if (values.roleType === 'PURCHASER' && !own) throw forbidden(`Only the owner of company ${c.companyNum} applies for it`);
    if (values.roleType !== 'PURCHASER' && own) throw refuse('companyId', `company ${c.companyNum} ${c.companyName} is your own company: a company cannot invite itself`);
    const partner = await tx.query('select 1 from spfm_partner where tenant_id = $1 and company_id = $2 and enabled_flag = 1', [tenantId, c.companyId]);
    if (partner.rows.length) throw conflict('already_partner', 'companyId', `company ${c.companyNum} ${c.companyName} is already a partner of this tenant`);
    const open = await tx.query<{ n: string }>("select invite_num as n from spfm_invite where tenant_id = $1 and company_id = $2 and invite_status = 'NEW' limit 1", [tenantId, c.companyId]);
    if (open.rows[0]) throw conflict('invite_pending', 'companyId', `invitation ${open.rows[0].n} to company ${c.companyNum} is still waiting for an answer`);
    const tenant = await tx.query<{ name: string }>('select tenant_name as name from hpfm_tenant where tenant_id = $1', [tenantId]);
    values.companyName = c.companyName;
    values.purchaserCompanyName = tenant.rows[0]?.name ?? null;
    values.inviterUserId = auth.userId;
    values.inviteDate = new Date().toISOString().slice(0, 19).replace('T', ' ');
  },
  async beforeWrite(current, action, { tx, auth }) {
    if (action !== 'accept' && action !== 'decline') return;
    const c = await company(tx, current.companyId);
    const owner = c?.ownerUserId === auth.userId;
    if (answeredByOwner(current) && !owner) throw forbidden(`Only the owner of company ${c?.companyNum ?? String(current.companyId)} answers this invitation`);
    if (!answeredByOwner(current) && owner) throw forbidden('An application is answered by the buyer, not by the company that applied');
  },
  async afterWrite(row, action, args) {
    if (action === 'accept') await becomePartners(row, args);
  },
});

/** The role a company's owner takes in the buyer's tenant once partners (the demo roles' supplier role). */
const SUPPLIER_ROLE = 'SUPPLIER';

/**
 * An accepted invitation makes the two partners, and the company a supplier of the buyer's tenant:
 * a row of its supplier master (the one orders and RFx pick suppliers from) linked to the company
 * (an existing row with the same credit code is linked rather than duplicated; a new one takes the
 * company's registered bank accounts), and the company's
 * owner bound to it with the tenant's supplier role, so they see what the buyer sends that supplier.
 */
async function becomePartners(invite: Row, { tx, tenantId, auth }: HookArgs): Promise<void> {
  const c = (await company(tx, invite.companyId))!;
  const existing = await tx.query<{ id: number }>(
    'select supplier_id::float8 as id from sslm_supplier where tenant_id = $1 and (spfm_company_id = $2 or unified_social_code = $3) order by supplier_id limit 1',
    [tenantId, c.companyId, c.unifiedSocialCode],
  );
  let supplierId = existing.rows[0]?.id;
  const contact = await tx.query<{ name: string; phone: string }>('select contact_name as name, mobilephone as phone from spfm_company_contact where company_id = $1 order by default_flag desc, contact_id limit 1', [c.companyId]);
  if (supplierId === undefined) {
    const ins = await tx.query<{ id: number }>(
      `insert into sslm_supplier (tenant_id, supplier_num, supplier_name, unified_social_code, contact_name, contact_phone, enabled_flag, spfm_company_id, created_by, last_updated_by)
       values ($1, $2, $3, $4, $5, $6, 1, $7, $8, $8) returning supplier_id::float8 as id`,
      [tenantId, c.companyNum, c.companyName, c.unifiedSocialCode, contact.rows[0]?.name ?? null, contact.rows[0]?.phone ?? null, c.companyId, auth.userId],
    );
    supplierId = ins.rows[0]!.id;
    // The bank accounts the company registered (and certified) are the new master's: orders and
    // payments need them, and a later change goes through a change request against them.
    await tx.query(
      `insert into sslm_supplier_bank (tenant_id, supplier_id, bank_name, bank_branch_name, bank_account_name, bank_account_num, master_flag, created_by, last_updated_by)
       select $1, $2, bank_name, bank_branch_name, bank_account_name, bank_account_num, coalesce(master_flag, 0), $3, $3 from spfm_company_bank where company_id = $4 order by bank_account_id`,
      [tenantId, supplierId, auth.userId, c.companyId],
    );
  } else {
    await tx.query('update sslm_supplier set spfm_company_id = $2, enabled_flag = 1 where supplier_id = $1', [supplierId, c.companyId]);
  }
  if (c.ownerUserId !== null) {
    await tx.query(
      `insert into sslm_supplier_user (tenant_id, user_id, supplier_id, enabled_flag, created_by, last_updated_by)
       select $1, $2, $3, 1, $4, $4 where not exists (select 1 from sslm_supplier_user where tenant_id = $1 and user_id = $2 and supplier_id = $3)`,
      [tenantId, c.ownerUserId, supplierId, auth.userId],
    );
    // …and given the tenant's supplier role, so the supplier's menus (orders received, quotations,
    // contracts) open for them; the binding above decides which rows those menus show.
    await tx.query(
      `insert into iam_member_role (user_id, role_id)
       select $1, r.id from iam_role r where r.tenant_id = $2 and r.code = $3 and r.enabled_flag = 1 on conflict do nothing`,
      [c.ownerUserId, tenantId, SUPPLIER_ROLE],
    );
  }
  await tx.query(
    `insert into spfm_partner (tenant_id, company_id, supplier_company_num, supplier_company_name, purchaser_company_name, supplier_id, invite_id, start_date, enabled_flag, created_by, last_updated_by)
     values ($1, $2, $3, $4, $5, $6, $7, current_date, 1, $8, $8)`,
    [tenantId, c.companyId, c.companyNum, c.companyName, invite.purchaserCompanyName ?? null, supplierId, invite.inviteId, auth.userId],
  );
}
