import type { Queryable } from '../../db/database.ts';
import { insertRows } from '../insert.ts';
import { rng } from '../rng.ts';
import type { SeedStep } from '../seed.ts';

type Currency = [code: string, name: string, nameEn: string, symbol: string, country: string | null, precision: number];

/** ISO 4217 currencies with their minor units (financial and default precision). */
const CURRENCIES: Currency[] = [
  ['CNY', '人民币', 'Chinese Yuan Renminbi', '¥', 'CN', 2],
  ['USD', '美元', 'US Dollar', '$', 'US', 2],
  ['EUR', '欧元', 'Euro', '€', null, 2],
  ['JPY', '日元', 'Japanese Yen', '¥', 'JP', 0],
  ['GBP', '英镑', 'Pound Sterling', '£', 'GB', 2],
  ['HKD', '港元', 'Hong Kong Dollar', 'HK$', 'HK', 2],
  ['MOP', '澳门元', 'Macanese Pataca', 'MOP$', 'MO', 2],
  ['TWD', '新台币', 'New Taiwan Dollar', 'NT$', 'TW', 2],
  ['KRW', '韩元', 'South Korean Won', '₩', 'KR', 0],
  ['SGD', '新加坡元', 'Singapore Dollar', 'S$', 'SG', 2],
  ['AUD', '澳大利亚元', 'Australian Dollar', 'A$', 'AU', 2],
  ['NZD', '新西兰元', 'New Zealand Dollar', 'NZ$', 'NZ', 2],
  ['CAD', '加拿大元', 'Canadian Dollar', 'C$', 'CA', 2],
  ['CHF', '瑞士法郎', 'Swiss Franc', 'CHF', 'CH', 2],
  ['SEK', '瑞典克朗', 'Swedish Krona', 'kr', 'SE', 2],
  ['NOK', '挪威克朗', 'Norwegian Krone', 'kr', null, 2],
  ['DKK', '丹麦克朗', 'Danish Krone', 'kr', null, 2],
  ['PLN', '波兰兹罗提', 'Polish Zloty', 'zł', 'PL', 2],
  ['RUB', '俄罗斯卢布', 'Russian Ruble', '₽', 'RU', 2],
  ['INR', '印度卢比', 'Indian Rupee', '₹', 'IN', 2],
  ['IDR', '印尼盾', 'Indonesian Rupiah', 'Rp', 'ID', 2],
  ['MYR', '马来西亚林吉特', 'Malaysian Ringgit', 'RM', 'MY', 2],
  ['THB', '泰铢', 'Thai Baht', '฿', 'TH', 2],
  ['VND', '越南盾', 'Vietnamese Dong', '₫', 'VN', 0],
  ['PHP', '菲律宾比索', 'Philippine Peso', '₱', 'PH', 2],
  ['AED', '阿联酋迪拉姆', 'UAE Dirham', 'AED', 'AE', 2],
  ['SAR', '沙特里亚尔', 'Saudi Riyal', 'SAR', 'SA', 2],
  ['TRY', '土耳其里拉', 'Turkish Lira', '₺', 'TR', 2],
  ['ZAR', '南非兰特', 'South African Rand', 'R', 'ZA', 2],
  ['BRL', '巴西雷亚尔', 'Brazilian Real', 'R$', 'BR', 2],
  ['MXN', '墨西哥比索', 'Mexican Peso', 'Mex$', 'MX', 2],
  ['ARS', '阿根廷比索', 'Argentine Peso', 'AR$', 'AR', 2],
  ['EGP', '埃及镑', 'Egyptian Pound', 'E£', 'EG', 2],
  ['KWD', '科威特第纳尔', 'Kuwaiti Dinar', 'KD', null, 3],
  ['BHD', '巴林第纳尔', 'Bahraini Dinar', 'BD', null, 3],
];

const BANK_QUOTES: Array<[bank: string, zh: string, en: string]> = [
  ['BOC', '中国银行', 'Bank of China'],
  ['ICBC', '工商银行', 'ICBC'],
  ['CCB', '建设银行', 'CCB'],
  ['ABC', '农业银行', 'ABC'],
  ['BOCOM', '交通银行', 'Bank of Communications'],
  ['CMB', '招商银行', 'China Merchants Bank'],
];
const QUOTES: Array<[code: string, zh: string, en: string]> = [
  ['SPOT_BUY', '现汇买入价', 'spot exchange buying rate'],
  ['CASH_BUY', '现钞买入价', 'cash buying rate'],
  ['SPOT_SELL', '现汇卖出价', 'spot exchange selling rate'],
  ['CASH_SELL', '现钞卖出价', 'cash selling rate'],
];
/** Spread of each bank quote around the middle rate. */
const QUOTE_SPREAD: Record<string, number> = { SPOT_BUY: -0.0025, CASH_BUY: -0.0085, SPOT_SELL: 0.0025, CASH_SELL: 0.0025 };

