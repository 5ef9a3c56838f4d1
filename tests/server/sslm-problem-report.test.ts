import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from './api-calls.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * 8D problem reports (issue 23): the buyer raises and publishes, the supplier answers containment
 * (D1, D3) and then root cause and corrective action (D4–D7), the buyer rejects or accepts each
 * round, validates and completes. Checked: what each side may see and write in which status, the
 * field each refusal names, the rejection loops and the stamped completion.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const T = '/sslm/v1/1';
const { call, ok, one } = apiCalls(() => s);
const report = (id: unknown, as = 'buyer') => ok(as, 'GET', `${T}/problem-reports/${String(id)}`);
const act = async (as: string, id: unknown, action: string, extra: Row = {}) =>
  call(as, 'POST', `${T}/problem-reports/${String(id)}/actions/${action}`, { objectVersionNumber: (await report(id)).objectVersionNumber, ...extra });
const put = async (as: string, id: unknown, values: Row) => call(as, 'PUT', `${T}/problem-reports/${String(id)}`, { ...(await report(id)), ...values });
const status = async (id: unknown) => (await report(id)).problemStatus;
/** A refusal naming `field`, with the status the rule gives. */
const refused = (r: { status: number; body: Row }, code: number, field?: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(code);
  if (field) expect(r.body.field, JSON.stringify(r.body)).toBe(field);
};
/** A move the status machine does not allow: answered as a failed business step, the status unchanged. */
const notAllowed = (r: { status: number; body: Row }) => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.failed, JSON.stringify(r.body)).toBe(true);
};
const listed = async (as: string) => ((await ok(as, 'GET', `${T}/problem-reports?size=500`)).content as Row[]).map((x) => x.problemId);

let supplierId: number;
let otherSupplierId: number;
const draft = (extra: Row = {}) => ({ title: 'Cracked housings', supplierId, severity: 'MAJOR', occurredDate: '2027-02-01', defectQuantity: 12, problemDescription: 'Cracks on 12 housings at incoming inspection', ...extra });

beforeAll(async () => {
  // The demo `supplier` works for S0001 and S0002; supplier3 for S0003 only.
  supplierId = (await one<{ id: number }>("select supplier_id::float8 as id from sslm_supplier where tenant_id = 1 and supplier_num = 'S0001'")).id;
  otherSupplierId = (await one<{ id: number }>("select supplier_id::float8 as id from sslm_supplier where tenant_id = 1 and supplier_num = 'S0003'")).id;
});

