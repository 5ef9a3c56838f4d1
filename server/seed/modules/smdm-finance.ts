import type { Queryable } from '../../db/database.ts';
import { insertRows } from '../insert.ts';
import { rng } from '../rng.ts';
import type { SeedStep } from '../seed.ts';

type Row = Record<string, unknown>;
const T1 = 1;
const T2 = 2;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** ISO 4217 codes with name, symbol and country; minor units where they are not 2. */
const CURRENCIES: Array<[string, string, string, string, number?]> = [
  ['CNY', '人民币', '¥', '中国'], ['USD', '美元', '$', '美国'], ['EUR', '欧元', '€', '欧元区'], ['JPY', '日元', '¥', '日本', 0], ['GBP', '英镑', '£', '英国'],
  ['HKD', '港币', 'HK$', '中国香港'], ['MOP', '澳门元', 'MOP$', '中国澳门'], ['TWD', '新台币', 'NT$', '中国台湾'], ['AUD', '澳大利亚元', 'A$', '澳大利亚'],
  ['CAD', '加拿大元', 'C$', '加拿大'], ['CHF', '瑞士法郎', 'CHF', '瑞士'], ['SGD', '新加坡元', 'S$', '新加坡'], ['KRW', '韩元', '₩', '韩国', 0],
  ['NZD', '新西兰元', 'NZ$', '新西兰'], ['SEK', '瑞典克朗', 'kr', '瑞典'], ['NOK', '挪威克朗', 'kr', '挪威'], ['DKK', '丹麦克朗', 'kr', '丹麦'],
  ['RUB', '俄罗斯卢布', '₽', '俄罗斯'], ['INR', '印度卢比', '₹', '印度'], ['THB', '泰铢', '฿', '泰国'], ['MYR', '马来西亚林吉特', 'RM', '马来西亚'],
  ['IDR', '印尼盾', 'Rp', '印度尼西亚', 0], ['PHP', '菲律宾比索', '₱', '菲律宾'], ['VND', '越南盾', '₫', '越南', 0], ['BRL', '巴西雷亚尔', 'R$', '巴西'],
  ['ZAR', '南非兰特', 'R', '南非'], ['AED', '阿联酋迪拉姆', 'AED', '阿联酋'], ['SAR', '沙特里亚尔', 'SAR', '沙特阿拉伯'], ['MXN', '墨西哥比索', 'MX$', '墨西哥'],
];

/** Units of foreign currency per 1 CNY is awkward to read; these are CNY per unit, around early 2026. */
const CNY_PER_UNIT: Record<string, number> = {
  USD: 7.12, EUR: 7.74, JPY: 0.0472, GBP: 9.05, HKD: 0.915, AUD: 4.63, CAD: 5.14, CHF: 8.21, SGD: 5.41, KRW: 0.00498, NZD: 4.18, THB: 0.207, MYR: 1.62, RUB: 0.0785, INR: 0.0828, MXN: 0.391,
};

const RATE_TYPES: Array<[string, string, string, string]> = [
  ['SPOT', '即期汇率', 'DIRECT', '中国外汇交易中心'], ['CORPORATE', '公司汇率', 'DIRECT', '集团财务部'], ['MONTH_AVG', '月平均汇率', 'DIRECT', '集团财务部'],
  ['MONTH_END', '月末汇率', 'DIRECT', '集团财务部'], ['BUDGET', '预算汇率', 'DIRECT', '集团预算办公室'], ['CUSTOMS', '海关汇率', 'DIRECT', '海关总署'],
  ['PBOC_MID', '人民银行中间价', 'DIRECT', '中国人民银行'], ['USER', '手工汇率', 'DIRECT', '用户录入'],
];
const RATE_BANKS: Array<[string, string]> = [['BOC', '中国银行'], ['ICBC', '工商银行'], ['CCB', '建设银行'], ['CMB', '招商银行'], ['BOCOM', '交通银行'], ['HSBC', '汇丰银行']];
const RATE_SIDES: Array<[string, string]> = [['TT_BUY', '现汇买入价'], ['TT_SELL', '现汇卖出价'], ['CASH_BUY', '现钞买入价']];

