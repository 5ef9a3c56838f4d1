import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { afterCommit, type Queryable } from '../../db/database.ts';
import { badRequest, BusinessError } from '../../http/errors.ts';
import { registerHooks } from '../../resources/hooks.ts';
import { EntityRepository } from '../../resources/repository.ts';
import { defineRoute } from '../../http/module-route.ts';
import { cronProblem, describeCron, parseCron } from './cron.ts';
import { jobHandler, jobHandlerNames, parseJobParam } from './handlers.ts';
import { schedulerOf } from './scheduler.ts';
import { fromWallTime, wallTime } from './times.ts';

type Row = Record<string, unknown>;

const fieldError = (field: string, message: string) => Object.assign(badRequest(message), { field });

/** The statuses in which a job's settings may change, and in which it may be deleted (§2 of the notes: edit hidden when paused or ended). */
const EDITABLE = ['NORMAL', 'ERROR', 'BLOCKED'];
const DELETABLE = ['NONE', 'COMPLETE', 'ERROR'];

/**
 * The rules a job's settings must meet, each refusal naming its field: a registered handler,
 * parameters that are a JSON object the handler accepts, a cron expression that parses and fires
 * for a periodic job, an end after the start.
 */
export function checkJob(job: Row): void {
  const name = String(job.jobHandler ?? '');
  const handler = jobHandler(name);
  if (!handler) throw fieldError('jobHandler', `jobHandler "${name}" is not a registered job handler (${jobHandlerNames().join(', ')})`);
  let params: Record<string, unknown>;
  try {
    params = parseJobParam(job.jobParam);
  } catch (e) {
    throw fieldError('jobParam', `jobParam ${(e as Error).message}`);
  }
  const p = handler.checkParams?.(params);
  if (p) throw fieldError('jobParam', `jobParam: ${p}`);
  if (Number(job.cycleFlag ?? 1) === 1) {
    const cron = String(job.jobCron ?? '').trim();
    if (!cron) throw fieldError('jobCron', 'jobCron is required for a periodic job');
    const problem = cronProblem(cron);
    if (problem) throw fieldError('jobCron', `jobCron "${cron}" is not a valid cron expression: ${problem}`);
  }
  const start = fromWallTime(job.startDate);
  const end = fromWallTime(job.endDate);
  if (start && end && end <= start) throw fieldError('endDate', 'endDate must be after startDate');
}

/** When a job in status NORMAL fires next: its cron's next time from now (or from its start), or once at its start. */
export function nextFire(job: Row, now = new Date()): Date | null {
  const start = fromWallTime(job.startDate);
  const end = fromWallTime(job.endDate);
  const from = start && start > now ? new Date(start.getTime() - 1000) : now;
  let next: Date | null;
  if (Number(job.cycleFlag ?? 1) === 1) next = parseCron(String(job.jobCron ?? '')).next(from);
  else next = start && start > now ? start : now;
  if (next && end && next > end) return null;
  return next;
}

async function setNext(tx: Queryable, row: Row, next: Date | null): Promise<void> {
  const v = next ? wallTime(next) : null;
  await tx.query('update hsdr_job_info set next_fire_time = $2 where job_id = $1', [row.jobId, v]);
  row.nextFireTime = v;
}

/** Queues a run now: a log row the next claim of any instance picks up (once). */
async function queueRun(tx: Queryable, row: Row, ctx: ServerContext, tenantId: number): Promise<void> {
  await tx.query(
    `insert into hsdr_job_log (tenant_id, job_id, job_code, job_handler, trigger_type, client_result, scheduled_time, job_param, attempts)
     values ($1, $2, $3, $4, 'MANUAL', 'PENDING', $5, $6, 0)`,
    [tenantId, row.jobId, row.jobCode, row.jobHandler, wallTime(new Date()), row.jobParam ?? null],
  );
  afterCommit(tx, () => schedulerOf(ctx).poke());
}

