import { insertRows } from '../insert.ts';
import type { SeedStep } from '../seed.ts';

/** Customer tenants of the platform beside the demo tenants (ids follow the core seed's 0, 1, 2). */
const TENANTS: Array<[num: string, name: string, enabled?: 0]> = [
  ['TIANLAN', '杭州天澜电子科技有限公司'],
  ['RUIDA', '苏州瑞达精密机械有限公司'],
  ['HENGTONG', '恒通汽车零部件(宁波)有限公司'],
  ['BEIFANG', '北方重工装备集团有限公司'],
  ['LANXIN', '蓝芯半导体(无锡)有限公司'],
  ['JINGCHENG', '京城医疗器械股份有限公司'],
  ['HUANAN', '华南新能源材料有限公司'],
  ['XINGHE', '星河智能家居科技有限公司'],
  ['CHANGJIANG', '长江物流供应链管理有限公司'],
  ['YUNFAN', '云帆通信设备有限公司'],
  ['DONGSHENG', '东升化工材料有限公司'],
  ['ZHONGYUAN', '中原食品集团股份有限公司'],
  ['HAIXIA', '海峡包装材料有限公司'],
  ['BAIJIA', '百嘉零售连锁有限公司', 0],
  ['SHENGSHI', '盛世建筑工程有限公司'],
  ['KAIYUE', '凯越医药科技有限公司'],
  ['NORDIC', 'Nordic Components GmbH'],
  ['PACIFIC', 'Pacific Industrial Supply Pte. Ltd.'],
  ['ATLAS', 'Atlas Machinery Inc.'],
  ['MAPLE', 'Maple Leaf Packaging Ltd.'],
  ['SAKURA', 'さくら精工株式会社'],
  ['HANBIT', '한빛전자 주식회사'],
  ['XINYUAN', '信远光伏科技有限公司'],
  ['QIANCHENG', '千橙农业发展有限公司', 0],
  ['JIAHE', '嘉禾纺织服装有限公司'],
];

/** ISO 3166-1 countries and regions beside CN, US and DE of the region seed; quick index as pinyin initials. */
const COUNTRIES: Array<[code: string, name: string, quickIndex: string]> = [
  ['HK', '中国香港', 'ZGXG'],
  ['MO', '中国澳门', 'ZGAM'],
  ['TW', '中国台湾', 'ZGTW'],
  ['JP', '日本', 'RB'],
  ['KR', '韩国', 'HG'],
  ['SG', '新加坡', 'XJP'],
  ['MY', '马来西亚', 'MLXY'],
  ['TH', '泰国', 'TG'],
  ['VN', '越南', 'YN'],
  ['ID', '印度尼西亚', 'YDNXY'],
  ['PH', '菲律宾', 'FLB'],
  ['IN', '印度', 'YD'],
  ['AU', '澳大利亚', 'ADLY'],
  ['NZ', '新西兰', 'XXL'],
  ['GB', '英国', 'YG'],
  ['FR', '法国', 'FG'],
  ['IT', '意大利', 'YDL'],
  ['ES', '西班牙', 'XBY'],
  ['NL', '荷兰', 'HL'],
  ['BE', '比利时', 'BLS'],
  ['CH', '瑞士', 'RS'],
  ['SE', '瑞典', 'RD'],
  ['AT', '奥地利', 'ADL'],
  ['PL', '波兰', 'BL'],
  ['RU', '俄罗斯', 'ELS'],
  ['CA', '加拿大', 'JND'],
  ['MX', '墨西哥', 'MXG'],
  ['BR', '巴西', 'BX'],
  ['AR', '阿根廷', 'AGT'],
  ['ZA', '南非', 'NF'],
  ['AE', '阿拉伯联合酋长国', 'ALBLHQZG'],
  ['SA', '沙特阿拉伯', 'STALB'],
  ['TR', '土耳其', 'TEQ'],
  ['EG', '埃及', 'AJ'],
];

/** Platform tenants and countries: enough rows for the tenant and country lists to page. */
export const step: SeedStep = {
  version: 'seed:hpfm-md-basics:v1',
  async run(tx) {
    await insertRows(tx, 'hpfm_tenant', TENANTS.map(([tenantNum, tenantName, enabled]) => ({ tenantNum, tenantName, enabledFlag: enabled ?? 1 })));
    await insertRows(tx, 'hpfm_country', COUNTRIES.map(([countryCode, countryName, quickIndex]) => ({ countryCode, countryName, quickIndex, enabledFlag: 1 })));
  },
};
