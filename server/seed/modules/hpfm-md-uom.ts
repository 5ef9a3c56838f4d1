import { bumpSequence, insertRows } from '../insert.ts';
import type { SeedStep } from '../seed.ts';

const UOM_TYPES: Array<[code: string, name: string, nameEn: string, base: string]> = [
  ['QUANTITY', '数量', 'Quantity', 'PCS'],
  ['LENGTH', '长度', 'Length', 'M'],
  ['AREA', '面积', 'Area', 'M2'],
  ['VOLUME', '体积', 'Volume', 'M3'],
  ['WEIGHT', '重量', 'Weight', 'KG'],
  ['TIME', '时间', 'Time', 'H'],
  ['TEMPERATURE', '温度', 'Temperature', 'CEL'],
  ['ENERGY', '能量', 'Energy', 'KWH'],
  ['POWER', '功率', 'Power', 'KW'],
  ['PRESSURE', '压强', 'Pressure', 'MPA'],
  ['SPEED', '速度', 'Speed', 'M/S'],
  ['FORCE', '力', 'Force', 'N'],
  ['CURRENT', '电流', 'Electric current', 'A'],
  ['VOLTAGE', '电压', 'Voltage', 'V'],
  ['RESISTANCE', '电阻', 'Resistance', 'OHM'],
  ['FREQUENCY', '频率', 'Frequency', 'HZ'],
  ['DATA', '数据量', 'Data size', 'GB'],
  ['DENSITY', '密度', 'Density', 'KG/M3'],
  ['FLOW', '流量', 'Flow rate', 'M3/H'],
  ['TORQUE', '扭矩', 'Torque', 'NM'],
  ['ANGLE', '角度', 'Angle', 'DEG'],
  ['PACKAGE', '包装', 'Packaging', 'BOX'],
  ['ILLUMINANCE', '照度', 'Illuminance', 'LX'],
  ['SOUND', '声级', 'Sound level', 'DB'],
  ['CONCENTRATION', '浓度', 'Concentration', 'PPM'],
];

