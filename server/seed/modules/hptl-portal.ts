import { insertRows } from '../insert.ts';
import type { SeedStep } from '../seed.ts';

type Row = Record<string, unknown>;
const T1 = 1;
const T2 = 2;

/** Portal templates: code, name, path. */
const TEMPLATES: Array<[string, string, string]> = [
  ['CLASSIC', '经典蓝门户', '/portal/classic'], ['CLASSIC_DARK', '经典深色门户', '/portal/classic-dark'], ['BUSINESS', '商务门户', '/portal/business'],
  ['INDUSTRY', '制造业门户', '/portal/industry'], ['SUPPLIER_HUB', '供应商协同门户', '/portal/supplier-hub'], ['TENDER', '招标采购门户', '/portal/tender'],
  ['ECOMMERCE', '电商化采购门户', '/portal/ecommerce'], ['GREEN', '绿色供应链门户', '/portal/green'], ['MINIMAL', '极简门户', '/portal/minimal'],
  ['GOV', '国企阳光采购门户', '/portal/gov'], ['GLOBAL', '全球采购门户（英文）', '/portal/global'], ['MOBILE', '移动端门户', '/portal/mobile'],
  ['FESTIVAL_CNY', '春节主题门户', '/portal/festival-cny'], ['FESTIVAL_MID', '中秋主题门户', '/portal/festival-mid'], ['NEWS', '资讯门户', '/portal/news'],
  ['DATA', '数据看板门户', '/portal/data'], ['ENERGY', '能源行业门户', '/portal/energy'], ['AUTO', '汽车行业门户', '/portal/auto'], ['PHARMA', '医药行业门户', '/portal/pharma'],
  ['RETAIL', '零售行业门户', '/portal/retail'], ['CONSTRUCTION', '建筑工程门户', '/portal/construction'], ['LOGISTICS', '物流服务门户', '/portal/logistics'],
  ['FINANCE', '供应链金融门户', '/portal/finance'], ['TRAINING', '供应商培训门户', '/portal/training'], ['RECRUIT', '供应商招募门户', '/portal/recruit'],
  ['LEGACY_V1', '旧版门户（已停用）', '/portal/legacy-v1'],
];

const GROUPS: Array<[number, string]> = [[1001, '演示制造集团'], [1002, '演示智能科技集团'], [1003, '演示国际控股']];
const COMPANIES: Array<[number, string, string]> = [
  [1001, '演示制造（上海）有限公司', 'sh'], [1001, '演示制造（苏州）有限公司', 'sz'], [1001, '演示制造（武汉）有限公司', 'wh'], [1001, '演示制造（成都）有限公司', 'cd'],
  [1001, '演示制造（天津）有限公司', 'tj'], [1001, '演示制造（重庆）有限公司', 'cq'], [1001, '演示制造（西安）有限公司', 'xa'], [1001, '演示制造（青岛）有限公司', 'qd'],
  [1001, '演示精密铸造有限公司', 'casting'], [1001, '演示模具科技有限公司', 'mold'], [1001, '演示汽车零部件有限公司', 'auto'], [1001, '演示包装材料有限公司', 'pack'],
  [1002, '演示智能科技（深圳）有限公司', 'szai'], [1002, '演示机器人（东莞）有限公司', 'robot'], [1002, '演示传感技术（无锡）有限公司', 'sensor'], [1002, '演示软件（杭州）有限公司', 'soft'],
  [1002, '演示电子（合肥）有限公司', 'hf'], [1002, '演示新能源（宁德）有限公司', 'ne'], [1002, '演示光电（武汉）有限公司', 'opto'],
  [1003, '演示制造（香港）有限公司', 'hk'], [1003, 'Demo Manufacturing Singapore Pte. Ltd.', 'sg'], [1003, 'Demo Manufacturing Vietnam Co., Ltd.', 'vn'],
  [1003, 'Demo Manufacturing Mexico S.A. de C.V.', 'mx'], [1003, 'Demo Manufacturing GmbH', 'de'], [1003, 'Demo Manufacturing Japan K.K.', 'jp'], [1003, 'Demo Manufacturing USA Inc.', 'us'],
];

