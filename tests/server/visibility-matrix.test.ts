import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { REPORT_VIEWS } from '../../server/modules/hrpt/views.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { iso, T, tenderKit } from './tender-kit.ts';
import {
  bodyText,
  type Canary,
  canaryScanner,
  type Doc,
  generateProbes,
  type Leak,
  mayRead,
  multipart,
  PERSONAS,
  personaName,
  pool,
  type Probe,
  type Row,
  setUpRows,
  type Skipped,
  type State,
  type Substitutions,
  unusedNumbers,
} from './visibility-matrix-kit.ts';

/**
 * The sealed-bid visibility matrix: one sealed RFx and one tender, each bid on by two suppliers
 * (`supplier` for S0001, `supplier3` for S0003) with canaries no other data holds, read by every
 * persona on every GET operation of the OpenAPI document (ids filled from the set-up), every list's
 * CSV export, the canary files, every seeded report and data set, the report views, the SQL console
 * and the websocket pushes, before and after opening. A canary in an answer to someone who may not
 * read it in that state is a leak; the file asserts there are none.
 */
// Two sweeps of some ten thousand reads each on a loaded two-core machine.
vi.setConfig({ testTimeout: 600_000, hookTimeout: 300_000 });

let s: TestServer;
let storage: string;
const { call, ok, rows, act, deadlinePassed } = tenderKit(() => s);
const one = async <R extends Row>(sql: string, p: unknown[] = []) => (await s.ctx.db.query<R>(sql, p)).rows[0]!;
const tag = () => randomBytes(5).toString('hex').toUpperCase();

const canaries: Canary[] = [];
const add = (doc: Doc, owner: string, kind: string, text: string, numeric = false) => {
  const c: Canary = { doc, owner, kind, text, numeric };
  canaries.push(c);
  return text;
};
/** The set-up's rows, by what the substitution table calls them. */
const setup = {
  rfxId: 0,
  rfxNum: '',
  rfxLineIds: [] as number[],
  quotationLineIds: [] as number[],
  tenderId: 0,
  tenderNum: '',
  sectionId: 0,
  bidIds: [] as number[],
  files: [] as Array<{ uuid: string; url: string }>,
  requests: [] as number[],
};
const ENTITY_KEYS = () => ({
  rfx_header_id: [setup.rfxId],
  rfx_line_id: setup.rfxLineIds,
  quotation_line_id: setup.quotationLineIds,
  tender_header_id: [setup.tenderId],
  section_id: [setup.sectionId],
  bid_id: setup.bidIds,
  attachment_uuid: setup.files.map((f) => f.uuid),
});

/** A file of `owner` holding a canary, under a fresh attachment UUID of theirs. */
async function canaryFile(doc: Doc, owner: string, kind: string): Promise<string> {
  const text = add(doc, owner, kind, `CANARY-FILE-${tag()}`);
  const uuid = (await ok('POST', '/hfle/v1/1/files/uuid', undefined, owner)).content as string;
  const r = await s.call({ as: owner, method: 'POST', url: '/hfle/v1/1/files/attachment/multipart', ...multipart({ bucketName: doc === 'rfx' ? 'ssrc' : 'tender', attachmentUUID: uuid }, { name: `${kind.replace(/ /g, '-')}.txt`, type: 'text/plain', data: Buffer.from(`Offer of ${owner}\n${text}\n`) }) });
  expect(r.statusCode, r.body).toBe(200);
  setup.files.push({ uuid, url: r.body });
  return uuid;
}

