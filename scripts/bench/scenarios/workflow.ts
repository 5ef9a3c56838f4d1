import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import pg from 'pg';
import type { ServerContext } from '../../../server/context.ts';
import { createServer, DEFAULT_DEMO_PASSWORD } from '../../../server/start-server.ts';
import { openWorkplace, signedInContext } from '../lib/app-server.ts';
import { noCache } from '../lib/js-sizes.ts';
import { openScript } from '../lib/page-scripts.ts';
import { withPostgres } from '../lib/postgres.ts';
import type { ResultRow, Section } from '../lib/report.ts';
import { median, p95 } from '../lib/stats.ts';

/**
 * Scenario 11, the workflow engine: instances per second of a two-step approval started and
 * completed through the HTTP API (PGlite and PostgreSQL), and My tasks with 10,000 open tasks
 * opened as a new tab until its first row is painted (scenario 7's method).
 */
const quick = process.env.BENCH_QUICK === '1';
const DURATION_MS = quick ? 5_000 : 20_000;
const OPEN_RUNS = quick ? 3 : 7;
const OPEN_TASKS = 10_000;
const LIST = '/hwfl/workflow/task/list';
const firstRow = `[data-tab-page="${LIST}"] [role="row"][data-row-key]`;

const TWO_STEPS = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:hwfl="http://srm.example/schema/hwfl" id="bench" targetNamespace="http://srm.example/hwfl">
  <process id="BENCH_TWO_STEPS" name="Two-step approval" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="a" sourceRef="start" targetRef="first" />
    <userTask id="first" name="First" hwfl:assignee="user:approver" />
    <sequenceFlow id="b" sourceRef="first" targetRef="second" />
    <userTask id="second" name="Second" hwfl:assignee="user:director" />
    <sequenceFlow id="c" sourceRef="second" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

type App = Awaited<ReturnType<typeof createServer>>['app'];

