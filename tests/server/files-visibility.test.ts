import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { iso, type Row, T, tenderKit } from './tender-kit.ts';
import { multipart } from './multipart.ts';

/**
 * Uploaded files follow the visibility of the record naming them (server/modules/hfile/file-access.ts):
 * a supplier's sealed bid attachment is its own until opening, then the buyer's too, never a
 * competitor's, an uninvolved expert's or another tenant's; a file attached to nothing is its
 * uploader's; every file path (list by UUID, download, delete, the generic `file` list and read
 * by id) answers alike; altered bytes are refused.
 */
vi.setConfig({ testTimeout: Number(process.env.TENDER_TIMEOUT ?? 180_000), hookTimeout: 180_000 });
let s: TestServer;
let storage: string;
const { call, ok, rows, act, q, deadlinePassed } = tenderKit(() => s);

interface Uploaded {
  uuid: string;
  url: string;
  data: Buffer;
}

/** Uploads a file under a new attachment UUID of tenant 1 as `as`. */
async function upload(as: string, name: string, text: string): Promise<Uploaded> {
  const uuid = (await call('POST', '/hfle/v1/1/files/uuid', undefined, as)).json().content as string;
  const data = Buffer.from(text);
  const r = await s.call({ as, method: 'POST', url: '/hfle/v1/1/files/attachment/multipart', ...multipart({ bucketName: 'tender', attachmentUUID: uuid }, { name, type: 'application/pdf', data }) });
  expect(r.statusCode, r.body).toBe(200);
  return { uuid, url: r.body, data };
}

const listed = async (as: string, f: Uploaded, tenant = 1) => ((await s.call({ as, url: `/hfle/v1/${tenant}/files/${f.uuid}/file` })).json() as Row[]).map((x) => x.fileUrl);
const download = (as: string, f: Uploaded, tenant: number | null = 1) => s.call({ as, url: `/hfle/v1${tenant === null ? '' : `/${tenant}`}/files/download?bucketName=tender&url=${encodeURIComponent(f.url)}` });
/** The file URLs the generic list (the file-management screen's) answers `as` among those of `files`. */
async function generic(as: string, files: Uploaded[]): Promise<string[]> {
  const r = await s.call({ as, url: '/hfle/v1/1/files/summary?bucketName=tender&size=1000' });
  expect(r.statusCode, r.body).toBe(200);
  const urls = new Set(files.map((f) => f.url));
  return (r.json().content as Row[]).map((x) => String(x.fileUrl)).filter((u) => urls.has(u)).sort();
}
const fileId = async (f: Uploaded) => Number((await q<{ id: number }>('select file_id::float8 as id from hfle_file where file_url = $1', [f.url]))[0]!.id);

/** The caller sees `f` on every read path: listed under its UUID, downloaded with its bytes, read by id. */
async function sees(as: string, f: Uploaded): Promise<void> {
  expect(await listed(as, f), `${as} lists ${f.url}`).toEqual([f.url]);
  const dl = await download(as, f);
  expect(dl.statusCode, `${as} downloads ${f.url}: ${dl.body}`).toBe(200);
  expect(dl.rawPayload).toEqual(f.data);
  expect((await s.call({ as, url: `/hfle/v1/1/files/${await fileId(f)}` })).statusCode).toBe(200);
}

/** To the caller `f` does not exist: an empty list, 404 on download and by id, the answer of a URL nobody uploaded. */
async function blind(as: string, f: Uploaded): Promise<void> {
  expect(await listed(as, f), `${as} lists ${f.url}`).toEqual([]);
  const dl = await download(as, f);
  expect(dl.statusCode, `${as} downloads ${f.url}`).toBe(404);
  expect(dl.json().message).toBe('No such file');
  expect(dl.body).not.toContain(f.data.toString());
  expect((await s.call({ as, url: `/hfle/v1/1/files/${await fileId(f)}` })).statusCode).toBe(404);
}

beforeAll(async () => {
  s = await startTestServer();
  storage = await mkdtemp(join(tmpdir(), 'hfle-visibility-'));
  s.ctx.config.storageDir = storage;
});
afterAll(async () => {
  await s.close();
  await rm(storage, { recursive: true, force: true });
});

