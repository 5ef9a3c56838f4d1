import type { Queryable } from '../../db/database.ts';
import { insertRows } from '../insert.ts';
import { rng } from '../rng.ts';
import type { SeedStep } from '../seed.ts';
import { T1_COMPANIES, T2_COMPANIES } from './smdm-finance.ts';

type Row = Record<string, unknown>;
const T1 = 1;
const T2 = 2;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const rowsOf = (tenantId: number, list: Row[]) => list.map((r) => ({ tenantId, ...r }));

/** Code, name, short name, type, SWIFT/BIC, the bank's 3-digit clearing number. */
const BANKS: Array<[string, string, string, string, string, string]> = [
  ['ICBC', '中国工商银行', '工商银行', 'STATE_OWNED', 'ICBKCNBJ', '102'], ['ABC', '中国农业银行', '农业银行', 'STATE_OWNED', 'ABOCCNBJ', '103'],
  ['BOC', '中国银行', '中国银行', 'STATE_OWNED', 'BKCHCNBJ', '104'], ['CCB', '中国建设银行', '建设银行', 'STATE_OWNED', 'PCBCCNBJ', '105'],
  ['BOCOM', '交通银行', '交通银行', 'STATE_OWNED', 'COMMCNSH', '301'], ['PSBC', '中国邮政储蓄银行', '邮储银行', 'STATE_OWNED', 'PSBCCNBJ', '403'],
  ['CDB', '国家开发银行', '国开行', 'POLICY', 'SDBCCNBJ', '201'], ['EIBC', '中国进出口银行', '进出口银行', 'POLICY', 'EIBCCNBJ', '202'],
  ['ADBC', '中国农业发展银行', '农发行', 'POLICY', 'ADBCCNBJ', '203'], ['CITIC', '中信银行', '中信银行', 'JOINT_STOCK', 'CIBKCNBJ', '302'],
  ['CEB', '中国光大银行', '光大银行', 'JOINT_STOCK', 'EVERCNBJ', '303'], ['HXB', '华夏银行', '华夏银行', 'JOINT_STOCK', 'HXBKCNBJ', '304'],
  ['CMBC', '中国民生银行', '民生银行', 'JOINT_STOCK', 'MSBCCNBJ', '305'], ['CGB', '广发银行', '广发银行', 'JOINT_STOCK', 'GDBKCN22', '306'],
  ['PAB', '平安银行', '平安银行', 'JOINT_STOCK', 'SZDBCNBS', '307'], ['CMB', '招商银行', '招商银行', 'JOINT_STOCK', 'CMBCCNBS', '308'],
  ['CIB', '兴业银行', '兴业银行', 'JOINT_STOCK', 'FJIBCNBA', '309'], ['SPDB', '上海浦东发展银行', '浦发银行', 'JOINT_STOCK', 'SPDBCNSH', '310'],
  ['CZB', '浙商银行', '浙商银行', 'JOINT_STOCK', 'ZJCBCN2N', '316'], ['CBHB', '渤海银行', '渤海银行', 'JOINT_STOCK', 'CHBHCNBT', '318'],
  ['BOB', '北京银行', '北京银行', 'CITY', 'BJCNCNBJ', '313'], ['BOSC', '上海银行', '上海银行', 'CITY', 'BOSHCNSH', '325'],
  ['JSB', '江苏银行', '江苏银行', 'CITY', 'BOJSCNBN', '314'], ['NJCB', '南京银行', '南京银行', 'CITY', 'NJCBCNBN', '313'],
  ['NBCB', '宁波银行', '宁波银行', 'CITY', 'BKNBCN2N', '313'], ['HZCB', '杭州银行', '杭州银行', 'CITY', 'HZCBCN2H', '313'],
  ['SRCB', '上海农村商业银行', '上海农商行', 'RURAL', 'SHRCCNSH', '322'], ['BRCB', '北京农村商业银行', '北京农商行', 'RURAL', 'BRCBCNBJ', '402'],
  ['HSBC', '汇丰银行（中国）有限公司', '汇丰中国', 'FOREIGN', 'HSBCCNSH', '501'], ['SCB', '渣打银行（中国）有限公司', '渣打中国', 'FOREIGN', 'SCBLCNSX', '671'],
  ['CITI', '花旗银行（中国）有限公司', '花旗中国', 'FOREIGN', 'CITICNSX', '531'], ['WEBANK', '深圳前海微众银行', '微众银行', 'PRIVATE', 'WEBKCNSZ', '323'],
];