const RATE_TYPES: Array<[code: string, name: string, nameEn: string, description: string]> = [
  ['CORPORATE', '公司汇率', 'Corporate rate', '集团统一核算使用的月度汇率'],
  ['SPOT', '即期汇率', 'Spot rate', '交易当日即期汇率'],
  ['USER', '用户汇率', 'User-defined rate', '单据上手工录入的汇率'],
  ['PERIOD_AVG', '期间平均汇率', 'Period average rate', '会计期间日均汇率，用于损益折算'],
  ['PERIOD_END', '期末汇率', 'Period-end rate', '会计期末汇率，用于资产负债折算'],
  ['BUDGET', '预算汇率', 'Budget rate', '年度预算编制使用的汇率'],
  ['CFETS_CENTRAL', '人民币汇率中间价', 'CFETS central parity rate', '中国外汇交易中心每日公布的人民币汇率中间价'],
  ...BANK_QUOTES.flatMap(([bank, bankZh, bankEn]) =>
    QUOTES.map(([q, zh, en]) => [`${bank}_${q}`, `${bankZh}${zh}`, `${bankEn} ${en}`, `${bankZh}外汇牌价：${zh}`] as [string, string, string, string]),
  ),
];

/** Middle rates in CNY per unit of foreign currency, early 2026. */
const MID: Record<string, number> = { USD: 7.1, EUR: 8.27, JPY: 0.0468, GBP: 9.48, HKD: 0.9128, SGD: 5.48, AUD: 4.63, CAD: 5.09, CHF: 8.88, KRW: 0.00497 };

type Tax = [code: string, type: string, rate: number, country: string, description: string];
const TAXES: Tax[] = [
  ['CN_VAT_13', 'VAT', 13, '中国', '增值税 13%：销售或进口货物，加工、修理修配劳务，有形动产租赁'],
  ['CN_VAT_9', 'VAT', 9, '中国', '增值税 9%：交通运输、邮政、建筑、不动产租赁与销售、农产品等'],
  ['CN_VAT_6', 'VAT', 6, '中国', '增值税 6%：现代服务、金融服务、生活服务、增值电信服务'],
  ['CN_VAT_5', 'VAT', 5, '中国', '增值税征收率 5%：简易计税的不动产销售与租赁'],
  ['CN_VAT_3', 'VAT', 3, '中国', '增值税征收率 3%：小规模纳税人'],
  ['CN_VAT_1', 'VAT', 1, '中国', '增值税征收率 1%：小规模纳税人减按 1% 征收'],
  ['CN_VAT_0', 'VAT', 0, '中国', '增值税零税率：出口货物及跨境应税行为'],
  ['CN_VAT_EXEMPT', 'VAT', 0, '中国', '增值税免税项目'],
  ['CN_CT_5', 'CONSUMPTION', 5, '中国', '消费税 5%：实木地板、金银首饰'],
  ['CN_CT_15', 'CONSUMPTION', 15, '中国', '消费税 15%：高档化妆品、鞭炮焰火'],
  ['DE_VAT_19', 'VAT', 19, '德国', '德国增值税标准税率 (Regelsteuersatz)'],
  ['DE_VAT_7', 'VAT', 7, '德国', '德国增值税优惠税率 (ermäßigter Steuersatz)'],
  ['GB_VAT_20', 'VAT', 20, '英国', '英国增值税标准税率'],
  ['GB_VAT_5', 'VAT', 5, '英国', '英国增值税优惠税率：家庭能源、儿童安全座椅'],
  ['GB_VAT_0', 'VAT', 0, '英国', '英国增值税零税率：大部分食品、书籍、童装'],
  ['FR_VAT_20', 'VAT', 20, '法国', '法国增值税标准税率 (taux normal)'],
  ['FR_VAT_10', 'VAT', 10, '法国', '法国增值税中间税率：餐饮、客运'],
  ['FR_VAT_5.5', 'VAT', 5.5, '法国', '法国增值税低税率：食品、书籍'],
  ['IT_VAT_22', 'VAT', 22, '意大利', '意大利增值税标准税率'],
  ['ES_VAT_21', 'VAT', 21, '西班牙', '西班牙增值税标准税率'],
  ['NL_VAT_21', 'VAT', 21, '荷兰', '荷兰增值税标准税率'],
  ['JP_CT_10', 'CONSUMPTION', 10, '日本', '日本消费税标准税率'],
  ['JP_CT_8', 'CONSUMPTION', 8, '日本', '日本消费税轻减税率：食品饮料'],
  ['KR_VAT_10', 'VAT', 10, '韩国', '韩国增值税'],
  ['SG_GST_9', 'GST', 9, '新加坡', '新加坡商品及服务税（2024 年起）'],
  ['AU_GST_10', 'GST', 10, '澳大利亚', '澳大利亚商品及服务税'],
  ['NZ_GST_15', 'GST', 15, '新西兰', '新西兰商品及服务税'],
  ['IN_GST_5', 'GST', 5, '印度', '印度商品及服务税 5% 档'],
  ['IN_GST_18', 'GST', 18, '印度', '印度商品及服务税 18% 档'],
  ['CA_GST_5', 'GST', 5, '加拿大', '加拿大联邦商品及服务税'],
  ['US_CA_SALES', 'SALES', 7.25, '美国', '美国加利福尼亚州销售税（州税率）'],
  ['US_NY_SALES', 'SALES', 4, '美国', '美国纽约州销售税（州税率）'],
  ['US_TX_SALES', 'SALES', 6.25, '美国', '美国得克萨斯州销售税（州税率）'],
];