async function token(app: App, user: string): Promise<string> {
  const r = await app.inject({ method: 'POST', url: '/oauth/oauth/login', payload: new URLSearchParams({ username: user, password: DEFAULT_DEMO_PASSWORD, redirect_uri: '/' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  return /access_token=([^&]+)/.exec(String(r.headers.location))![1]!;
}

/** Deploys the two-step process, then starts and completes instances one after another for DURATION_MS. */
async function throughput(app: App, ctx: ServerContext): Promise<{ perSecond: number; instances: number; stepMs: number[] }> {
  const [admin, buyer, approver, director] = await Promise.all(['admin', 'buyer', 'approver', 'director'].map((u) => token(app, u)));
  const call = async (tok: string, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const r = await app.inject({ method, url, payload: payload as object, headers: { authorization: `bearer ${tok}` } });
    const body = r.json() as Record<string, unknown>;
    if (r.statusCode !== 200 || body.failed) throw new Error(`${method} ${url}: ${r.body.slice(0, 300)}`);
    return body;
  };
  const model = await call(admin, 'POST', '/hwfl/v1/1/process/models', { modelKey: 'BENCH_TWO_STEPS', name: 'Two-step approval', categoryId: 1, xml: TWO_STEPS });
  await call(admin, 'POST', `/hwfl/v1/1/process/models/${model.modelId}/deploy`);
  const openTask = async (instanceId: unknown) => (await ctx.db.query<{ id: number }>("select task_id::float8 as id from hwfl_task where instance_id = $1 and status_code = 'PENDING'", [instanceId])).rows[0]!.id;
  const stepMs: number[] = [];
  let instances = 0;
  const start = performance.now();
  while (performance.now() - start < DURATION_MS) {
    const t0 = performance.now();
    const { instanceId } = await call(buyer, 'POST', '/hwfl/v1/1/process/instance/start-up', { processKey: 'BENCH_TWO_STEPS', description: `bench ${instances}`, variables: { amount: instances } });
    await call(approver, 'POST', `/hwfl/v1/1/runtime/tasks/${await openTask(instanceId)}`, { action: 'Approved' });
    const done = await call(director, 'POST', `/hwfl/v1/1/runtime/tasks/${await openTask(instanceId)}`, { action: 'Approved' });
    if (done.resultCode !== 'APPROVED') throw new Error(`instance ${String(instanceId)} ended ${String(done.resultCode)}`);
    stepMs.push(performance.now() - t0);
    instances++;
  }
  return { perSecond: instances / ((performance.now() - start) / 1000), instances, stepMs };
}

/** 10,000 open tasks of `approver` in one instance of the demo tenant, written in one statement. */
async function manyTasks(ctx: ServerContext): Promise<void> {
  const inst = (await ctx.db.query<{ id: number }>("select instance_id::float8 as id from hwfl_process_instance where tenant_id = 1 and status_code = 'RUNNING' order by instance_id limit 1")).rows[0]!.id;
  await ctx.db.query(
    `insert into hwfl_task (tenant_id, instance_id, element_id, name, process_key, process_name, description, start_user_name, assignee_id, assignee_name, status_code, batch_num,
       approve_way, sequence_num, added_flag, priority, create_time, created_by, last_updated_by)
     select 1, $1, 'manager', 'Purchasing manager', 'SODR_PO_APPROVAL', 'Purchase order approval', 'Bench order ' || g, 'Bella Buyer', u.id, u.real_name, 'PENDING', 1000 + g,
            'ANY', 1, 0, 50, now() - (g || ' seconds')::interval, u.id, u.id
       from generate_series(1, $2::int) g, iam_user u where u.login_name = 'approver'`,
    [inst, OPEN_TASKS],
  );
}

async function onPostgres(url: string, log: (s: string) => void) {
  const name = `bench_wfl_${process.pid}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(sql).finally(() => c.end());
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const { app, ctx } = await createServer({ databaseUrl: u.toString() });
  try {
    log('  PostgreSQL: seeded, running two-step approvals …');
    return await throughput(app, ctx);
  } finally {
    await app.close();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

export async function workflowScenario(repoRoot: string, browser: Browser, uiDir: string, log: (s: string) => void): Promise<{ rows: ResultRow[]; details: Section }> {
  const { app, ctx } = await createServer({ uiDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  let lite: Awaited<ReturnType<typeof throughput>>;
  const cold: number[] = [];
  try {
    lite = await throughput(app, ctx);
    log(`  PGlite: ${lite.instances} two-step approvals, ${lite.perSecond.toFixed(1)} per second`);
    await manyTasks(ctx);
    const approver = await signedInContext(browser, baseUrl, 'approver');
    for (let i = 0; i < OPEN_RUNS; i++) {
      const page = await openWorkplace(approver, baseUrl, noCache);
      cold.push((await page.evaluate(openScript(LIST, firstRow))) as number);
      await page.close();
      log(`  open ${LIST} with ${OPEN_TASKS.toLocaleString('en-US')} open tasks: ${cold.at(-1)!.toFixed(0)} ms`);
    }
    await approver.close();
  } finally {
    await app.close();
  }
  const pgResult = await withPostgres(repoRoot, log, (url) => onPostgres(url, log));
  const rate = (db: string, r: typeof lite | string): ResultRow =>
    typeof r === 'string'
      ? { id: '11', scenario: `Two-step approval started and completed through the API, one after another (${db})`, ours: undefined, unit: 'tasks', baselines: [], target: '(instances per second)', pass: undefined, note: r }
      : { id: '11', scenario: `Two-step approval started and completed through the API, one after another (${db}): instances per second`, ours: r.perSecond, unit: 'tasks', baselines: [], target: '(instances per second)', pass: undefined, note: `${r.instances} instances; one instance (start + 2 approvals) median ${median(r.stepMs).toFixed(0)} ms, p95 ${p95(r.stepMs).toFixed(0)} ms` };
  const rows: ResultRow[] = [
    rate('PGlite', lite),
    rate('PostgreSQL', pgResult),
    { id: '11', scenario: `My tasks with ${OPEN_TASKS.toLocaleString('en-US')} open tasks, opened as a new tab until its first row is painted (HTTP cache off), p95 of ${cold.length}`, ours: p95(cold), unit: 'ms', baselines: [], target: '≤ 250 ms', pass: p95(cold) <= 250, note: `median ${median(cold).toFixed(0)} ms` },
  ];
  const lines = [
    `- PGlite: ${lite.instances} instances in ${(DURATION_MS / 1000).toFixed(0)} s; per instance ${lite.stepMs.map((v) => v.toFixed(0)).slice(0, 20).join(', ')}${lite.stepMs.length > 20 ? ', …' : ''} ms`,
    typeof pgResult === 'string' ? `- PostgreSQL: not measured (${pgResult})` : `- PostgreSQL: ${pgResult.instances} instances; median ${median(pgResult.stepMs).toFixed(0)} ms per instance`,
    `- open ${LIST}: ${cold.map((v) => v.toFixed(0)).join(', ')} ms`,
  ];
  return { rows, details: { title: 'Scenario 11: workflow (raw numbers)', lines } };
}
