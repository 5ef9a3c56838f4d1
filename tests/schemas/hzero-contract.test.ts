import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compatMarkdown } from '../../renderer/schema-files/hzero-compat-doc.ts';
import { contractReport, describeVerdict, figure, lineName } from '../../renderer/schema-files/hzero-contract.ts';

const root = join(import.meta.dirname, '../..');
const report = contractReport(join(root, 'schemas'));

describe('the UI against HZERO 1.5 (schemas/catalogue/hzero-endpoints.json)', () => {
  it('every call to an HZERO service matches its endpoint, is ours with a reason, or is registered as not yet aligned', () => {
    console.log(figure(report));
    const broken = report.broken.map((l) => `${lineName(l)}: ${describeVerdict(l.verdict)} (from ${l.by[0]})`);
    expect(broken, 'calls that claim to be HZERO\'s and are not: use HZERO\'s endpoint, or add the resource to hzero-ours.json with the reason').toEqual([]);
  });

  it('the registers stay true: no pending entry that matches now, no ours entry HZERO has', () => {
    expect(report.stalePending, 'remove from schemas/catalogue/hzero-pending.json').toEqual([]);
    expect(report.staleOurs.map((o) => o.path), 'HZERO 1.5 has an endpoint under these, or nothing calls them').toEqual([]);
  });

  it('the calls the spec names (§7.3) are HZERO\'s, promptKey included', () => {
    const matched = new Set(report.matched.map(lineName));
    for (const c of [
      'GET /iam/hzero/v1/users/self',
      'GET /iam/hzero/v1/users/self-tenants',
      'GET /iam/hzero/v1/member-roles/self-roles',
      'PUT /iam/v1/users/roles',
      'PUT /iam/v1/users/tenant-id',
      'GET /iam/hzero/v1/menus/tree',
      'POST /iam/hzero/v1/menus/check-permissions',
      'GET /hpfm/v1/{tenantId}/prompt/{lang}',
      'GET /hpfm/v1/{tenantId}/lov-view/info',
      'GET /hpfm/v1/{tenantId}/lovs/data',
      'GET /hpfm/v1/{tenantId}/lovs/value',
      'PUT /iam/hzero/v1/users/default-language',
      'GET /hfle/v1/{tenantId}/files/{attachmentUUID}/file',
      'POST /hfle/v1/{tenantId}/files/delete-by-uuidurl',
      'POST /hfle/v1/{tenantId}/files/uuid',
      'GET /hfle/v1/{tenantId}/files/download',
      'GET /hmsg/v1/{tenantId}/messages/user/preview',
      'GET /hmsg/v1/{tenantId}/messages/user/count',
    ])
      expect(matched.has(c), c).toBe(true);
  });

  const shared = join(root, '../shared/notes/hzero-endpoints.json');
  it.skipIf(!existsSync(shared))("the catalogue is the shared notes' list of HZERO 1.5's endpoints (where the notes are at hand)", () => {
    type E = { m: string; p: string; req?: string[]; opt?: string[]; body: boolean };
    const pick = (e: E) => ({ m: e.m, p: e.p, req: e.req ?? [], opt: e.opt ?? [], body: e.body });
    const notes = (JSON.parse(readFileSync(shared, 'utf8')) as { endpoints: E[] }).endpoints.map(pick);
    const ours = (JSON.parse(readFileSync(join(root, 'schemas/catalogue/hzero-endpoints.json'), 'utf8')) as { endpoints: E[] }).endpoints.map(pick);
    expect(ours).toEqual(notes);
  });

  it('docs/hzero-compat.md is what the schemas and the catalogue give (npm run hzero:compat)', () => {
    const intro = readFileSync(join(root, 'docs/hzero-compat.intro.md'), 'utf8');
    expect(readFileSync(join(root, 'docs/hzero-compat.md'), 'utf8')).toBe(compatMarkdown(report, intro));
  });
});