const pad = (n: number) => String(n).padStart(2, '0');
const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

async function countryIds(tx: Queryable): Promise<Map<string, { id: number; name: string }>> {
  const r = await tx.query<{ code: string; id: number; name: string }>('select country_code as code, country_id::float8 as id, country_name as name from hpfm_country');
  return new Map(r.rows.map((c) => [c.code, { id: c.id, name: c.name }]));
}

/** Platform currencies, rate types, exchange rates against CNY and tax rates. */
export const step: SeedStep = {
  version: 'seed:hpfm-md-currency:v1',
  async run(tx) {
    const countries = await countryIds(tx);
    await insertRows(
      tx,
      'hpfm_currency',
      CURRENCIES.map(([currencyCode, currencyName, currencyNameEn, currencySymbol, country, precision]) => ({
        currencyCode,
        currencyName,
        currencyNameEn,
        currencySymbol,
        countryId: country ? (countries.get(country)?.id ?? null) : null,
        countryName: country ? (countries.get(country)?.name ?? null) : null,
        financialPrecision: precision,
        defaultPrecision: precision,
        enabledFlag: ['ARS', 'EGP', 'BHD'].includes(currencyCode) ? 0 : 1,
      })),
    );
    await insertRows(tx, 'hpfm_exchange_rate_type', RATE_TYPES.map(([typeCode, typeName, typeNameEn, description]) => ({ typeCode, typeName, typeNameEn, description, enabledFlag: 1 })));

    const typeName = new Map(RATE_TYPES.map(([c, n]) => [c, n]));
    const r = rng(4217);
    const rates: Array<Record<string, unknown>> = [];
    const add = (from: string, to: string, type: string, date: string, rate: number) =>
      rates.push({ fromCurrencyCode: from, toCurrencyCode: to, rateTypeCode: type, rateTypeName: typeName.get(type), rateDate: date, rate: round(rate, 8), enabledFlag: 1 });
    // Monthly corporate rates, both directions, July 2025 to June 2026.
    for (let m = 0; m < 12; m++) {
      const year = m < 6 ? 2025 : 2026;
      const month = ((m + 6) % 12) + 1;
      for (const [code, mid] of Object.entries(MID)) {
        const rate = mid * (1 + (r.next() - 0.5) * 0.02);
        add(code, 'CNY', 'CORPORATE', `${year}-${pad(month)}-01`, rate);
        if (['USD', 'EUR', 'JPY', 'HKD'].includes(code)) add('CNY', code, 'CORPORATE', `${year}-${pad(month)}-01`, 1 / rate);
      }
    }
    // CFETS central parity for the working days of January 2026.
    for (let d = 5; d <= 30; d++) {
      const wd = new Date(Date.UTC(2026, 0, d)).getUTCDay();
      if (wd === 0 || wd === 6) continue;
      for (const code of ['USD', 'EUR', 'JPY', 'HKD', 'GBP']) add(code, 'CNY', 'CFETS_CENTRAL', `2026-01-${pad(d)}`, MID[code]! * (1 + (r.next() - 0.5) * 0.004));
    }
    // Bank board rates of one day (per unit; banks publish per 100 units).
    for (const [bank] of BANK_QUOTES) {
      for (const [q] of QUOTES) {
        for (const code of ['USD', 'EUR', 'JPY', 'GBP', 'HKD']) add(code, 'CNY', `${bank}_${q}`, '2026-03-02', MID[code]! * (1 + QUOTE_SPREAD[q]! + (r.next() - 0.5) * 0.001));
      }
    }
    await insertRows(tx, 'hpfm_exchange_rate', rates);
    await insertRows(tx, 'hpfm_tax', TAXES.map(([taxCode, taxTypeCode, taxRate, countryName, description]) => ({ taxCode, taxTypeCode, taxRate, countryName, description, enabledFlag: 1 })));
  },
};
