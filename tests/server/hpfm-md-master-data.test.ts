import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const page = async (url: string, as = 'admin') => {
  const r = await s.call({ url, as });
  expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
  return r.json() as { content: Row[]; totalElements: number };
};
const send = async (method: 'POST' | 'PUT', url: string, payload: Row, as = 'admin') => s.call({ method, url, payload, as });

describe('platform master data and organisation demo data', () => {
  it.each([
    '/iam/v1/tenants',
    '/hpfm/v1/countries',
    '/hpfm/v1/currencys',
    '/hpfm/v1/exchange-rates',
    '/hpfm/v1/exchange-rate-types',
    '/hpfm/v1/taxes',
    '/hpfm/v1/uoms',
    '/hpfm/v1/uom-types',
    '/hpfm/v1/periods',
    '/hpfm/v1/industry-categories',
    '/hpfm/v1/calendars',
    '/hpfm/v1/banks',
    '/hpfm/v1/1/groups',
    '/hpfm/v1/1/companies',
    '/hpfm/v1/1/units',
    '/hpfm/v1/1/positions',
    '/hpfm/v1/1/employees',
    '/hpfm/v1/1/purchase-orgs',
    '/hpfm/v1/1/operation-units',
    '/hpfm/v1/1/inv-organizations',
    '/hpfm/v1/1/warehouses',
    '/hpfm/v1/1/locations',
    '/hpfm/v1/1/purchase-agents',
  ])('%s lists at least 25 rows', async (url) => {
    expect((await page(`${url}?size=1`)).totalElements).toBeGreaterThanOrEqual(25);
  });

  it('has real currencies and banks', async () => {
    const currencies = (await page('/hpfm/v1/currencys?size=100')).content;
    expect(currencies.find((c) => c.currencyCode === 'CNY')).toMatchObject({ currencyName: '人民币', currencyNameEn: 'Chinese Yuan Renminbi', financialPrecision: 2, countryName: '中国' });
    expect(currencies.find((c) => c.currencyCode === 'JPY')).toMatchObject({ financialPrecision: 0 });
    const icbc = (await page('/hpfm/v1/banks?bankCode=ICBC')).content[0];
    expect(icbc).toMatchObject({ bankName: '中国工商银行', swiftCode: 'ICBKCNBJ', bankTypeCode: 'STATE', bankTypeMeaning: '国有大型商业银行' });
    const rates = (await page('/hpfm/v1/exchange-rates?fromCurrencyCode=USD&toCurrencyCode=CNY&rateTypeCode=CORPORATE&size=100')).content;
    expect(rates.length).toBe(12);
    for (const r of rates) expect(Number(r.rate)).toBeGreaterThan(6.5);
  });

  it('has the 2026 mainland calendar with its public holidays and make-up workdays', async () => {
    const cal = (await page('/hpfm/v1/calendars?size=1')).content[0]!;
    expect(cal).toMatchObject({ calendarName: '中国大陆2026年工作日历', calendarYear: 2026 });
    const holidays = (await page(`/hpfm/v1/calendar-holidays?calendarId=${String(cal.calendarId)}&size=100`)).content;
    expect(holidays.filter((h) => h.holidayType === 'HOLIDAY')).toHaveLength(7);
    expect(holidays.filter((h) => h.holidayType === 'WORKDAY').map((h) => h.startDate)).toEqual(['2026-01-04', '2026-02-14', '2026-02-28', '2026-05-09', '2026-09-20', '2026-10-10']);
    expect(holidays.find((h) => h.holidayName === '春节')).toMatchObject({ startDate: '2026-02-15', endDate: '2026-02-23', dayCount: 9 });
    expect(holidays.find((h) => h.holidayName === '国庆节')).toMatchObject({ startDate: '2026-10-01', endDate: '2026-10-07', dayCount: 7 });
  });

  it('drills down company → department → post → staff with at least 25 rows at each level of the demo', async () => {
    const company = (await page('/hpfm/v1/1/companies?size=1')).content[0]!;
    const units = (await page(`/hpfm/v1/1/units?companyId=${String(company.companyId)}&size=1000`)).content;
    expect(units.length).toBeGreaterThanOrEqual(25);
    const purchasing = units.find((u) => u.unitName === '采购中心')!;
    expect(units.filter((u) => u.parentUnitId === purchasing.unitId).map((u) => u.unitName)).toContain('战略采购部');
    const posts = (await page(`/hpfm/v1/1/positions?unitId=${String(purchasing.unitId)}&size=100`)).content;
    expect(posts.length).toBeGreaterThanOrEqual(25);
    const buyer = posts.find((p) => p.positionName === '采购员')!;
    const staff = (await page(`/hpfm/v1/1/employees?positionId=${String(buyer.positionId)}&size=100`)).content;
    expect(staff.length).toBeGreaterThanOrEqual(25);
    for (const e of staff) expect(e).toMatchObject({ companyId: company.companyId, unitName: '采购中心', positionName: '采购员' });
  });

  it('serves the org LOV views in the caller tenant only', async () => {
    for (const code of ['HPFM.COMPANY', 'HPFM.PURCHASE_ORG', 'HPFM.OPERATION_UNIT', 'HPFM.INV_ORGANIZATION', 'HPFM.PURCHASE_AGENT']) {
      const view = (await s.call({ url: `/hpfm/v1/1/lov-view/info?viewCode=${code}`, as: 'buyer' })).json() as Row;
      expect(view).toMatchObject({ viewCode: code, lovCode: code, lovTypeCode: 'SQL' });
      const mine = (await s.call({ url: `/hpfm/v1/1/lovs/data?lovCode=${code}&size=100`, as: 'buyer' })).json() as { content: Row[] };
      expect(mine.content.length, code).toBeGreaterThan(0);
      for (const row of mine.content) expect(row.tenantId).toBe(1);
      const theirs = (await s.call({ url: `/hpfm/v1/2/lovs/data?lovCode=${code}&size=100`, as: 'buyer2' })).json() as { content: Row[] };
      for (const row of theirs.content) expect(row.tenantId).toBe(2);
    }
    const hit = (await s.call({ url: '/hpfm/v1/1/lovs/data?lovCode=HPFM.COMPANY&companyName=苏州', as: 'buyer' })).json() as { content: Row[] };
    expect(hit.content.map((c) => c.companyName)).toEqual(['演示精密机械(苏州)有限公司']);
  });
});