/** Province, city, 4-digit city part of a CNAPS number, a street. */
const BRANCH_CITIES: Array<[string, string, string, string]> = [
  ['上海', '上海', '2900', '浦东新区陆家嘴环路'], ['江苏', '苏州', '3050', '工业园区苏州大道东'], ['湖北', '武汉', '5210', '江汉区建设大道'],
  ['四川', '成都', '6510', '高新区天府大道北段'], ['广东', '深圳', '5840', '福田区深南大道'], ['北京', '北京', '1000', '西城区金融大街'],
];

const CITIES: Array<[string, string, string, string, string, string]> = [
  ['110100', '北京', 'Beijing', '北京市', 'T1', '010'], ['310100', '上海', 'Shanghai', '上海市', 'T1', '021'], ['440100', '广州', 'Guangzhou', '广东省', 'T1', '020'],
  ['440300', '深圳', 'Shenzhen', '广东省', 'T1', '0755'], ['510100', '成都', 'Chengdu', '四川省', 'NT1', '028'], ['500100', '重庆', 'Chongqing', '重庆市', 'NT1', '023'],
  ['330100', '杭州', 'Hangzhou', '浙江省', 'NT1', '0571'], ['420100', '武汉', 'Wuhan', '湖北省', 'NT1', '027'], ['320500', '苏州', 'Suzhou', '江苏省', 'NT1', '0512'],
  ['610100', '西安', "Xi'an", '陕西省', 'NT1', '029'], ['320100', '南京', 'Nanjing', '江苏省', 'NT1', '025'], ['120100', '天津', 'Tianjin', '天津市', 'NT1', '022'],
  ['410100', '郑州', 'Zhengzhou', '河南省', 'NT1', '0371'], ['430100', '长沙', 'Changsha', '湖南省', 'NT1', '0731'], ['441900', '东莞', 'Dongguan', '广东省', 'NT1', '0769'],
  ['370200', '青岛', 'Qingdao', '山东省', 'NT1', '0532'], ['330200', '宁波', 'Ningbo', '浙江省', 'NT1', '0574'], ['440600', '佛山', 'Foshan', '广东省', 'NT1', '0757'],
  ['370100', '济南', 'Jinan', '山东省', 'T2', '0531'], ['350200', '厦门', 'Xiamen', '福建省', 'T2', '0592'], ['350100', '福州', 'Fuzhou', '福建省', 'T2', '0591'],
  ['320200', '无锡', 'Wuxi', '江苏省', 'T2', '0510'], ['340100', '合肥', 'Hefei', '安徽省', 'T2', '0551'], ['530100', '昆明', 'Kunming', '云南省', 'T2', '0871'],
  ['210200', '大连', 'Dalian', '辽宁省', 'T2', '0411'], ['210100', '沈阳', 'Shenyang', '辽宁省', 'T2', '024'], ['330300', '温州', 'Wenzhou', '浙江省', 'T2', '0577'],
  ['320400', '常州', 'Changzhou', '江苏省', 'T2', '0519'], ['130100', '石家庄', 'Shijiazhuang', '河北省', 'T2', '0311'], ['360100', '南昌', 'Nanchang', '江西省', 'T2', '0791'],
  ['420500', '宜昌', 'Yichang', '湖北省', 'T3', '0717'], ['420600', '襄阳', 'Xiangyang', '湖北省', 'T3', '0710'], ['510700', '绵阳', 'Mianyang', '四川省', 'T3', '0816'],
  ['511500', '宜宾', 'Yibin', '四川省', 'T3', '0831'], ['370600', '烟台', 'Yantai', '山东省', 'T2', '0535'], ['440400', '珠海', 'Zhuhai', '广东省', 'T2', '0756'],
];

