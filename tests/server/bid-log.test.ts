import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { operationGuards } from '../../server/auth/operation-guards.ts';
import { appendBidEvent } from '../../server/bid-log/append.ts';
import { digestOf, GENESIS } from '../../server/bid-log/chain.ts';
import { verifyAll, verifyBidsReport, verifyChain } from '../../server/bid-log/verify.ts';
import { openDatabase } from '../../server/db/open.ts';
import { projectRoot } from '../../server/paths.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { iso, type Row, T, tenderKit } from './tender-kit.ts';

/**
 * The bid log (server/bid-log/): every bid event of a sealed RFx and of a tender appended to the
 * document's hash chain in the event's transaction; the chain read by whoever reads the document,
 * a supplier its own entries only; no entry holding a price before opening; an entry altered in
 * the database reported by the route, the verify function and `npm run verify:bids`. Deadlines are
 * moved into the past in the database instead of waiting for them.
 */
vi.setConfig({ testTimeout: Number(process.env.TENDER_TIMEOUT ?? 180_000), hookTimeout: 180_000 });
let s: TestServer;
const ids: Record<string, number> = {};
const { call, ok, rows, tender, act, q } = tenderKit(() => s);
type Log = { entries: Array<Row & { seq: number; event: string; supplierId: number | null; detail: Row; hash: string; prevHash: string }>; verified: boolean; brokenAt: number | null; reason?: string };
const log = async (path: string, as = 'buyer') => (await ok('GET', `${T}/${path}/bid-log`, undefined, as)) as unknown as Log;
const events = (l: Log) => l.entries.map((e) => [e.seq, e.event, e.supplierId]);

beforeAll(async () => {
  s = await startTestServer();
  for (const [k, num] of [['S1', 'S0001'], ['S3', 'S0003']] as const) ids[k] = Number((await q<{ id: number }>('select supplier_id::float8 as id from sslm_supplier where tenant_id = 1 and supplier_num = $1', [num]))[0]!.id);
  ids.expert = Number((await q<{ id: number }>("select expert_id::float8 as id from ssrc_expert where login_name = 'expert'"))[0]!.id);
  ids.template = Number((await q<{ id: number }>("select template_id::float8 as id from ssrc_score_template where tenant_id = 1 and template_code = 'ST-GENERAL'"))[0]!.id);
});
afterAll(() => s.close());

