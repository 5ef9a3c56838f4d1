import fc from 'fast-check';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessTables, changedTables, fingerprint } from './db-fingerprint.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Multipart bodies against every upload endpoint (the file service's two uploads at both levels,
 * and the CSV import of every entity, sampled): a missing file part, huge field names, path
 * traversal and NUL in file names, wrong content types, empty files, many parts, broken boundaries.
 * Every answer is a success that stored the file safely or a 4xx naming the problem, never a 5xx;
 * nothing is written outside the storage folder, and a refused upload changes no row.
 */
let s: TestServer;
let token: string;
let storage: string;
beforeAll(async () => {
  s = await startTestServer();
  token = await s.login('buyer');
  storage = s.ctx.config.storageDir;
}, 180_000);
afterAll(() => s.close());

type Part = { name: string; filename?: string; type?: string; data: string | Buffer };
const BOUNDARY = 'fuzzBoundary7MA4YWxk';
function multipart(parts: Part[], opts: { boundary?: string; close?: boolean } = {}): Buffer {
  const b = opts.boundary ?? BOUNDARY;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${b}\r\nContent-Disposition: ${disp}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`, 'utf8'));
    chunks.push(typeof p.data === 'string' ? Buffer.from(p.data, 'utf8') : p.data);
    chunks.push(Buffer.from('\r\n'));
  }
  if (opts.close !== false) chunks.push(Buffer.from(`--${b}--\r\n`));
  return Buffer.concat(chunks);
}

const file = (filename: string, data: string | Buffer = 'hello', type = 'text/plain'): Part => ({ name: 'file', filename, type, data });
const bucket: Part = { name: 'bucketName', data: 'fuzz' };
const uuid: Part = { name: 'attachmentUUID', data: 'abc123' };

type Body = { what: string; payload: Buffer; contentType?: string; names: string[]; /** Storing the upload is a right answer. */ mayStore?: boolean };

const FILE_NAMES = ['file', 'multipart', 'boundary', 'part', 'field', 'bucketname', 'attachmentuuid', 'directory', 'filename', 'too large', 'limit', 'media', 'body', 'malformed', 'unexpected end'];

function bodies(): Body[] {
  const mp = (what: string, parts: Part[], more: Partial<Body> = {}): Body => ({ what, payload: multipart(parts), names: FILE_NAMES, ...more });
  const out: Body[] = [
    mp('no file part', [bucket, uuid]),
    mp('no parts at all', []),
    mp('file part without a file name', [bucket, uuid, { name: 'file', data: 'x' }]),
    mp('field name of 10,000 characters', [bucket, uuid, { name: 'n'.repeat(10_000), data: 'x' }, file('a.txt')], { mayStore: true }),
    mp('field value of 100,000 characters', [{ name: 'bucketName', data: 'b'.repeat(100_000) }, uuid, file('a.txt')]),
    mp('file name ../../etc/passwd', [bucket, uuid, file('../../etc/passwd')], { mayStore: true }),
    mp('file name ..\\..\\windows\\win.ini', [bucket, uuid, file('..\\..\\windows\\win.ini')], { mayStore: true }),
    mp('file name /etc/cron.d/x', [bucket, uuid, file('/etc/cron.d/x')], { mayStore: true }),
    mp('file name with NUL', [bucket, uuid, file('a\u0000.txt')], { mayStore: true }),
    mp('file name of dots', [bucket, uuid, file('..')], { mayStore: true }),
    mp('file name of 5,000 characters', [bucket, uuid, file(`${'x'.repeat(5000)}.txt`)], { mayStore: true }),
    mp('fileName field ../../../x', [bucket, uuid, { name: 'fileName', data: '../../../x' }, file('a.txt')], { mayStore: true }),
    mp('directory ../../etc', [bucket, uuid, { name: 'directory', data: '../../etc' }, file('a.txt')]),
    mp('bucket ..', [{ name: 'bucketName', data: '..' }, uuid, file('a.txt')]),
    mp('bucket with NUL', [{ name: 'bucketName', data: 'a\u0000b' }, uuid, file('a.txt')]),
    mp('file part typed application/x-msdownload', [bucket, uuid, file('a.exe', 'MZ', 'application/x-msdownload')], { mayStore: true }),
    mp('file part typed text/html', [bucket, uuid, file('a.html', '<script>alert(1)</script>', 'text/html')], { mayStore: true }),
    mp('empty file', [bucket, uuid, file('empty.txt', '')], { mayStore: true }),
    mp('two file parts', [bucket, uuid, file('a.txt'), file('b.txt')]),
    mp('200 parts', [bucket, uuid, ...Array.from({ length: 200 }, (_, i) => ({ name: `f${i}`, data: 'x' })), file('a.txt')]),
    mp('file before the fields', [file('a.txt'), bucket, uuid], { mayStore: true }),
    { what: 'no closing boundary', payload: multipart([bucket, uuid, file('a.txt')], { close: false }), names: FILE_NAMES },
    { what: 'boundary not the declared one', payload: multipart([bucket, uuid, file('a.txt')], { boundary: 'other' }), names: FILE_NAMES },
    { what: 'multipart without a boundary parameter', payload: multipart([bucket, uuid, file('a.txt')]), contentType: 'multipart/form-data', names: FILE_NAMES },
    { what: 'boundary of 300 characters', payload: multipart([bucket, uuid, file('a.txt')], { boundary: 'b'.repeat(300) }), contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`, names: FILE_NAMES },
    { what: 'multipart/mixed', payload: multipart([bucket, uuid, file('a.txt')]), contentType: `multipart/mixed; boundary=${BOUNDARY}`, names: FILE_NAMES },
    { what: 'JSON instead of multipart', payload: Buffer.from('{"bucketName":"fuzz","file":"x"}'), contentType: 'application/json', names: FILE_NAMES },
    { what: 'garbage bytes', payload: Buffer.from([0, 1, 2, 255, 254, 13, 10, 45, 45]), names: FILE_NAMES },
    { what: 'part headers without a blank line', payload: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a"\r\nxx--${BOUNDARY}--\r\n`), names: FILE_NAMES },
  ];
  const runs = Number(process.env.FUZZ_RUNS ?? 0);
  if (runs > 0) {
    // Generated file names (any code points, from a fixed seed): stored under a safe name or refused.
    for (const [i, name] of fc.sample(fc.string({ unit: 'binary', maxLength: 80 }), { seed: 42, numRuns: runs }).entries()) {
      out.push(mp(`generated file name #${i}`, [bucket, uuid, file(name.replace(/["\r\n]/g, '_'))], { mayStore: true }));
    }
  }
  return out;
}

/** Every file under `dir` (relative paths). */
function tree(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      return;
    }
    for (const n of names) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out;
}

describe('multipart uploads to the file endpoints', () => {
  it('stores safely or refuses naming the problem, never a 5xx; nothing outside the storage folder, refusals change no row', { timeout: 600_000 }, async () => {
    const tables = await businessTables(s.ctx.db);
    // The folder holding the storage folder: a traversal would land beside it, or above.
    const around = dirname(storage);
    const outside = () => new Set(tree(around).filter((p) => !join(around, p).startsWith(storage + sep)));
    const outsideBefore = outside();
    const endpoints = [
      '/hfle/v1/1/files/attachment/multipart',
      '/hfle/v1/1/files/multipart',
      '/hfle/v1/files/multipart',
      // The CSV import shares the multipart parser's limits and errors: one entity stands for all.
      '/smdm/v1/1/payment-terms/import',
    ];
    const failures: string[] = [];
    let tried = 0;
    let stored = 0;
    // Every table is compared around each endpoint's batch; within it, per upload, the tables an
    // upload can write (a full comparison per upload took minutes).
    const written = ['hfle_file', 'smdm_payment_term'];
    for (const url of endpoints) {
      const batchBefore = await fingerprint(s.ctx.db, tables);
      for (const b of bodies()) {
        const before = await fingerprint(s.ctx.db, written);
        const r = await s.call({ method: 'POST', url, payload: b.payload, headers: { 'content-type': b.contentType ?? `multipart/form-data; boundary=${BOUNDARY}` }, token });
        tried++;
        const after = await fingerprint(s.ctx.db, written);
        const changed = changedTables(before, after);
        const lower = r.body.toLowerCase();
        if (r.statusCode >= 500) failures.push(`${url} ${b.what}: ${r.statusCode} ${r.body.slice(0, 200)}`);
        else if (r.statusCode >= 400) {
          if (!b.names.some((n) => lower.includes(n))) failures.push(`${url} ${b.what}: ${r.statusCode} names nothing: ${r.body.slice(0, 200)}`);
          if (changed.length) failures.push(`${url} ${b.what}: refused but changed ${changed.join('; ')}`);
        } else if (url.endsWith('/import')) {
          // An import answers 200 with a per-row report; a malformed upload must not create anything.
          if (changed.length && !b.mayStore) failures.push(`${url} ${b.what}: imported ${changed.join('; ')}`);
        } else if (!b.mayStore) failures.push(`${url} ${b.what}: accepted (${r.statusCode}) ${r.body.slice(0, 120)}`);
        else {
          stored++;
          // The answer is the file's URL: inside the storage folder, under a name without separators or NUL.
          const fileUrl = r.body;
          if (fileUrl.includes('..') || fileUrl.includes('\u0000') || fileUrl.includes('\\') || fileUrl.startsWith('/')) failures.push(`${url} ${b.what}: stored as ${JSON.stringify(fileUrl)}`);
          if (changed.some((c) => !c.startsWith('hfle_file'))) failures.push(`${url} ${b.what}: changed ${changed.join('; ')}`);
        }
      }
      const elsewhere = changedTables(batchBefore, await fingerprint(s.ctx.db, tables)).filter((c) => !c.startsWith('hfle_file'));
      if (elsewhere.length) failures.push(`${url}: the uploads changed ${elsewhere.join('; ')}`);
    }
    const escaped = [...outside()].filter((p) => !outsideBefore.has(p));
    console.log(`multipart fuzz: ${tried} uploads over ${endpoints.length} endpoints, ${stored} stored safely, ${failures.length} failures, ${escaped.length} files outside the storage folder`);
    expect(failures).toEqual([]);
    expect(escaped).toEqual([]);
  });
});