const CATEGORY_TREE: Array<[string, string, string, Array<[string, string]>]> = [
  ['10', '金属材料', 'PRODUCTION', [['1001', '钢板'], ['1002', '钢管'], ['1003', '铝型材'], ['1004', '铜材']]],
  ['20', '机械零部件', 'PRODUCTION', [['2001', '轴承'], ['2002', '紧固件'], ['2003', '齿轮'], ['2004', '液压件'], ['2005', '密封件']]],
  ['30', '电子电气', 'PRODUCTION', [['3001', '电子元器件'], ['3002', '传感器'], ['3003', '电线电缆'], ['3004', '电机'], ['3005', 'PCB线路板']]],
  ['40', '化工塑胶', 'PRODUCTION', [['4001', '塑胶粒子'], ['4002', '涂料油漆'], ['4003', '胶粘剂']]],
  ['50', '包装材料', 'PRODUCTION', [['5001', '纸箱'], ['5002', '托盘'], ['5003', '缠绕膜']]],
  ['60', 'MRO辅料', 'NON_PRODUCTION', [['6001', '劳保用品'], ['6002', '刀具量具'], ['6003', '润滑油脂'], ['6004', '五金工具']]],
  ['70', '行政办公', 'NON_PRODUCTION', [['7001', '办公用品'], ['7002', 'IT设备'], ['7003', '办公家具']]],
  ['80', '服务类', 'SERVICE', [['8001', '物流运输'], ['8002', '设备维修'], ['8003', '咨询服务'], ['8004', '检测认证']]],
  ['90', '固定资产', 'ASSET', [['9001', '生产设备'], ['9002', '检测仪器'], ['9003', '车辆']]],
];

const SUPPLIERS: Array<[string, string, string]> = [
  ['S10001', '华东精密轴承有限公司', '轴承'], ['S10002', '苏州恒信电子科技有限公司', '电子元器件'], ['S10003', '宁波海天液压件有限公司', '液压件'],
  ['S10004', '深圳创维包装材料有限公司', '纸箱'], ['S10005', '无锡威孚紧固件有限公司', '紧固件'], ['S10006', '上海宝钢金属制品有限公司', '钢板'],
  ['S10007', '武汉光谷传感器有限公司', '传感器'], ['S10008', '成都天府电缆有限公司', '电线电缆'], ['S10009', '青岛海德密封件有限公司', '密封件'],
  ['S10010', '东莞伟创塑胶制品有限公司', '塑胶粒子'], ['S10011', '杭州西子齿轮有限公司', '齿轮'], ['S10012', '常州华阳电机有限公司', '电机'],
  ['S10013', '广州立邦涂料有限公司', '涂料油漆'], ['S10014', '佛山联塑托盘有限公司', '托盘'], ['S10015', '厦门金龙物流有限公司', '物流运输'],
  ['S10016', '天津中环检测技术有限公司', '检测认证'], ['S10017', '合肥长鑫电子有限公司', 'PCB线路板'], ['S10018', '温州正泰五金工具有限公司', '五金工具'],
  ['S10019', '南京苏宁办公用品有限公司', '办公用品'], ['S10020', '西安隆基铝业有限公司', '铝型材'], ['S10021', 'SKF (China) Co., Ltd.', '轴承'],
  ['S10022', 'Bosch Rexroth (Beijing) Hydraulic Co., Ltd.', '液压件'], ['S10023', 'TE Connectivity (Suzhou) Co., Ltd.', '电子元器件'],
  ['S10024', '3M中国有限公司', '劳保用品'], ['S10025', '山特维克（中国）投资有限公司', '刀具量具'], ['S10026', '壳牌（中国）有限公司', '润滑油脂'],
  ['S10027', '联想（北京）有限公司', 'IT设备'], ['S10028', '震旦（中国）有限公司', '办公家具'], ['S10029', '大连华锐重工设备有限公司', '生产设备'],
  ['S10030', '上海通用检测仪器有限公司', '检测仪器'],
];

