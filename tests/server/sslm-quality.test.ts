import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALUE_SETS } from '../../server/seed/lov-seed.ts';
import { apiCalls } from './api-calls.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Quality audits, vendor codes and supply abilities (issue 23): the rules the server keeps —
 * who writes what in which status (buyer or the audited supplier), the weighted result computed
 * exactly, the steps that need findings answered, and one vendor code / ability per key.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const T = '/sslm/v1/1';
const { call, ok, one } = apiCalls(() => s);
const act = (as: string, audit: Row, action: string, extra: Row = {}) =>
  call(as, 'POST', `${T}/quality-audits/${String(audit.auditId)}/actions/${action}`, { objectVersionNumber: audit.objectVersionNumber, ...extra });
const audit = (id: unknown) => ok('buyer', 'GET', `${T}/quality-audits/${String(id)}`);
const lines = async (as: string, id: unknown) => ((await ok(as, 'GET', `${T}/quality-audit-lines?auditId=${String(id)}&size=50&sort=lineNum,asc`)).content as Row[]);
const setLine = (as: string, l: Row, values: Row) => call(as, 'PUT', `${T}/quality-audit-lines/${String(l.auditLineId)}`, { ...l, ...values });

let supplierId: number;
let otherSupplierId: number;
beforeAll(async () => {
  // The demo `supplier` works for S0001 and S0002; supplier3 for S0003 only.
  supplierId = (await one<{ id: number }>("select supplier_id::float8 as id from sslm_supplier where tenant_id = 1 and supplier_num = 'S0001'")).id;
  otherSupplierId = (await one<{ id: number }>("select supplier_id::float8 as id from sslm_supplier where tenant_id = 1 and supplier_num = 'S0003'")).id;
});

describe('quality audit: buyer plans, the supplier self-assesses, the buyer audits and closes', () => {
  let a: Row;
  it('an audit from a template starts with its clauses and the supplier\'s name; one without clauses is not published', async () => {
    const tpl = await one<{ id: number; n: number }>(
      "select t.template_id::float8 as id, (select count(*)::int from sslm_supplier_template_clause c where c.template_id = t.template_id) as n from sslm_supplier_template t where t.tenant_id = 1 and t.template_code = 'QA-SYSTEM-ISO'",
    );
    a = await ok('buyer', 'POST', `${T}/quality-audits`, { auditType: 'SYSTEM', supplierId, templateId: tpl.id, plannedDate: '2027-03-01' });
    const name = await one<{ n: string }>('select supplier_name as n from sslm_supplier where supplier_id = $1', [supplierId]);
    expect((await audit(a.auditId)).supplierName).toBe(name.n);
    expect((await lines('buyer', a.auditId)).map((l) => Number(l.weight))).toEqual(Array(tpl.n).fill(25));

    const bare = await ok('buyer', 'POST', `${T}/quality-audits`, { auditType: 'SYSTEM', supplierId, plannedDate: '2027-03-01' });
    const refused = await act('buyer', bare, 'publish');
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('qualityAuditLine');
  });

  it('while published the clauses are the supplier\'s: the buyer may not score them, another supplier does not see them', async () => {
    expect((await act('buyer', await audit(a.auditId), 'publish')).status).toBe(200);
    const [first] = await lines('buyer', a.auditId);
    expect((await setLine('buyer', first!, { score: 90 })).status).toBe(403);
    expect((await call('supplier3', 'GET', `${T}/quality-audits/${String(a.auditId)}`)).status).toBeGreaterThanOrEqual(403);
    const theirs = (await ok('supplier3', 'GET', `${T}/quality-audits?size=500`)).content as Row[];
    expect(theirs.some((x) => x.auditId === a.auditId)).toBe(false);
    expect(theirs.every((x) => x.supplierId === otherSupplierId)).toBe(true);
  });

  it('the self-assessment needs every clause self-scored, then moves the audit on', async () => {
    const ls = await lines('supplier', a.auditId);
    expect((await setLine('supplier', ls[0]!, { selfScore: 80 })).status).toBe(200);
    const early = await act('supplier', await audit(a.auditId), 'selfAssess');
    expect(early.status).toBe(400);
    expect(early.body.field).toBe('selfScore');
    for (const l of (await lines('supplier', a.auditId)).slice(1)) expect((await setLine('supplier', l, { selfScore: 85 })).status).toBe(200);
    // The supplier does not start the buyer's audit.
    expect((await act('supplier', await audit(a.auditId), 'startAudit')).status).toBeGreaterThanOrEqual(400);
    expect((await act('supplier', await audit(a.auditId), 'selfAssess')).status).toBe(200);
    expect((await audit(a.auditId)).auditStatus).toBe('SELF_ASSESSED');
  });

  it('the on-site result is the weighted score, exactly; a finding needs its deadline before rectification', async () => {
    expect((await act('buyer', await audit(a.auditId), 'startAudit')).status).toBe(200);
    const notScored = await act('buyer', await audit(a.auditId), 'requestRectify');
    expect(notScored.status).toBeGreaterThanOrEqual(200);
    expect(notScored.body.failed).toBe(true);
    const scores = [88.5, 91.25, 70.1, 99.99];
    const ls = await lines('buyer', a.auditId);
    for (const [i, l] of ls.entries()) expect((await setLine('buyer', l, { score: scores[i], ...(i === 2 ? { finding: 'Calibration records missing', severity: 'MAJOR' } : {}) })).status).toBe(200);
    const noDeadline = await act('buyer', await audit(a.auditId), 'requestRectify');
    expect(noDeadline.status).toBe(400);
    expect(noDeadline.body.field).toBe('rectifyDeadline');
    expect((await setLine('buyer', (await lines('buyer', a.auditId))[2]!, { rectifyDeadline: '2027-04-01' })).status).toBe(200);
    expect((await act('buyer', await audit(a.auditId), 'requestRectify')).status).toBe(200);
    // (88.5 + 91.25 + 70.1 + 99.99) × 25 / 100 = 87.46 (349.84 / 4), in numeric arithmetic.
    const total = await one<{ t: string }>('select total_score::text as t from sslm_quality_audit where audit_id = $1', [a.auditId]);
    expect(Number(total.t)).toBe(87.46);
  });

  it('closing needs the major finding answered by the supplier and the result recorded', async () => {
    const open = await act('buyer', await audit(a.auditId), 'close');
    expect(open.status).toBe(400);
    expect(open.body.field).toBe('rectifyAction');
    const major = (await lines('supplier', a.auditId))[2]!;
    expect((await setLine('supplier', major, { rectifyAction: 'Calibration log introduced, records attached' })).status).toBe(200);
    const noResult = await act('buyer', await audit(a.auditId), 'close');
    expect(noResult.status).toBe(400);
    expect(noResult.body.field).toBe('auditResult');
    const cur = await audit(a.auditId);
    const withResult = await ok('buyer', 'PUT', `${T}/quality-audits/${String(a.auditId)}`, { ...cur, auditResult: VALUE_SETS['SSLM.AUDIT_RESULT']!.values[0]![0] });
    expect((await act('buyer', withResult, 'close')).status).toBe(200);
    expect((await audit(a.auditId)).auditStatus).toBe('CLOSED');
  });
});