/** [code, name, English name, type, conversion to the type's base unit (null: not linear)] */
const UOMS: Array<[string, string, string, string, number | null]> = [
  ['PCS', '个', 'Piece', 'QUANTITY', 1],
  ['EA', '件', 'Each', 'QUANTITY', 1],
  ['SET', '套', 'Set', 'QUANTITY', 1],
  ['PR', '双', 'Pair', 'QUANTITY', 2],
  ['DZ', '打', 'Dozen', 'QUANTITY', 12],
  ['ROL', '卷', 'Roll', 'QUANTITY', 1],
  ['SHT', '张', 'Sheet', 'QUANTITY', 1],
  ['BTL', '瓶', 'Bottle', 'QUANTITY', 1],
  ['M', '米', 'Metre', 'LENGTH', 1],
  ['MM', '毫米', 'Millimetre', 'LENGTH', 0.001],
  ['CM', '厘米', 'Centimetre', 'LENGTH', 0.01],
  ['KM', '千米', 'Kilometre', 'LENGTH', 1000],
  ['IN', '英寸', 'Inch', 'LENGTH', 0.0254],
  ['FT', '英尺', 'Foot', 'LENGTH', 0.3048],
  ['M2', '平方米', 'Square metre', 'AREA', 1],
  ['CM2', '平方厘米', 'Square centimetre', 'AREA', 0.0001],
  ['MU', '亩', 'Mu', 'AREA', 666.666667],
  ['FT2', '平方英尺', 'Square foot', 'AREA', 0.092903],
  ['M3', '立方米', 'Cubic metre', 'VOLUME', 1],
  ['L', '升', 'Litre', 'VOLUME', 0.001],
  ['ML', '毫升', 'Millilitre', 'VOLUME', 0.000001],
  ['GAL', '加仑(美)', 'US gallon', 'VOLUME', 0.003785],
  ['KG', '千克', 'Kilogram', 'WEIGHT', 1],
  ['G', '克', 'Gram', 'WEIGHT', 0.001],
  ['MG', '毫克', 'Milligram', 'WEIGHT', 0.000001],
  ['T', '吨', 'Tonne', 'WEIGHT', 1000],
  ['LB', '磅', 'Pound', 'WEIGHT', 0.453592],
  ['JIN', '斤', 'Jin', 'WEIGHT', 0.5],
  ['H', '小时', 'Hour', 'TIME', 1],
  ['MIN', '分钟', 'Minute', 'TIME', 0.016667],
  ['D', '天', 'Day', 'TIME', 24],
  ['WK', '周', 'Week', 'TIME', 168],
  ['CEL', '摄氏度', 'Degree Celsius', 'TEMPERATURE', 1],
  ['FAH', '华氏度', 'Degree Fahrenheit', 'TEMPERATURE', null],
  ['KWH', '千瓦时', 'Kilowatt hour', 'ENERGY', 1],
  ['MJ', '兆焦', 'Megajoule', 'ENERGY', 0.277778],
  ['KW', '千瓦', 'Kilowatt', 'POWER', 1],
  ['W', '瓦', 'Watt', 'POWER', 0.001],
  ['HP', '马力', 'Metric horsepower', 'POWER', 0.735499],
  ['MPA', '兆帕', 'Megapascal', 'PRESSURE', 1],
  ['KPA', '千帕', 'Kilopascal', 'PRESSURE', 0.001],
  ['BAR', '巴', 'Bar', 'PRESSURE', 0.1],
  ['M/S', '米每秒', 'Metre per second', 'SPEED', 1],
  ['KM/H', '千米每小时', 'Kilometre per hour', 'SPEED', 0.277778],
  ['N', '牛顿', 'Newton', 'FORCE', 1],
  ['KN', '千牛', 'Kilonewton', 'FORCE', 1000],
  ['A', '安培', 'Ampere', 'CURRENT', 1],
  ['MA', '毫安', 'Milliampere', 'CURRENT', 0.001],
  ['V', '伏特', 'Volt', 'VOLTAGE', 1],
  ['KV', '千伏', 'Kilovolt', 'VOLTAGE', 1000],
  ['OHM', '欧姆', 'Ohm', 'RESISTANCE', 1],
  ['KOHM', '千欧', 'Kiloohm', 'RESISTANCE', 1000],
  ['HZ', '赫兹', 'Hertz', 'FREQUENCY', 1],
  ['MHZ', '兆赫', 'Megahertz', 'FREQUENCY', 1000000],
  ['GB', '吉字节', 'Gigabyte', 'DATA', 1],
  ['MB', '兆字节', 'Megabyte', 'DATA', 0.000977],
  ['TB', '太字节', 'Terabyte', 'DATA', 1024],
  ['KG/M3', '千克每立方米', 'Kilogram per cubic metre', 'DENSITY', 1],
  ['G/CM3', '克每立方厘米', 'Gram per cubic centimetre', 'DENSITY', 1000],
  ['M3/H', '立方米每小时', 'Cubic metre per hour', 'FLOW', 1],
  ['L/MIN', '升每分钟', 'Litre per minute', 'FLOW', 0.06],
  ['NM', '牛·米', 'Newton metre', 'TORQUE', 1],
  ['DEG', '度', 'Degree', 'ANGLE', 1],
  ['RAD', '弧度', 'Radian', 'ANGLE', 57.29578],
  ['BOX', '箱', 'Box', 'PACKAGE', 1],
  ['CTN', '纸箱', 'Carton', 'PACKAGE', 1],
  ['PAL', '托盘', 'Pallet', 'PACKAGE', 1],
  ['BAG', '袋', 'Bag', 'PACKAGE', 1],
  ['DRM', '桶', 'Drum', 'PACKAGE', 1],
  ['LX', '勒克斯', 'Lux', 'ILLUMINANCE', 1],
  ['DB', '分贝', 'Decibel', 'SOUND', 1],
  ['PPM', '百万分比', 'Parts per million', 'CONCENTRATION', 1],
  ['PCT', '百分比', 'Percent', 'CONCENTRATION', 10000],
];

type Cat = [code: string, name: string, nameEn: string, children?: Cat[]];

