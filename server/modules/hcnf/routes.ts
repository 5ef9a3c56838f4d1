import type { FastifyInstance } from 'fastify';
import { parseDocument } from 'yaml';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import type { RouteGroup } from '../../http/route-group.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { registerHooks } from '../../resources/hooks.ts';
import { EntityRepository } from '../../resources/repository.ts';
import { defineRoute } from '../../http/module-route.ts';

/** A configuration must parse as YAML (one document, a mapping at the top); the refusal names the field, line and column. */
export function checkYaml(text: unknown): void {
  const doc = parseDocument(String(text ?? ''), { prettyErrors: true });
  const err = doc.errors[0];
  if (err) {
    const at = err.linePos?.[0];
    throw Object.assign(badRequest(`configYaml is not valid YAML${at ? ` at line ${at.line}, column ${at.col}` : ''}: ${err.message.split('\n')[0]}`), { field: 'configYaml' });
  }
  const v: unknown = doc.toJS();
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw Object.assign(badRequest('configYaml must be a mapping of settings (key: value) at the top'), { field: 'configYaml' });
}

/** One default version per service: making one the default takes it from the others. */
async function soleDefault(tx: Queryable, row: Record<string, unknown>): Promise<void> {
  if (Number(row.defaultFlag) !== 1) return;
  await tx.query('update hcnf_config set default_flag = 0 where service_code = $1 and service_config_id <> $2 and default_flag = 1', [row.serviceCode, row.serviceConfigId]);
}

registerHooks('cnfConfig', {
  async beforeCreate(values) {
    checkYaml(values.configYaml);
  },
  async afterWrite(row, action, { tx }) {
    if (action === 'update') checkYaml(row.configYaml);
    await soleDefault(tx, row);
  },
});

/** `POST /hcnf/v1/configs/{serviceConfigId}/set-default`: this version becomes its service's default. */
async function configRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const e = ctx.entities.get('cnfConfig')!;
  defineRoute(
    app,
    ctx,
    { method: 'POST', url: '/hcnf/v1/configs/:serviceConfigId/set-default', level: 'site', schema: { params: { type: 'object', required: ['serviceConfigId'], properties: { serviceConfigId: { type: 'integer', minimum: 1 } } } } },
    async (req, scope) => {
      const id = (req.params as { serviceConfigId: number }).serviceConfigId;
      const repo = new EntityRepository(e, ctx);
      const row = await repo.get(scope, id).catch(() => {
        throw notFound(`cnfConfig ${id} not found`);
      });
      return repo.update(scope, id, { defaultFlag: 1, objectVersionNumber: row.objectVersionNumber });
    },
  );
}

/** Configuration records (services, routes, YAML configurations, hystrix and rate-limit settings): generic paths plus these rules. */
export const routes: RouteGroup[] = [configRoutes];