describe('8D problem report: the full cycle', () => {
  let id: unknown;

  it('the buyer raises a report, numbered and named from the supplier master; the description is required', async () => {
    refused(await call('buyer', 'POST', `${T}/problem-reports`, draft({ problemDescription: undefined })), 400, 'problemDescription');
    const r = await ok('buyer', 'POST', `${T}/problem-reports`, draft());
    id = r.problemId;
    const cur = await report(id);
    expect(cur.problemStatus).toBe('NEW');
    expect(String(cur.problemNum)).toMatch(/^8D\d+$/);
    const name = await one<{ n: string }>('select supplier_name as n from sslm_supplier where supplier_id = $1', [supplierId]);
    expect(cur.supplierName).toBe(name.n);
  });

  it('a draft is the buyer\'s alone: the supplier neither lists nor reads it, nor raises reports; the buyer does not write the supplier\'s answer', async () => {
    expect(await listed('supplier')).not.toContain(id);
    expect((await call('supplier', 'GET', `${T}/problem-reports/${String(id)}`)).status).toBe(404);
    expect((await call('supplier', 'POST', `${T}/problem-reports`, draft())).status).toBe(403);
    refused(await put('buyer', id, { rootCause: 'guessed by the buyer' }), 403, 'rootCause');
    refused(await call('buyer', 'POST', `${T}/problem-reports`, draft({ containmentAction: 'by the buyer' })), 403, 'containmentAction');
    // The supplier's answer is not taken before the report is published.
    refused(await act('supplier', id, 'submitIca'), 404);
  });

  it('a linked audit must be one of the same supplier in this tenant', async () => {
    const mine = await one<{ id: number }>('select audit_id::float8 as id from sslm_quality_audit where tenant_id = 1 and supplier_id = $1 limit 1', [supplierId]);
    const theirs = await one<{ id: number }>('select audit_id::float8 as id from sslm_quality_audit where tenant_id = 1 and supplier_id <> $1 limit 1', [supplierId]);
    refused(await put('buyer', id, { auditId: theirs.id }), 400, 'auditId');
    refused(await put('buyer', id, { auditId: 987654321 }), 400, 'auditId');
    expect((await put('buyer', id, { auditId: mine.id })).status).toBe(200);
    expect(Number((await report(id)).auditId)).toBe(mine.id);
  });

  it('published, the supplier sees it; another supplier neither lists nor reads it', async () => {
    expect((await act('supplier', id, 'publish')).status).toBe(403);
    expect((await act('buyer', id, 'publish')).status).toBe(200);
    expect(await status(id)).toBe('PUBLISHED');
    expect(await listed('supplier')).toContain(id);
    expect((await report(id, 'supplier')).title).toBe('Cracked housings');
    expect(await listed('supplier3')).not.toContain(id);
    expect((await call('supplier3', 'GET', `${T}/problem-reports/${String(id)}`)).status).toBe(404);
    const theirs = (await ok('supplier3', 'GET', `${T}/problem-reports?size=500`)).content as Row[];
    expect(theirs.every((x) => x.supplierId === otherSupplierId)).toBe(true);
    // Another supplier cannot answer it either.
    expect((await call('supplier3', 'PUT', `${T}/problem-reports/${String(id)}`, { ...(await report(id)), teamMembers: 'intruder' })).status).toBeGreaterThanOrEqual(403);
  });

  it('while it awaits the supplier the buyer does not write; the supplier writes only its answer', async () => {
    refused(await put('buyer', id, { title: 'renamed' }), 403);
    refused(await put('supplier', id, { title: 'renamed by the supplier' }), 409, 'title');
    refused(await put('supplier', id, { feedback: 'self-approved' }), 409, 'feedback');
    refused(await put('supplier', id, { rootCause: 'too early' }), 409, 'rootCause');
    expect((await call('supplier', 'DELETE', `${T}/problem-reports/${String(id)}`, { objectVersionNumber: (await report(id)).objectVersionNumber })).status).toBeGreaterThanOrEqual(403);
  });

  it('submitting containment needs the team and the containment action', async () => {
    refused(await act('supplier', id, 'submitIca'), 400, 'teamMembers');
    expect((await put('supplier', id, { teamMembers: 'Zhou Min, Li Wei' })).status).toBe(200);
    refused(await act('supplier', id, 'submitIca'), 400, 'containmentAction');
    expect((await put('supplier', id, { containmentAction: 'Stock sorted', containmentDate: '2027-02-03' })).status).toBe(200);
    expect((await act('buyer', id, 'submitIca')).status).toBe(403);
    expect((await act('supplier', id, 'submitIca')).status).toBe(200);
    expect(await status(id)).toBe('ICA_SUBMITTED');
    // Submitted, it is no longer the supplier's to change.
    refused(await put('supplier', id, { containmentAction: 'changed after submitting' }), 403);
  });

  it('a rejection needs its reason and loops back to the supplier, who submits again', async () => {
    expect((await act('supplier', id, 'rejectIca', { feedback: 'self-rejected' })).status).toBe(403);
    refused(await act('buyer', id, 'rejectIca'), 400, 'feedback');
    refused(await act('buyer', id, 'rejectIca', { feedback: '   ' }), 400, 'feedback');
    expect((await act('buyer', id, 'rejectIca', { feedback: 'Sort the stock in transit too' })).status).toBe(200);
    expect(await status(id)).toBe('ICA_REJECTED');
    expect((await report(id, 'supplier')).feedback).toBe('Sort the stock in transit too');
    expect((await put('supplier', id, { containmentAction: 'Stock at our site and in transit sorted' })).status).toBe(200);
    expect((await act('supplier', id, 'submitIca')).status).toBe(200);
    expect(await status(id)).toBe('ICA_SUBMITTED');
    expect((await act('buyer', id, 'approveIca')).status).toBe(200);
    expect(await status(id)).toBe('PCA_FEEDBACKING');
  });

  it('submitting the corrective action needs root cause, corrective and preventive action and its due date, each named', async () => {
    refused(await put('buyer', id, { rootCause: 'by the buyer' }), 403);
    refused(await act('supplier', id, 'submitPca'), 400, 'rootCause');
    expect((await put('supplier', id, { rootCause: 'Mould temperature too low' })).status).toBe(200);
    refused(await act('supplier', id, 'submitPca'), 400, 'correctiveAction');
    expect((await put('supplier', id, { correctiveAction: 'Mould heater controlled', implementationResult: 'Installed on line 2' })).status).toBe(200);
    refused(await act('supplier', id, 'submitPca'), 400, 'preventAction');
    expect((await put('supplier', id, { preventAction: 'Temperature in the control plan' })).status).toBe(200);
    refused(await act('supplier', id, 'submitPca'), 400, 'pcaDueDate');
    // The supplier's D1/D3 closed with its acceptance.
    refused(await put('supplier', id, { teamMembers: 'changed later' }), 409, 'teamMembers');
    expect((await put('supplier', id, { pcaDueDate: '2027-03-15' })).status).toBe(200);
    expect((await act('supplier', id, 'submitPca')).status).toBe(200);
    expect(await status(id)).toBe('PCA_SUBMITTED');
  });

  it('the buyer rejects the corrective action with a reason, then validates the second answer with a verification result', async () => {
    refused(await put('supplier', id, { rootCause: 'changed after submitting' }), 403);
    refused(await put('buyer', id, { correctiveAction: 'rewritten by the buyer' }), 409, 'correctiveAction');
    refused(await act('buyer', id, 'rejectPca'), 400, 'feedback');
    expect((await act('buyer', id, 'rejectPca', { feedback: 'Show the temperature records' })).status).toBe(200);
    expect(await status(id)).toBe('PCA_REJECTED');
    expect((await put('supplier', id, { implementationResult: 'Installed on line 2, records of four weeks attached' })).status).toBe(200);
    expect((await act('supplier', id, 'submitPca')).status).toBe(200);
    refused(await act('buyer', id, 'validate'), 400, 'verificationResult');
    expect((await put('buyer', id, { verificationResult: 'Three lots without cracks' })).status).toBe(200);
    expect((await act('supplier', id, 'validate')).status).toBe(403);
    expect((await act('buyer', id, 'validate')).status).toBe(200);
    expect(await status(id)).toBe('VALIDATED');
  });

  it('completing needs the closing remark and stamps the completion; a completed report is not cancelled', async () => {
    refused(await act('buyer', id, 'complete'), 400, 'closingRemark');
    expect((await report(id)).completedDate ?? null).toBeNull();
    expect((await put('buyer', id, { closingRemark: 'Closed: effective' })).status).toBe(200);
    const before = Date.now();
    expect((await act('buyer', id, 'complete')).status).toBe(200);
    const done = await report(id);
    expect(done.problemStatus).toBe('COMPLETED');
    expect(Math.abs(new Date(String(done.completedDate)).getTime() - before)).toBeLessThan(5 * 60_000);
    expect((await report(id, 'supplier')).problemStatus).toBe('COMPLETED');
    notAllowed(await act('buyer', id, 'cancel'));
    expect(await status(id)).toBe('COMPLETED');
    refused(await put('buyer', id, { closingRemark: 'changed after completing' }), 409, 'closingRemark');
  });
});