/** A sealed RFx of two lines inviting S0001 and S0003, in quotation until an hour from now. */
async function sealedRfx(): Promise<void> {
  const S1 = Number((await one<{ id: number }>("select supplier_id::float8 as id from sslm_supplier where tenant_id = 1 and supplier_num = 'S0001'")).id);
  const S3 = Number((await one<{ id: number }>("select supplier_id::float8 as id from sslm_supplier where tenant_id = 1 and supplier_num = 'S0003'")).id);
  const code = `VM${tag()}`;
  const tpl = await ok('POST', `${T}/source-template`, { templateCode: code, templateName: `Template ${code}`, sourceCategory: 'RFQ', sourceMethod: 'INVITE', scoringMethod: 'LOWEST_PRICE', roundLimit: 1, sealedQuotationFlag: 1, releaseApprovalFlag: 0, resultApprovalFlag: 0 });
  await ok('POST', `${T}/source-template/${String(tpl.templateId)}/actions/release`, { objectVersionNumber: tpl.objectVersionNumber });
  const h = await ok('POST', `${T}/rfx`, { rfxTitle: 'Matrix valves 2027', templateId: tpl.templateId, companyName: 'Demo Manufacturing Co.', currencyCode: 'CNY', quotationStartDate: iso(-1000), quotationEndDate: iso(3_600_000) });
  setup.rfxId = Number(h.rfxHeaderId);
  setup.rfxNum = String(h.rfxNum);
  // Quantities of one: a line amount is then the canary price itself.
  for (const [itemCode, itemName] of [['MAT-1001', 'Steel bolt M8x40'], ['MAT-1009', 'Safety gloves']]) await ok('POST', `${T}/rfx/items`, { rfxHeaderId: setup.rfxId, itemCode, itemName, quantity: 1, uomCode: 'EA', lastPrice: 2 });
  for (const supplierId of [S1, S3]) await ok('POST', `${T}/rfx/suppliers`, { rfxHeaderId: setup.rfxId, supplierId });
  const head = await ok('GET', `${T}/rfx/${setup.rfxId}`);
  expect(head.sealedQuotationFlag).toBe(1);
  const released = await call('POST', `${T}/rfx/${setup.rfxId}/actions/release`, { objectVersionNumber: head.objectVersionNumber });
  expect(released.json().rfxStatus, released.body).toBe('IN_QUOTATION');
  setup.rfxLineIds = (await rows(`${T}/rfx/items?rfxHeaderId=${setup.rfxId}&sort=lineNum,asc`)).map((l) => Number(l.rfxLineId));
}

async function quoteRfx(owner: string, prices: [string, string], tax: string): Promise<void> {
  add('rfx', owner, 'tax rate', tax, true);
  const remark = add('rfx', owner, 'remark', `CANARY-REMARK-${tag()}`);
  // The quotation has no attachment field: the file is uploaded by the supplier as its offer's, and read by its UUID and URL.
  await canaryFile('rfx', owner, 'file');
  const lines = setup.rfxLineIds.map((rfxLineId, i) => ({ rfxLineId, unitPrice: Number(add('rfx', owner, `unit price ${i + 1}`, prices[i]!, true)), taxRate: Number(tax), deliveryDate: '2027-03-15', remark }));
  await ok('POST', `${T}/rfx/${setup.rfxId}/quotation`, { lines }, owner);
}

/** A published tender of one lot (comprehensive, so it can be handed to experts) with S0001 and S0003 signed up. */
async function biddingTender(): Promise<void> {
  const template = Number((await one<{ id: number }>("select template_id::float8 as id from ssrc_score_template where tenant_id = 1 and template_code = 'ST-GENERAL'")).id);
  const h = await ok('POST', `${T}/bid`, { tenderTitle: 'Matrix pumps 2027', evalMethod: 'COMPREHENSIVE', scoreTemplateId: template, preQualificationFlag: 0, releaseApprovalFlag: 0, quotationStartDate: iso(-1000), quotationEndDate: iso(3_600_000), bidOpenDate: iso(3_600_000) });
  setup.tenderId = Number(h.tenderHeaderId);
  setup.tenderNum = String(h.tenderNum);
  setup.sectionId = Number((await ok('POST', `${T}/bid/sections`, { tenderHeaderId: setup.tenderId, sectionName: 'Lot A: pumps', budgetAmount: 500000 })).sectionId);
  expect((await act(setup.tenderId, 'release')).json().tenderStatus).toBe('RELEASED');
  expect((await act(setup.tenderId, 'publish')).json().tenderStatus).toBe('PUBLISHED');
  for (const who of ['supplier', 'supplier3']) await ok('POST', `${T}/bid/${setup.tenderId}/signup`, {}, who);
}