const TAXES: Array<[number, string]> = [
  [13, '一般纳税人销售或进口货物、提供加工修理修配劳务'], [9, '交通运输、建筑、不动产租赁、农产品等'], [6, '现代服务、金融服务、生活服务'], [5, '简易计税：不动产销售及租赁'],
  [3, '小规模纳税人征收率'], [1, '小规模纳税人阶段性减按征收率'], [0, '出口货物零税率'], [17, '原增值税税率（2018年5月前）'], [16, '原增值税税率（2019年4月前）'],
  [11, '原增值税税率（2018年5月前，交通运输等）'], [10, '原增值税税率（2019年4月前，交通运输等）'], [1.5, '个人出租住房减按征收率'], [2, '简易计税：销售旧货减按征收率'],
];

const PAYMENT_TYPES: Array<[string, string, string, number]> = [
  ['TT', '电汇', 'TRANSFER', 1], ['TT_ADVANCE', '电汇（预付）', 'TRANSFER', 1], ['BANK_DRAFT', '银行汇票', 'BILL', 1], ['BA_3M', '银行承兑汇票（3个月）', 'BILL', 1],
  ['BA_6M', '银行承兑汇票（6个月）', 'BILL', 1], ['CA_3M', '商业承兑汇票（3个月）', 'BILL', 1], ['CA_6M', '商业承兑汇票（6个月）', 'BILL', 1], ['EBILL_BA', '电子银行承兑汇票', 'BILL', 1],
  ['EBILL_CA', '电子商业承兑汇票', 'BILL', 1], ['SUPPLY_CHAIN', '供应链票据', 'BILL', 1], ['CHEQUE', '转账支票', 'BILL', 1], ['CASH', '现金', 'CASH', 0], ['PETTY_CASH', '备用金', 'CASH', 0],
  ['LC_SIGHT', '即期信用证', 'CREDIT', 1], ['LC_USANCE', '远期信用证', 'CREDIT', 1], ['DOMESTIC_LC', '国内信用证', 'CREDIT', 1], ['DP', '付款交单（D/P）', 'CREDIT', 1],
  ['DA', '承兑交单（D/A）', 'CREDIT', 1], ['STANDBY_LC', '备用信用证', 'CREDIT', 1], ['ONLINE_BANK', '网银支付', 'ONLINE', 1], ['UNIONPAY', '银联在线支付', 'ONLINE', 1],
  ['ALIPAY', '支付宝企业付款', 'ONLINE', 0], ['WECHAT_PAY', '微信企业付款', 'ONLINE', 0], ['OFFSET', '往来冲抵', 'TRANSFER', 0], ['FACTORING', '保理融资付款', 'TRANSFER', 1],
  ['CROSS_BORDER', '跨境人民币结算', 'TRANSFER', 1],
];

const USAGES: Array<[string, string, number, string]> = [
  ['ADVANCE', '预付款', 1, '合同签订后按比例预付'], ['DOWN_PAYMENT', '定金', 1, '订单确认后支付的定金'], ['PROGRESS', '进度款', 0, '按项目里程碑支付'],
  ['DELIVERY', '到货款', 0, '货物到达后支付'], ['ACCEPTANCE', '验收款', 0, '验收合格后支付'], ['RETENTION', '质保金', 0, '质保期满后支付'], ['FINAL', '尾款', 0, '合同结算尾款'],
  ['FREIGHT', '运费', 0, '运输及物流费用'], ['INSURANCE', '保险费', 0, '货物运输保险费'], ['CUSTOMS_DUTY', '关税', 0, '进口关税及代垫税费'], ['IMPORT_VAT', '进口增值税', 0, '海关代征增值税'],
  ['SERVICE_FEE', '服务费', 0, '技术服务、咨询服务费用'], ['INSTALLATION', '安装调试费', 0, '设备安装与调试'], ['TRAINING', '培训费', 0, '操作培训费用'], ['MOLD', '模具费', 1, '模具开发费用'],
  ['SAMPLE', '样品费', 0, '样品及试制费用'], ['DEPOSIT', '投标保证金', 1, '招标项目保证金'], ['PERFORMANCE_BOND', '履约保证金', 1, '合同履约保证金'], ['REBATE', '返利款', 0, '年度采购返利'],
  ['PENALTY', '违约金', 0, '合同违约赔偿'], ['RENT', '租赁费', 0, '设备及场地租赁'], ['UTILITY', '水电能源费', 0, '水、电、气等能源费用'], ['MAINTENANCE', '维修保养费', 0, '设备维修与保养'],
  ['SOFTWARE', '软件许可费', 1, '软件授权及年费'], ['CERTIFICATION', '认证检测费', 0, '第三方认证与检测费用'], ['OTHER', '其他', 0, '其他付款用途'],
];

