import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { type ConventionRoute, conventionRoutes, type RouteOp } from '../../renderer/schema/wire/convention-routes.ts';
import { BusinessError } from '../http/errors.ts';
import { bodySchema, fieldJsonSchema, pageSchema, rowSchema } from './body-schema.ts';
import { checkBodyFields } from './body-fields.ts';
import { checkDecimals } from './decimal-check.ts';
import { dbError } from './db-errors.ts';
import { type Access, checkEntityAccess } from './permissions.ts';
import { EntityRepository } from './repository.ts';
import { listQuerySchema } from './route-schemas.ts';
import { pathValues, withPathValues } from './path-values.ts';
import { type Level, resolveScope, type Scope } from './scope.ts';

export { EntityRepository } from './repository.ts';

type Row = Record<string, unknown>;

const toRoute = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');

/** The fields a route's query parameters stand for (`unitCompanyId` → `companyId`), with their values. */
const aliased = (r: ConventionRoute, query: Row): Row => Object.fromEntries(Object.entries(r.query ?? {}).flatMap(([name, field]) => (query?.[name] !== undefined ? [[field, query[name]]] : [])));

const idSchema = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
const plainJson = (data: unknown) => JSON.stringify(data);

/** Registers list/get/create/update/delete/action routes for every declared path of every entity. */
export async function crudRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  for (const e of ctx.entities.values()) {
    const repo = new EntityRepository(e, ctx);
    for (const level of ['site', 'tenant'] as Level[]) {
      const base = e.paths[level];
      if (!base) continue;
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
      const keyOf = (raw: unknown) => {
        const id = Number(raw);
        if (raw === undefined || raw === null || raw === '' || !Number.isSafeInteger(id)) throw new BusinessError('error.validation', `${e.primaryKey} is required`, 'error');
        return id;
      };
      const idOf = (req: FastifyRequest) => keyOf((req.params as Row).id ?? (req.body as Row | undefined)?.[e.primaryKey]);
      const tenantParam = level === 'tenant' ? { tenantId: { type: 'integer' } } : {};
      const params = (extra: Record<string, unknown> = {}) => ({ type: 'object', properties: { ...tenantParam, ...extra } });
      const doc = (summary: string) => ({ tags: [e.name], summary: `${summary} (${level})` });

      const createSchema = bodySchema(e, 'create', level);
      const updateSchema = bodySchema(e, 'update', level);
      const batchItem = { type: 'object', required: [e.primaryKey], properties: { [e.primaryKey]: idSchema, objectVersionNumber: { type: 'integer' } } };
      const actions = Object.keys(e.status?.transitions ?? {});
      // What a status action's body may write with the move (its transitions' `fields`: a reason).
      const transitionBody = Object.fromEntries(
        Object.values(e.status?.transitions ?? {})
          .flatMap((t) => t.fields ?? [])
          // An undeclared name is the checker's to report (naming file and path), not a crash here.
          .flatMap((n) => {
            const f = e.fields.find((x) => x.name === n);
            return f ? [[n, fieldJsonSchema(f)] as const] : [];
          }),
      );
      const versionQuery = { type: 'object', properties: { objectVersionNumber: { type: 'integer' } } };
      const row = rowSchema(e);
      const answers = (schema: Record<string, unknown>) => ({ response: { 200: schema } });

      /** One row of a write: a key makes it an update, none a create (where the route does both). */
      const write = (req: FastifyRequest, r: ConventionRoute, bodyRow: Row, key: unknown, check: boolean, tx?: Queryable) => {
        const row = withPathValues(bodyRow, pathValues(e, req.params));
        const asUpdate = !!r.update && ((key !== undefined && key !== null && key !== '') || !r.create);
        checkBodyFields(e, level, bodyRow);
        if (check) {
          const validate = req.compileValidationSchema(asUpdate ? updateSchema : createSchema);
          if (!validate(row)) throw Object.assign(new Error('invalid body'), { statusCode: 400, validation: validate.errors, validationContext: 'body' });
        }
        checkDecimals(e, level, row);
        return asUpdate ? repo.update(scope(req), keyOf(key), row, { tx }) : repo.create(scope(req), row, { tx });
      };

      /** Schema and handler of each kind of generic route (renderer/schema/wire/convention-routes.ts lists them). */
      const kinds: Record<RouteOp, (r: ConventionRoute) => { access: Access; summary: string; schema: Record<string, unknown>; handler: (req: FastifyRequest) => unknown }> = {
        list: (r) => ({
          access: 'read',
          summary: 'List',
          schema: { querystring: listQuerySchema(e, level), ...answers(pageSchema(e)) },
          handler: (req) => repo.list(scope(req), { ...(req.query as Row), ...pathValues(e, { ...req.params as Row, ...aliased(r, req.query as Row) }) }),
        }),
        // Only exports are answered on an export path of its own (server/resources/export.ts adds them).
        export: () => ({ access: 'read', summary: 'Export', schema: {}, handler: () => Promise.reject(new BusinessError('error.validation', 'exportType is required', 'error')) }),
        get: (r) => ({ access: 'read', summary: 'Get', schema: { params: params(r.query ? {} : { id: idSchema }), ...answers(row) }, handler: (req) => repo.get(scope(req), keyOf((req.params as Row).id ?? aliased(r, req.query as Row).id)) }),
        write: (r) => {
          // A save or list route checks each row against its own schema in the handler: which applies depends on the row.
          // So does a route whose path carries fields (a parent's key): the row is checked with them filled in.
          const perRow = !!(r.create && r.update) || !!r.list || /\{(?!tenantId\}|id\}|action\})\w+\}/.test(r.path);
          const one = r.create && !r.update ? createSchema : updateSchema;
          const keyed = r.path.endsWith('/{id}');
          return {
            access: 'write',
            summary: r.create && r.update ? 'Save' : r.create ? 'Create' : 'Update',
            schema: { params: params(keyed ? { id: idSchema } : {}), body: r.list ? { type: ['array', 'object'], maxItems: 1000 } : perRow ? { type: 'object' } : one, ...answers(r.list ? { anyOf: [row, { type: 'array', items: row }] } : row) },
            handler: async (req) => {
              if (!Array.isArray(req.body)) return write(req, r, req.body as Row, keyed ? (req.params as Row).id : (req.body as Row)[e.primaryKey], perRow);
              // A list is saved whole or not at all: a refused row rolls back the rows before it.
              return ctx.db
                .transaction(async (tx) => {
                  const out: Row[] = [];
                  for (const row of req.body as Row[]) out.push(await write(req, r, row, row[e.primaryKey], true, tx));
                  return out;
                })
                .catch(dbError);
            },
          };
        },
        removeItem: () => ({
          access: 'write',
          summary: 'Delete',
          schema: { params: params({ id: idSchema }), querystring: versionQuery },
          handler: async (req) => {
            const v = ((req.query as Row).objectVersionNumber ?? (req.body as Row | undefined)?.objectVersionNumber) as number | undefined;
            await repo.remove(scope(req), [{ id: idOf(req), version: v }]);
            return {};
          },
        }),
        // The platform's batch delete: DELETE with a body listing the records; all go or none.
        removeBatch: () => ({
          access: 'write',
          summary: 'Delete records',
          schema: { body: { type: 'array', maxItems: 1000, items: batchItem } },
          handler: async (req) => {
            await repo.remove(
              scope(req),
              (req.body as Row[]).map((r) => ({ id: Number(r[e.primaryKey]), version: r.objectVersionNumber as number | undefined })),
            );
            return {};
          },
        }),
        transition: () => ({
          access: 'write',
          summary: 'Status action on',
          schema: { params: params({ id: idSchema, action: { type: 'string', enum: actions } }), body: { type: ['object', 'null'], properties: { objectVersionNumber: { type: 'integer' }, ...transitionBody } }, ...answers(row) },
          handler: (req) => repo.transition(scope(req), idOf(req), (req.params as Row).action as string, (req.body as Row | null) ?? {}),
        }),
      };

      for (const r of conventionRoutes(e, base)) {
        const url = toRoute(r.path);
        // A module's own handler of a path goes first (HZERO's `GET /password-policies` answers the tenant's one policy).
        if (app.hasRoute({ method: r.method, url })) continue;
        const k = kinds[r.op](r);
        // The answer schemas document the rows (decimal text and all); the rows are written as they are, not through them.
        app.route({ method: r.method, url, ...guard(k.access), schema: { ...doc(`${k.summary} ${e.name}`), params: params(), ...k.schema }, serializerCompiler: () => plainJson, handler: k.handler });
      }
    }
  }
}
