import { hostname } from 'node:os';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { serverActor, statusMoves } from '../../resources/status-moves.ts';
import { parseCron } from './cron.ts';
import { jobHandler, parseJobParam } from './handlers.ts';
import { fromWallTime, wallTime } from './times.ts';

type Row = Record<string, unknown>;

export interface SchedulerOptions {
  /** How often due firings and queued triggers are claimed (ms). */
  tickMs?: number;
  /** How often this instance tells the executor table it is alive (ms); three missed beats mark it offline. */
  heartbeatMs?: number;
  /** Pause between attempts of a job failing with the RETRY strategy (ms). */
  retryDelayMs?: number;
  /** The address shown for this instance (`host:port`), when known. */
  address?: () => string | null;
}

/** A firing or trigger this instance claimed: its log row is already written as running. */
interface Claim {
  logId: number;
  jobId: number;
  tenantId: number;
  jobCode: string;
  jobHandler: string;
  jobParam: string | null;
  failStrategy: string;
  retryNumber: number;
  cycleFlag: number;
}

/** A firing more than this late ran because the server was down or busy at its time. */
const MISFIRE_MS = 60_000;
const BATCH = 20;

let instances = 0;

/**
 * The scheduler of one server instance. Every instance runs one on the same database; a firing
 * runs exactly once because it is claimed inside a transaction that locks the job row
 * (`for update skip locked`: another instance skips it rather than waits) and moves its next fire
 * time on before committing, and a queued trigger is claimed the same way through its log row.
 * A firing missed while no instance ran is due at the next start and runs then, once: the next
 * fire time is computed from the present, not caught up one by one.
 */
export class Scheduler {
  /** This instance's executor code (auto-registered row of `hsdr_executor`, tenant 0). */
  readonly code: string;
  private readonly opts: Required<Omit<SchedulerOptions, 'address'>> & Pick<SchedulerOptions, 'address'>;
  private tickTimer: NodeJS.Timeout | undefined;
  private beatTimer: NodeJS.Timeout | undefined;
  private ticking: Promise<number> | null = null;
  private again = false;
  private readonly running = new Set<Promise<void>>();
  private stopped = true;

  constructor(
    private readonly ctx: ServerContext,
    opts: SchedulerOptions = {},
  ) {
    instances += 1;
    this.code = `auto:${hostname()}:${process.pid}:${instances}${Math.random().toString(36).slice(2, 6)}`;
    this.opts = { tickMs: opts.tickMs ?? 1000, heartbeatMs: opts.heartbeatMs ?? 10_000, retryDelayMs: opts.retryDelayMs ?? 500, address: opts.address };
  }

  get started(): boolean {
    return !this.stopped;
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    await this.heartbeat();
    this.beatTimer = setInterval(() => void this.heartbeat().catch((e: unknown) => console.error('hsdr heartbeat failed', e)), this.opts.heartbeatMs);
    this.tickTimer = setInterval(() => this.poke(), this.opts.tickMs);
    this.beatTimer.unref();
    this.tickTimer.unref();
    // A firing due while no instance ran runs now, once.
    this.poke();
  }

  /** The scheduler's own status moves (a job ending, an instance lost), recorded under its name. */
  private moves(tx: Queryable, tenantId: number) {
    return statusMoves({ ctx: this.ctx, auth: serverActor(tenantId, 'hsdr'), tenantId, tx });
  }

  /** Stops claiming, waits for the runs in progress, and marks this instance offline. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.tickTimer);
    clearInterval(this.beatTimer);
    await this.ticking?.catch(() => 0);
    await Promise.allSettled([...this.running]);
    await this.ctx.db.transaction((tx) => this.moves(tx, 0).moveEvery('executor', { executorCode: this.code, executorType: 0 }, 'lost')).catch(() => undefined);
  }

  /** Claims soon (a trigger was just queued), without waiting for the next tick. */
  poke(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    void this.tick().catch((e: unknown) => console.error('hsdr tick failed', e));
  }