const TERMS: Array<[string, string, string, number, number, number]> = [
  ['IMMEDIATE', '即付', 'INVOICE_DATE', 0, 0, 0], ['NET7', '发票后7天', 'INVOICE_DATE', 7, 0, 0], ['NET15', '发票后15天', 'INVOICE_DATE', 15, 0, 0], ['NET30', '发票后30天', 'INVOICE_DATE', 30, 0, 0],
  ['NET45', '发票后45天', 'INVOICE_DATE', 45, 0, 0], ['NET60', '发票后60天', 'INVOICE_DATE', 60, 0, 0], ['NET90', '发票后90天', 'INVOICE_DATE', 90, 0, 0], ['NET120', '发票后120天', 'INVOICE_DATE', 120, 0, 0],
  ['2_10_NET30', '10天内付款折扣2%，30天付清', 'INVOICE_DATE', 30, 10, 2], ['1_10_NET45', '10天内付款折扣1%，45天付清', 'INVOICE_DATE', 45, 10, 1],
  ['3_7_NET60', '7天内付款折扣3%，60天付清', 'INVOICE_DATE', 60, 7, 3], ['GR30', '收货后30天', 'RECEIPT_DATE', 30, 0, 0], ['GR60', '收货后60天', 'RECEIPT_DATE', 60, 0, 0],
  ['GR90', '收货后90天', 'RECEIPT_DATE', 90, 0, 0], ['ACC30', '验收后30天', 'ACCEPTANCE_DATE', 30, 0, 0], ['ACC60', '验收后60天', 'ACCEPTANCE_DATE', 60, 0, 0],
  ['ACC90', '验收后90天', 'ACCEPTANCE_DATE', 90, 0, 0], ['STMT30', '对账后30天', 'STATEMENT_DATE', 30, 0, 0], ['STMT60', '对账后60天', 'STATEMENT_DATE', 60, 0, 0],
  ['EOM30', '月结30天', 'MONTH_END', 30, 0, 0], ['EOM60', '月结60天', 'MONTH_END', 60, 0, 0], ['EOM90', '月结90天', 'MONTH_END', 90, 0, 0], ['EOM120', '月结120天', 'MONTH_END', 120, 0, 0],
  ['ADV30_70', '预付30%，验收后付70%', 'ACCEPTANCE_DATE', 30, 0, 0], ['ADV50_50', '预付50%，到货后付50%', 'RECEIPT_DATE', 15, 0, 0],
  ['ADV30_60_10', '预付30%、到货60%、质保金10%', 'ACCEPTANCE_DATE', 365, 0, 0],
];

export const T1_COMPANIES = ['演示制造（上海）有限公司', '演示制造（苏州）有限公司', '演示制造（武汉）有限公司', '演示制造（成都）有限公司', '演示智能科技（深圳）有限公司', '演示制造（香港）有限公司'];
export const T2_COMPANIES = ['第二贸易（深圳）有限公司', '第二贸易（广州）有限公司'];
const DEPARTMENTS = ['采购部', '生产部', '质量部', '研发中心', '财务部', '人力资源部', '信息技术部', '物流部', '销售部', '行政部', '设备部', '安环部'];
const MANAGERS = ['王磊', '李静', '张伟', '刘洋', '陈敏', '杨帆', '赵丽', '黄强', '周婷', '吴刚', '徐娜', '孙浩', '马超', '朱琳', '胡军'];
const SUPPLIERS = ['华东精密轴承有限公司', '苏州恒信电子科技有限公司', '宁波海天液压件有限公司', '深圳创维包装材料有限公司', '无锡威孚紧固件有限公司', '上海宝钢金属制品有限公司', '武汉光谷传感器有限公司', '成都天府电缆有限公司', '青岛海德密封件有限公司', '东莞伟创塑胶制品有限公司'];
const CATEGORIES = ['轴承', '紧固件', '电子元器件', '包装材料', '液压件', '钢材', '传感器', '线缆', '密封件', '塑胶件', 'MRO辅料', '办公用品'];