describe('8D problem report: cancelling', () => {
  it('the buyer cancels from NEW or PUBLISHED only; a cancelled report leaves the supplier\'s list', async () => {
    const a = await ok('buyer', 'POST', `${T}/problem-reports`, draft({ title: 'Cancelled as a draft' }));
    expect((await act('buyer', a.problemId, 'cancel')).status).toBe(200);
    expect(await status(a.problemId)).toBe('CANCELLED');

    const b = await ok('buyer', 'POST', `${T}/problem-reports`, draft({ title: 'Cancelled once published' }));
    expect((await act('buyer', b.problemId, 'publish')).status).toBe(200);
    expect((await act('supplier', b.problemId, 'cancel')).status).toBe(403);
    expect((await act('buyer', b.problemId, 'cancel')).status).toBe(200);
    expect(await listed('supplier')).not.toContain(b.problemId);

    const c = await ok('buyer', 'POST', `${T}/problem-reports`, draft({ title: 'Not cancelled once answered' }));
    expect((await act('buyer', c.problemId, 'publish')).status).toBe(200);
    expect((await put('supplier', c.problemId, { teamMembers: 'Zhou Min', containmentAction: 'Sorted' })).status).toBe(200);
    expect((await act('supplier', c.problemId, 'submitIca')).status).toBe(200);
    notAllowed(await act('buyer', c.problemId, 'cancel'));
    expect(await status(c.problemId)).toBe('ICA_SUBMITTED');
  });

  it('the demo reports are seeded in several statuses, the draft hidden from the supplier', async () => {
    const seeded = ((await ok('buyer', 'GET', `${T}/problem-reports?size=500`)).content as Row[]).map((x) => x.problemStatus);
    for (const st of ['NEW', 'PUBLISHED', 'ICA_SUBMITTED', 'PCA_SUBMITTED', 'COMPLETED']) expect(seeded).toContain(st);
    const theirs = ((await ok('supplier', 'GET', `${T}/problem-reports?size=500`)).content as Row[]).map((x) => x.problemStatus);
    expect(theirs).not.toContain('NEW');
    expect(theirs.length).toBeGreaterThan(0);
  });
});
