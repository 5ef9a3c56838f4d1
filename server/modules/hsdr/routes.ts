import type { FastifyInstance } from 'fastify';
import type { RouteGroup } from '../../http/route-group.ts';
import type { ServerContext } from '../../context.ts';
import './builtin-handlers.ts';
import './glue.ts';
import './requests.ts';
import { jobRoutes } from './jobs.ts';
import { schedulerEnabled, schedulerOf } from './scheduler.ts';

/** This instance's address as executors show it, once it listens. */
function addressOf(app: FastifyInstance): string | null {
  const a = app.server.address();
  return a && typeof a === 'object' ? `${a.address}:${a.port}` : null;
}

/**
 * The scheduler runs inside every server instance: it starts when the server listens (unless
 * turned off, and under the test runner only when a test turns it on) and stops, finishing its
 * runs, when the server closes.
 */
async function schedulerLifecycle(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const scheduler = schedulerOf(ctx, { address: () => addressOf(app) });
  // On listening, not on ready: tools that only build the app to read its routes never start it.
  if (schedulerEnabled()) {
    app.addHook('onListen', async () => {
      await scheduler.start().catch((e: unknown) => app.log.error(e, 'the scheduler could not start'));
    });
  }
  app.addHook('onClose', async () => scheduler.stop());
}

/** Scheduler: jobs, their logs and the HZERO-style calls; executors, executables and concurrent programs use the generic paths. */
export const routes: RouteGroup[] = [jobRoutes, schedulerLifecycle];