describe('the bid log of a sealed RFx', () => {
  // Prices no timestamp or hash of an entry could spell (seconds stop at 59, hashes hold no dot).
  const PRICES = ['73.31', '612.89', '73.29', '68.83', '913.47'];
  let id: number;
  let lines: number[];
  const rfxAct = async (action: string) => ok('POST', `${T}/rfx/${id}/actions/${action}`, { objectVersionNumber: (await ok('GET', `${T}/rfx/${id}`)).objectVersionNumber });
  const quote = (as: string, prices: number[]) => ok('POST', `${T}/rfx/${id}/quotation`, { lines: prices.map((unitPrice, i) => ({ rfxLineId: lines[i], unitPrice, taxRate: 13, remark: `Offer ${unitPrice}` })) }, as);

  beforeAll(async () => {
    const code = `BL${Math.random().toString(36).slice(2, 8)}`;
    const tpl = await ok('POST', `${T}/source-template`, { templateCode: code, templateName: code, sourceCategory: 'RFQ', sourceMethod: 'INVITE', scoringMethod: 'LOWEST_PRICE', roundLimit: 2, sealedQuotationFlag: 1, releaseApprovalFlag: 0, resultApprovalFlag: 0 });
    await ok('POST', `${T}/source-template/${String(tpl.templateId)}/actions/release`, { objectVersionNumber: tpl.objectVersionNumber });
    const h = await ok('POST', `${T}/rfx`, { rfxTitle: 'Bid log RFx', templateId: tpl.templateId, companyName: 'Demo Manufacturing Co.', currencyCode: 'CNY', quotationStartDate: iso(-1000), quotationEndDate: iso(3_600_000) });
    id = Number(h.rfxHeaderId);
    lines = [];
    for (const [itemCode, itemName] of [['MAT-1001', 'Steel bolt M8x40'], ['MAT-1009', 'Safety gloves']]) lines.push(Number((await ok('POST', `${T}/rfx/items`, { rfxHeaderId: id, itemCode, itemName, quantity: 10, uomCode: 'EA' })).rfxLineId));
    for (const supplierId of [ids.S1, ids.S3]) await ok('POST', `${T}/rfx/suppliers`, { rfxHeaderId: id, supplierId });
    expect((await rfxAct('release')).rfxStatus).toBe('IN_QUOTATION');
  });

  it('appends submit, revise and withdraw in order, each linked to the one before, and no price', async () => {
    await quote('supplier', [73.31, 612.89]);
    await quote('supplier', [73.29, 612.89]);
    // Two suppliers at once: the chain takes both, one after the other, never forking.
    await Promise.all([quote('supplier3', [68.83, 913.47]), ok('DELETE', `${T}/rfx/${id}/quotation`, undefined, 'supplier')]);
    await quote('supplier', [73.31, 612.89]);
    const l = await log(`rfx/${id}`);
    expect(l.verified).toBe(true);
    expect(l.brokenAt).toBeNull();
    expect(l.entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(l.entries.map((e) => e.event)).toEqual(expect.arrayContaining(['submit', 'revise', 'withdraw']));
    const s1 = l.entries.filter((e) => e.supplierId === ids.S1);
    expect(s1.map((e) => [e.event, e.detail.round, e.detail.revision])).toEqual([['submit', 1, 1], ['revise', 1, 2], ['withdraw', 1, undefined], ['submit', 1, 3]]);
    expect(l.entries.filter((e) => e.supplierId === ids.S3).map((e) => e.event)).toEqual(['submit']);
    expect(l.entries[0]!.prevHash).toBe(GENESIS);
    for (let i = 1; i < l.entries.length; i++) expect(l.entries[i]!.prevHash).toBe(l.entries[i - 1]!.hash);
    expect(l.entries[0]!.actorName).toBe('Sam Supplier');
    // Nothing of an offer before opening: not in the answer, not in the table.
    const stored = (await q<{ t: string }>("select string_agg(detail::text || ' ' || occurred_at::text, ' ') as t from ssrc_bid_log where document_entity = 'rfxHeader' and document_id = $1", [id]))[0]!.t;
    for (const p of PRICES) {
      expect(JSON.stringify(l)).not.toContain(p);
      expect(stored).not.toContain(p);
    }
  });

  it('is read by whoever reads the RFx: a supplier its own entries only, an outsider or another tenant not at all', async () => {
    const mine = await log(`rfx/${id}`, 'supplier');
    expect(mine.entries.length).toBe(4);
    expect(mine.entries.every((e) => e.supplierId === ids.S1)).toBe(true);
    expect((await log(`rfx/${id}`, 'supplier3')).entries.map((e) => [e.event, e.supplierId])).toEqual([['submit', ids.S3]]);
    expect((await call('GET', `${T}/rfx/${id}/bid-log`, undefined, 'supplier4')).statusCode).toBe(404);
    expect((await call('GET', `/ssrc/v1/2/rfx/${id}/bid-log`, undefined, 'buyer2')).statusCode).toBe(404);
    expect((await call('GET', `${T}/rfx/${id}/bid-log`)).statusCode).toBe(200);
    expect((await call('GET', `${T}/rfx/${id}/bid-log`, undefined, 'buyer2')).statusCode).toBe(403);
  });

  it('commits the opening to what it opened, and logs the price check\'s hand-out and the award', async () => {
    await s.ctx.db.query("update ssrc_rfx_header set quotation_end_date = now() - interval '1 second' where rfx_header_id = $1", [id]);
    expect((await ok('POST', `${T}/rfx/open`, { rfxHeaderId: id })).rfxStatus).toBe('OPENED');
    const open = (await log(`rfx/${id}`)).entries.at(-1)!;
    expect([open.event, open.supplierId, open.detail.round]).toEqual(['open', null, 1]);
    const bids = open.detail.bids as Array<{ supplierId: number; lines: number; digest: string }>;
    expect(bids.map((b) => [b.supplierId, b.lines])).toEqual([[ids.S1, 2], [ids.S3, 2]].sort((a, b) => a[0]! - b[0]!));
    const opened = await q<{ supplierId: number } & Row>(
      `select supplier_id::float8 as "supplierId", rfx_line_id::float8 as "rfxLineId", unit_price::text as "unitPrice", tax_rate::text as "taxRate", quoted_quantity::text as "quotedQuantity",
              to_char(delivery_date, 'YYYY-MM-DD') as "deliveryDate", to_char(validity_date, 'YYYY-MM-DD') as "validityDate", remark
         from ssrc_rfx_quotation_line where rfx_header_id = $1 and supplier_id = $2 order by line_num`,
      [id, ids.S1],
    );
    expect(opened.map((r) => r.unitPrice)).toEqual(['73.31', '612.89']);
    expect(bids.find((b) => b.supplierId === ids.S1)!.digest).toBe(digestOf(opened.map(({ supplierId: _, ...rest }) => rest)));
    // A supplier reads the opening with its own bid only.
    const seen = (await log(`rfx/${id}`, 'supplier3')).entries.find((e) => e.event === 'open')!;
    expect((seen.detail.bids as Row[]).map((b) => b.supplierId)).toEqual([ids.S3]);

    await rfxAct('startCheck');
    const m = await ok('GET', `${T}/rfx/${id}/check`);
    const cells = m.cells as Row[];
    await ok('POST', `${T}/rfx/check`, { rfxHeaderId: id, awards: cells.filter((c) => c.supplierId === ids.S3).map((c) => ({ quotationLineId: c.quotationLineId, awardQuantity: 10 })) });
    await rfxAct('finish');
    const l = await log(`rfx/${id}`);
    expect(l.verified).toBe(true);
    expect(l.entries.slice(-4).map((e) => [e.event, e.detail.stage ?? null])).toEqual([['open', null], ['hand-out', 'check'], ['award', 'decided'], ['award', 'approved']]);
    // The loser learns from the award that nothing of it is its own.
    const loser = (await log(`rfx/${id}`, 'supplier')).entries.filter((e) => e.event === 'award');
    expect(loser.map((e) => e.detail.awards)).toEqual([[], []]);
  });

  it('reports an entry altered in the database: the route, the verify functions and the supplier alike', async () => {
    const before = await verifyChain(s.ctx.db, 'rfxHeader', id);
    expect(before.verified).toBe(true);
    await s.ctx.db.query(`update ssrc_bid_log set detail = jsonb_set(detail, '{round}', '2') where document_entity = 'rfxHeader' and document_id = $1 and seq = 3`, [id]);
    const l = await log(`rfx/${id}`);
    expect([l.verified, l.brokenAt]).toEqual([false, 3]);
    expect(l.reason).toContain('seq 3');
    // Judged on the whole chain, also for a supplier whose own entries are intact.
    const theirs = await log(`rfx/${id}`, 'supplier');
    expect([theirs.verified, theirs.brokenAt]).toEqual([false, 3]);
    const all = await verifyAll(s.ctx.db);
    expect(all.broken).toEqual([expect.objectContaining({ documentEntity: 'rfxHeader', documentId: id, brokenAt: 3 })]);
    const report = await verifyBidsReport(s.ctx.db);
    expect(report.exitCode).toBe(1);
    expect(report.lines.join('\n')).toContain(`rfxHeader ${id} at seq 3`);

    // Restored, the chain holds again; a hash rewritten to match its changed row breaks the next link.
    await s.ctx.db.query(`update ssrc_bid_log set detail = jsonb_set(detail, '{round}', '1') where document_entity = 'rfxHeader' and document_id = $1 and seq = 3`, [id]);
    expect((await log(`rfx/${id}`)).verified).toBe(true);
    await s.ctx.db.query(`update ssrc_bid_log set hash = repeat('a', 64) where document_entity = 'rfxHeader' and document_id = $1 and seq = 2`, [id]);
    expect((await verifyChain(s.ctx.db, 'rfxHeader', id)).brokenAt).toBe(2);
    await s.ctx.db.query(`delete from ssrc_bid_log where document_entity = 'rfxHeader' and document_id = $1 and seq = 2`, [id]);
    const gap = await verifyChain(s.ctx.db, 'rfxHeader', id);
    expect([gap.verified, gap.brokenAt, gap.reason]).toEqual([false, 2, expect.stringContaining('missing')]);
  });
});

describe('the bid log of a tender', () => {
  const AMOUNTS = ['250000.55', '249000.45', '240000.45', '251000.35'];
  let id: number;
  let num: string;
  let lot: number;

  beforeAll(async () => {
    const h = await ok('POST', `${T}/bid`, { tenderTitle: 'Bid log tender', evalMethod: 'COMPREHENSIVE', scoreTemplateId: ids.template, preQualificationFlag: 0, releaseApprovalFlag: 0, quotationStartDate: iso(-1000), quotationEndDate: iso(3_600_000), bidOpenDate: iso(3_600_000) });
    id = Number(h.tenderHeaderId);
    num = String(h.tenderNum);
    lot = Number((await ok('POST', `${T}/bid/sections`, { tenderHeaderId: id, sectionName: 'Lot A', budgetAmount: 300000 })).sectionId);
    expect((await act(id, 'release')).json().tenderStatus).toBe('RELEASED');
    expect((await act(id, 'publish')).json().tenderStatus).toBe('PUBLISHED');
    for (const who of ['supplier', 'supplier3']) await ok('POST', `${T}/bid/${id}/signup`, {}, who);
  });
  const bid = (as: string, bidAmount: string) => ok('POST', `${T}/bid/${id}/quotation`, { sectionId: lot, bidAmount, taxRate: 13, technicalProposal: `Design ${bidAmount} of ${as}` }, as);

  it('logs each bid, revision and withdrawal with its lot and round, never its amount or proposal', async () => {
    await bid('supplier', '250000.55');
    await bid('supplier', '249000.45');
    await bid('supplier3', '240000.45');
    await ok('POST', `${T}/bid/${id}/quotation/withdraw`, { sectionId: lot }, 'supplier');
    await bid('supplier', '251000.35');
    const l = await log(`bid/${id}`);
    expect(l.verified).toBe(true);
    expect(events(l)).toEqual([[1, 'submit', ids.S1], [2, 'revise', ids.S1], [3, 'submit', ids.S3], [4, 'withdraw', ids.S1], [5, 'submit', ids.S1]]);
    expect(l.entries.every((e) => e.detail.sectionId === lot && e.detail.round === 1)).toBe(true);
    const text = JSON.stringify(l) + JSON.stringify(await q('select detail from ssrc_bid_log where document_id = $1', [id]));
    for (const a of AMOUNTS) expect(text).not.toContain(a);
    expect(text).not.toContain('Design');
    // A supplier reads its own entries; another tenant does not find the tender.
    expect(events(await log(`bid/${id}`, 'supplier3'))).toEqual([[3, 'submit', ids.S3]]);
    expect(events(await log(`bid/${id}`, 'supplier4'))).toEqual([]);
    expect((await call('GET', `/ssrc/v1/2/bid/${id}/bid-log`, undefined, 'buyer2')).statusCode).toBe(404);
  });

  it('logs the opening with a digest of each opened bid, the hand-out, each expert\'s scores, the confirmation and the approved award', async () => {
    await s.ctx.db.query("update tender_header set quotation_end_date = now() - interval '2 seconds', bid_open_date = now() - interval '1 second' where tender_header_id = $1", [id]);
    expect((await ok('POST', `${T}/bid/${id}/open`, {})).tenderStatus).toBe('OPENED');
    const open = (await log(`bid/${id}`)).entries.at(-1)!;
    expect([open.event, open.detail.envelope, open.detail.round]).toEqual(['open', 'both', 1]);
    const opened = await q<{ bidId: number } & Row>(
      `select bid_id::float8 as "bidId", technical_proposal as "technicalProposal", technical_attachment_uuid as "technicalAttachmentUuid", bid_amount::text as "bidAmount", tax_rate::text as "taxRate",
              delivery_period::text as "deliveryPeriod", commercial_remark as "commercialRemark", commercial_attachment_uuid as "commercialAttachmentUuid"
         from tender_bid where tender_header_id = $1 and supplier_id = $2`, [id, ids.S1]);
    expect(opened[0]!.bidAmount).toBe('251000.35');
    const { bidId, ...content } = opened[0]!;
    expect((open.detail.bids as Row[]).find((b) => b.bidId === bidId)!.digest).toBe(digestOf(content));
    // An outsider among the suppliers sees the opening, none of the bids in it.
    expect((await log(`bid/${id}`, 'supplier4')).entries.map((e) => [e.event, (e.detail.bids as Row[]).length])).toEqual([['open', 0]]);

    await ok('POST', `${T}/bid/experts`, { tenderHeaderId: id, expertId: ids.expert, expertRole: 'ALL', leaderFlag: 1 });
    expect((await act(id, 'handout')).json().tenderStatus).toBe('EVALUATING');
    for (const r of await rows(`${T}/bid/scores?tenderHeaderId=${id}&size=100`, 'expert')) expect((await call('PUT', `${T}/bid/scores`, { ...r, score: 80 }, 'expert')).statusCode).toBe(200);
    await ok('POST', `${T}/bid/scores/submit`, [{ tenderHeaderId: id }], 'expert');
    expect((await act(id, 'confirmScoring')).json().tenderStatus).toBe('SCORED');
    const expertLog = await log(`bid/${id}`, 'expert');
    expect(expertLog.entries.at(-2)!.event).toBe('score');

    const winner = Number((await q<{ id: number }>('select bid_id::float8 as id from tender_bid where tender_header_id = $1 and supplier_id = $2', [id, ids.S3]))[0]!.id);
    await ok('GET', `${T}/bid/${id}/decision`);
    await ok('POST', `${T}/bid/${id}/awards`, { bidId: winner });
    const d = await ok('GET', `${T}/bid/${id}/decision`);
    await ok('POST', `${T}/bid/decisions/${String(d.decisionId)}/actions/submit`, { objectVersionNumber: d.objectVersionNumber });
    const tasks = (await ok('GET', '/hwfl/v1/1/tasks?statusCode=PENDING&size=200', undefined, 'approver')).content as Array<{ taskId: number; description: string }>;
    const task = tasks.find((t) => t.description.startsWith(num))!;
    expect((await call('POST', `/hwfl/v1/1/runtime/tasks/${task.taskId}`, { action: 'Approved' }, 'approver')).statusCode).toBe(200);
    expect((await tender(id)).tenderStatus).toBe('AWARDED');

    const l = await log(`bid/${id}`);
    expect(l.verified).toBe(true);
    expect(l.entries.slice(5).map((e) => e.event)).toEqual(['open', 'hand-out', 'score', 'confirm', 'award']);
    expect((l.entries.at(-1)!.detail.awards as Row[]).map((a) => [a.supplierId, a.bidId])).toEqual([[ids.S3, winner]]);
    // The winner reads its award; the other bidder the award without a winner in it.
    expect(((await log(`bid/${id}`, 'supplier3')).entries.at(-1)!.detail.awards as Row[]).map((a) => a.supplierId)).toEqual([ids.S3]);
    const other = await log(`bid/${id}`, 'supplier');
    expect(other.entries.map((e) => e.event)).toEqual(['submit', 'revise', 'withdraw', 'submit', 'open', 'award']);
    expect(other.entries.at(-1)!.detail.awards).toEqual([]);
  });
});

describe('appends and verification', () => {
  it('are documented in the OpenAPI document and guarded like the document\'s own read', async () => {
    const paths = Object.keys((await s.app.inject({ url: '/api-docs/json' })).json().paths as object);
    expect(paths).toEqual(expect.arrayContaining(['/ssrc/v1/{tenantId}/rfx/{id}/bid-log', '/ssrc/v1/{tenantId}/bid/{id}/bid-log']));
    const guards = operationGuards(s.ctx.entities).endpoint;
    for (const doc of ['rfx', 'bid']) expect(guards.get(`GET /ssrc/v1/{}/${doc}/{}/bid-log`)).toEqual(guards.get(`GET /ssrc/v1/{}/${doc}/{}`));
  });

  it('never fork a chain when many appends race', async () => {
    const doc = Number((await q<{ id: number }>("select min(rfx_header_id)::float8 as id from ssrc_rfx_header where tenant_id = 1 and not exists (select 1 from ssrc_bid_log where document_entity = 'rfxHeader' and document_id = rfx_header_id)"))[0]!.id);
    const n = 24;
    await Promise.all(Array.from({ length: n }, (_, i) => s.ctx.db.transaction((tx) => appendBidEvent(tx, { documentEntity: 'rfxHeader', documentId: doc, event: 'score', actorUserId: 1, detail: { n: i } }))));
    const chain = await verifyChain(s.ctx.db, 'rfxHeader', doc);
    expect(chain.verified).toBe(true);
    expect(chain.entries.map((e) => e.seq)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(new Set(chain.entries.map((e) => e.prevHash)).size).toBe(n);
    // A rolled-back change leaves no entry behind.
    await expect(s.ctx.db.transaction(async (tx) => {
      await appendBidEvent(tx, { documentEntity: 'rfxHeader', documentId: doc, event: 'score', actorUserId: 1 });
      throw new Error('refused');
    })).rejects.toThrow('refused');
    expect((await verifyChain(s.ctx.db, 'rfxHeader', doc)).entries.length).toBe(n);
  });

  it('npm run verify:bids reads the DATA_DIR database and exits 1 naming the broken document and seq', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bid-log-'));
    try {
      // This server's database as it stands, written to a folder as `npm start` keeps one.
      const db = await openDatabase({ dataDir: dir, seedImage: await (s.ctx.db as unknown as { dump(): Promise<Blob> }).dump() });
      // Two documents of the seed whose chains are empty yet; the chains the suites above wrote are dropped.
      await db.query('delete from ssrc_bid_log');
      const doc = Number((await db.query<{ id: number }>('select min(rfx_header_id)::float8 as id from ssrc_rfx_header')).rows[0]!.id);
      const other = Number((await db.query<{ id: number }>('select min(tender_header_id)::float8 as id from tender_header')).rows[0]!.id);
      for (const event of ['submit', 'revise', 'withdraw'] as const) await db.transaction((tx) => appendBidEvent(tx, { documentEntity: 'rfxHeader', documentId: doc, event, actorUserId: 1, supplierId: 7, detail: { round: 1 } }));
      await db.transaction((tx) => appendBidEvent(tx, { documentEntity: 'tenderHeader', documentId: other, event: 'open', actorUserId: 1, detail: { round: 1, bids: [] } }));
      await db.query("update ssrc_bid_log set supplier_id = 8 where document_entity = 'rfxHeader' and seq = 2");
      await db.close();
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
      delete env.DATABASE_URL;
      const r = spawnSync(process.execPath, [join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(projectRoot, 'scripts', 'verify-bids.ts')], { cwd: projectRoot, env, encoding: 'utf8', timeout: 120_000 });
      expect(r.status, r.stderr).toBe(1);
      expect(r.stdout).toContain('2 chains checked, 4 entries, 1 broken');
      expect(r.stdout).toContain(`rfxHeader ${doc} at seq 2`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
