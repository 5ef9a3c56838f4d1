import { insertRows } from '../insert.ts';
import type { SeedStep } from '../seed.ts';

type Bank = [code: string, name: string, nameEn: string, shortName: string, type: string, swift: string | null, cnaps: string];

/** Banks operating in China: CNAPS bank-category codes and SWIFT head-office codes. */
const BANKS: Bank[] = [
  ['ICBC', '中国工商银行', 'Industrial and Commercial Bank of China', '工商银行', 'STATE', 'ICBKCNBJ', '102'],
  ['ABC', '中国农业银行', 'Agricultural Bank of China', '农业银行', 'STATE', 'ABOCCNBJ', '103'],
  ['BOC', '中国银行', 'Bank of China', '中国银行', 'STATE', 'BKCHCNBJ', '104'],
  ['CCB', '中国建设银行', 'China Construction Bank', '建设银行', 'STATE', 'PCBCCNBJ', '105'],
  ['BOCOM', '交通银行', 'Bank of Communications', '交通银行', 'STATE', 'COMMCNSH', '301'],
  ['PSBC', '中国邮政储蓄银行', 'Postal Savings Bank of China', '邮储银行', 'STATE', 'PSBCCNBJ', '403'],
  ['CITIC', '中信银行', 'China CITIC Bank', '中信银行', 'JOINT_STOCK', 'CIBKCNBJ', '302'],
  ['CEB', '中国光大银行', 'China Everbright Bank', '光大银行', 'JOINT_STOCK', 'EVERCNBJ', '303'],
  ['HXB', '华夏银行', 'Hua Xia Bank', '华夏银行', 'JOINT_STOCK', 'HXBKCNBJ', '304'],
  ['CMBC', '中国民生银行', 'China Minsheng Banking Corp.', '民生银行', 'JOINT_STOCK', 'MSBCCNBJ', '305'],
  ['CGB', '广发银行', 'China Guangfa Bank', '广发银行', 'JOINT_STOCK', 'GDBKCN22', '306'],
  ['PAB', '平安银行', 'Ping An Bank', '平安银行', 'JOINT_STOCK', 'SZDBCNBS', '307'],
  ['CMB', '招商银行', 'China Merchants Bank', '招商银行', 'JOINT_STOCK', 'CMBCCNBS', '308'],
  ['CIB', '兴业银行', 'Industrial Bank', '兴业银行', 'JOINT_STOCK', 'FJIBCNBA', '309'],
  ['SPDB', '上海浦东发展银行', 'Shanghai Pudong Development Bank', '浦发银行', 'JOINT_STOCK', 'SPDBCNSH', '310'],
  ['EGB', '恒丰银行', 'Evergrowing Bank', '恒丰银行', 'JOINT_STOCK', 'HFBACNSD', '315'],
  ['CZB', '浙商银行', 'China Zheshang Bank', '浙商银行', 'JOINT_STOCK', 'ZJCBCN2N', '316'],
  ['CBHB', '渤海银行', 'China Bohai Bank', '渤海银行', 'JOINT_STOCK', 'CHBHCNBT', '318'],
  ['BOB', '北京银行', 'Bank of Beijing', '北京银行', 'CITY', 'BJCNCNBJ', '313'],
  ['BOSC', '上海银行', 'Bank of Shanghai', '上海银行', 'CITY', 'BOSHCNSH', '313'],
  ['JSB', '江苏银行', 'Bank of Jiangsu', '江苏银行', 'CITY', 'BOJSCNBN', '313'],
  ['NBCB', '宁波银行', 'Bank of Ningbo', '宁波银行', 'CITY', 'BKNBCN2N', '313'],
  ['HZB', '杭州银行', 'Bank of Hangzhou', '杭州银行', 'CITY', 'HZCBCN2H', '313'],
  ['NJCB', '南京银行', 'Bank of Nanjing', '南京银行', 'CITY', 'NJCBCNBN', '313'],
  ['BRCB', '北京农村商业银行', 'Beijing Rural Commercial Bank', '北京农商银行', 'RURAL', 'BRCBCNBJ', '402'],
  ['SRCB', '上海农村商业银行', 'Shanghai Rural Commercial Bank', '上海农商银行', 'RURAL', 'SHRCCNSH', '322'],
  ['WEBANK', '深圳前海微众银行', 'WeBank', '微众银行', 'PRIVATE', null, '323'],
  ['MYBANK', '浙江网商银行', 'MYbank', '网商银行', 'PRIVATE', null, '323'],
  ['CDB', '国家开发银行', 'China Development Bank', '国家开发银行', 'POLICY', 'SDBCCNBJ', '201'],
  ['EXIMBANK', '中国进出口银行', 'Export-Import Bank of China', '进出口银行', 'POLICY', 'EIBCCNBJ', '202'],
  ['ADBC', '中国农业发展银行', 'Agricultural Development Bank of China', '农业发展银行', 'POLICY', 'ADBCCNBJ', '203'],
  ['HSBC', '汇丰银行(中国)有限公司', 'HSBC Bank (China) Company Limited', '汇丰中国', 'FOREIGN', 'HSBCCNSH', '501'],
  ['BEA', '东亚银行(中国)有限公司', 'The Bank of East Asia (China) Limited', '东亚中国', 'FOREIGN', 'BEASCNSH', '502'],
  ['CITI', '花旗银行(中国)有限公司', 'Citibank (China) Co., Ltd.', '花旗中国', 'FOREIGN', 'CITICNSX', '531'],
  ['SCB', '渣打银行(中国)有限公司', 'Standard Chartered Bank (China) Limited', '渣打中国', 'FOREIGN', 'SCBLCNSX', '671'],
  ['DBS', '星展银行(中国)有限公司', 'DBS Bank (China) Limited', '星展中国', 'FOREIGN', 'DBSSCNSH', '623'],
];

/** Platform-level banks (`/hpfm/mdm/bank`); tenants keep their own banks and branches in smdm. */
export const step: SeedStep = {
  version: 'seed:hpfm-md-bank:v1',
  async run(tx) {
    await insertRows(
      tx,
      'hpfm_bank',
      BANKS.map(([bankCode, bankName, bankNameEn, bankShortName, bankTypeCode, swiftCode, cnapsCode]) => ({ bankCode, bankName, bankNameEn, bankShortName, bankTypeCode, swiftCode, cnapsCode, enabledFlag: 1 })),
    );
  },
};