const rowsOf = (tenantId: number, list: Row[]) => list.map((r) => ({ tenantId, ...r }));

async function currencies(tx: Queryable) {
  const row = ([code, name, symbol, country, minor = 2]: (typeof CURRENCIES)[number], i: number) => ({
    currencyCode: code, currencyName: name, currencySymbol: symbol, countryName: country, financialPrecision: minor, defaultPrecision: minor === 0 ? 0 : 2, enabledFlag: i < 24 ? 1 : 0,
  });
  await insertRows(tx, 'smdm_currency', rowsOf(T1, CURRENCIES.map(row)));
  await insertRows(tx, 'smdm_currency', rowsOf(T2, CURRENCIES.slice(0, 8).map((c) => ({ ...row(c, 0), enabledFlag: 1 }))));
}

async function rateTypes(tx: Queryable) {
  const list: Row[] = RATE_TYPES.map(([typeCode, typeName, rateMethodCode, sourceName]) => ({ typeCode, typeName, rateMethodCode, sourceName, description: `${typeName}，用于外币单据折算`, enabledFlag: 1 }));
  for (const [bank, bankName] of RATE_BANKS) {
    for (const [side, sideName] of RATE_SIDES) {
      list.push({ typeCode: `${bank}_${side}`, typeName: `${bankName}${sideName}`, rateMethodCode: 'DIRECT', sourceName: bankName, description: `${bankName}每日公布的${sideName}`, enabledFlag: side === 'CASH_BUY' ? 0 : 1 });
    }
  }
  await insertRows(tx, 'smdm_rate_type', rowsOf(T1, list));
  await insertRows(tx, 'smdm_rate_type', rowsOf(T2, list.slice(0, 5)));
}

async function exchangeRates(tx: Queryable) {
  const r = rng(3101);
  const types = ['SPOT', 'CORPORATE', 'MONTH_AVG', 'PBOC_MID'];
  const list: Row[] = [];
  const codes = Object.keys(CNY_PER_UNIT);
  for (let m = 1; m <= 6; m++) {
    for (const [i, code] of codes.entries()) {
      if ((i + m) % 2 === 1 && code !== 'USD' && code !== 'EUR') continue;
      const drift = 1 + (r.next() - 0.5) * 0.02;
      const day = `2026-${pad(m)}-01`;
      list.push({
        rateTypeCode: types[(i + m) % types.length], fromCurrencyCode: code, toCurrencyCode: 'CNY', rate: Number((CNY_PER_UNIT[code]! * drift).toFixed(6)), rateDate: day,
        startDate: day, endDate: `2026-${pad(m)}-${m === 2 ? 28 : [4, 6].includes(m) ? 30 : 31}`, enabledFlag: 1,
      });
    }
  }
  await insertRows(tx, 'smdm_exchange_rate', rowsOf(T1, list));
  await insertRows(tx, 'smdm_exchange_rate', rowsOf(T2, list.filter((x) => ['USD', 'HKD', 'EUR'].includes(String(x.fromCurrencyCode))).slice(0, 8)));
}

async function taxRates(tx: Queryable) {
  const list: Row[] = [];
  for (const [rate, text] of TAXES) {
    for (const [dir, dirName] of [['INPUT', '进项'], ['OUTPUT', '销项']] as const) {
      list.push({ taxCode: `VAT${String(rate).replace('.', '_')}-${dir === 'INPUT' ? 'IN' : 'OUT'}`, taxTypeCode: 'VAT', taxDirectionCode: dir, taxRate: rate, description: `${dirName}：${text}`, enabledFlag: [17, 16, 11, 10].includes(rate) ? 0 : 1 });
    }
  }
  list.push({ taxCode: 'TARIFF-MFN', taxTypeCode: 'TARIFF', taxDirectionCode: 'INPUT', taxRate: 8, description: '进口关税（最惠国税率，按税则号列适用）', enabledFlag: 1 });
  list.push({ taxCode: 'WHT-10', taxTypeCode: 'WITHHOLDING', taxDirectionCode: 'OUTPUT', taxRate: 10, description: '非居民企业所得税代扣代缴', enabledFlag: 1 });
  await insertRows(tx, 'smdm_tax_rate', rowsOf(T1, list));
  await insertRows(tx, 'smdm_tax_rate', rowsOf(T2, list.slice(0, 8)));
}

