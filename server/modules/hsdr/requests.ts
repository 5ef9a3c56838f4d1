import { afterCommit } from '../../db/database.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { registerHooks } from '../../resources/hooks.ts';
import { EntityRepository } from '../../resources/repository.ts';
import { describeCron } from './cron.ts';
import { parseJobParam } from './handlers.ts';
import { checkJob, nextFire } from './jobs.ts';
import { schedulerOf } from './scheduler.ts';
import { wallTime } from './times.ts';

type Row = Record<string, unknown>;

const fieldError = (field: string, message: string) => Object.assign(badRequest(message), { field });

/** An interval as a cron expression, and the largest count each unit takes. */
const INTERVALS: Record<string, { max: number; cron: (n: number) => string }> = {
  SECONDS: { max: 59, cron: (n) => `*/${n} * * * * *` },
  MINUTES: { max: 59, cron: (n) => `0 */${n} * * * *` },
  HOURS: { max: 23, cron: (n) => `0 0 */${n} * * *` },
  DAYS: { max: 31, cron: (n) => `0 0 0 */${n} * *` },
};

/** A request's parameters checked against the program's definitions (required, number, date, text); unknown ones refused. */
function checkParams(defs: Row[], given: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const known = new Set(defs.map((d) => String(d.paramCode)));
  for (const k of Object.keys(given)) if (!known.has(k)) throw fieldError('requestParam', `requestParam: the program has no parameter ${k}`);
  for (const d of defs) {
    const code = String(d.paramCode);
    let v = given[code];
    if ((v === undefined || v === null || v === '') && d.defaultValue !== null && d.defaultValue !== undefined && d.defaultValue !== '') v = d.defaultValue;
    if (v === undefined || v === null || v === '') {
      if (Number(d.notnullFlag) === 1) throw fieldError('requestParam', `requestParam: ${code} (${String(d.paramName)}) is required`);
      continue;
    }
    if (d.paramFormatCode === 'NUMERICAL' && (typeof v === 'object' || !Number.isFinite(Number(v)))) throw fieldError('requestParam', `requestParam: ${code} must be a number`);
    if (d.paramFormatCode === 'DATE' && !/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/.test(String(v))) throw fieldError('requestParam', `requestParam: ${code} must be a date (YYYY-MM-DD)`);
    if (typeof v === 'object') throw fieldError('requestParam', `requestParam: ${code} must be a single value`);
    out[code] = d.paramFormatCode === 'NUMERICAL' ? String(v) : v;
  }
  return out;
}

/**
 * Submitting a concurrent request: the caller's role must be granted the program (within its
 * dates and request limit; site roles always are), the parameters must meet the program's
 * definitions, and the request becomes a job of the program's executable, run once (at its start,
 * or now) or on its interval. The request shows that job's status from then on.
 */