const AGENTS: Array<[string, string]> = [
  ['王建国', 'wang.jianguo'], ['李晓燕', 'li.xiaoyan'], ['张海峰', 'zhang.haifeng'], ['刘佳', 'liu.jia'], ['陈志强', 'chen.zhiqiang'], ['杨雪', 'yang.xue'],
  ['赵明', 'zhao.ming'], ['黄晓丽', 'huang.xiaoli'], ['周斌', 'zhou.bin'], ['吴婷婷', 'wu.tingting'], ['徐涛', 'xu.tao'], ['孙悦', 'sun.yue'],
  ['马骏', 'ma.jun'], ['朱丹', 'zhu.dan'], ['胡斌', 'hu.bin'], ['郭晶', 'guo.jing'], ['何勇', 'he.yong'], ['高翔', 'gao.xiang'], ['林芳', 'lin.fang'],
  ['罗平', 'luo.ping'], ['郑凯', 'zheng.kai'], ['梁静', 'liang.jing'], ['谢鹏', 'xie.peng'], ['宋佳怡', 'song.jiayi'], ['唐亮', 'tang.liang'], ['韩雪梅', 'han.xuemei'],
  ['冯涛', 'feng.tao'], ['董丽华', 'dong.lihua'],
];
const PURCHASE_ORGS = ['上海采购中心', '苏州工厂采购部', '武汉工厂采购部', '成都工厂采购部', '深圳研发采购组', '集团战略采购部'];

const UOMS: Array<[string, string, string, number, number]> = [
  ['EA', '个', 'QUANTITY', 1, 1], ['PCS', '件', 'QUANTITY', 0, 1], ['SET', '套', 'QUANTITY', 0, 1], ['PR', '双', 'QUANTITY', 0, 2], ['DZ', '打', 'QUANTITY', 0, 12],
  ['KG', '千克', 'WEIGHT', 1, 1], ['G', '克', 'WEIGHT', 0, 0.001], ['T', '吨', 'WEIGHT', 0, 1000], ['LB', '磅', 'WEIGHT', 0, 0.453592],
  ['M', '米', 'LENGTH', 1, 1], ['CM', '厘米', 'LENGTH', 0, 0.01], ['MM', '毫米', 'LENGTH', 0, 0.001], ['KM', '千米', 'LENGTH', 0, 1000], ['IN', '英寸', 'LENGTH', 0, 0.0254],
  ['M2', '平方米', 'AREA', 1, 1], ['CM2', '平方厘米', 'AREA', 0, 0.0001], ['M3', '立方米', 'VOLUME', 1, 1], ['L', '升', 'VOLUME', 0, 0.001], ['ML', '毫升', 'VOLUME', 0, 0.000001],
  ['H', '小时', 'TIME', 1, 1], ['MIN', '分钟', 'TIME', 0, 0.016667], ['D', '天', 'TIME', 0, 24], ['MON', '月', 'TIME', 0, 720], ['YR', '年', 'TIME', 0, 8760],
  ['BOX', '箱', 'PACKAGE', 0, 1], ['BAG', '袋', 'PACKAGE', 0, 1], ['ROL', '卷', 'PACKAGE', 0, 1], ['BTL', '瓶', 'PACKAGE', 0, 1], ['PAL', '托', 'PACKAGE', 0, 1], ['CAN', '桶', 'PACKAGE', 0, 1],
];

const DOC_RULES: Array<[string, string, string]> = [
  ['PO', '采购订单', 'PO'], ['PR', '采购申请', 'PR'], ['RFX', '询价单', 'RFQ'], ['CONTRACT', '采购合同', 'CT'], ['ASN', '送货单', 'ASN'],
  ['RECEIPT', '收货单', 'GR'], ['STATEMENT', '对账单', 'ST'], ['INVOICE', '发票', 'INV'], ['PAYMENT', '付款申请', 'PAY'], ['TENDER', '招标项目', 'TB'],
];

