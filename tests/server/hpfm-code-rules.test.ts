import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterKey, formatDate } from '../../server/resources/numbering.ts';
import { startTestServer, type TestServer } from './harness.ts';

const PO = '/sodr/v1/1/po-headers';
const order = { supplierName: 'Code Rule Supplier', companyName: 'Demo Manufacturing Co.' };

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const rule = async (code: string): Promise<Row> => (await s.call({ url: `/hpfm/v1/code-rule?ruleCode=${code}`, as: 'admin' })).json().content.find((r: Row) => r.ruleCode === code);
const segments = async (ruleId: unknown): Promise<Row[]> => (await s.call({ url: `/hpfm/v1/code-rule-segments?ruleId=${String(ruleId)}&size=100`, as: 'admin' })).json().content;
const createOrder = async () => (await s.call({ method: 'POST', url: PO, payload: order, as: 'buyer' })).json() as Row;

describe('code rules number documents', () => {
  it('seeds the rules of orders, RFx and contracts with their segments', async () => {
    for (const code of ['SODR.PO_NUM', 'SSRC.RFX_NUM', 'SCM.CONTRACT_NUM']) {
      const r = await rule(code);
      expect(r, code).toBeTruthy();
      expect((await segments(r.ruleId)).some((x) => x.fieldType === 'SEQUENCE')).toBe(true);
    }
  });

  it('numbers a new order from SODR.PO_NUM, continuing the seeded orders', async () => {
    const po = await createOrder();
    expect(po.displayPoNum).toMatch(/^PO\d{8}$/);
    expect(Number(String(po.displayPoNum).slice(2))).toBeGreaterThan(300);
  });

  it('uses the changed prefix for the next order number', async () => {
    const r = await rule('SODR.PO_NUM');
    const constant = (await segments(r.ruleId)).find((x) => x.fieldType === 'CONSTANT')!;
    const before = await createOrder();
    const upd = await s.call({ method: 'PUT', url: `/hpfm/v1/code-rule-segments/${String(constant.ruleDetailId)}`, payload: { objectVersionNumber: constant.objectVersionNumber, fieldValue: 'PX' }, as: 'admin' });
    expect(upd.statusCode).toBe(200);
    const after = await createOrder();
    expect(after.displayPoNum).toMatch(/^PX\d{8}$/);
    expect(Number(String(after.displayPoNum).slice(2))).toBe(Number(String(before.displayPoNum).slice(2)) + 1);
    // Back to the original prefix for the other tests of this file.
    const again = (await segments(r.ruleId)).find((x) => x.fieldType === 'CONSTANT')!;
    await s.call({ method: 'PUT', url: `/hpfm/v1/code-rule-segments/${String(again.ruleDetailId)}`, payload: { objectVersionNumber: again.objectVersionNumber, fieldValue: 'PO' }, as: 'admin' });
  });

  it('adds date segments and restarts a monthly sequence per month', async () => {
    const r = await rule('SODR.PO_NUM');
    const date = await s.call({ method: 'POST', url: '/hpfm/v1/code-rule-segments', payload: { ruleId: r.ruleId, orderSeq: 15, fieldType: 'DATE', dateMask: 'yyMM' }, as: 'admin' });
    expect(date.statusCode).toBe(200);
    const po = await createOrder();
    expect(po.displayPoNum).toMatch(new RegExp(`^PO${formatDate('yyMM', new Date())}\\d{8}$`));
    await s.call({ method: 'DELETE', url: `/hpfm/v1/code-rule-segments/${String(date.json().ruleDetailId)}`, as: 'admin' });
    expect(counterKey('X', 'MONTH', new Date(2026, 0, 5))).toBe('X@202601');
    expect(counterKey('X', 'NEVER', new Date(2026, 0, 5))).toBe('X');
  });

  it("prefers a tenant's own rule over the platform's and falls back to the declared prefix without a rule", async () => {
    const own = await s.call({ method: 'POST', url: '/hpfm/v1/1/code-rule', payload: { ruleCode: 'SODR.PO_NUM', ruleName: 'Demo order numbers' }, as: 'sysadmin' });
    expect(own.statusCode).toBe(200);
    const ruleId = own.json().ruleId;
    for (const seg of [
      { orderSeq: 10, fieldType: 'CONSTANT', fieldValue: 'DM-' },
      { orderSeq: 20, fieldType: 'SEQUENCE', seqLength: 5, startValue: 1, resetFrequency: 'NEVER' },
    ]) {
      expect((await s.call({ method: 'POST', url: '/hpfm/v1/1/code-rule-segments', payload: { ruleId, ...seg }, as: 'sysadmin' })).statusCode).toBe(200);
    }
    expect((await createOrder()).displayPoNum).toMatch(/^DM-\d{5}$/);
    // The second tenant still numbers from the platform's rule.
    const other = (await s.call({ method: 'POST', url: '/sodr/v1/2/po-headers', payload: order, as: 'buyer2' })).json();
    expect(other.displayPoNum).toMatch(/^PO\d{8}$/);
    // Disabled rules are ignored: the platform rule applies again.
    await s.call({ method: 'PUT', url: `/hpfm/v1/1/code-rule/${String(ruleId)}`, payload: { objectVersionNumber: own.json().objectVersionNumber, enabledFlag: 0 }, as: 'sysadmin' });
    expect((await createOrder()).displayPoNum).toMatch(/^PO\d{8}$/);
  });

  it('refuses an unknown segment type, and tenants cannot touch platform rules', async () => {
    const r = await rule('SODR.PO_NUM');
    const bad = await s.call({ method: 'POST', url: '/hpfm/v1/code-rule-segments', payload: { ruleId: r.ruleId, orderSeq: 5, fieldType: 'RANDOM' }, as: 'admin' });
    expect(bad.statusCode).toBe(400);
    const seg = (await segments(r.ruleId))[0]!;
    const foreign = await s.call({ method: 'PUT', url: `/hpfm/v1/1/code-rule-segments/${String(seg.ruleDetailId)}`, payload: { objectVersionNumber: seg.objectVersionNumber, fieldValue: 'HACK' }, as: 'sysadmin' });
    expect(foreign.statusCode).toBe(404);
    expect((await s.call({ method: 'POST', url: '/hpfm/v1/1/code-rule', payload: { ruleCode: 'X.Y', ruleName: 'x' }, as: 'buyer' })).statusCode).toBe(403);
  });
});
