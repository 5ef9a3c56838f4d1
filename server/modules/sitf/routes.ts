import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import type { RouteGroup } from '../../http/route-group.ts';
import { registerHooks } from '../../resources/hooks.ts';
import { EntityRepository } from '../../resources/repository.ts';
import { KEEP, checkHttpUrl, headersOf } from '../hitf/call.ts';
import { cleanDaysOf, cleanOlderThan } from './clean.ts';
import { rerunBatch, runInterface } from './run.ts';
import { batchStatistics } from './statistics.ts';
import { defineRoute } from '../../http/module-route.ts';

// An interface is only ever called at an http(s) address with headers that are a JSON object.
registerHooks('sitfInterfaceDef', {
  async beforeCreate(values) {
    checkHttpUrl(values.interfaceUrl, 'interfaceUrl');
    headersOf(values.requestHeader);
  },
  async afterWrite(row, action) {
    if (action !== 'update') return;
    checkHttpUrl(row.interfaceUrl, 'interfaceUrl');
    headersOf(row.requestHeader);
  },
});

// Saving a clean-up record is the clean-up: refused without an age, counts written in the same transaction.
registerHooks('sitfCleanRecord', {
  async beforeCreate(values) {
    values.cleanDays = cleanDaysOf(values.cleanDays);
  },
  async afterWrite(row, action, { tx, tenantId }) {
    if (action === 'create') await cleanOlderThan(tx, tenantId, Number(row.cleanDays), Number(row.cleanRecordId));
  },
});

const idParams = (name: string) => ({ type: 'object', required: ['tenantId', name], properties: { tenantId: { type: 'integer' }, [name]: { type: 'integer', minimum: 1 } } });

/**
 * The interface platform's own calls: run an interface now (a new batch), re-run a failed batch,
 * clean up by age, and the batch statistics. Definitions, queues, consumers, monitoring rules and
 * the searches are the generic entity paths.
 */
async function sitfRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const batches = ctx.entities.get('sitfBatch')!;
  const cleanRecords = ctx.entities.get('sitfCleanRecord')!;

  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/sifc/v1/:tenantId/interfaces/:interfaceDefId/run',
      entity: 'sitfInterfaceDef',
      access: 'write',
      schema: {
        params: idParams('interfaceDefId'),
        body: { type: ['object', 'null'], properties: { docNum: { type: 'string', maxLength: 60 }, body: { type: 'string', maxLength: KEEP } } },
      },
    },
    async (req, scope) => {
      const b = (req.body ?? {}) as { docNum?: string; body?: string };
      const id = await runInterface(ctx, scope, (req.params as { interfaceDefId: number }).interfaceDefId, req.ip, b.docNum, b.body);
      return new EntityRepository(batches, ctx).get(scope, id);
    },
  );

  // Who may search batches may re-run the failed ones (the interface-search page's holders).
  defineRoute(app, ctx, { method: 'POST', url: '/sitf/v1/:tenantId/rerun-batch/:batchId', entity: 'sitfBatch', access: 'read', schema: { params: idParams('batchId') } }, async (req, scope) => {
    const id = (req.params as { batchId: number }).batchId;
    await rerunBatch(ctx, scope, id, req.ip);
    return new EntityRepository(batches, ctx).get(scope, id);
  });

  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/sitf/v1/:tenantId/clean-interface',
      entity: 'sitfCleanRecord',
      access: 'write',
      schema: {
        params: { type: 'object', required: ['tenantId'], properties: { tenantId: { type: 'integer' } } },
        // The range check and its message are cleanDaysOf's; the document names the one field.
        body: { type: 'object', properties: { cleanDays: { type: ['integer', 'string'] } } },
      },
    },
    async (req, scope) => {
      const days = cleanDaysOf(((req.body ?? {}) as { cleanDays?: unknown }).cleanDays);
      return new EntityRepository(cleanRecords, ctx).create(scope, { cleanDays: days });
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/sitf/v1/:tenantId/batch-statistics',
      entity: 'sitfBatch',
      access: 'read',
      schema: {
        params: { type: 'object', required: ['tenantId'], properties: { tenantId: { type: 'integer' } } },
        querystring: { type: 'object', properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } } },
      },
    },
    async (req, scope) => {
      const q = req.query as { from?: string; to?: string };
      return batchStatistics(ctx.db, scope.tenantId!, q.from, q.to);
    },
  );
}

/** Interface platform: external systems, definitions, queues, batches with re-run, monitoring, statistics, clean-up. */
export const routes: RouteGroup[] = [sitfRoutes];