async function payments(tx: Queryable) {
  const types = PAYMENT_TYPES.map(([code, name, settle, bank]) => ({ paymentTypeCode: code, paymentTypeName: name, settlementTypeCode: settle, bankAccountRequiredFlag: bank, description: `${name}结算`, enabledFlag: 1 }));
  await insertRows(tx, 'smdm_payment_type', rowsOf(T1, types));
  await insertRows(tx, 'smdm_payment_type', rowsOf(T2, types.slice(0, 6)));
  const usages = USAGES.map(([code, name, pre, text]) => ({ usageCode: code, usageName: name, prepaymentFlag: pre, description: text, enabledFlag: 1 }));
  await insertRows(tx, 'smdm_payment_usage', rowsOf(T1, usages));
  await insertRows(tx, 'smdm_payment_usage', rowsOf(T2, usages.slice(0, 6)));
  const terms = TERMS.map(([code, name, base, due, dd, rate]) => ({
    termCode: code, termName: name, baseDateCode: base, dueDays: due, discountDays: dd || null, discountRate: rate || null, description: name, enabledFlag: 1,
  }));
  await insertRows(tx, 'smdm_payment_term', rowsOf(T1, terms));
  await insertRows(tx, 'smdm_payment_term', rowsOf(T2, terms.slice(0, 7)));
}

async function ledgersAndPeriods(tx: Queryable) {
  const ledgers: Row[] = [];
  const books: Array<[string, string]> = [['MAIN', '主账簿'], ['MGMT', '管理账簿'], ['TAX', '税务账簿'], ['IFRS', 'IFRS报告账簿']];
  T1_COMPANIES.forEach((company, ci) => {
    books.forEach(([book, bookName], bi) => {
      if (company.includes('香港') && book === 'TAX') return;
      ledgers.push({
        ledgerCode: `L${pad(ci + 1)}-${book}`, ledgerName: `${company.replace(/有限公司$/, '')}${bookName}`, companyName: company,
        currencyCode: company.includes('香港') ? 'HKD' : 'CNY', periodSetCode: bi === 3 ? 'FY-APR' : 'FY-CAL', accountingStandardCode: book === 'IFRS' ? 'IFRS' : 'CAS',
        erpLedgerCode: `${1000 + ci * 10 + bi}`, enabledFlag: 1,
      });
    });
  });
  ledgers.push(
    { ledgerCode: 'L90-USD', ledgerName: '海外采购美元账簿', companyName: T1_COMPANIES[5], currencyCode: 'USD', periodSetCode: 'FY-CAL', accountingStandardCode: 'US_GAAP', erpLedgerCode: '1900', enabledFlag: 1 },
    { ledgerCode: 'L91-EUR', ledgerName: '欧洲项目欧元账簿', companyName: T1_COMPANIES[0], currencyCode: 'EUR', periodSetCode: 'FY-CAL', accountingStandardCode: 'IFRS', erpLedgerCode: '1910', enabledFlag: 0 },
  );
  await insertRows(tx, 'smdm_ledger', rowsOf(T1, ledgers));
  await insertRows(tx, 'smdm_ledger', rowsOf(T2, T2_COMPANIES.map((c, i) => ({ ...ledgers[0], ledgerCode: `L${pad(i + 1)}-MAIN`, ledgerName: `${c.replace(/有限公司$/, '')}主账簿`, companyName: c, erpLedgerCode: `${2000 + i}` }))));

  const periods: Row[] = [];
  const last = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
  for (const year of [2024, 2025, 2026]) {
    for (let m = 1; m <= 12; m++) {
      periods.push({
        periodSetCode: 'FY-CAL', periodName: `${year}-${pad(m)}`, periodYear: String(year), quarterNum: Math.ceil(m / 3), periodNum: m,
        startDate: `${year}-${pad(m)}-01`, endDate: `${year}-${pad(m)}-${last(year, m)}`, periodStatusCode: year < 2026 ? 'CLOSED' : m <= 2 ? 'CLOSED' : m <= 4 ? 'OPEN' : 'NEVER_OPENED',
      });
    }
  }
  // A fiscal year from April (Hong Kong practice): period 1 is April.
  for (let n = 1; n <= 12; n++) {
    const m = ((n + 2) % 12) + 1;
    const year = m >= 4 ? 2025 : 2026;
    periods.push({
      periodSetCode: 'FY-APR', periodName: `FY25-${pad(n)}`, periodYear: '2025', quarterNum: Math.ceil(n / 3), periodNum: n,
      startDate: `${year}-${pad(m)}-01`, endDate: `${year}-${pad(m)}-${last(year, m)}`, periodStatusCode: n <= 10 ? 'CLOSED' : 'OPEN',
    });
  }
  await insertRows(tx, 'smdm_period', rowsOf(T1, periods));
  await insertRows(tx, 'smdm_period', rowsOf(T2, periods.filter((p) => p.periodSetCode === 'FY-CAL' && p.periodYear === '2026')));
}