/** A few holidays per country; China's follow the State Council's schedules for each year. */
const CN_HOLIDAYS: Record<number, Array<[string, string, string, string?]>> = {
  2024: [['元旦', '2024-01-01', '2024-01-01'], ['春节', '2024-02-10', '2024-02-17'], ['春节调休上班', '2024-02-04', '2024-02-04', 'WORKDAY'], ['春节调休上班', '2024-02-18', '2024-02-18', 'WORKDAY'],
    ['清明节', '2024-04-04', '2024-04-06'], ['劳动节', '2024-05-01', '2024-05-05'], ['端午节', '2024-06-10', '2024-06-10'], ['中秋节', '2024-09-15', '2024-09-17'], ['国庆节', '2024-10-01', '2024-10-07']],
  2025: [['元旦', '2025-01-01', '2025-01-01'], ['春节', '2025-01-28', '2025-02-04'], ['春节调休上班', '2025-01-26', '2025-01-26', 'WORKDAY'], ['春节调休上班', '2025-02-08', '2025-02-08', 'WORKDAY'],
    ['清明节', '2025-04-04', '2025-04-06'], ['劳动节', '2025-05-01', '2025-05-05'], ['端午节', '2025-05-31', '2025-06-02'], ['国庆节、中秋节', '2025-10-01', '2025-10-08'], ['国庆调休上班', '2025-09-28', '2025-09-28', 'WORKDAY']],
  2026: [['元旦', '2026-01-01', '2026-01-03'], ['春节', '2026-02-15', '2026-02-23'], ['春节调休上班', '2026-02-14', '2026-02-14', 'WORKDAY'], ['春节调休上班', '2026-02-28', '2026-02-28', 'WORKDAY'],
    ['清明节', '2026-04-04', '2026-04-06'], ['劳动节', '2026-05-01', '2026-05-05'], ['端午节', '2026-06-19', '2026-06-21'], ['中秋节', '2026-09-25', '2026-09-27'], ['国庆节', '2026-10-01', '2026-10-07']],
};
const FOREIGN_HOLIDAYS: Record<string, Array<[string, string, string]>> = {
  美国: [['New Year’s Day', '01-01', '01-01'], ['Memorial Day', '05-26', '05-26'], ['Independence Day', '07-04', '07-04'], ['Labor Day', '09-01', '09-01'], ['Thanksgiving', '11-27', '11-28'], ['Christmas', '12-25', '12-25']],
  德国: [['Neujahr', '01-01', '01-01'], ['Karfreitag', '04-18', '04-18'], ['Ostermontag', '04-21', '04-21'], ['Tag der Arbeit', '05-01', '05-01'], ['Tag der Deutschen Einheit', '10-03', '10-03'], ['Weihnachten', '12-25', '12-26']],
  日本: [['元日', '01-01', '01-03'], ['ゴールデンウィーク', '04-29', '05-05'], ['お盆休み', '08-13', '08-16'], ['年末休暇', '12-29', '12-31']],
  越南: [['Tết Dương lịch', '01-01', '01-01'], ['Tết Nguyên Đán', '01-28', '02-03'], ['Ngày Giải phóng miền Nam', '04-30', '05-01'], ['Quốc khánh', '09-01', '09-02']],
  墨西哥: [['Año Nuevo', '01-01', '01-01'], ['Día de la Constitución', '02-03', '02-03'], ['Día del Trabajo', '05-01', '05-01'], ['Día de la Independencia', '09-16', '09-16'], ['Navidad', '12-25', '12-25']],
  新加坡: [['New Year’s Day', '01-01', '01-01'], ['Chinese New Year', '01-29', '01-30'], ['Labour Day', '05-01', '05-01'], ['National Day', '08-09', '08-09'], ['Christmas Day', '12-25', '12-25']],
};

