import type { FastifyInstance } from 'fastify';
import { parseDocument } from 'yaml';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import type { RouteGroup } from '../../http/route-group.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { registerHooks } from '../../resources/hooks.ts';
import { EntityRepository } from '../../resources/repository.ts';
import { checkHealth } from './health.ts';
import { topology } from './topology.ts';
import { defineRoute } from '../../http/module-route.ts';

type Row = Record<string, unknown>;

/** YAML of a configuration: it must parse, as one mapping; the refusal names the field, line and column. */
export function checkYaml(text: unknown, field: string, optional = false): void {
  const src = String(text ?? '');
  if (optional && src.trim() === '') return;
  const doc = parseDocument(src, { prettyErrors: true });
  const err = doc.errors[0];
  if (err) {
    const at = err.linePos?.[0];
    throw Object.assign(badRequest(`${field} is not valid YAML${at ? ` at line ${at.line}, column ${at.col}` : ''}: ${err.message.split('\n')[0]}`), { field, line: at?.line });
  }
  const v: unknown = doc.toJS();
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw Object.assign(badRequest(`${field} must be a mapping of settings (key: value) at the top`), { field });
}

registerHooks('hsgpServiceConfig', {
  async beforeCreate(values) {
    checkYaml(values.configYaml, 'configYaml');
  },
  async afterWrite(row, action, { tx }) {
    if (action === 'update') checkYaml(row.configYaml, 'configYaml');
    // One default version per service.
    if (Number(row.defaultFlag) === 1)
      await tx.query('update hsgp_service_config set default_flag = 0 where service_code = $1 and service_config_id <> $2 and default_flag = 1', [row.serviceCode, row.serviceConfigId]);
  },
});

registerHooks('hsgpNodeGroup', {
  async beforeCreate(values) {
    checkYaml(values.configYaml, 'configYaml', true);
  },
  async afterWrite(row, action) {
    if (action === 'update') checkYaml(row.configYaml, 'configYaml', true);
  },
});

/** A dependency names two different services that exist. */
async function checkRely(tx: Queryable, row: Row): Promise<void> {
  if (row.serviceCode === row.relyServiceCode) throw Object.assign(badRequest('relyServiceCode: a service cannot depend on itself'), { field: 'relyServiceCode' });
  for (const field of ['serviceCode', 'relyServiceCode'] as const) {
    const n = (await tx.query('select 1 from hsgp_service where service_code = $1', [row[field]])).rows.length;
    if (!n) throw Object.assign(badRequest(`${field}: no service ${String(row[field])} in the service list`), { field });
  }
}
registerHooks('hsgpServiceRely', {
  async afterWrite(row, action, { tx }) {
    if (action === 'create' || action === 'update') await checkRely(tx, row);
  },
});

/** A product's service names a version of that product; its product name and version number are copied for links and titles. */
registerHooks('hsgpProductService', {
  async afterWrite(row, action, { tx }) {
    if (action !== 'create' && action !== 'update') return;
    const v = (
      await tx.query<{ productName: string; versionNumber: string }>(
        `select p.product_name as "productName", v.version_number as "versionNumber" from hsgp_product_version v join hsgp_product p on p.product_id = v.product_id
          where v.product_version_id = $1 and v.product_id = $2`,
        [row.productVersionId, row.productId],
      )
    ).rows[0];
    if (!v) throw Object.assign(badRequest('productVersionId is not a version of the chosen product'), { field: 'productVersionId' });
    await tx.query('update hsgp_product_service set product_name = $2, version_number = $3 where product_service_id = $1', [row.productServiceId, v.productName, v.versionNumber]);
  },
});

const ids = (...names: string[]) => ({ type: 'object', required: names, properties: Object.fromEntries(names.map((n) => [n, { type: 'integer', minimum: 1 }])) });

/** Service governance records by the generic paths, plus the topology, health and the default configuration. */
async function hsgpRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const services = ctx.entities.get('hsgpService')!;
  const configs = ctx.entities.get('hsgpServiceConfig')!;

  defineRoute(
    app,
    ctx,
    { method: 'GET', url: '/hsgp/v1/product-services/:productId/:productVersionId/topology', level: 'site', entity: 'hsgpProductService', access: 'read', schema: { params: ids('productId', 'productVersionId') } },
    async (req) => {
      const p = req.params as { productId: number; productVersionId: number };
      return topology(ctx.db, app, p.productId, p.productVersionId);
    },
  );

  defineRoute(
    app,
    ctx,
    { method: 'GET', url: '/hsgp/v1/services/:serviceId/health', level: 'site', entity: 'hsgpService', access: 'read', schema: { params: ids('serviceId') } },
    async (req, scope) => {
      const s = await new EntityRepository(services, ctx).get(scope, (req.params as { serviceId: number }).serviceId);
      return { serviceCode: s.serviceCode, health: await checkHealth(app, s.healthUrl) };
    },
  );

  defineRoute(
    app,
    ctx,
    { method: 'POST', url: '/hsgp/v1/service-configs/:serviceConfigId/set-default', level: 'site', entity: 'hsgpServiceConfig', access: 'write', schema: { params: ids('serviceConfigId') } },
    async (req, scope) => {
      const id = (req.params as { serviceConfigId: number }).serviceConfigId;
      const repo = new EntityRepository(configs, ctx);
      const row = await repo.get(scope, id).catch(() => {
        throw notFound(`hsgpServiceConfig ${id} not found`);
      });
      return repo.update(scope, id, { defaultFlag: 1, objectVersionNumber: row.objectVersionNumber });
    },
  );
}

export const routes: RouteGroup[] = [hsgpRoutes];