/**
 * A published single-lot tender, `supplier` (S0001) and `supplier3` (S0003) qualified and each
 * bidding with its file of `offers` as the commercial attachment (none when not given).
 */
async function biddingTender(offers: Partial<Record<'supplier' | 'supplier3', Uploaded>>): Promise<number> {
  const h = await ok('POST', `${T}/bid`, { tenderTitle: 'Pump station 2027', evalMethod: 'LOWEST_PRICE', preQualificationFlag: 1, releaseApprovalFlag: 0, quotationStartDate: iso(-1000), quotationEndDate: iso(3_600_000), bidOpenDate: iso(3_600_000) });
  const id = Number(h.tenderHeaderId);
  const lot = await ok('POST', `${T}/bid/sections`, { tenderHeaderId: id, sectionName: 'Lot A: pumps', budgetAmount: 100000 });
  expect((await act(id, 'release')).json().tenderStatus).toBe('RELEASED');
  expect((await act(id, 'publish')).json().tenderStatus).toBe('PUBLISHED');
  for (const who of ['supplier', 'supplier3']) await ok('POST', `${T}/bid/${id}/signup`, {}, who);
  for (const x of await rows(`${T}/bid/suppliers?tenderHeaderId=${id}`)) await ok('POST', `${T}/bid/suppliers/${String(x.tenderSupplierId)}/actions/qualify`, { objectVersionNumber: x.objectVersionNumber });
  for (const [who, amount] of [['supplier', 91234.56], ['supplier3', 88000]] as const) {
    const f = offers[who];
    await ok('POST', `${T}/bid/${id}/quotation`, { sectionId: Number(lot.sectionId), bidAmount: amount, taxRate: 13, technicalProposal: `Design of ${who}`, ...(f ? { commercialAttachmentUuid: f.uuid } : {}) }, who);
  }
  return id;
}

describe('a supplier’s bid attachment', () => {
  let id: number;
  let mine: Uploaded;
  let theirs: Uploaded;
  let all: Uploaded[];

  beforeAll(async () => {
    mine = await upload('supplier', 'commercial offer S1.pdf', 'S1 offers 91,234.56');
    theirs = await upload('supplier3', 'commercial offer S3.pdf', 'S3 offers 88,000.00');
    id = await biddingTender({ supplier: mine, supplier3: theirs });
    all = [mine, theirs];
  });

  it('is its supplier’s alone before opening: not the competitor’s, the buyer’s or an expert’s', async () => {
    await sees('supplier', mine);
    await sees('supplier3', theirs);
    for (const who of ['supplier3', 'buyer', 'expert', 'approver']) await blind(who, mine);
    for (const who of ['supplier', 'buyer', 'expert']) await blind(who, theirs);
    expect(await generic('supplier', all)).toEqual([mine.url]);
    expect(await generic('supplier3', all)).toEqual([theirs.url]);
    expect(await generic('buyer', all)).toEqual([]);
    expect(await generic('expert', all)).toEqual([]);
    // Nor the administrators' file screen: a sealed offer's file names nothing yet, but its name and size are the offer's.
    expect(await generic('sysadmin', all)).toEqual([]);
    // Filtering by the UUID does not reveal it either.
    const byUuid = await s.call({ as: 'buyer', url: `/hfle/v1/1/files/summary?attachmentUuid=${mine.uuid}` });
    expect(byUuid.json().totalElements).toBe(0);
     // Sealed with the bid, the file is part of it: its own supplier does not take it back either.
    const taken = await s.call({ as: 'supplier', method: 'POST', url: '/hfle/v1/1/files/delete-by-url?bucketName=tender', payload: [mine.url] });
    expect([taken.statusCode, taken.json().message]).toEqual([403, expect.stringContaining('sealed')]);
  });

  it('reaches the buyer once opened, never the competing supplier or an expert the tender was not handed to', async () => {
    await deadlinePassed(id);
    expect((await ok('POST', `${T}/bid/${id}/open`, {})).tenderStatus).toBe('OPENED');
    await sees('buyer', mine);
    await sees('buyer', theirs);
    await sees('supplier', mine);
    await blind('supplier3', mine);
    await blind('supplier', theirs);
    await blind('expert', mine);
    expect(await generic('buyer', all)).toEqual([mine.url, theirs.url].sort());
    expect(await generic('supplier3', all)).toEqual([theirs.url]);
  });

  it('never reaches another tenant: not found there, refused in the first tenant’s path', async () => {
    expect(await listed('buyer2', mine, 2)).toEqual([]);
    expect((await download('buyer2', mine, 2)).statusCode).toBe(404);
    expect((await download('buyer2', mine, null)).statusCode).toBe(404);
    expect((await download('buyer2', mine, 1)).statusCode).toBe(403);
    expect((await s.call({ as: 'buyer2', url: '/hfle/v1/2/files/summary?bucketName=tender&size=1000' })).json().content.some((x: Row) => x.fileUrl === mine.url)).toBe(false);
  });

  it('is deleted by nobody once its opened bid holds it: not its uploader, not the buyer reading it; the competitor gets not found', async () => {
    const del = (as: string) => s.call({ as, method: 'POST', url: '/hfle/v1/1/files/delete-by-url?bucketName=tender', payload: [mine.url] });
    expect((await del('supplier3')).statusCode).toBe(404);
    const buyer = await del('buyer');
    expect(buyer.statusCode).toBe(403);
    expect(buyer.json().message).toContain('uploaded');
    expect((await del('supplier')).statusCode).toBe(403);
    await sees('supplier', mine);
  });
});

