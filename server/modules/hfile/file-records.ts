import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/module-route.ts';
import { EntityRepository } from '../../resources/repository.ts';
import type { Level } from '../../resources/scope.ts';

type Row = Record<string, unknown>;

/**
 * A file record by id (`GET <file path>/{id}`), answered here before the generic path: the generic
 * read by id does not apply list filters, and the file rule is one (file-access.ts). Through the
 * list query, a file the caller may not see is not found, as in the list.
 */
export async function fileRecordRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const e = ctx.entities.get('file');
  if (!e) return;
  const repo = new EntityRepository(e, ctx);
  for (const level of ['site', 'tenant'] as Level[]) {
    const base = e.paths[level];
    if (!base) continue;
    const params = { type: 'object', properties: { ...(level === 'tenant' ? { tenantId: { type: 'integer' } } : {}), id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } } };
    const url = `${base.replace(/\{(\w+)\}/g, ':$1')}/:id`;
    defineRoute(app, ctx, { method: 'GET', url, level, entity: e.name, access: 'read', schema: { tags: [e.name], summary: `Get ${e.name} (${level})`, params } }, async (req, scope) => {
      const id = Number((req.params as Row).id);
      const row = ((await repo.list(scope, { [e.primaryKey]: id, size: 1 })) as { content: Row[] }).content[0];
      if (!row) throw notFound(`${e.name} ${id} not found`);
      return row;
    });
  }
}
