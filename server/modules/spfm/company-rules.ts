import type { Queryable } from '../../db/database.ts';
import { type HookArgs, registerHooks, registerListFilter } from '../../resources/hooks.ts';
import { holdsAnyRoute } from '../../resources/permissions.ts';
import { creditCodeProblem } from './credit-code.ts';
import { conflict, forbidden, refuse } from './refuse.ts';

type Row = Record<string, unknown>;

/** The child entities of a company application (the wizard's line steps). */
export const COMPANY_LINES = ['spfmCompanyContact', 'spfmCompanyAddress', 'spfmCompanyBank', 'spfmCompanyFinance'] as const;

const isSite = (a: HookArgs) => a.auth.roleLevel === 'site';

/** The application's code must be a real credit code and nobody else's: one company, one registration. */
async function checkCode(tx: Queryable, code: unknown, selfId?: unknown): Promise<void> {
  const problem = creditCodeProblem(code);
  if (problem) throw refuse('unifiedSocialCode', problem);
  const other = await tx.query<{ n: string; name: string }>(
    'select company_num as n, company_name as name from spfm_company where unified_social_code = $1 and ($2::bigint is null or company_id <> $2) limit 1',
    [code, selfId ?? null],
  );
  const hit = other.rows[0];
  if (hit) throw conflict('duplicate', 'unifiedSocialCode', `unifiedSocialCode ${String(code)} is already registered (company ${hit.n} ${hit.name}); a company registers once`);
}

/** What a submit needs: contacts, bank accounts with exactly one master account, the business licence. */
export async function checkSubmittable(tx: Queryable, company: Row): Promise<void> {
  const id = company.companyId;
  const count = async (sql: string) => Number((await tx.query<{ n: number }>(sql, [id])).rows[0]?.n ?? 0);
  if (!(await count('select count(*)::int as n from spfm_company_contact where company_id = $1'))) throw refuse('spfmCompanyContact', 'At least one contact is required before submitting');
  if (!(await count('select count(*)::int as n from spfm_company_bank where company_id = $1'))) throw refuse('spfmCompanyBank', 'At least one bank account is required before submitting');
  const masters = await count('select count(*)::int as n from spfm_company_bank where company_id = $1 and master_flag = 1');
  if (masters !== 1) throw refuse('masterFlag', `Exactly one bank account must be the master account (now ${masters})`);
  if (!company.licenceAttachment) throw refuse('licenceAttachment', 'The business licence attachment is required before submitting');
}

/**
 * Company applications: the registrant owns theirs (set on create, one per person), edits it only
 * while a draft or rejected (the status machine), submits it when complete; its certification is
 * an approval (the entity's workflow) that the tenant's administrator decides in My tasks.
 */
registerHooks('spfmCompany', {
  async beforeCreate(values, a) {
    await checkCode(a.tx, values.unifiedSocialCode);
    if (!isSite(a)) {
      const mine = await a.tx.query<{ n: string }>('select company_num as n from spfm_company where owner_user_id = $1 limit 1', [a.auth.userId]);
      if (mine.rows[0]) throw conflict('already_registered', undefined, `You have already registered company ${mine.rows[0].n}: continue that registration`);
    }
    values.ownerUserId = a.auth.userId;
  },
  async afterWrite(row, action, a) {
    if (action === 'update') await checkCode(a.tx, row.unifiedSocialCode, row.companyId);
  },
  async beforeWrite(current, action, a) {
    // Certification is decided by its approval (the declared workflow): the engine's move, which the workflow refuses to any request.
    if (action === 'approve' || action === 'reject' || action === 'withdraw') return;
    if (!isSite(a) && Number(current.ownerUserId) !== a.auth.userId) throw forbidden(`Company ${String(current.companyNum)} is another person's registration`);
    if (action === 'submit' || action === 'appeal') await checkSubmittable(a.tx, current);
  },
});

/** A registration's lines belong to its owner: nobody else adds or changes them. */
async function ownLines(tx: Queryable, companyId: unknown, a: HookArgs): Promise<void> {
  if (isSite(a)) return;
  const r = await tx.query<{ owner: number | null }>('select owner_user_id::float8 as owner from spfm_company where company_id = $1', [companyId]);
  const owner = r.rows[0]?.owner;
  if (owner === undefined) throw refuse('companyId', `company ${String(companyId)} does not exist`);
  if (Number(owner) !== a.auth.userId) throw forbidden(`company ${String(companyId)} is another person's registration`);
}

/** A second master account is refused when it is saved, not only at submit. */
async function oneMaster(tx: Queryable, row: Row): Promise<void> {
  if (Number(row.masterFlag) !== 1) return;
  const n = await tx.query<{ n: number }>('select count(*)::int as n from spfm_company_bank where company_id = $1 and master_flag = 1', [row.companyId]);
  if (Number(n.rows[0]?.n ?? 0) > 1) throw refuse('masterFlag', 'Another bank account is already the master account; clear it first');
}

for (const line of COMPANY_LINES) {
  registerHooks(line, {
    beforeCreate: (values, a) => ownLines(a.tx, values.companyId, a),
    beforeWrite: (current, _action, a) => ownLines(a.tx, current.companyId, a),
    afterWrite: async (row, action, a) => {
      if (line === 'spfmCompanyBank' && action !== 'delete') await oneMaster(a.tx, row);
    },
  });
}

/** Who certifies the tenant's registrations: the holders of the certification menu (the tenant's administrator). */
const CERTIFIER_MENU = ['/spfm/certification-approval/list'];

/** A person in a tenant role lists only their own registration; the platform and the tenant's certifier list all. */
registerListFilter(async (e, scope, params, db) => {
  if (e.name !== 'spfmCompany' || scope.auth.roleLevel === 'site') return [];
  if (await holdsAnyRoute(db, scope.auth.roleId, CERTIFIER_MENU)) return [];
  params.push(scope.auth.userId);
  return [`t.owner_user_id = $${params.length}`];
});