describe('a bid whose envelopes are plain columns (stored before sealing at rest)', () => {
  it('shows its attachments as the bid shows them: sealed from the buyer until opened, then open to the buyer', async () => {
    const id = await biddingTender({});
    const commercial = await upload('supplier', 'price list.pdf', 'S1 price list');
    const technical = await upload('supplier', 'drawings.pdf', 'S1 drawings');
    await s.ctx.db.query(
      `update tender_bid set commercial_attachment_uuid = $2, technical_attachment_uuid = $3
        where tender_header_id = $1 and supplier_id = (select supplier_id from sslm_supplier where tenant_id = 1 and supplier_num = 'S0001')`,
      [id, commercial.uuid, technical.uuid],
    );
    // The buyer reads the bid row itself: only the bid's own masking keeps the envelopes' files from it.
    for (const f of [commercial, technical]) {
      await sees('supplier', f);
      for (const who of ['buyer', 'approver', 'supplier3', 'expert']) await blind(who, f);
    }
    expect(await generic('buyer', [commercial, technical])).toEqual([]);
    // Opened (as the opening leaves the tender): the buyer reads both envelopes, the competitor neither.
    await s.ctx.db.query('update tender_header set opened_round = coalesce(round_number, 1), commercial_round = coalesce(round_number, 1) where tender_header_id = $1', [id]);
    for (const f of [commercial, technical]) {
      await sees('buyer', f);
      await blind('supplier3', f);
    }
    expect(await generic('buyer', [commercial, technical])).toEqual([commercial.url, technical.url].sort());
  });
});

describe('a file attached to nothing', () => {
  it('is its uploader’s, also on the administrators’ file screen', async () => {
    const draft = await upload('buyer', 'draft spec.pdf', 'draft specification');
    await sees('buyer', draft);
    for (const who of ['supplier', 'approver', 'expert', 'sysadmin']) await blind(who, draft);
    for (const who of ['supplier', 'approver', 'sysadmin']) expect(await generic(who, [draft])).toEqual([]);
    expect((await s.call({ as: 'supplier', method: 'POST', url: '/hfle/v1/1/files/delete-by-url?bucketName=tender', payload: [draft.url] })).statusCode).toBe(404);
    expect((await s.call({ as: 'buyer', method: 'POST', url: '/hfle/v1/1/files/delete-by-url?bucketName=tender', payload: [draft.url] })).statusCode).toBe(200);
  });

  it('stored by nobody (seeded, imported) is listed to the file screen’s administrators, and opened to nobody', async () => {
    const stored = { uuid: 'import0000000000000000000000000001', url: 'tender/1/import@imported.pdf', data: Buffer.from('imported with the catalogue') };
    await mkdir(dirname(join(storage, stored.url)), { recursive: true });
    await writeFile(join(storage, stored.url), stored.data);
    await s.ctx.db.query(`insert into hfle_file (tenant_id, attachment_uuid, bucket_name, file_name, file_url, file_type, file_size) values (1, $1, 'tender', 'imported.pdf', $2, 'application/pdf', $3)`, [stored.uuid, stored.url, stored.data.length]);
    expect(await generic('sysadmin', [stored])).toEqual([stored.url]);
    expect((await s.call({ as: 'sysadmin', url: `/hfle/v1/1/files/${await fileId(stored)}` })).statusCode).toBe(200);
    expect((await download('sysadmin', stored)).statusCode).toBe(404);
    expect(await listed('sysadmin', stored)).toEqual([]);
    for (const who of ['buyer', 'supplier']) await blind(who, stored);
    expect(await generic('buyer', [stored])).toEqual([]);
    // The demo's seeded files are such files.
    const seeded = await s.call({ as: 'sysadmin', url: '/hfle/v1/1/files/summary?bucketName=spfm&size=100' });
    expect(seeded.json().content.length).toBeGreaterThan(0);
    expect((await s.call({ as: 'buyer', url: '/hfle/v1/1/files/summary?bucketName=spfm&size=100' })).json().content).toEqual([]);
  });
});