describe('names copied from referenced rows', () => {
  it('fills a purchasing organisation company name from its id and follows a rename', async () => {
    const created = await send('POST', '/hpfm/v1/1/purchase-orgs', { purchaseOrgCode: 'PO-TEST-1', purchaseOrgName: '测试采购组织', companyId: 2, companyName: 'typed in' });
    expect(created.json()).toMatchObject({ companyId: 2, companyName: '演示精密机械(苏州)有限公司' });
    const company = (await page('/hpfm/v1/1/companies/2')) as unknown as Row;
    const renamed = await send('PUT', '/hpfm/v1/1/companies/2', { ...company, companyName: '演示精密机械(苏州)股份有限公司' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const org = (await page('/hpfm/v1/1/purchase-orgs?purchaseOrgCode=PO-TEST-1')).content[0]!;
    expect(org.companyName).toBe('演示精密机械(苏州)股份有限公司');
    const staff = (await page('/hpfm/v1/1/employees?companyId=2&size=1')).content[0]!;
    expect(staff.companyName).toBe('演示精密机械(苏州)股份有限公司');
  });

  it('refuses a company of another tenant and an unknown currency', async () => {
    const other = (await page('/hpfm/v1/2/companies?size=1')).content[0]!;
    const r = await send('POST', '/hpfm/v1/1/purchase-orgs', { purchaseOrgCode: 'PO-TEST-2', purchaseOrgName: 'x', companyId: other.companyId });
    expect(r.statusCode).toBe(400);
    expect(r.body).not.toContain(String(other.companyName));
    const rate = await send('POST', '/hpfm/v1/exchange-rates', { fromCurrencyCode: 'XXX', toCurrencyCode: 'CNY', rateTypeCode: 'CORPORATE', rateDate: '2026-07-01', rate: 1 });
    expect(rate.statusCode).toBe(400);
    const ok = await send('POST', '/hpfm/v1/exchange-rates', { fromCurrencyCode: 'USD', toCurrencyCode: 'CNY', rateTypeCode: 'SPOT', rateDate: '2026-07-01', rate: 7.1234 });
    // A rate of scale 8 (numeric(20,8)) comes back as decimal text with its eight places.
    expect(ok.json()).toMatchObject({ rateTypeName: '即期汇率', rate: '7.12340000' });
  });

  it('takes a post company from its department and an employee post name from the post', async () => {
    const unit = (await page('/hpfm/v1/1/units?unitName=采购中心&size=1')).content[0]!;
    const post = (await send('POST', '/hpfm/v1/1/positions', { positionCode: 'POS-TEST-1', positionName: '寻源专员', unitId: unit.unitId, companyId: 5 })).json() as Row;
    expect(post.companyId).toBe(unit.companyId);
    const e = (await send('POST', '/hpfm/v1/1/employees', { employeeNum: 'E-TEST-1', name: '测试员工', status: 'ON', positionId: post.positionId, unitId: unit.unitId })).json() as Row;
    expect(e).toMatchObject({ positionName: '寻源专员', unitName: '采购中心', companyName: null });
  });

  it('keeps departments in one company and out of loops', async () => {
    const units = (await page('/hpfm/v1/1/units?companyId=1&size=1000')).content;
    const center = units.find((u) => u.unitName === '采购中心')!;
    const child = units.find((u) => u.unitName === '战略采购部')!;
    const otherCompany = (await page('/hpfm/v1/1/units?companyId=3&size=1')).content[0]!;
    const wrong = await send('POST', '/hpfm/v1/1/units', { unitCode: 'U-TEST-1', unitName: 'x', unitTypeCode: 'DEPARTMENT', companyId: 1, parentUnitId: otherCompany.unitId });
    expect(wrong.statusCode).toBe(400);
    const loop = await send('PUT', `/hpfm/v1/1/units/${String(center.unitId)}`, { ...center, parentUnitId: child.unitId });
    expect(loop.statusCode).toBe(400);
    expect((await page(`/hpfm/v1/1/units/${String(center.unitId)}`) as unknown as Row).parentUnitId).toBeNull();
  });

  it('lets the second tenant see only its own organisation', async () => {
    const r = await page('/hpfm/v1/2/employees?size=1000', 'admin2');
    expect(r.totalElements).toBeGreaterThan(0);
    for (const e of r.content) expect(e.tenantId).toBe(2);
    expect((await s.call({ url: '/hpfm/v1/1/employees', as: 'admin2' })).statusCode).toBe(403);
  });
});
