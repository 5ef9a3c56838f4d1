/**
 * Simulated people working through the API as the UI does: buyers list orders, open one, write a
 * new one with a line and submit it; approvers take pending tasks and approve them. Each person
 * runs one call at a time, back to back, for the given time.
 */
export type Op = 'list' | 'open' | 'create' | 'submit' | 'approve';

export interface OpStats {
  count: number;
  p50: number;
  p99: number;
  /** Answers that are neither a success nor an expected refusal (5xx, network errors, unexpected business errors). */
  errors: number;
  /** Expected refusals of a busy system: two approvers on one task, a record changed meanwhile (409 or its business error). */
  conflicts: number;
}

export interface LoadResult {
  seconds: number;
  ops: Record<Op, OpStats>;
  /** Orders whose creation (header and line) was acknowledged: each must exist afterwards. */
  acknowledged: Array<{ poHeaderId: number; remark: string }>;
  errorSamples: string[];
}

const OPS: Op[] = ['list', 'open', 'create', 'submit', 'approve'];
type Row = Record<string, unknown>;

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);

export async function runLoad(opts: { baseUrl: string; tokens: { buyer: string; approver: string }; users: number; seconds: number; runId: string; during?: (elapsed: number) => void }): Promise<LoadResult> {
  const times = Object.fromEntries(OPS.map((o) => [o, [] as number[]])) as Record<Op, number[]>;
  const errors = Object.fromEntries(OPS.map((o) => [o, 0])) as Record<Op, number>;
  const conflicts = Object.fromEntries(OPS.map((o) => [o, 0])) as Record<Op, number>;
  const acknowledged: LoadResult['acknowledged'] = [];
  const errorSamples: string[] = [];
  const start = Date.now();
  const end = start + opts.seconds * 1000;

  /** One call; null when it failed (counted), the JSON answer otherwise. */
  const call = async (op: Op, token: string, method: string, path: string, body?: unknown): Promise<Row | null> => {
    const t0 = performance.now();
    let status = 0;
    let text = '';
    try {
      const r = await fetch(`${opts.baseUrl}${path}`, {
        method,
        headers: { authorization: `bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      status = r.status;
      text = await r.text();
    } catch (e) {
      text = String(e);
    }
    times[op].push(performance.now() - t0);
    const json = (() => {
      try {
        return JSON.parse(text) as Row;
      } catch {
        return null;
      }
    })();
    const conflict = status === 409 || (json?.failed === true && /changed|handled|already|version/i.test(String(json.message ?? json.code ?? '')));
    if (conflict) {
      conflicts[op]++;
      return null;
    }
    if (status < 200 || status >= 300 || !json || json.failed === true) {
      errors[op]++;
      if (errorSamples.length < 20) errorSamples.push(`${op} ${method} ${path} → ${status} ${text.slice(0, 200)}`);
      return null;
    }
    return json;
  };

  const buyer = async (n: number) => {
    let mine: number[] = [];
    while (Date.now() < end) {
      const page = (await call('list', opts.tokens.buyer, 'GET', `/sodr/v1/1/po-headers?page=${n % 10}&size=20&sort=poHeaderId,desc`)) as { content?: Row[] } | null;
      const rows = page?.content ?? [];
      if (rows.length) await call('open', opts.tokens.buyer, 'GET', `/sodr/v1/1/po-headers/${String(rows[Math.floor(Math.random() * rows.length)]!.poHeaderId)}`);
      const remark = `${opts.runId}-${n}-${mine.length}`;
      const po = await call('create', opts.tokens.buyer, 'POST', '/sodr/v1/1/po-headers', { supplierName: 'Load Supplier', companyName: 'Demo Manufacturing Co.', remark });
      if (!po) continue;
      const id = Number(po.poHeaderId);
      const line = await call('create', opts.tokens.buyer, 'POST', '/sodr/v1/1/po-lines', { poHeaderId: id, lineNum: 1, itemCode: 'LOAD', itemName: 'Load item', quantity: 2, unitPrice: 125.5, taxCode: 'NONE' });
      if (!line) continue;
      acknowledged.push({ poHeaderId: id, remark });
      mine = [...mine, id];
      await call('submit', opts.tokens.buyer, 'POST', `/sodr/v1/1/po-headers/${id}/actions/submit`, {});
    }
  };

  const approver = async () => {
    while (Date.now() < end) {
      const tasks = (await call('list', opts.tokens.approver, 'GET', '/hwfl/v1/1/tasks?statusCode=PENDING&size=20')) as { content?: Row[] } | null;
      const pending = tasks?.content ?? [];
      if (!pending.length) {
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      const task = pending[Math.floor(Math.random() * pending.length)]!;
      await call('approve', opts.tokens.approver, 'POST', `/hwfl/v1/1/runtime/tasks/${String(task.taskId)}`, { action: 'Approved' });
    }
  };

  // One approver for every five buyers, as in a purchasing department.
  const approvers = Math.max(1, Math.round(opts.users / 6));
  const ticker = opts.during ? setInterval(() => opts.during!((Date.now() - start) / 1000), 250) : undefined;
  await Promise.all([...Array.from({ length: opts.users - approvers }, (_, i) => buyer(i)), ...Array.from({ length: approvers }, () => approver())]);
  if (ticker) clearInterval(ticker);
  const ops = Object.fromEntries(
    OPS.map((o) => {
      const sorted = times[o].sort((a, b) => a - b);
      return [o, { count: sorted.length, p50: Math.round(percentile(sorted, 50)), p99: Math.round(percentile(sorted, 99)), errors: errors[o], conflicts: conflicts[o] }];
    }),
  ) as Record<Op, OpStats>;
  return { seconds: (Date.now() - start) / 1000, ops, acknowledged, errorSamples };
}

/** A bearer token through the sign-in form, as the browser gets it (the redirect carries it). */
export async function signIn(baseUrl: string, user: string, password: string): Promise<string> {
  const r = await fetch(`${baseUrl}/oauth/oauth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: user, password, redirect_uri: '/' }).toString(),
  });
  const m = /access_token=([^&]+)/.exec(r.headers.get('location') ?? '');
  if (!m) throw new Error(`sign-in of ${user} failed: ${r.status}`);
  return m[1]!;
}
