import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { defineRoute } from '../../http/module-route.ts';

/**
 * The master data formulas read (server/resources/formulas.ts: `precision(currency)`,
 * `taxRate(tax code)`), for the browser's preview of amounts while lines are typed:
 * `GET /hpfm/v1/{tenantId}/formula-facts` → `{precision: {CNY: 2, …}, taxRate: {VAT13-IN: 13, …}}`.
 * Any signed-in user of the tenant may read it (currency decimals and tax rates are not secrets).
 * Rates travel as decimal strings, so the preview computes with the stored value, not a float.
 */
export async function formulaFactRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  defineRoute(app, ctx, { method: 'GET', url: '/hpfm/v1/:tenantId/formula-facts', schema: { params: { type: 'object', properties: { tenantId: { type: 'integer' } } } } }, async (req, scope) => {
    const currencies = await ctx.db.query<{ code: string; p: number }>('select distinct on (currency_code) currency_code as code, financial_precision::int as p from hpfm_currency where financial_precision is not null order by currency_code');
    const taxes = await ctx.db.query<{ code: string; rate: string }>('select distinct on (tax_code) tax_code as code, tax_rate::text as rate from smdm_tax_rate where tenant_id = $1 and enabled_flag = 1 order by tax_code', [scope.tenantId]);
    return {
      precision: Object.fromEntries(currencies.rows.map((r) => [r.code, r.p])),
      taxRate: Object.fromEntries(taxes.rows.map((r) => [r.code, r.rate])),
    };
  });
}
