import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { BusinessError } from '../http/errors.ts';
import { bodySchema } from './body-schema.ts';
import { type Access, checkEntityAccess } from './permissions.ts';
import { EntityRepository } from './repository.ts';
import { listQuerySchema } from './route-schemas.ts';
import { type Level, resolveScope, type Scope } from './scope.ts';

export { EntityRepository } from './repository.ts';

type Row = Record<string, unknown>;

const toRoute = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');

const idSchema = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };

/** Registers list/get/create/update/delete/action routes for every declared path of every entity. */
export async function crudRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  for (const e of ctx.entities.values()) {
    const repo = new EntityRepository(e, ctx);
    for (const level of ['site', 'tenant'] as Level[]) {
      const base = e.paths[level];
      if (!base) continue;
      const path = toRoute(base);
      // Tenant and menu checks run before the body is parsed or validated: an outsider learns nothing from a 400.
      const scopes = new WeakMap<FastifyRequest, Scope>();
      const guard = (access: Access) => ({
        onRequest: async (req: FastifyRequest) => {
          const s = resolveScope(req, level);
          await checkEntityAccess(ctx.db, e, s.auth, access);
          scopes.set(req, s);
        },
      });
      const scope = (req: FastifyRequest) => scopes.get(req) ?? resolveScope(req, level);
      const idOf = (req: FastifyRequest) => {
        const raw = (req.params as Record<string, unknown>).id ?? (req.body as Row | undefined)?.[e.primaryKey];
        const id = Number(raw);
        if (!Number.isSafeInteger(id)) throw new BusinessError('error.validation', `${e.primaryKey} is required`, 'error');
        return id;
      };
      const tenantParam = level === 'tenant' ? { tenantId: { type: 'integer' } } : {};
      const params = (extra: Record<string, unknown> = {}) => ({ type: 'object', properties: { ...tenantParam, ...extra } });
      const doc = (summary: string) => ({ tags: [e.name], summary: `${summary} (${level})` });

      // The list and record also answer where the backend's convention puts them (`api`: HZERO's `/paging`, `/details/{id}`).
      for (const list of new Set([path, `${path}${e.api?.list ?? ''}`])) {
        app.get(list, { ...guard('read'), schema: { ...doc(`List ${e.name}`), params: params(), querystring: listQuerySchema(e, level) } }, async (req) => repo.list(scope(req), req.query as Row));
      }
      for (const item of new Set([`${path}/:id`, `${path}${(e.api?.item ?? '/{id}').replace(/\{\w+\}$/, ':id')}`])) {
        app.get(item, { ...guard('read'), schema: { ...doc(`Get ${e.name}`), params: params({ id: idSchema }) } }, async (req) => repo.get(scope(req), idOf(req)));
      }
      app.post(path, { ...guard('write'), schema: { ...doc(`Create ${e.name}`), params: params(), body: bodySchema(e, 'create', level) } }, async (req) =>
        repo.create(scope(req), req.body as Row),
      );
      const update = { ...guard('write'), schema: { ...doc(`Update ${e.name}`), params: params(), body: bodySchema(e, 'update', level) } };
      app.put(path, update, async (req) => repo.update(scope(req), idOf(req), req.body as Row));
      app.put(`${path}/:id`, { ...update, schema: { ...update.schema, params: params({ id: idSchema }) } }, async (req) => repo.update(scope(req), idOf(req), req.body as Row));
      app.delete(
        `${path}/:id`,
        {
          ...guard('write'),
          schema: { ...doc(`Delete ${e.name}`), params: params({ id: idSchema }), querystring: { type: 'object', properties: { objectVersionNumber: { type: 'integer' } } } },
        },
        async (req) => {
          const v = (req.query as Row).objectVersionNumber as number | undefined;
          await repo.remove(scope(req), [{ id: idOf(req), version: v }]);
          return {};
        },
      );
      // The platform's batch delete: DELETE with a body listing the records; all go or none.
      const batchItem = { type: 'object', required: [e.primaryKey], properties: { [e.primaryKey]: idSchema, objectVersionNumber: { type: 'integer' } } };
      app.delete(path, { ...guard('write'), schema: { ...doc(`Delete ${e.name} records`), params: params(), body: { type: 'array', maxItems: 1000, items: batchItem } } }, async (req) => {
        const rows = req.body as Row[];
        await repo.remove(
          scope(req),
          rows.map((r) => ({ id: Number(r[e.primaryKey]), version: r.objectVersionNumber as number | undefined })),
        );
        return {};
      });
      if (e.status) {
        const actions = Object.keys(e.status.transitions);
        app.post(
          `${path}/:id/actions/:action`,
          {
            ...guard('write'),
            schema: {
              ...doc(`Status action on ${e.name}`),
              params: params({ id: idSchema, action: { type: 'string', enum: actions } }),
              body: { type: ['object', 'null'], properties: { objectVersionNumber: { type: 'integer' } } },
            },
          },
          async (req) => repo.transition(scope(req), idOf(req), (req.params as Row).action as string, (req.body as Row | null) ?? {}),
        );
      }
    }
  }
}
