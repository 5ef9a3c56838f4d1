import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../server/modules/hfile/file-store.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { multipart } from './multipart.ts';

let s: TestServer;
let outside: string;
let storage: string;

beforeAll(async () => {
  s = await startTestServer();
  outside = await mkdtemp(join(tmpdir(), 'hfle-test-'));
  storage = join(outside, 'storage');
  s.ctx.config.storageDir = storage;
  await writeFile(join(outside, 'secret.txt'), 'top secret');
});
afterAll(async () => {
  await s.close();
  await rm(outside, { recursive: true, force: true });
});

async function upload(as: string, tenant: number | null, fields: Record<string, string>, file = { name: 'offer.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4 demo') }) {
  const prefix = tenant === null ? '/hfle/v1' : `/hfle/v1/${tenant}`;
  return s.call({ as, method: 'POST', url: `${prefix}/files/attachment/multipart`, ...multipart(fields, file) });
}

async function newUuid(as: string, tenant: number): Promise<string> {
  const r = await s.call({ as, method: 'POST', url: `/hfle/v1/${tenant}/files/uuid` });
  expect(r.statusCode).toBe(200);
  return r.json().content as string;
}

describe('attachment UUID', () => {
  it('answers {content: uuid} on the tenant and the site path', async () => {
    const a = await s.call({ as: 'buyer', method: 'POST', url: '/hfle/v1/1/files/uuid' });
    expect(a.json()).toEqual({ content: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const b = await s.call({ as: 'admin', method: 'POST', url: '/hfle/v1/files/uuid' });
    expect(b.json().content).not.toBe(a.json().content);
  });

  it('refuses another tenant and an anonymous caller', async () => {
    expect((await s.call({ as: 'buyer', method: 'POST', url: '/hfle/v1/2/files/uuid' })).statusCode).toBe(403);
    expect((await s.call({ method: 'POST', url: '/hfle/v1/1/files/uuid' })).statusCode).toBe(401);
  });
});

describe('upload, list and download', () => {
  it('stores the bytes, returns the URL as text and lists the file under its UUID', async () => {
    const uuid = await newUuid('buyer', 1);
    const data = Buffer.from('quotation v1 — 报价单');
    const r = await upload('buyer', 1, { bucketName: 'ssrc', directory: 'rfx/2026', attachmentUUID: uuid }, { name: '报价 单.txt', type: 'text/plain', data });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    const url = r.body;
    expect(url).toMatch(/^ssrc\/1\/rfx\/2026\/[0-9a-f]{32}@.+\.txt$/);
    expect(await readFile(join(storage, url))).toEqual(data);

    const list = await s.call({ as: 'buyer', url: `/hfle/v1/1/files/${uuid}/file?bucketName=ssrc` });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
    const f = list.json()[0];
    expect(Object.keys(f).sort()).toEqual(['attachmentUuid', 'bucketName', 'creationDate', 'fileId', 'fileName', 'fileSize', 'fileType', 'fileUrl'].sort());
    expect(f).toMatchObject({ fileName: '报价 单.txt', fileUrl: url, fileType: 'text/plain', fileSize: data.length, attachmentUuid: uuid, bucketName: 'ssrc' });
    expect(f.creationDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const dl = await s.app.inject({ url: `/hfle/v1/1/files/download?bucketName=ssrc&url=${encodeURIComponent(url)}&access_token=${await s.login('buyer')}` });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload).toEqual(data);
    expect(dl.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('报价 单.txt')}`);
    expect(dl.headers['content-disposition']).toMatch(/^attachment;/);
    expect(dl.headers['x-content-type-options']).toBe('nosniff');

    // The site path serves a tenant user's current tenant.
    const site = await s.call({ as: 'buyer', url: `/hfle/v1/files/download?url=${encodeURIComponent(url)}` });
    expect(site.rawPayload).toEqual(data);
  });

  it('also takes a lone file without an attachment UUID (`files/multipart`)', async () => {
    const r = await s.call({ as: 'buyer', method: 'POST', url: '/hfle/v1/1/files/multipart', ...multipart({ bucketName: 'avatars' }, { name: 'me.png', type: 'image/png', data: Buffer.from([137, 80, 78, 71]) }) });
    expect(r.statusCode).toBe(200);
    expect(r.body).toMatch(/^avatars\/1\/[0-9a-f]{32}@me\.png$/);
  });

  it('validates the form: missing fields and unsafe names are 400, a non-multipart body 415', async () => {
    const uuid = await newUuid('buyer', 1);
    expect((await upload('buyer', 1, { bucketName: 'ssrc' })).statusCode).toBe(400); // no attachmentUUID
    expect((await upload('buyer', 1, { attachmentUUID: uuid })).statusCode).toBe(400); // no bucket
    const noFile = await s.call({ as: 'buyer', method: 'POST', url: '/hfle/v1/1/files/attachment/multipart', ...multipart({ bucketName: 'ssrc', attachmentUUID: uuid }) });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toMatch(/file/);
    expect((await upload('buyer', 1, { bucketName: '../etc', attachmentUUID: uuid })).statusCode).toBe(400);
    expect((await upload('buyer', 1, { bucketName: 'ssrc', directory: '../../x', attachmentUUID: uuid })).statusCode).toBe(400);
    expect((await upload('buyer', 1, { bucketName: 'ssrc', directory: '/abs', attachmentUUID: uuid })).statusCode).toBe(400);
    const json = await s.call({ as: 'buyer', method: 'POST', url: '/hfle/v1/1/files/attachment/multipart', payload: { bucketName: 'ssrc', attachmentUUID: uuid, file: { filename: 'x', data: 'x' } } });
    expect(json.statusCode).toBe(415);
    expect((await upload('buyer', 2, { bucketName: 'ssrc', attachmentUUID: uuid })).statusCode).toBe(403);
  });

  it('keeps a hostile file name from choosing where the bytes go', async () => {
    const uuid = await newUuid('buyer', 1);
    const r = await upload('buyer', 1, { bucketName: 'ssrc', attachmentUUID: uuid }, { name: '../../../../evil.sh', type: 'text/plain', data: Buffer.from('x') });
    expect(r.statusCode).toBe(200);
    expect(r.body).toMatch(/^ssrc\/1\/[0-9a-f]{32}@evil\.sh$/);
    expect(existsSync(join(outside, 'evil.sh'))).toBe(false);
  });

  it(`refuses a file over ${MAX_UPLOAD_BYTES / 1024 / 1024} MB with 413 and stores nothing`, async () => {
    const uuid = await newUuid('buyer', 1);
    const r = await upload('buyer', 1, { bucketName: 'big', attachmentUUID: uuid }, { name: 'big.bin', type: 'application/octet-stream', data: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1) });
    expect(r.statusCode).toBe(413);
    expect(r.json().message).toMatch(/20 MB/);
    expect((await s.call({ as: 'buyer', url: `/hfle/v1/1/files/${uuid}/file` })).json()).toEqual([]);
  });
});

describe('downloads stay inside the storage folder', () => {
  it.each(['../secret.txt', '/etc/passwd', 'ssrc/1/../../../secret.txt', 'http://evil.example/x', 'file:///etc/passwd', 'ssrc\\..\\..\\secret.txt', 'ssrc//1/x'])(
    'refuses url=%s with 400',
    async (url) => {
      const r = await s.call({ as: 'buyer', url: `/hfle/v1/1/files/download?url=${encodeURIComponent(url)}` });
      expect(r.statusCode).toBe(400);
      expect(r.body).not.toContain('top secret');
    },
  );

  it('answers 404 for a URL nobody uploaded and 400 without url', async () => {
    expect((await s.call({ as: 'buyer', url: '/hfle/v1/1/files/download?url=ssrc/1/nothing.txt' })).statusCode).toBe(404);
    expect((await s.call({ as: 'buyer', url: '/hfle/v1/1/files/download?bucketName=ssrc' })).statusCode).toBe(400);
  });

  it('never serves a tampered metadata row or a symbolic link pointing outside', async () => {
    await s.ctx.db.query(
      `insert into hfle_file (tenant_id, bucket_name, file_name, file_url, file_type, file_size) values (1, 'ssrc', 'secret.txt', 'ssrc/1/link@secret.txt', 'text/plain', 10)`,
    );
    const { mkdir } = await import('node:fs/promises');
    await mkdir(join(storage, 'ssrc', '1'), { recursive: true });
    await symlink(join(outside, 'secret.txt'), join(storage, 'ssrc', '1', 'link@secret.txt'));
    const r = await s.call({ as: 'buyer', url: `/hfle/v1/1/files/download?url=${encodeURIComponent('ssrc/1/link@secret.txt')}` });
    expect(r.statusCode).toBe(404);
    expect(r.body).not.toContain('top secret');
  });
});

describe('tenant isolation', () => {
  it("lets nobody read or delete another tenant's file", async () => {
    const uuid = await newUuid('buyer', 1);
    const url = (await upload('buyer', 1, { bucketName: 'ssrc', attachmentUUID: uuid })).body;
    const q = `bucketName=ssrc&url=${encodeURIComponent(url)}`;
    // buyer2 belongs to tenant 2 only.
    expect((await s.call({ as: 'buyer2', url: `/hfle/v1/2/files/download?${q}` })).statusCode).toBe(404);
    expect((await s.call({ as: 'buyer2', url: `/hfle/v1/files/download?${q}` })).statusCode).toBe(404);
    expect((await s.call({ as: 'buyer2', url: `/hfle/v1/1/files/download?${q}` })).statusCode).toBe(403);
    expect((await s.call({ as: 'buyer2', url: `/hfle/v1/2/files/${uuid}/file` })).json()).toEqual([]);
    expect((await s.call({ as: 'buyer2', method: 'POST', url: '/hfle/v1/2/files/delete-by-url?bucketName=ssrc', payload: [url] })).statusCode).toBe(404);
    expect((await s.call({ as: 'buyer2', method: 'POST', url: '/hfle/v1/1/files/delete-by-url?bucketName=ssrc', payload: [url] })).statusCode).toBe(403);
    expect(existsSync(join(storage, url))).toBe(true);
    // The platform administrator spans tenants on the site path, for files of records it reads:
    // the buyer's file attached to nothing is the buyer's alone (files-visibility.test.ts).
    expect((await s.call({ as: 'admin', url: `/hfle/v1/files/download?${q}` })).statusCode).toBe(404);
    await s.ctx.db.query('update smdm_item set attachment_uuid = $1 where item_id = (select min(item_id) from smdm_item where tenant_id = 1)', [uuid]);
    expect((await s.call({ as: 'admin', url: `/hfle/v1/files/download?${q}` })).statusCode).toBe(200);
  });

  it('shows file records through the generic list, read-only for tenant users', async () => {
    const list = await s.call({ as: 'buyer', url: '/hfle/v1/1/files/summary?bucketName=ssrc&size=100' });
    expect(list.statusCode).toBe(200);
    expect(list.json().content.length).toBeGreaterThan(0);
    expect(list.json().content.every((f: { tenantId: number }) => f.tenantId === 1)).toBe(true);
    expect((await s.call({ as: 'buyer2', url: '/hfle/v1/2/files/summary?bucketName=ssrc' })).json().totalElements).toBe(0);
    expect((await s.call({ as: 'buyer', method: 'POST', url: '/hfle/v1/1/files', payload: { fileUrl: 'x' } })).statusCode).toBe(403);
  });
});

describe('deletes', () => {
  it('delete-by-uuidurl removes the row and the bytes; a second delete is 404', async () => {
    const uuid = await newUuid('buyer', 1);
    const url = (await upload('buyer', 1, { bucketName: 'ssrc', attachmentUUID: uuid })).body;
    const del = () => s.call({ as: 'buyer', method: 'POST', url: `/hfle/v1/1/files/delete-by-uuidurl?bucketName=ssrc&attachmentUUID=${uuid}`, payload: [url] });
    const r = await del();
    expect(r.statusCode).toBe(200);
    expect(existsSync(join(storage, url))).toBe(false);
    expect((await s.call({ as: 'buyer', url: `/hfle/v1/1/files/${uuid}/file` })).json()).toEqual([]);
    expect((await del()).statusCode).toBe(404);
  });

  it('delete-by-url and the not-null variant; all or nothing', async () => {
    const uuid = await newUuid('buyer', 1);
    const a = (await upload('buyer', 1, { bucketName: 'ssrc', attachmentUUID: uuid })).body;
    const b = (await upload('buyer', 1, { bucketName: 'ssrc', attachmentUUID: uuid })).body;
    // One unknown URL in the list: nothing is deleted.
    const partial = await s.call({ as: 'buyer', method: 'POST', url: '/hfle/v1/1/files/delete-by-url?bucketName=ssrc', payload: [a, 'ssrc/1/unknown'] });
    expect(partial.statusCode).toBe(404);
    expect(existsSync(join(storage, a))).toBe(true);
    expect((await s.call({ as: 'buyer', method: 'POST', url: '/hfle/v1/1/files/delete-by-url?bucketName=ssrc', payload: [a] })).statusCode).toBe(200);
    expect((await s.call({ as: 'buyer', method: 'POST', url: '/hfle/v1/files/delete-by-uuidurl/not-null?bucketName=ssrc', payload: [b] })).statusCode).toBe(400);
    const ok = await s.call({ as: 'buyer', method: 'POST', url: `/hfle/v1/files/delete-by-uuidurl/not-null?bucketName=ssrc&attachmentUUID=${uuid}`, payload: [b] });
    expect(ok.statusCode).toBe(200);
    expect((await s.call({ as: 'buyer', url: `/hfle/v1/1/files/${uuid}/file` })).json()).toEqual([]);
  });

  it('validates query and body', async () => {
    expect((await s.call({ as: 'buyer', method: 'POST', url: '/hfle/v1/1/files/delete-by-url', payload: ['ssrc/1/x'] })).statusCode).toBe(400);
    expect((await s.call({ as: 'buyer', method: 'POST', url: '/hfle/v1/1/files/delete-by-url?bucketName=ssrc', payload: { url: 'x' } })).statusCode).toBe(400);
    expect((await s.call({ as: 'buyer', method: 'POST', url: '/hfle/v1/1/files/delete-by-url?bucketName=ssrc', payload: [] })).statusCode).toBe(400);
    expect((await s.call({ as: 'buyer', method: 'POST', url: '/hfle/v1/1/files/delete-by-url?bucketName=ssrc', payload: ['../secret.txt'] })).statusCode).toBe(400);
    expect(existsSync(join(outside, 'secret.txt'))).toBe(true);
  });
});