/** Settings every company portal has: code, name, type, value (with {company} and {host}). */
const SETTINGS: Array<[string, string, string, string]> = [
  ['portal.title', '门户标题', 'TEXT', '{company}供应商门户'],
  ['portal.logo', 'Logo', 'IMAGE', 'https://{host}/static/logo.png'],
  ['portal.banner', '首页横幅', 'IMAGE', 'https://{host}/static/banner-2026.jpg'],
  ['portal.themeColor', '主题色', 'COLOR', '#1677ff'],
  ['portal.registerLink', '供应商注册入口', 'LINK', 'https://{host}/pub/spfm/enterprise/register'],
];

/** Portal templates, company portal assignments and per-company template settings. */
export const step: SeedStep = {
  version: 'seed:hptl-portal:v1',
  async run(tx) {
    const templates = TEMPLATES.map(([code, name, path], i) => ({
      templateCode: code, templateName: name, templateLevelCode: i < 12 ? 'SITE' : 'TENANT', templatePath: path, templateAvatar: `/static/portal/${code.toLowerCase()}.png`,
      description: `${name}，适用于${i < 12 ? '所有租户' : '本租户'}`, enabledFlag: code === 'LEGACY_V1' ? 0 : 1,
    }));
    await insertRows(tx, 'hptl_template', templates.map((t) => ({ tenantId: T1, ...t })));
    await insertRows(tx, 'hptl_template', templates.slice(0, 4).map((t) => ({ tenantId: T2, ...t })));

    const assigns: Row[] = [];
    const configs: Row[] = [];
    COMPANIES.forEach(([groupId, company, host], i) => {
      const companyId = 2001 + i;
      const [code, name] = TEMPLATES[groupId === 1003 ? 10 : groupId === 1002 ? (i % 2 ? 15 : 4) : i % 4]!;
      const domain = `${host}.srm.demo-mfg.example.com`;
      assigns.push({ tenantId: T1, groupId, groupName: GROUPS.find((g) => g[0] === groupId)![1], companyId, companyName: company, webUrl: `https://${domain}`, templateCode: code, templateName: name, enabledFlag: i === 25 ? 0 : 1 });
      SETTINGS.forEach(([configCode, configName, type, value], j) => {
        configs.push({
          tenantId: T1, templateCode: code, templateName: name, groupId, companyId, companyName: company, configCode, configName, configTypeCode: type,
          configValue: value.replace('{company}', company.replace(/有限公司$/, '')).replace('{host}', domain), orderSeq: (j + 1) * 10, enabledFlag: 1,
        });
      });
    });
    await insertRows(tx, 'hptl_portal_assign', assigns);
    await insertRows(tx, 'hptl_template_config', configs);

    const t2 = [[3001, '第二贸易（深圳）有限公司', 'sz'], [3002, '第二贸易（广州）有限公司', 'gz']] as const;
    await insertRows(tx, 'hptl_portal_assign', t2.map(([companyId, company, host]) => ({
      tenantId: T2, groupId: 3000, groupName: '第二贸易集团', companyId, companyName: company, webUrl: `https://${host}.second-trading.example.com`, templateCode: 'CLASSIC', templateName: '经典蓝门户', enabledFlag: 1,
    })));
    await insertRows(tx, 'hptl_template_config', t2.flatMap(([companyId, company, host]) => SETTINGS.slice(0, 3).map(([configCode, configName, type, value], j) => ({
      tenantId: T2, templateCode: 'CLASSIC', templateName: '经典蓝门户', groupId: 3000, companyId, companyName: company, configCode, configName, configTypeCode: type,
      configValue: value.replace('{company}', company.replace(/有限公司$/, '')).replace('{host}', `${host}.second-trading.example.com`), orderSeq: (j + 1) * 10, enabledFlag: 1,
    }))));
  },
};