registerHooks('jobInfo', {
  async beforeCreate(values) {
    checkJob(values);
    values.cronDescription = Number(values.cycleFlag ?? 1) === 1 ? describeCron(String(values.jobCron), 'en_US') : null;
    const next = nextFire(values);
    values.nextFireTime = next ? wallTime(next) : null;
  },
  async beforeWrite(current, action) {
    const status = String(current.jobStatus ?? '');
    if (action === 'update' && !EDITABLE.includes(status)) {
      throw new BusinessError('hsdr.error.job.notEditable', `A job in status ${status} cannot be edited: resume it, or run it again, first`, 'warn');
    }
    if (action === 'delete' && !DELETABLE.includes(status)) {
      throw new BusinessError('hsdr.error.job.notDeletable', `A job in status ${status} cannot be deleted: stop it first`, 'warn');
    }
  },
  async afterWrite(row, action, { tx, ctx, tenantId }) {
    switch (action) {
      case 'update': {
        checkJob(row);
        const desc = Number(row.cycleFlag ?? 1) === 1 ? describeCron(String(row.jobCron), 'en_US') : null;
        await tx.query('update hsdr_job_info set cron_description = $2 where job_id = $1', [row.jobId, desc]);
        row.cronDescription = desc;
        if (row.jobStatus === 'NORMAL') await setNext(tx, row, nextFire(row));
        break;
      }
      case 'trigger':
        await queueRun(tx, row, ctx, tenantId);
        break;
      case 'pause':
      case 'stop':
        await setNext(tx, row, null);
        break;
      case 'resume':
        // Firings missed while paused are skipped: the schedule picks up from now.
        await setNext(tx, row, nextFire(row));
        break;
      case 'again':
        if (Number(row.cycleFlag ?? 1) === 1) await setNext(tx, row, nextFire(row));
        else {
          await setNext(tx, row, null);
          await queueRun(tx, row, ctx, tenantId);
        }
        break;
      default:
        break;
    }
  },
});

/** Which job-info calls answer rows (to add the cron's description in the caller's language). */
const JOB_ROWS = /^\/hsdr\/v1\/(?::tenantId\/)?job-info(?:\/:id|\/:jobId)?$/;

/**
 * HZERO's scheduler calls beside the generic ones: the status actions by body (`POST
 * job-info/trigger|pause|resume|stop|again` with the job), the job logs' clear, error detail and
 * per-job list, the executors an instance may pick, the registered handlers, and a cron preview
 * (description and next fire times) for the form.
 */