async function costCentersAndDiscounts(tx: Queryable) {
  const r = rng(3102);
  const centers: Row[] = [];
  T1_COMPANIES.slice(0, 5).forEach((company, ci) => {
    DEPARTMENTS.slice(0, 6 + (ci % 2)).forEach((dept, di) => {
      centers.push({
        costCenterCode: `CC${ci + 1}${pad(di + 1)}0`, costCenterName: `${company.match(/（(.+)）/)?.[1] ?? ''}${dept}`, companyName: company, departmentName: dept,
        managerName: r.pick(MANAGERS), startDate: `202${r.int(0, 4)}-01-01`, endDate: null, enabledFlag: r.next() < 0.92 ? 1 : 0,
      });
    });
  });
  await insertRows(tx, 'smdm_cost_center', rowsOf(T1, centers));
  await insertRows(tx, 'smdm_cost_center', rowsOf(T2, DEPARTMENTS.slice(0, 5).map((d, i) => ({ ...centers[i], costCenterCode: `CC9${pad(i + 1)}0`, costCenterName: `深圳${d}`, companyName: T2_COMPANIES[0], departmentName: d }))));

  const discounts: Row[] = [];
  for (let i = 0; i < 32; i++) {
    const supplier = SUPPLIERS[i % SUPPLIERS.length]!;
    const category = CATEGORIES[(i * 7) % CATEGORIES.length]!;
    const type = i % 5 === 0 ? 'AMOUNT' : i % 4 === 0 ? 'LADDER' : 'RATE';
    const start = `2026-${pad((i % 6) + 1)}-01`;
    discounts.push({
      discountCode: `DSC-2026-${pad(i + 1, 3)}`, discountName: `${category}${type === 'AMOUNT' ? '年度返利' : type === 'LADDER' ? '阶梯价格折扣' : '框架协议折扣'}`, supplierName: supplier,
      categoryName: category, discountTypeCode: type, discountRate: type === 'AMOUNT' ? null : r.pick([1.5, 2, 2.5, 3, 5, 8]), discountAmount: type === 'AMOUNT' ? r.int(10, 200) * 1000 : null,
      currencyCode: i % 9 === 0 ? 'USD' : 'CNY', startDate: start, endDate: '2026-12-31', enabledFlag: i % 11 === 10 ? 0 : 1,
    });
  }
  await insertRows(tx, 'smdm_discount', rowsOf(T1, discounts));
  await insertRows(tx, 'smdm_discount', rowsOf(T2, discounts.slice(0, 5).map((d, i) => ({ ...d, discountCode: `DSC-T2-${pad(i + 1, 3)}` }))));
}

/** Tenant master data for finance: currencies, rates, taxes, payment terms, ledgers, periods, cost centres, discounts. */
export const step: SeedStep = {
  version: 'seed:smdm-finance:v1',
  async run(tx) {
    await currencies(tx);
    await rateTypes(tx);
    await exchangeRates(tx);
    await taxRates(tx);
    await payments(tx);
    await ledgersAndPeriods(tx);
    await costCentersAndDiscounts(tx);
  },
};
