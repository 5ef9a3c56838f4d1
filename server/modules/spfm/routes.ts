import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import type { RouteGroup } from '../../http/route-group.ts';
import { EntityRepository } from '../../resources/repository.ts';
import { listQuerySchema } from '../../resources/route-schemas.ts';
import './company-rules.ts';
import './invite-rules.ts';
import { defineRoute } from '../../http/module-route.ts';

const tenantParams = { type: 'object', properties: { tenantId: { type: 'integer' } } };

/**
 * Supplier onboarding reads the generic paths cannot give: the caller's own registration (the
 * wizard resumes it), the certified companies anyone may search (never drafts, nor another
 * person's bank or contacts), and the buyers a company's owner is a supplier of.
 */
async function onboardingReads(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const company = ctx.entities.get('spfmCompany')!;
  const partner = ctx.entities.get('spfmPartner')!;
  const companies = new EntityRepository(company, ctx);
  const partners = new EntityRepository(partner, ctx);

  defineRoute(app, ctx, { method: 'GET', url: '/spfm/v1/:tenantId/companies/current', schema: { params: tenantParams } }, async (req, scope) => {
    const r = await ctx.db.query<{ id: number }>('select company_id::float8 as id from spfm_company where owner_user_id = $1 order by company_id limit 1', [scope.auth.userId]);
    const id = r.rows[0]?.id;
    // No registration yet: an empty record, which the wizard opens at its first step.
    return id === undefined ? {} : companies.get({ ...scope, tenantId: null }, id);
  });

  defineRoute(app, ctx, { method: 'GET', url: '/spfm/v1/:tenantId/companies/certified', schema: { params: tenantParams, querystring: listQuerySchema(company, 'tenant') } }, async (req, scope) => {
    // Every tenant's certified companies are searchable: the site scope lifts the tenant condition, the filter keeps only certified ones.
    const q = { ...(req.query as Record<string, unknown>), processStatus: 'COMPLETE' };
    const page = await companies.list({ auth: { ...scope.auth, roleLevel: 'site' }, tenantId: null }, q);
    // Only what a company shows the market: its name, number, code, legal representative, business.
    const shown = ['companyId', 'companyNum', 'companyName', 'unifiedSocialCode', 'legalRepName', 'companyType', 'businessScope', 'buildDate', 'processStatus', 'processDate'];
    return { ...page, content: (page.content as Array<Record<string, unknown>>).map((r) => Object.fromEntries(shown.map((k) => [k, r[k] ?? null]))) };
  });

  defineRoute(app, ctx, { method: 'GET', url: '/spfm/v1/:tenantId/partners/customers', entity: 'spfmPartner', access: 'read', schema: { params: tenantParams, querystring: listQuerySchema(partner, 'tenant') } }, async (req, scope) => {
    // The buyers of the companies the caller registered, whichever tenant they are in (the platform administrator: every partnership).
    return partners.list({ ...scope, tenantId: null }, req.query as Record<string, unknown>, (params) => {
      if (scope.auth.roleLevel === 'site') return [];
      params.push(scope.auth.userId);
      return [`exists (select 1 from spfm_company c where c.company_id = t.company_id and c.owner_user_id = $${params.length})`];
    });
  });
}

export const routes: RouteGroup[] = [onboardingReads];