async function banks(tx: Queryable) {
  const row = ([code, name, short, type, swift]: (typeof BANKS)[number], i: number) => ({ bankCode: code, bankName: name, bankShortName: short, bankTypeCode: type, swiftCode: swift, enabledFlag: i % 13 === 12 ? 0 : 1 });
  // Tenant 1 first: its banks take the first ids.
  await insertRows(tx, 'smdm_bank', rowsOf(T1, BANKS.map(row)));
  await insertRows(tx, 'smdm_bank', rowsOf(T2, BANKS.slice(0, 6).map(row)));
  const ids = (await tx.query<{ id: number; tenant: number; code: string }>('select bank_id::float8 as id, tenant_id::float8 as tenant, bank_code as code from smdm_bank order by bank_id')).rows;
  const branches: Row[] = [];
  for (const b of ids) {
    const bank = BANKS.find((x) => x[0] === b.code)!;
    const cities = b.tenant === T1 ? BRANCH_CITIES.slice(0, 3 + (b.id % 3)) : [BRANCH_CITIES[4]!];
    cities.forEach(([province, city, cityNo, street], ci) => {
      const sub = ci % 2 === 0 ? `${city}分行` : `${city}${['浦东', '园区', '江汉', '高新', '福田', '西城'][ci]}支行`;
      branches.push({
        tenantId: b.tenant, bankId: b.id, bankName: bank[1], branchCode: `${bank[0]}-${cityNo}-${pad(ci + 1, 3)}`, branchName: `${bank[2]}${sub}`,
        cnapsCode: `${bank[5]}${cityNo}${pad((b.id * 37 + ci * 11) % 100000, 5)}`, provinceName: province, cityName: city, address: `${city}市${street}${100 + ((b.id * 7 + ci * 13) % 800)}号`, enabledFlag: 1,
      });
    });
  }
  await insertRows(tx, 'smdm_bank_branch', branches);
}

async function categoriesAndSuppliers(tx: Queryable) {
  const cats: Row[] = [];
  for (const [code, name, type, children] of CATEGORY_TREE) {
    cats.push({ categoryCode: code, categoryName: name, parentCategoryCode: null, levelNumber: 1, categoryTypeCode: type, description: `${name}（一级品类）`, enabledFlag: 1 });
    for (const [cc, cn] of children) cats.push({ categoryCode: cc, categoryName: cn, parentCategoryCode: code, levelNumber: 2, categoryTypeCode: type, description: `${name} / ${cn}`, enabledFlag: 1 });
  }
  await insertRows(tx, 'smdm_purchase_category', rowsOf(T1, cats));
  await insertRows(tx, 'smdm_purchase_category', rowsOf(T2, cats.slice(0, 6)));

  const r = rng(3201);
  const rel: Row[] = SUPPLIERS.map(([code, name, category], i) => {
    const type = i % 9 === 8 ? 'ELIMINATED' : i % 5 === 0 ? 'STRATEGIC' : i % 4 === 3 ? 'POTENTIAL' : 'QUALIFIED';
    return {
      supplierCode: code, supplierName: name, companyName: T1_COMPANIES[i % 5], purchaseOrgName: PURCHASE_ORGS[i % 5], relationTypeCode: type, categoryName: category,
      startDate: `20${r.int(18, 25)}-${pad(r.int(1, 12))}-01`, endDate: type === 'ELIMINATED' ? '2025-12-31' : null, enabledFlag: type === 'ELIMINATED' ? 0 : 1,
    };
  });
  // The strategic suppliers also serve the group's purchasing centre.
  for (const [i, s] of SUPPLIERS.entries()) if (i % 5 === 0) rel.push({ ...rel[i], supplierCode: s[0], companyName: T1_COMPANIES[5], purchaseOrgName: PURCHASE_ORGS[5] });
  await insertRows(tx, 'smdm_supplier_relation', rowsOf(T1, rel));
  await insertRows(tx, 'smdm_supplier_relation', rowsOf(T2, rel.slice(0, 5).map((x) => ({ ...x, companyName: T2_COMPANIES[0], purchaseOrgName: '深圳采购部' }))));
}