/** GB/T 4754-2017 national economic industry classification: sections, divisions and a few groups. */
const INDUSTRIES: Cat[] = [
  ['A', '农、林、牧、渔业', 'Agriculture, forestry, animal husbandry and fishery', [
    ['01', '农业', 'Agriculture'], ['02', '林业', 'Forestry'], ['03', '畜牧业', 'Animal husbandry'], ['04', '渔业', 'Fishery'], ['05', '农、林、牧、渔专业及辅助性活动', 'Support activities for agriculture, forestry, animal husbandry and fishery'],
  ]],
  ['B', '采矿业', 'Mining', [
    ['06', '煤炭开采和洗选业', 'Mining and washing of coal'], ['07', '石油和天然气开采业', 'Extraction of petroleum and natural gas'], ['08', '黑色金属矿采选业', 'Mining and processing of ferrous metal ores'],
    ['09', '有色金属矿采选业', 'Mining and processing of non-ferrous metal ores'], ['10', '非金属矿采选业', 'Mining and processing of non-metallic minerals'],
  ]],
  ['C', '制造业', 'Manufacturing', [
    ['13', '农副食品加工业', 'Processing of agricultural and sideline food products'], ['14', '食品制造业', 'Manufacture of foods'], ['15', '酒、饮料和精制茶制造业', 'Manufacture of liquor, beverages and refined tea'],
    ['17', '纺织业', 'Manufacture of textiles'], ['22', '造纸和纸制品业', 'Manufacture of paper and paper products'], ['26', '化学原料和化学制品制造业', 'Manufacture of chemical raw materials and chemical products'],
    ['27', '医药制造业', 'Manufacture of medicines'], ['29', '橡胶和塑料制品业', 'Manufacture of rubber and plastic products'], ['30', '非金属矿物制品业', 'Manufacture of non-metallic mineral products'],
    ['31', '黑色金属冶炼和压延加工业', 'Smelting and pressing of ferrous metals'], ['32', '有色金属冶炼和压延加工业', 'Smelting and pressing of non-ferrous metals'], ['33', '金属制品业', 'Manufacture of metal products'],
    ['34', '通用设备制造业', 'Manufacture of general-purpose machinery'], ['35', '专用设备制造业', 'Manufacture of special-purpose machinery'],
    ['36', '汽车制造业', 'Manufacture of automobiles', [['361', '汽车整车制造', 'Manufacture of complete vehicles'], ['367', '汽车零部件及配件制造', 'Manufacture of automobile parts and accessories']]],
    ['37', '铁路、船舶、航空航天和其他运输设备制造业', 'Manufacture of railway, ship, aerospace and other transport equipment'],
    ['38', '电气机械和器材制造业', 'Manufacture of electrical machinery and equipment', [['382', '输配电及控制设备制造', 'Manufacture of power transmission, distribution and control equipment'], ['384', '电池制造', 'Manufacture of batteries']]],
    ['39', '计算机、通信和其他电子设备制造业', 'Manufacture of computers, communication and other electronic equipment', [
      ['391', '计算机制造', 'Manufacture of computers'], ['392', '通信设备制造', 'Manufacture of communication equipment'], ['397', '电子器件制造', 'Manufacture of electronic devices'],
      ['398', '电子元件及电子专用材料制造', 'Manufacture of electronic components and special electronic materials'],
    ]],
    ['40', '仪器仪表制造业', 'Manufacture of measuring instruments and meters'],
  ]],
  ['D', '电力、热力、燃气及水生产和供应业', 'Production and supply of electricity, heat, gas and water', [
    ['44', '电力、热力生产和供应业', 'Production and supply of electricity and heat'], ['45', '燃气生产和供应业', 'Production and supply of gas'], ['46', '水的生产和供应业', 'Production and supply of water'],
  ]],
  ['E', '建筑业', 'Construction', [
    ['47', '房屋建筑业', 'Construction of buildings'], ['48', '土木工程建筑业', 'Civil engineering'], ['49', '建筑安装业', 'Construction installation'], ['50', '建筑装饰、装修和其他建筑业', 'Building decoration and other construction'],
  ]],
  ['F', '批发和零售业', 'Wholesale and retail trade', [['51', '批发业', 'Wholesale trade'], ['52', '零售业', 'Retail trade']]],
  ['G', '交通运输、仓储和邮政业', 'Transport, storage and postal services', [
    ['53', '铁路运输业', 'Rail transport'], ['54', '道路运输业', 'Road transport'], ['55', '水上运输业', 'Water transport'], ['56', '航空运输业', 'Air transport'],
    ['59', '装卸搬运和仓储业', 'Handling and warehousing'], ['60', '邮政业', 'Postal services'],
  ]],
  ['H', '住宿和餐饮业', 'Accommodation and catering', [['61', '住宿业', 'Accommodation'], ['62', '餐饮业', 'Catering']]],
  ['I', '信息传输、软件和信息技术服务业', 'Information transmission, software and information technology services', [
    ['63', '电信、广播电视和卫星传输服务', 'Telecommunications, broadcasting and satellite transmission'], ['64', '互联网和相关服务', 'Internet and related services'], ['65', '软件和信息技术服务业', 'Software and information technology services'],
  ]],
  ['J', '金融业', 'Finance', [['66', '货币金融服务', 'Monetary and financial services'], ['67', '资本市场服务', 'Capital market services'], ['68', '保险业', 'Insurance']]],
  ['K', '房地产业', 'Real estate', [['70', '房地产业', 'Real estate']]],
  ['L', '租赁和商务服务业', 'Leasing and business services', [['71', '租赁业', 'Leasing'], ['72', '商务服务业', 'Business services']]],
  ['M', '科学研究和技术服务业', 'Scientific research and technical services', [
    ['73', '研究和试验发展', 'Research and experimental development'], ['74', '专业技术服务业', 'Professional technical services'], ['75', '科技推广和应用服务业', 'Technology promotion and application services'],
  ]],
  ['N', '水利、环境和公共设施管理业', 'Water conservancy, environment and public facilities management', [
    ['76', '水利管理业', 'Water conservancy management'], ['77', '生态保护和环境治理业', 'Ecological protection and environmental management'], ['78', '公共设施管理业', 'Public facilities management'],
  ]],
  ['O', '居民服务、修理和其他服务业', 'Resident services, repair and other services', [['80', '居民服务业', 'Resident services'], ['81', '机动车、电子产品和日用产品修理业', 'Repair of motor vehicles, electronic and household products']]],
  ['P', '教育', 'Education', [['83', '教育', 'Education']]],
  ['Q', '卫生和社会工作', 'Health and social work', [['84', '卫生', 'Health'], ['85', '社会工作', 'Social work']]],
  ['R', '文化、体育和娱乐业', 'Culture, sports and entertainment', [['86', '新闻和出版业', 'News and publishing'], ['87', '广播、电视、电影和录音制作业', 'Radio, television, film and sound recording'], ['89', '体育', 'Sports']]],
  ['S', '公共管理、社会保障和社会组织', 'Public administration, social security and social organisations', [['94', '社会保障', 'Social security'], ['95', '群众团体、社会团体和其他成员组织', 'Mass organisations, social groups and other membership organisations']]],
  ['T', '国际组织', 'International organisations', [['96', '国际组织', 'International organisations']]],
];

