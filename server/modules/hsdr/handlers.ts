import type { ServerContext } from '../../context.ts';

/** What a handler gets for one run: the job's tenant (0: the platform, meaning every tenant) and its parameters. */
export interface JobRun {
  ctx: ServerContext;
  tenantId: number;
  jobId: number | null;
  jobCode: string;
  params: Record<string, unknown>;
  /** Adds a line to the run's output (shown in the log). */
  log(line: string): void;
}

export interface JobHandler {
  /**
   * Checks the parameters when a job is saved: returns the problem (the job is refused with a 400
   * naming `jobParam`) or null. Parameters are data read by the handler, never code to run.
   */
  checkParams?(params: Record<string, unknown>): string | null;
  /** Does the work; returns the one-line summary of the log. A throw is the run's failure. */
  run(run: JobRun): Promise<string>;
}

const handlers = new Map<string, JobHandler>();

/** Handlers are registered by name in the server; a job names one (`jobHandler`). */
export function registerJobHandler(name: string, handler: JobHandler): void {
  handlers.set(name, handler);
}

export function jobHandler(name: string): JobHandler | undefined {
  return handlers.get(name);
}

export function jobHandlerNames(): string[] {
  return [...handlers.keys()].sort();
}

/** A job's parameter text as an object: empty is `{}`, anything but a JSON object is refused. */
export function parseJobParam(text: unknown): Record<string, unknown> {
  if (text === undefined || text === null || String(text).trim() === '') return {};
  let v: unknown;
  try {
    v = JSON.parse(String(text));
  } catch (e) {
    throw new Error(`is not valid JSON (${(e as Error).message})`, { cause: e });
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('must be a JSON object, e.g. {"keepDays": 30}');
  return v as Record<string, unknown>;
}