async function citiesAgentsUoms(tx: Queryable) {
  const cities = CITIES.map(([code, name, en, province, level, area], i) => ({
    cityCode: code, cityName: name, cityNameEn: en, provinceName: province, cityLevelCode: level, areaCode: area, postalCode: `${code.slice(0, 4)}00`, enabledFlag: i < 34 ? 1 : 0,
  }));
  await insertRows(tx, 'smdm_city', rowsOf(T1, cities));
  await insertRows(tx, 'smdm_city', rowsOf(T2, cities.filter((c) => c.provinceName === '广东省')));

  const buyer = (await tx.query<{ id: number }>("select id::float8 as id from iam_user where login_name = 'buyer'")).rows[0];
  const agents = AGENTS.map(([name, login], i) => ({
    purchaseAgentCode: `PA${pad(i + 1, 3)}`, purchaseAgentName: name, purchaseOrgName: PURCHASE_ORGS[i % PURCHASE_ORGS.length], userId: i === 0 && buyer ? buyer.id : null,
    loginName: i === 0 && buyer ? 'buyer' : login, contactInfo: `1${[3, 5, 8][i % 3]}${pad((i * 7919 + 1234567) % 1000000000, 9)}`, email: `${login}@demo-mfg.example.com`, enabledFlag: i % 10 === 9 ? 0 : 1,
  }));
  await insertRows(tx, 'smdm_purchase_agent', rowsOf(T1, agents));
  await insertRows(tx, 'smdm_purchase_agent', rowsOf(T2, agents.slice(1, 5).map((a, i) => ({ ...a, purchaseAgentCode: `PA9${pad(i + 1)}`, purchaseOrgName: '深圳采购部', email: String(a.email).replace('demo-mfg', 'second-trading') }))));

  const uoms = UOMS.map(([code, name, type, primary, rate]) => ({ uomCode: code, uomName: name, uomTypeCode: type, primaryFlag: primary, conversionRate: rate, enabledFlag: 1 }));
  await insertRows(tx, 'smdm_uom', rowsOf(T1, uoms));
  await insertRows(tx, 'smdm_uom', rowsOf(T2, uoms.filter((u) => ['EA', 'PCS', 'KG', 'M', 'BOX', 'SET'].includes(u.uomCode))));
}

const example = (prefix: string, fmt: string, len: number, n: number) => {
  const date = { YYYYMMDD: '20260315', YYMMDD: '260315', YYYYMM: '202603', YYYY: '2026', NONE: '' }[fmt] ?? '';
  return `${prefix}${date}${String(n).padStart(len, '0')}`;
};

async function numberRules(tx: Queryable) {
  const rules: Row[] = [];
  const formats = ['YYYYMMDD', 'YYMMDD', 'YYYYMM'];
  DOC_RULES.forEach(([doc, docName, prefix], di) => {
    const companies = di < 6 ? [null, T1_COMPANIES[1], T1_COMPANIES[5]] : [null, T1_COMPANIES[1]];
    companies.forEach((company, ci) => {
      const fmt = ci === 0 ? 'YYYYMMDD' : formats[(di + ci) % formats.length]!;
      const p = ci === 2 ? `HK${prefix}` : ci === 1 ? `SZ${prefix}` : prefix;
      const len = ci === 0 ? 4 : 5;
      const reset = fmt === 'YYYYMM' ? 'MONTH' : 'DAY';
      const current = ((di + 3) * (ci + 7) * 13) % 900;
      rules.push({
        ruleCode: `${doc}-${ci === 0 ? 'STD' : ci === 1 ? 'SZ' : 'HK'}`, ruleName: `${docName}编号${ci === 0 ? '（集团标准）' : ci === 1 ? '（苏州）' : '（香港）'}`, documentTypeCode: doc,
        companyName: company, prefix: p, dateFormatCode: fmt, serialLength: len, resetFrequencyCode: reset, currentValue: current, example: example(p, fmt, len, current + 1), enabledFlag: 1,
      });
    });
  });
  await insertRows(tx, 'smdm_order_num_rule', rowsOf(T1, rules));
  await insertRows(tx, 'smdm_order_num_rule', rowsOf(T2, rules.filter((x) => String(x.ruleCode).endsWith('-STD')).slice(0, 5)));
}