registerHooks('concRequest', {
  async beforeCreate(values, { tx, auth, tenantId, ctx }) {
    const conc = (
      await tx.query<Row>(
        `select c.concurrent_id::float8 as id, c.conc_code as code, c.conc_name as name, e.job_handler as handler, e.fail_strategy as "failStrategy",
                coalesce(e.retry_number, 0) as "retryNumber", e.executor_id::float8 as "executorId"
           from hsdr_concurrent c join hsdr_executable e on e.executable_id = c.executable_id and coalesce(e.enabled_flag, 1) = 1
          where c.concurrent_id = $1 and c.tenant_id = $2 and coalesce(c.enabled_flag, 1) = 1`,
        [values.concurrentId, tenantId],
      )
    ).rows[0];
    if (!conc) throw fieldError('concurrentId', `concurrentId ${String(values.concurrentId)} is not an enabled program with an enabled executable in this tenant`);
    if (auth.roleLevel !== 'site') {
      const grant = (
        await tx.query<{ limit: number | null; used: number }>(
          `select p.limit_quantity as limit,
                  (select count(*)::int from hsdr_conc_request r where r.concurrent_id = p.concurrent_id and r.tenant_id = $3 and r.created_by = $4) as used
             from hsdr_concurrent_permission p
            where p.concurrent_id = $1 and p.role_id = $2 and coalesce(p.enabled_flag, 1) = 1
              and (p.start_date is null or p.start_date <= current_date) and (p.end_date is null or p.end_date >= current_date)`,
          [conc.id, auth.roleId, tenantId, auth.userId],
        )
      ).rows[0];
      if (!grant) throw forbidden(`Your role may not submit requests of program ${String(conc.code)}`);
      if (grant.limit !== null && grant.used >= Number(grant.limit)) throw forbidden(`Your requests of program ${String(conc.code)} reached their limit of ${grant.limit}`);
    }
    let given: Record<string, unknown>;
    try {
      given = parseJobParam(values.requestParam);
    } catch (e) {
      throw fieldError('requestParam', `requestParam ${(e as Error).message}`);
    }
    const defs = (
      await tx.query<Row>(
        `select param_code as "paramCode", param_name as "paramName", param_format_code as "paramFormatCode", notnull_flag as "notnullFlag", default_value as "defaultValue"
           from hsdr_concurrent_param where concurrent_id = $1 and coalesce(enabled_flag, 1) = 1 order by order_seq`,
        [conc.id],
      )
    ).rows;
    const params = checkParams(defs, given);
    let cron: string | null = null;
    const cycle = Number(values.cycleFlag ?? 0) === 1;
    if (cycle) {
      const unit = INTERVALS[String(values.intervalType ?? '')];
      if (!unit) throw fieldError('intervalType', 'intervalType is required for a repeating request (SECONDS, MINUTES, HOURS or DAYS)');
      const n = Number(values.intervalNumber);
      if (!Number.isInteger(n) || n < 1 || n > unit.max) throw fieldError('intervalNumber', `intervalNumber must be from 1 to ${unit.max} ${String(values.intervalType).toLowerCase()}`);
      cron = unit.cron(n);
    }
    const job: Row = {
      jobHandler: conc.handler,
      jobParam: JSON.stringify(params),
      cycleFlag: cycle ? 1 : 0,
      jobCron: cron,
      startDate: values.startDate ?? null,
      endDate: values.endDate ?? null,
    };
    checkJob(job);
    const next = nextFire(job);
    const created = await tx.query<{ id: number }>(
      `insert into hsdr_job_info (tenant_id, job_code, description, executor_id, glue_type, job_handler, job_param, cycle_flag, job_cron, cron_description, next_fire_time,
                                  executor_strategy, fail_strategy, retry_number, start_date, end_date, source_flag, job_status, created_by, last_updated_by)
       values ($1, $2, $3, $4, 'SIMPLE', $5, $6, $7, $8, $9, $10, 'POLLING', $11, $12, $13, $14, 'REQUEST', 'NORMAL', $15, $15) returning job_id::float8 as id`,
      [
        tenantId,
        `REQ-${String(conc.code)}-${Date.now().toString(36).toUpperCase()}`.slice(0, 60),
        String(conc.name).slice(0, 240),
        conc.executorId ?? null,
        conc.handler,
        job.jobParam,
        job.cycleFlag,
        cron,
        cron ? describeCron(cron, 'en_US') : null,
        next ? wallTime(next) : null,
        conc.failStrategy ?? 'IGNORE',
        conc.retryNumber,
        job.startDate,
        job.endDate,
        auth.userId,
      ],
    );
    values.jobId = created.rows[0]!.id;
    values.jobStatus = 'NORMAL';
    values.requestParam = job.jobParam;
    afterCommit(tx, () => schedulerOf(ctx).poke());
  },
  async afterWrite(row, action, { tx, auth, tenantId, ctx }) {
    if (action !== 'again' || !row.jobId) return;
    // Running a request again runs its job again (the job's own status machine decides whether it may).
    await new EntityRepository(ctx.entities.get('jobInfo')!, ctx).transition({ auth, tenantId }, Number(row.jobId), 'again', {}, { system: true, tx });
  },
});