describe('vendor codes and supply abilities', () => {
  it('one vendor code per supplier and operating unit, the supplier named from the master', async () => {
    const ou = `OU-${Date.now()}`;
    const v = await ok('buyer', 'POST', `${T}/vendor-codes`, { supplierId, ouName: ou, vendorCode: 'V-1001' });
    expect(v.supplierName ?? (await ok('buyer', 'GET', `${T}/vendor-codes/${String(v.vendorCodeId)}`)).supplierName).toBeTruthy();
    const twice = await call('buyer', 'POST', `${T}/vendor-codes`, { supplierId, ouName: ou, vendorCode: 'V-1002' });
    expect(twice.status).toBe(400);
    expect(twice.body.field).toBe('ouName');
    const unknown = await call('buyer', 'POST', `${T}/vendor-codes`, { supplierId: 987654321, ouName: `${ou}-X`, vendorCode: 'V-1003' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toBe('supplierId');
  });

  it('one supply ability per supplier and purchase category of the tenant, named from the category master', async () => {
    const cat = await one<{ c: string; n: string }>('select category_code as c, category_name as n from smdm_purchase_category where tenant_id = 1 order by category_id limit 1');
    await s.ctx.db.query('delete from sslm_supply_ability where supplier_id = $1 and category_code = $2', [otherSupplierId, cat.c]);
    const level = VALUE_SETS['SSLM.ABILITY_LEVEL']!.values[0]![0];
    const ab = await ok('buyer', 'POST', `${T}/supply-abilities`, { supplierId: otherSupplierId, categoryCode: cat.c, abilityLevel: level, annualCapacity: 1000 });
    expect((await ok('buyer', 'GET', `${T}/supply-abilities/${String(ab.abilityId)}`)).categoryName).toBe(cat.n);
    const twice = await call('buyer', 'POST', `${T}/supply-abilities`, { supplierId: otherSupplierId, categoryCode: cat.c, abilityLevel: level });
    expect(twice.status).toBe(400);
    expect(twice.body.field).toBe('categoryCode');
    const none = await call('buyer', 'POST', `${T}/supply-abilities`, { supplierId: otherSupplierId, categoryCode: 'NO-SUCH-CATEGORY', abilityLevel: level });
    expect(none.status).toBe(400);
    expect(none.body.field).toBe('categoryCode');
  });
});