export async function jobRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const jobs = ctx.entities.get('jobInfo')!;
  const logs = ctx.entities.get('jobLog')!;
  const repo = new EntityRepository(jobs, ctx);

  // The description follows the reader's language; the stored one is the English fallback.
  app.addHook('preSerialization', async (req: FastifyRequest, _reply, payload: unknown) => {
    const url = req.routeOptions?.url;
    if (req.method !== 'GET' && req.method !== 'POST' && req.method !== 'PUT') return payload;
    if (!url || !(JOB_ROWS.test(url) || /^\/hsdr\/v1\/(?::tenantId\/)?job-info\/(?::id\/actions\/:action|trigger|pause|resume|stop|again)$/.test(url))) return payload;
    const lang = req.auth?.language ?? 'zh_CN';
    const rows = Array.isArray((payload as Row)?.content) ? ((payload as Row).content as Row[]) : payload && typeof payload === 'object' ? [payload as Row] : [];
    for (const r of rows) if (r && typeof r.jobCron === 'string' && Number(r.cycleFlag ?? 1) === 1) r.cronDescription = describeCron(r.jobCron, lang) || r.cronDescription;
    return payload;
  });

  for (const level of ['site', 'tenant'] as const) {
    const pre = level === 'site' ? '/hsdr/v1' : '/hsdr/v1/:tenantId';
    const tenantParam = level === 'tenant' ? { tenantId: { type: 'integer' } } : {};
    const jobsWrite = { level, entity: 'jobInfo', access: 'write' } as const;
    const jobsRead = { level, entity: 'jobInfo', access: 'read' } as const;

    for (const action of ['trigger', 'pause', 'resume', 'stop', 'again']) {
      defineRoute(
        app,
        ctx,
        {
          method: 'POST',
          url: `${pre}/job-info/${action}`,
          ...jobsWrite,
          schema: {
            params: { type: 'object', properties: tenantParam },
            body: { type: 'object', required: ['jobId'], properties: { jobId: { type: 'integer', minimum: 1 }, objectVersionNumber: { type: 'integer' } } },
          },
        },
        async (req, scope) => {
          const b = req.body as { jobId: number; objectVersionNumber?: number };
          return repo.transition(scope, b.jobId, action, b.objectVersionNumber === undefined ? {} : { objectVersionNumber: b.objectVersionNumber });
        },
      );
    }

    defineRoute(app, ctx, { method: 'GET', url: `${pre}/job-info/handlers`, ...jobsRead, schema: { params: { type: 'object', properties: tenantParam } } }, async () => jobHandlerNames());

    defineRoute(
      app,
      ctx,
      {
        method: 'GET',
        url: `${pre}/job-info/cron-preview`,
        ...jobsRead,
        schema: { params: { type: 'object', properties: tenantParam }, querystring: { type: 'object', required: ['jobCron'], properties: { jobCron: { type: 'string', maxLength: 120 }, count: { type: 'integer', minimum: 1, maximum: 20, default: 5 } } } },
      },
      async (req) => {
        const q = req.query as { jobCron: string; count: number };
        const problem = cronProblem(q.jobCron);
        if (problem) throw fieldError('jobCron', `jobCron "${q.jobCron}" is not a valid cron expression: ${problem}`);
        return { jobCron: q.jobCron, description: describeCron(q.jobCron, req.auth?.language ?? 'zh_CN'), nextFireTimes: parseCron(q.jobCron).nextRuns(q.count, new Date()).map(wallTime) };
      },
    );

    // HZERO: `DELETE job-logs/clear?clearType=1..7[&jobId=]`; the types are HSDR.JOB_LOG_CLEAR_TYPE.
    defineRoute(
      app,
      ctx,
      {
        method: 'DELETE',
        url: `${pre}/job-logs/clear`,
        ...jobsWrite,
        schema: {
          params: { type: 'object', properties: tenantParam },
          querystring: { type: 'object', required: ['clearType'], properties: { clearType: { type: 'string', enum: ['1', '2', '3', '4', '5', '6', '7'] }, jobId: { type: 'integer', minimum: 1 } } },
        },
      },
      async (req, scope) => {
        const q = req.query as { clearType: string; jobId?: number };
        const age: Record<string, string | null> = { '1': '1 day', '2': '7 days', '3': '1 month', '4': '3 months', '5': '6 months', '6': '1 year', '7': null };
        const params: unknown[] = [scope.tenantId, q.jobId ?? null, age[q.clearType]];
        const r = await ctx.db.query(
          `delete from hsdr_job_log where ($1::bigint is null or tenant_id = $1) and ($2::bigint is null or job_id = $2) and client_result not in ('PENDING', 'DOING')
              and ($3::text is null or coalesce(start_time, creation_date) < now() - $3::interval)`,
          params,
        );
        return { deleted: r.affectedRows ?? 0 };
      },
    );

    defineRoute(
      app,
      ctx,
      { method: 'GET', url: `${pre}/job-logs/:logId/error-detail`, level, entity: 'jobLog', access: 'read', schema: { params: { type: 'object', required: ['logId'], properties: { ...tenantParam, logId: { type: 'integer', minimum: 1 } } } } },
      async (req, scope) => {
        const row = await new EntityRepository(logs, ctx).get(scope, (req.params as { logId: number }).logId);
        return { logId: row.logId, messageHeader: row.messageHeader, message: row.message, errorDetail: row.errorDetail };
      },
    );
  }
}

/** Reads a job's next fire time as the scheduler stored it (tests, and the log screen's header). */
export async function storedNextFire(db: Queryable, jobId: number): Promise<Date | null> {
  const r = await db.query<{ t: string | null }>("select to_char(next_fire_time, 'YYYY-MM-DD HH24:MI:SS') as t from hsdr_job_info where job_id = $1", [jobId]);
  return fromWallTime(r.rows[0]?.t);
}