async function calendars(tx: Queryable) {
  const cals: Array<Row & { holidays: Array<[string, string, string, string?]> }> = [];
  const plants: Array<[string, string, string]> = [['SH', '上海工厂', T1_COMPANIES[0]!], ['SZ', '苏州工厂', T1_COMPANIES[1]!], ['WH', '武汉工厂', T1_COMPANIES[2]!], ['CD', '成都工厂', T1_COMPANIES[3]!]];
  for (const year of [2024, 2025, 2026]) {
    cals.push({ calendarCode: `CN-${year}`, calendarName: `中国大陆法定工作日历 ${year}`, calendarYear: String(year), countryName: '中国', companyName: null, weekendDays: '周六,周日', description: '依据国务院办公厅节假日安排', enabledFlag: year >= 2025 ? 1 : 0, holidays: CN_HOLIDAYS[year]! });
    for (const [code, name, company] of plants) {
      cals.push({
        calendarCode: `${code}-${year}`, calendarName: `${name}生产日历 ${year}`, calendarYear: String(year), countryName: '中国', companyName: company, weekendDays: code === 'WH' ? '周日' : '周六,周日',
        description: `${name}排产与交期计算使用`, enabledFlag: year >= 2025 ? 1 : 0,
        holidays: [...CN_HOLIDAYS[year]!, ['年度设备检修', `${year}-07-20`, `${year}-07-24`, 'COMPANY'], ['司庆日', `${year}-09-09`, `${year}-09-09`, 'COMPANY']],
      });
    }
  }
  for (const year of [2025, 2026]) {
    for (const [country, list] of Object.entries(FOREIGN_HOLIDAYS)) {
      const code = { 美国: 'US', 德国: 'DE', 日本: 'JP', 越南: 'VN', 墨西哥: 'MX', 新加坡: 'SG' }[country]!;
      cals.push({
        calendarCode: `${code}-${year}`, calendarName: `${country}工作日历 ${year}`, calendarYear: String(year), countryName: country, companyName: code === 'SG' || code === 'VN' ? T1_COMPANIES[5] : null,
        weekendDays: '周六,周日', description: `海外供应商交期参考（${country}）`, enabledFlag: 1, holidays: list.map(([n, a, b]) => [n, `${year}-${a}`, `${year}-${b}`]),
      });
    }
  }
  const insertCals = async (tenantId: number, list: typeof cals) => {
    await insertRows(tx, 'smdm_calendar', list.map(({ holidays: _h, ...c }) => ({ tenantId, ...c })));
    const ids = new Map(
      (await tx.query<{ id: number; code: string }>('select calendar_id::float8 as id, calendar_code as code from smdm_calendar where tenant_id = $1', [tenantId])).rows.map((x) => [x.code, x.id]),
    );
    const holidays: Row[] = [];
    for (const c of list) {
      for (const [name, from, to, type] of c.holidays) {
        holidays.push({ tenantId, calendarId: ids.get(String(c.calendarCode)), holidayName: name, holidayTypeCode: type ?? 'PUBLIC', startDate: from, endDate: to, remark: type === 'WORKDAY' ? '调休，正常上班' : null });
      }
    }
    await insertRows(tx, 'smdm_calendar_holiday', holidays);
  };
  // Tenant 1 first: its calendars take the first ids.
  await insertCals(T1, cals);
  await insertCals(T2, cals.filter((c) => String(c.calendarCode).startsWith('CN-')));
}

/** Tenant master data for partners and logistics: banks with branches, categories, suppliers, cities, agents, units, number rules, calendars. */
export const step: SeedStep = {
  version: 'seed:smdm-partners:v1',
  async run(tx) {
    await banks(tx);
    await categoriesAndSuppliers(tx);
    await citiesAgentsUoms(tx);
    await numberRules(tx);
    await calendars(tx);
  },
};