async function bidTender(owner: string, amount: string, tax: string): Promise<void> {
  const r = await ok('POST', `${T}/bid/${setup.tenderId}/quotation`, {
    sectionId: setup.sectionId,
    bidAmount: amount,
    taxRate: Number(tax),
    deliveryPeriod: 45,
    technicalProposal: add('tender', owner, 'technical proposal', `CANARY-TECH-${tag()}`),
    commercialRemark: add('tender', owner, 'remark', `CANARY-REMARK-${tag()}`),
    technicalAttachmentUuid: await canaryFile('tender', owner, 'technical file'),
    commercialAttachmentUuid: await canaryFile('tender', owner, 'commercial file'),
  }, owner);
  add('tender', owner, 'bid amount', amount, true);
  add('tender', owner, 'tax rate', tax, true);
  setup.bidIds.push(Number(r.bidId));
}

/** Every persona's websocket, with what it was pushed. */
const sockets: Array<{ persona: string; socket: WebSocket; inbox: string[] }> = [];
async function listen(): Promise<void> {
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `ws://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  for (const persona of PERSONAS.filter(Boolean)) {
    const socket = new WebSocket(`${base}/websocket?access_token=${await s.login(persona)}`);
    const inbox: string[] = [];
    socket.on('message', (data) => inbox.push(String(data)));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    sockets.push({ persona, socket, inbox });
  }
}

/** Queues a run of every report reading offers, as the buyer and the tenant administrator, and waits for the files. */
async function queueReportRequests(): Promise<void> {
  const reports = (await s.ctx.db.query<{ id: number }>("select r.report_id::float8 as id from hrpt_report r join hrpt_dataset d on d.dataset_id = r.dataset_id where r.tenant_id = 1 and d.sql_text ~* 'quotation|tender|bid' order by 1")).rows;
  const made: number[] = [];
  for (const as of ['buyer', 'sysadmin'])
    for (const r of reports) {
      const q = await call('POST', `/hrpt/v1/1/reports/${r.id}/concurrent-request`, { params: {} }, as);
      if (q.statusCode === 200 && q.json().requestId) made.push(Number(q.json().requestId));
    }
  setup.requests.push(...made);
  const pending = async () => Number((await one<{ n: number }>("select count(*)::int as n from hrpt_request where request_id = any($1::bigint[]) and request_status in ('P', 'R')", [made])).n);
  // A hook, not a test: expect.poll is not at hand here.
  for (const until = Date.now() + 60_000; (await pending()) > 0; ) {
    if (Date.now() > until) throw new Error('report requests still running after 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  // A request that failed has no file: its path would read nothing.
  const failed = (await s.ctx.db.query<{ id: number; message: string }>("select request_id::float8 as id, message from hrpt_request where request_id = any($1::bigint[]) and request_status <> 'F'", [made])).rows;
  expect(failed).toEqual([]);
}

/** The substitution table of the current state: every entity's set-up rows are looked up again (opening adds some). */
async function substitutions(entities: EntityDecl[]): Promise<Substitutions> {
  const needles = [...canaries.map((c) => c.text), setup.rfxNum, setup.tenderNum];
  const ids = new Map<string, string[]>();
  for (const e of entities) ids.set(e.name, await setUpRows(s, e, needles, ENTITY_KEYS()));
  const col = async (sql: string) => (await s.ctx.db.query<{ v: string }>(sql)).rows.map((r) => r.v);
  return {
    byName: {
      tenantId: ['1'],
      attachmentUUID: setup.files.map((f) => f.uuid),
      url: setup.files.map((f) => f.url),
      reportId: await col('select report_id::text as v from hrpt_report where tenant_id = 1 order by report_id'),
      requestId: setup.requests.map(String),
      templateId: await col('select template_id::text as v from hrpt_template where tenant_id = 1 order by template_id limit 2'),
    },
    idsOf: (e) => ids.get(e.name),
    byKey: (name) => entities.filter((e) => e.primaryKey === name).map((e) => ids.get(e.name) ?? []).find((v) => v.length),
    listFilters: { rfxHeaderId: [String(setup.rfxId)], tenderHeaderId: [String(setup.tenderId)] },
  };
}

/** The read-only POSTs: reports run, data sets and report views previewed, the SQL console over the offer tables. */
async function postProbes(): Promise<Probe[]> {
  const out: Probe[] = [];
  const reports = (await s.ctx.db.query<{ id: number }>('select report_id::float8 as id from hrpt_report where tenant_id = 1 order by 1')).rows;
  for (const r of reports) out.push({ method: 'POST', op: '/hrpt/v1/{tenantId}/reports/{reportId}/data', url: `/hrpt/v1/1/reports/${r.id}/data`, payload: { params: {} } });
  const sets = (await s.ctx.db.query<{ sql: string; defs: string | null }>('select sql_text as sql, param_defs as defs from hrpt_dataset where tenant_id = 1 order by dataset_id')).rows;
  const preview = '/hrpt/v1/{tenantId}/datasets/preview-sql';
  for (const d of sets) out.push({ method: 'POST', op: preview, url: '/hrpt/v1/1/datasets/preview-sql', payload: { sqlText: d.sql, paramDefs: d.defs, params: {} } });
  for (const v of Object.keys(REPORT_VIEWS)) {
    out.push({ method: 'POST', op: preview, url: '/hrpt/v1/1/datasets/preview-sql', payload: { sqlText: `select * from hrpt_ro.${v}` } });
    // A preview shows 100 rows: the newest first, where the set-up's are.
    out.push({ method: 'POST', op: preview, url: '/hrpt/v1/1/datasets/preview-sql', payload: { sqlText: `select * from ${v} order by 1 desc` } });
    out.push({ method: 'POST', op: '/hrpt/v1/datasets/preview-sql', url: '/hrpt/v1/datasets/preview-sql', payload: { sqlText: `select * from ${v} order by 1 desc`, tenantId: 1 } });
  }
  const keys = ENTITY_KEYS();
  for (const sqlText of [
    `select * from ssrc_rfx_quotation_line where rfx_header_id = ${setup.rfxId}`,
    `select * from tender_bid where tender_header_id = ${setup.tenderId}`,
    `select * from hpfm_audit_log where entity_name in ('rfxQuotationLine', 'tenderBid') and record_id in (${[...keys.quotation_line_id, ...keys.bid_id].join(', ')})`,
  ])
    out.push({ method: 'POST', op: '/hpfm/v1/sql-execute/execute', url: '/hpfm/v1/sql-execute/execute', payload: { sqlText, maxRows: 1000 } });
  return out;
}

interface Sweep { operations: number; tried: number; probes: number; posts: number; requests: number; skipped: Skipped; truncated: string[]; statuses: Map<number, number>; serverErrors: string[] }
const sweeps = new Map<State, Sweep>();
const leaks: Leak[] = [];
/** Which canaries each persona read, allowed or not: the matrix is not vacuous only if the allowed ones show. */
const seen = new Map<string, Set<Canary>>();

async function sweep(state: State): Promise<void> {
  const entities = [...s.ctx.entities.values()];
  const doc = (await s.app.inject({ url: '/api-docs/json' })).json();
  const { probes: gets, skipped, truncated, operations } = generateProbes(doc, entities, await substitutions(entities));
  const posts = await postProbes();
  const probes = [...gets, ...posts];
  // The canary files' own reads are in the document: a file path skipped would leave files untested.
  for (const f of setup.files) {
    expect(probes.some((p) => p.url.startsWith('/hfle/v1/1/files/download?') && new URL(p.url, 'http://x').searchParams.get('url') === f.url), `download of ${f.url}`).toBe(true);
    expect(probes.some((p) => p.url.startsWith(`/hfle/v1/1/files/${f.uuid}/file`)), `list of ${f.uuid}`).toBe(true);
  }
  const find = canaryScanner(canaries);
  const statuses = new Map<number, number>();
  const serverErrors: string[] = [];
  for (const persona of PERSONAS) if (persona) await s.call({ as: persona, url: '/iam/hzero/v1/users/self' });
  const work = PERSONAS.flatMap((persona) => probes.map((probe) => ({ persona, probe })));
  await pool(work, 4, async ({ persona, probe }) => {
    const t0 = performance.now();
    const r = await s.call({ method: probe.method, url: probe.url, ...(probe.payload === undefined ? {} : { payload: probe.payload as Row }), ...(persona ? { as: persona } : {}) });
    const ms = performance.now() - t0;
    statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
    if (r.statusCode >= 500) serverErrors.push(`${personaName(persona)} ${probe.method} ${probe.url} → ${r.statusCode}`);
    const found = find(bodyText(r));
    dump?.push(JSON.stringify({ state, persona: personaName(persona), method: probe.method, url: probe.url, status: r.statusCode, ms: Math.round(ms), bytes: r.rawPayload.length, canaries: [...found].map((c) => `${c.doc}/${c.owner}/${c.kind}`) }));
    if (!found.size) return;
    const mine = seen.get(`${state} ${persona}`) ?? new Set();
    for (const c of found) {
      mine.add(c);
      if (!mayRead(persona, c, state)) leaks.push({ state, persona, method: probe.method, op: probe.op, url: probe.url, canary: c });
    }
    seen.set(`${state} ${persona}`, mine);
  });
  // A sweep that signed a persona out would have read nothing as them from then on.
  for (const persona of PERSONAS) if (persona) expect((await s.call({ as: persona, url: '/iam/hzero/v1/users/self' })).statusCode, `${persona} still signed in`).toBe(200);
  for (const w of sockets) {
    const pushed = w.inbox.splice(0).join('\n');
    for (const c of find(pushed)) if (!mayRead(w.persona, c, state)) leaks.push({ state, persona: w.persona, method: 'WS', op: '/websocket', url: '/websocket', canary: c });
  }
  const skippedOps = [...skipped.values()].reduce((n, v) => n + v.length, 0);
  sweeps.set(state, { operations, tried: operations - skippedOps, probes: gets.length, posts: posts.length, requests: work.length, skipped, truncated, statuses, serverErrors });
}

/** Every answer of both sweeps, one JSON line each, when VISIBILITY_MATRIX_DUMP names a file: to see what a persona read where. */
const dump = process.env.VISIBILITY_MATRIX_DUMP ? ([] as string[]) : undefined;

const saw = (state: State, persona: string, doc: Doc, owner: string) => [...(seen.get(`${state} ${persona}`) ?? [])].some((c) => c.doc === doc && c.owner === owner);

beforeAll(async () => {
  s = await startTestServer();
  storage = await mkdtemp(join(tmpdir(), 'visibility-matrix-'));
  s.ctx.config.storageDir = storage;
  await listen();
  // Drawn, not fixed: a price or rate the seed happens to hold would read as a leak. Rates from 60
  // up: a time's seconds and milliseconds ("…:23.450Z") never spell those.
  const digits = (whole: [number, number]) => () => `${whole[0] + Math.floor(Math.random() * (whole[1] - whole[0]))}.${Math.floor(Math.random() * 10)}${1 + Math.floor(Math.random() * 9)}`;
  const [p1, p2, p3, p4, a1, a3, t1, t3, u1, u3] = await unusedNumbers(s, [...Array<() => string>(6).fill(digits([10000, 99999])), ...Array<() => string>(4).fill(digits([60, 99]))]);
  await sealedRfx();
  await quoteRfx('supplier', [p1!, p2!], t1!);
  await quoteRfx('supplier3', [p3!, p4!], t3!);
  setup.quotationLineIds = (await s.ctx.db.query<{ id: string }>('select quotation_line_id::text as id from ssrc_rfx_quotation_line where rfx_header_id = $1', [setup.rfxId])).rows.map((r) => Number(r.id));
  await biddingTender();
  await bidTender('supplier', a1!, u1!);
  await bidTender('supplier3', a3!, u3!);
  await queueReportRequests();
});

afterAll(async () => {
  if (dump) await writeFile(process.env.VISIBILITY_MATRIX_DUMP!, `${dump.join('\n')}\n`);
  for (const w of sockets) w.socket.close();
  await s?.close();
  await rm(storage, { recursive: true, force: true });
});

describe('sealed bids on every read path', () => {
  it('while sealed: the owning supplier reads its own offer somewhere', async () => {
    await sweep('sealed');
    for (const [doc, owner] of [['rfx', 'supplier'], ['rfx', 'supplier3'], ['tender', 'supplier'], ['tender', 'supplier3']] as const) expect(saw('sealed', owner, doc, owner), `${owner} reads its own ${doc} offer`).toBe(true);
  });

  it('once opened (the RFx opened, the tender opened and handed to its committee): the buyer reads both suppliers\' offers somewhere', async () => {
    await s.ctx.db.query("update ssrc_rfx_header set quotation_end_date = now() - interval '1 second' where rfx_header_id = $1", [setup.rfxId]);
    expect((await ok('POST', `${T}/rfx/open`, { rfxHeaderId: setup.rfxId })).rfxStatus).toBe('OPENED');
    await deadlinePassed(setup.tenderId);
    expect((await ok('POST', `${T}/bid/${setup.tenderId}/open`, {})).tenderStatus).toBe('OPENED');
    const expert = Number((await one<{ id: number }>("select expert_id::float8 as id from ssrc_expert where login_name = 'expert'")).id);
    await ok('POST', `${T}/bid/experts`, { tenderHeaderId: setup.tenderId, expertId: expert, expertRole: 'ALL', leaderFlag: 1 });
    expect((await act(setup.tenderId, 'handout')).json().tenderStatus).toBe('EVALUATING');
    await queueReportRequests();
    await sweep('opened');
    for (const doc of ['rfx', 'tender'] as const) for (const owner of ['supplier', 'supplier3']) expect(saw('opened', 'buyer', doc, owner), `the buyer reads the ${doc} offer of ${owner}`).toBe(true);
    expect(saw('opened', 'expert', 'tender', 'supplier'), 'the committee expert reads the tender offers').toBe(true);
  });

  it('leak no canary to anyone who may not read it', () => {
    // Both sweeps ran, or there is nothing to say.
    expect([...sweeps.keys()]).toEqual(['sealed', 'opened']);
    const lines: string[] = [];
    const all = [...sweeps.values()];
    const each = (f: (x: Sweep) => number) => all.map(f).join('/');
    lines.push(
      `visibility matrix (sealed/opened): ${each((x) => x.operations)} GET operations in the document, ${each((x) => x.tried)} tried as ${each((x) => x.probes)} paths ` +
        `(ids filled, lists also filtered by the set-up's documents and exported) plus ${each((x) => x.posts)} read-only POSTs (reports, previews, SQL console); ` +
        `${PERSONAS.length} personas, ${sweeps.size} states, ${all.reduce((n, x) => n + x.requests, 0)} requests, ${canaries.length} canaries, websocket pushes of ${sockets.length} personas`,
    );
    for (const [state, x] of sweeps) {
      lines.push(`${state}: ${x.operations - x.tried} operations skipped: ${[...x.skipped].map(([why, ops]) => `${ops.length} ${why}`).join('; ')}`);
      // The generator's own blind spot (no entity to draw an id from), named so it can be closed.
      for (const [why, ops] of x.skipped) if (why.includes('no entity')) lines.push(`${state}: ${why}: ${ops.join(' ')}`);
      if (x.truncated.length) lines.push(`${state}: only the first fillings tried of ${x.truncated.join(' ')}`);
      lines.push(`${state}: statuses ${[...x.statuses].sort((p, q) => p[0] - q[0]).map(([c, n]) => `${c}×${n}`).join(' ')}`);
      if (x.serverErrors.length) lines.push(`${state}: ${x.serverErrors.length} server errors, e.g. ${x.serverErrors.slice(0, 5).join(' | ')}`);
    }
    const unique = [...new Map(leaks.map((l) => [`${l.state} ${personaName(l.persona)} ${l.method} ${l.url} ${l.canary.doc}/${l.canary.owner}/${l.canary.kind}`, l])).keys()].sort();
    lines.push(`leaks found: ${unique.length}`);
    const byOp = new Map<string, Set<string>>();
    for (const l of leaks) {
      const op = `${l.state} ${l.method} ${l.op}`;
      byOp.set(op, (byOp.get(op) ?? new Set()).add(personaName(l.persona)));
    }
    lines.push(...[...byOp].sort().map(([op, who]) => `  by operation: ${op} to ${[...who].sort().join(', ')}`));
    lines.push(...unique.map((l) => `  ${l}`));
    console.log(lines.join('\n'));
    expect(unique).toEqual([]);
  });
});