  /**
   * Claims what is due at `now` (firings and queued triggers) and starts running it; resolves
   * with the number claimed once those runs have ended. Overlapping calls share one claim.
   */
  tick(now = new Date()): Promise<number> {
    if (this.ticking) return this.ticking;
    const work = (async () => {
      let total = 0;
      do {
        this.again = false;
        const claims = await this.claim(now);
        total += claims.length;
        await Promise.all(claims.map((c) => this.track(this.execute(c))));
      } while (this.again && !this.stopped);
      return total;
    })();
    this.ticking = work.finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private track(p: Promise<void>): Promise<void> {
    this.running.add(p);
    return p.finally(() => this.running.delete(p));
  }

  /** Due firings and queued triggers, claimed and logged as running in one transaction. */
  async claim(now: Date): Promise<Claim[]> {
    const at = wallTime(now);
    const address = this.opts.address?.() ?? null;
    return this.ctx.db.transaction(async (tx) => {
      const claims: Claim[] = [];
      const due = (
        await tx.query<Row>(
          `select job_id::float8 as "jobId", tenant_id::float8 as "tenantId", job_code as "jobCode", job_handler as "jobHandler", job_param as "jobParam",
                  job_cron as "jobCron", cycle_flag as "cycleFlag", fail_strategy as "failStrategy", coalesce(retry_number, 0) as "retryNumber",
                  to_char(next_fire_time, 'YYYY-MM-DD HH24:MI:SS') as "nextFireTime", to_char(end_date, 'YYYY-MM-DD HH24:MI:SS') as "endDate"
             from hsdr_job_info
            where job_status = 'NORMAL' and next_fire_time is not null and next_fire_time <= $1
            order by next_fire_time, job_id limit ${BATCH} for update skip locked`,
          [at],
        )
      ).rows;
      for (const j of due) {
        const scheduled = fromWallTime(j.nextFireTime)!;
        const cycle = Number(j.cycleFlag ?? 1) === 1;
        let next: Date | null = null;
        let status = 'NORMAL';
        if (cycle) {
          try {
            next = parseCron(String(j.jobCron ?? '')).next(now);
          } catch {
            status = 'ERROR';
          }
          const end = fromWallTime(j.endDate);
          if (next && end && next > end) {
            next = null;
            status = 'COMPLETE';
          }
        }
        await tx.query('update hsdr_job_info set next_fire_time = $2, last_fire_time = $3 where job_id = $1', [j.jobId, next ? wallTime(next) : null, wallTime(scheduled)]);
        if (status !== 'NORMAL') await this.moves(tx, Number(j.tenantId)).move('jobInfo', Number(j.jobId), status === 'ERROR' ? 'fail' : 'complete');
        const late = now.getTime() - scheduled.getTime() > MISFIRE_MS;
        const log = await tx.query<{ id: number }>(
          `insert into hsdr_job_log (tenant_id, job_id, job_code, job_handler, trigger_type, client_result, executor_name, address, scheduled_time, start_time, job_param, attempts)
           values ($1, $2, $3, $4, $5, 'DOING', $6, $7, $8, $9, $10, 0) returning log_id::float8 as id`,
          [j.tenantId, j.jobId, j.jobCode, j.jobHandler, late ? 'MISFIRE' : 'CRON', this.code, address, wallTime(scheduled), at, j.jobParam ?? null],
        );
        claims.push({ ...(j as unknown as Claim), retryNumber: Number(j.retryNumber), cycleFlag: cycle ? 1 : 0, logId: log.rows[0]!.id });
      }
      const queued = (
        await tx.query<Row>(
          `select l.log_id::float8 as "logId", j.job_id::float8 as "jobId", j.tenant_id::float8 as "tenantId", j.job_code as "jobCode", j.job_handler as "jobHandler",
                  j.job_param as "jobParam", j.fail_strategy as "failStrategy", coalesce(j.retry_number, 0) as "retryNumber", coalesce(j.cycle_flag, 1) as "cycleFlag"
             from hsdr_job_log l join hsdr_job_info j on j.job_id = l.job_id
            where l.client_result = 'PENDING' order by l.log_id limit ${BATCH} for update of l skip locked`,
        )
      ).rows;
      for (const q of queued) {
        await tx.query(`update hsdr_job_log set client_result = 'DOING', start_time = $2, executor_name = $3, address = $4, job_param = $5, job_handler = $6 where log_id = $1`, [
          q.logId,
          at,
          this.code,
          address,
          q.jobParam ?? null,
          q.jobHandler,
        ]);
        claims.push({ ...(q as unknown as Claim), retryNumber: Number(q.retryNumber), cycleFlag: Number(q.cycleFlag) });
      }
      return claims;
    });
  }

  /** Runs one claimed firing with its failure strategy and writes the outcome to its log row. A throw never escapes. */
  private async execute(c: Claim): Promise<void> {
    const started = Date.now();
    const lines: string[] = [];
    let attempts = 0;
    let summary = '';
    let error: unknown = null;
    const handler = jobHandler(c.jobHandler);
    if (!handler) {
      error = new Error(`No job handler named ${c.jobHandler} is registered on this server`);
    } else {
      let params: Record<string, unknown> = {};
      try {
        params = parseJobParam(c.jobParam);
      } catch (e) {
        error = new Error(`jobParam ${(e as Error).message}`);
      }
      if (!error) {
        const max = c.failStrategy === 'RETRY' ? 1 + Math.max(0, c.retryNumber) : 1;
        for (attempts = 1; attempts <= max; attempts++) {
          try {
            summary = await handler.run({ ctx: this.ctx, tenantId: c.tenantId, jobId: c.jobId, jobCode: c.jobCode, params, log: (l) => lines.push(l) });
            error = null;
            break;
          } catch (e) {
            error = e ?? new Error('failed');
            lines.push(`attempt ${attempts} of ${max}: ${(e as Error)?.message ?? String(e)}`);
            if (attempts < max) await new Promise((r) => setTimeout(r, this.opts.retryDelayMs));
          }
        }
        attempts = Math.min(attempts, max);
      }
    }
    const ended = Date.now();
    const failed = error !== null;
    const header = failed ? (attempts > 1 ? `Failed after ${attempts} attempts: ${(error as Error)?.message ?? String(error)}` : `Failed: ${(error as Error)?.message ?? String(error)}`) : summary || 'Done';
    await this.ctx.db
      .transaction(async (tx) => {
        await tx.query(
          `update hsdr_job_log set client_result = $2, job_result = $3, end_time = $4, duration = $5, attempts = $6, message_header = $7, message = $8, error_detail = $9,
                  last_update_date = now(), object_version_number = object_version_number + 1 where log_id = $1`,
          [
            c.logId,
            failed ? 'FAILURE' : 'SUCCESS',
            handler ? 'SUCCESS' : 'FAILURE',
            wallTime(new Date(ended)),
            ended - started,
            attempts,
            header.slice(0, 480),
            lines.join('\n').slice(0, 100_000) || null,
            failed ? String((error as Error)?.stack ?? error).slice(0, 20_000) : null,
          ],
        );
        // A job that runs once ends with its run; a periodic one keeps its schedule whatever the outcome.
        // Its concurrent request follows by the transition's declared effect (job-info.json).
        if (c.cycleFlag === 0) await this.moves(tx, c.tenantId).moveEvery('jobInfo', { jobId: c.jobId }, failed ? 'fail' : 'complete', () => ['t.next_fire_time is null']);
      })
      .catch((e: unknown) => console.error(`hsdr: could not record the run of job ${c.jobCode}`, e));
  }

  /**
   * Tells the executor table this instance is alive, marks instances silent for three beats
   * offline (their unfinished runs failed), and forgets instances gone for a day.
   */
  async heartbeat(now = new Date()): Promise<void> {
    const at = wallTime(now);
    const address = this.opts.address?.() ?? null;
    await this.ctx.db.transaction(async (tx) => {
      const r = await tx.query('update hsdr_executor set last_heartbeat = $2, address_list = coalesce($3, address_list) where executor_code = $1 and executor_type = 0', [
        this.code,
        at,
        address,
      ]);
      if (!r.affectedRows) {
        await tx.query(
          `insert into hsdr_executor (tenant_id, executor_code, executor_name, order_seq, executor_type, address_list, server_name, status, last_heartbeat)
           values (0, $1, $2, 0, 0, $3, 'srm-backoffice', 'ONLINE', $4)`,
          [this.code, `srm-backoffice ${hostname()} #${process.pid}`, address, at],
        );
      }
      // Back after being marked lost; an instance an administrator took offline stays offline.
      else await this.moves(tx, 0).moveEvery('executor', { executorCode: this.code, executorType: 0 }, 'beat');
      const cutoff = wallTime(new Date(now.getTime() - 3 * this.opts.heartbeatMs));
      const silent = (params: unknown[]) => {
        params.push(cutoff);
        return [`t.last_heartbeat < $${params.length}`];
      };
      const gone = (await this.moves(tx, 0).moveEvery('executor', { executorType: 0 }, 'lost', silent)).map((x) => String(x.executorCode));
      if (gone.length) {
        await tx.query(
          `update hsdr_job_log set client_result = 'FAILURE', job_result = 'FAILURE', end_time = $2, message_header = 'The server instance running it stopped',
                  error_detail = 'Executor ' || executor_name || ' stopped sending heartbeats while the job ran' where client_result = 'DOING' and executor_name = any($1::text[])`,
          [gone, at],
        );
      }
      await tx.query("delete from hsdr_executor where executor_type = 0 and status = 'A-OFFLINE' and last_heartbeat < $1", [wallTime(new Date(now.getTime() - 24 * 3600_000))]);
    });
  }
}


const schedulers = new WeakMap<ServerContext, Scheduler>();

/** The scheduler of a server (its context), created on first use. */
export function schedulerOf(ctx: ServerContext, opts?: SchedulerOptions): Scheduler {
  let s = schedulers.get(ctx);
  if (!s) {
    s = new Scheduler(ctx, opts);
    schedulers.set(ctx, s);
  }
  return s;
}

/**
 * Whether a server starts its scheduler by itself: yes, unless HSDR_SCHEDULER=off; under the test
 * runner only with HSDR_SCHEDULER=on, so test servers do no background work unless a test asks.
 */
export function schedulerEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.HSDR_SCHEDULER === 'off') return false;
  if (env.HSDR_SCHEDULER === 'on') return true;
  return !env.VITEST;
}