describe('a file attached to a record', () => {
  it('is seen by whoever reads the record and deleted by whoever may change it', async () => {
    const f = await upload('buyer', 'template.xlsx', 'template bytes');
    // Report templates: read by every role of the tenant, changed only from the template screen (the administrator's).
    await s.ctx.db.query('update hrpt_template set attachment_uuid = $1 where template_id = (select min(template_id) from hrpt_template where tenant_id = 1)', [f.uuid]);
    await sees('approver', f);
    const del = (as: string) => s.call({ as, method: 'POST', url: `/hfle/v1/1/files/delete-by-uuidurl?bucketName=tender&attachmentUUID=${f.uuid}`, payload: [f.url] });
    expect((await del('approver')).statusCode).toBe(403);
    expect((await del('sysadmin')).statusCode).toBe(200);
    expect(await listed('buyer', f)).toEqual([]);
  });

  it('of an approval’s history reaches those taking part in it, without the monitor’s menu', async () => {
    const f = await upload('buyer', 'approval note.pdf', 'approved with remarks');
    const [line] = await q<{ id: number }>(
      `select h.history_id::float8 as id from hwfl_history h where h.tenant_id = 1
          and exists (select 1 from hwfl_task k join iam_user u on u.id = k.assignee_id where k.instance_id = h.instance_id and u.login_name = 'approver')
          and not exists (select 1 from hwfl_process_instance i join iam_user u on u.id = i.start_user_id where i.instance_id = h.instance_id and u.login_name = 'supplier')
        order by h.history_id limit 1`,
    );
    expect(line, 'a seeded approval the approver takes part in').toBeDefined();
    await s.ctx.db.query('update hwfl_history set attachment_uuid = $1 where history_id = $2', [f.uuid, line!.id]);
    await sees('approver', f);
    await blind('supplier', f);
  });
});

describe('content integrity', () => {
  it('refuses bytes altered on disk with 409, and serves a file stored before hashes as it is', async () => {
    const f = await upload('supplier', 'offer.pdf', 'the offer as signed');
    await sees('supplier', f);
    await writeFile(join(storage, f.url), 'FORGED OFFER');
    const r = await download('supplier', f);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ code: 'hfle.error.file.tampered', message: expect.stringContaining('altered') });
    expect(r.body).not.toContain('FORGED');

    const legacy = { uuid: 'legacy0000000000000000000000000001', url: 'tender/1/legacy@old.pdf', data: Buffer.from('stored before hashes') };
    await mkdir(dirname(join(storage, legacy.url)), { recursive: true });
    await writeFile(join(storage, legacy.url), legacy.data);
    const supplierId = Number((await q<{ id: number }>("select id::float8 as id from iam_user where login_name = 'supplier'"))[0]!.id);
    await s.ctx.db.query(
      `insert into hfle_file (tenant_id, attachment_uuid, bucket_name, file_name, file_url, file_type, file_size, created_by) values (1, $1, 'tender', 'old.pdf', $2, 'application/pdf', $3, $4)`,
      [legacy.uuid, legacy.url, legacy.data.length, supplierId],
    );
    await sees('supplier', legacy);
  });
});