const pad = (n: number) => String(n).padStart(2, '0');

/** Platform units of measure and their types, the standard accounting periods and industry categories. */
export const step: SeedStep = {
  version: 'seed:hpfm-md-uom:v1',
  async run(tx) {
    await insertRows(tx, 'hpfm_uom_type', UOM_TYPES.map(([uomTypeCode, uomTypeName, uomTypeNameEn, baseUomCode]) => ({ uomTypeCode, uomTypeName, uomTypeNameEn, baseUomCode, enabledFlag: 1 })));
    const typeName = new Map(UOM_TYPES.map(([c, n, , base]) => [c, { n, base }]));
    await insertRows(
      tx,
      'hpfm_uom',
      UOMS.map(([uomCode, uomName, uomNameEn, uomTypeCode, conversionRate]) => ({
        uomCode,
        uomName,
        uomNameEn,
        uomTypeCode,
        uomTypeName: typeName.get(uomTypeCode)!.n,
        primaryFlag: typeName.get(uomTypeCode)!.base === uomCode ? 1 : 0,
        conversionRate,
        enabledFlag: uomCode === 'FAH' ? 0 : 1,
      })),
    );

    const periods: Array<Record<string, unknown>> = [];
    for (const year of [2024, 2025, 2026]) {
      for (let m = 1; m <= 12; m++) {
        const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
        periods.push({
          periodSetCode: 'STD',
          periodSetName: '标准会计期间（自然月）',
          periodName: `${year}-${pad(m)}`,
          periodYear: year,
          periodQuarter: Math.ceil(m / 3),
          periodNum: m,
          startDate: `${year}-${pad(m)}-01`,
          endDate: `${year}-${pad(m)}-${pad(last)}`,
          enabledFlag: 1,
        });
      }
    }
    await insertRows(tx, 'hpfm_period', periods);

    const cats: Array<Record<string, unknown>> = [];
    let id = 1;
    const walk = (list: Cat[], parent: number | null, level: number) => {
      for (const [categoryCode, categoryName, categoryNameEn, children] of list) {
        const categoryId = id++;
        cats.push({ categoryId, categoryCode, categoryName, categoryNameEn, parentCategoryId: parent, levelNumber: level, enabledFlag: 1 });
        if (children) walk(children, categoryId, level + 1);
      }
    };
    walk(INDUSTRIES, null, 1);
    await insertRows(tx, 'hpfm_industry_category', cats);
    await bumpSequence(tx, 'hpfm_industry_category', 'category_id');
  },
};
