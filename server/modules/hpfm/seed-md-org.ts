import type { Queryable } from '../../db/database.ts';
import { bumpSequence, insertRows } from '../../seed/insert.ts';
import { rng } from '../../../renderer/schema/seed/rng.ts';
import type { SeedStep } from '../../seed/seed.ts';

type Row = Record<string, unknown>;
type Rng = ReturnType<typeof rng>;

const SURNAMES: Array<[string, string]> = [
  ['王', 'Wang'], ['李', 'Li'], ['张', 'Zhang'], ['刘', 'Liu'], ['陈', 'Chen'], ['杨', 'Yang'], ['黄', 'Huang'], ['赵', 'Zhao'], ['吴', 'Wu'], ['周', 'Zhou'],
  ['徐', 'Xu'], ['孙', 'Sun'], ['马', 'Ma'], ['朱', 'Zhu'], ['胡', 'Hu'], ['郭', 'Guo'], ['何', 'He'], ['高', 'Gao'], ['林', 'Lin'], ['罗', 'Luo'],
  ['郑', 'Zheng'], ['梁', 'Liang'], ['谢', 'Xie'], ['宋', 'Song'], ['唐', 'Tang'], ['韩', 'Han'], ['冯', 'Feng'], ['邓', 'Deng'], ['曹', 'Cao'], ['彭', 'Peng'],
];
const MALE: Array<[string, string]> = [
  ['伟', 'Wei'], ['磊', 'Lei'], ['强', 'Qiang'], ['洋', 'Yang'], ['勇', 'Yong'], ['军', 'Jun'], ['杰', 'Jie'], ['涛', 'Tao'], ['明', 'Ming'], ['超', 'Chao'],
  ['刚', 'Gang'], ['建', 'Jian'], ['斌', 'Bin'], ['浩', 'Hao'], ['宇', 'Yu'], ['博', 'Bo'], ['鹏', 'Peng'], ['凯', 'Kai'], ['昊', 'Hao'], ['晨', 'Chen'],
];
const FEMALE: Array<[string, string]> = [
  ['芳', 'Fang'], ['娜', 'Na'], ['敏', 'Min'], ['静', 'Jing'], ['艳', 'Yan'], ['秀', 'Xiu'], ['霞', 'Xia'], ['丽', 'Li'], ['婷', 'Ting'], ['佳', 'Jia'],
  ['欣', 'Xin'], ['雪', 'Xue'], ['琳', 'Lin'], ['倩', 'Qian'], ['颖', 'Ying'], ['慧', 'Hui'], ['萍', 'Ping'], ['蕾', 'Lei'], ['玲', 'Ling'], ['悦', 'Yue'],
];
const MIDDLE: Array<[string, string]> = [['文', 'wen'], ['子', 'zi'], ['嘉', 'jia'], ['思', 'si'], ['志', 'zhi'], ['晓', 'xiao'], ['雨', 'yu'], ['海', 'hai'], ['俊', 'jun'], ['春', 'chun']];

interface Person {
  name: string;
  nameEn: string;
  gender: 'M' | 'F';
  login: string;
}

function person(r: Rng): Person {
  const [sz, sp] = r.pick(SURNAMES);
  const gender = r.next() < 0.55 ? 'M' : 'F';
  const [gz, gp] = r.pick(gender === 'M' ? MALE : FEMALE);
  const two = r.next() < 0.6;
  const [mz, mp] = r.pick(MIDDLE);
  const given = two ? `${mp}${gp.toLowerCase()}` : gp.toLowerCase();
  const givenCap = given.charAt(0).toUpperCase() + given.slice(1);
  return { name: `${sz}${two ? mz : ''}${gz}`, nameEn: `${sp} ${givenCap}`, gender, login: `${given}.${sp.toLowerCase()}` };
}

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const uscc = (r: Rng, area: string) => `91${area}${Array.from({ length: 10 }, () => USCC_CHARS[r.int(0, USCC_CHARS.length - 1)]).join('')}`;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const date = (r: Rng, from: number, to: number) => `${r.int(from, to)}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}`;
const mobile = (r: Rng) => `1${r.pick(['35', '36', '38', '39', '58', '59', '86', '87', '88'])}${pad(r.int(0, 99999999), 8)}`;

const GROUPS = [
  '演示制造集团', '精密零部件事业集团', '汽车电子事业集团', '工业自动化事业集团', '新能源事业集团', '医疗器械事业集团', '智能家居事业集团', '通信设备事业集团', '包装材料事业集团',
  '化工材料事业集团', '海外事业集团', '机器人事业集团', '光电显示事业集团', '半导体封测事业集团', '电力设备事业集团', '轨道交通装备事业集团', '环保科技事业集团', '精密模具事业集团',
  '铸造锻造事业集团', '供应链服务事业集团', '数字科技事业集团', '金融服务事业集团', '储能系统事业集团', '电机电控事业集团', '传感器事业集团', '热管理系统事业集团',
];

/** [name, short name, address, group (1-based), administrative area code of the credit code, or null abroad] */
const COMPANIES: Array<[string, string, string, number, string | null]> = [
  ['演示制造集团股份有限公司', '演示集团', '上海市浦东新区张江路88号', 1, '310115'],
  ['演示精密机械(苏州)有限公司', '苏州精机', '江苏省苏州市工业园区星湖街218号', 2, '320594'],
  ['演示汽车电子(无锡)有限公司', '无锡汽电', '江苏省无锡市新吴区长江路31号', 3, '320214'],
  ['演示自动化设备(深圳)有限公司', '深圳自动化', '广东省深圳市南山区科技园南区12栋', 4, '440305'],
  ['演示新能源科技(常州)有限公司', '常州新能源', '江苏省常州市武进区常武中路18号', 5, '320412'],
  ['演示医疗器械(成都)有限公司', '成都医疗', '四川省成都市高新区天府大道中段1268号', 6, '510109'],
  ['演示智能家居(佛山)有限公司', '佛山家居', '广东省佛山市顺德区北滘镇工业大道6号', 7, '440606'],
  ['演示通信设备(武汉)有限公司', '武汉通信', '湖北省武汉市东湖高新区光谷大道77号', 8, '420111'],
  ['演示包装材料(嘉兴)有限公司', '嘉兴包材', '浙江省嘉兴市秀洲区洪业路1100号', 9, '330411'],
  ['演示化工材料(宁波)有限公司', '宁波化工', '浙江省宁波市镇海区澥浦镇化工区9号', 10, '330211'],
  ['演示制造(香港)有限公司', '香港公司', '香港九龙尖沙咀广东道30号', 11, null],
  ['Demo Manufacturing GmbH', 'Demo GmbH', 'Hanauer Landstraße 291, 60314 Frankfurt am Main', 11, null],
  ['演示机器人(东莞)有限公司', '东莞机器人', '广东省东莞市松山湖园区工业东路5号', 12, '441900'],
  ['演示光电显示(合肥)有限公司', '合肥光电', '安徽省合肥市新站区文忠路668号', 13, '340111'],
  ['演示半导体封测(南通)有限公司', '南通封测', '江苏省南通市崇川区崇州大道60号', 14, '320602'],
  ['演示电力设备(西安)有限公司', '西安电力', '陕西省西安市高新区锦业路69号', 15, '610131'],
  ['演示轨道交通装备(株洲)有限公司', '株洲轨交', '湖南省株洲市石峰区时代路169号', 16, '430204'],
  ['演示环保科技(青岛)有限公司', '青岛环保', '山东省青岛市黄岛区江山南路480号', 17, '370211'],
  ['演示精密模具(昆山)有限公司', '昆山模具', '江苏省昆山市开发区前进东路579号', 18, '320583'],
  ['演示铸锻(烟台)有限公司', '烟台铸锻', '山东省烟台市福山区永达街1001号', 19, '370611'],
  ['演示供应链管理(上海)有限公司', '上海供应链', '上海市闵行区申长路988号', 20, '310112'],
  ['演示数字科技(杭州)有限公司', '杭州数科', '浙江省杭州市滨江区网商路699号', 21, '330108'],
  ['演示集团财务有限公司', '财务公司', '上海市浦东新区世纪大道100号', 22, '310115'],
  ['演示储能系统(宜宾)有限公司', '宜宾储能', '四川省宜宾市三江新区临港大道2号', 23, '511502'],
  ['演示电机电控(襄阳)有限公司', '襄阳电机', '湖北省襄阳市高新区追日路8号', 24, '420602'],
  ['演示传感器(绵阳)有限公司', '绵阳传感', '四川省绵阳市涪城区科创园路18号', 25, '510703'],
  ['演示热管理系统(宁波)有限公司', '宁波热管理', '浙江省宁波市北仑区大港五路77号', 26, '330206'],
  ['演示精密零件(珠海)有限公司', '珠海精密', '广东省珠海市金湾区三灶镇机场北路6号', 2, '440404'],
  ['演示汽车电子(济南)有限公司', '济南汽电', '山东省济南市历城区工业北路55号', 3, '370112'],
  ['演示智能装备(南京)有限公司', '南京装备', '江苏省南京市江宁区秣周东路12号', 4, '320115'],
];

type UnitTree = [name: string, type: 'CENTER' | 'DEPARTMENT' | 'TEAM', children?: UnitTree[]];

/** Headquarters: centres with their departments and sections. */
const HQ_UNITS: UnitTree[] = [
  ['总经办', 'CENTER'],
  ['采购中心', 'CENTER', [
    ['战略采购部', 'DEPARTMENT', [['电子料采购科', 'TEAM'], ['结构件采购科', 'TEAM'], ['包材辅料采购科', 'TEAM']]],
    ['生产采购部', 'DEPARTMENT'], ['间接采购部', 'DEPARTMENT'], ['采购运营部', 'DEPARTMENT'], ['供应商质量部', 'DEPARTMENT'],
  ]],
  ['财务中心', 'CENTER', [['会计核算部', 'DEPARTMENT'], ['资金管理部', 'DEPARTMENT'], ['税务部', 'DEPARTMENT'], ['预算管理部', 'DEPARTMENT']]],
  ['人力资源中心', 'CENTER', [['招聘配置部', 'DEPARTMENT'], ['薪酬绩效部', 'DEPARTMENT'], ['培训发展部', 'DEPARTMENT']]],
  ['研发中心', 'CENTER', [['机械设计部', 'DEPARTMENT'], ['电子研发部', 'DEPARTMENT'], ['软件研发部', 'DEPARTMENT'], ['测试验证部', 'DEPARTMENT']]],
  ['制造中心', 'CENTER', [['生产计划部', 'DEPARTMENT'], ['总装车间', 'DEPARTMENT'], ['机加工车间', 'DEPARTMENT'], ['设备管理部', 'DEPARTMENT'], ['质量管理部', 'DEPARTMENT']]],
  ['营销中心', 'CENTER', [['华东销售部', 'DEPARTMENT'], ['华南销售部', 'DEPARTMENT'], ['海外销售部', 'DEPARTMENT'], ['市场部', 'DEPARTMENT']]],
  ['信息技术部', 'DEPARTMENT'],
  ['法务合规部', 'DEPARTMENT'],
  ['审计部', 'DEPARTMENT'],
];
const PLANT_UNITS: UnitTree[] = [['总经办', 'CENTER'], ['采购部', 'DEPARTMENT'], ['财务部', 'DEPARTMENT'], ['生产部', 'DEPARTMENT'], ['质量部', 'DEPARTMENT'], ['仓储物流部', 'DEPARTMENT'], ['人事行政部', 'DEPARTMENT']];

/** The purchasing centre's posts; `采购员` holds most of the buyers. */
const PURCHASING_POSTS: Array<[name: string, supervisor: 0 | 1, headcount: number]> = [
  ['采购员', 0, 30], ['采购总监', 1, 1], ['战略采购经理', 1, 1], ['生产采购经理', 1, 1], ['间接采购经理', 1, 1], ['采购运营经理', 1, 1], ['供应商质量经理', 1, 1],
  ['电子料采购工程师', 0, 4], ['结构件采购工程师', 0, 4], ['包材采购工程师', 0, 2], ['化工原料采购工程师', 0, 2], ['五金件采购工程师', 0, 2], ['外协加工采购工程师', 0, 3],
  ['MRO采购专员', 0, 2], ['IT采购专员', 0, 1], ['物流服务采购专员', 0, 1], ['行政采购专员', 0, 1], ['成本分析工程师', 0, 2], ['供应商开发工程师', 0, 3],
  ['供应商质量工程师', 0, 4], ['采购计划员', 0, 3], ['采购订单专员', 0, 3], ['采购数据分析师', 0, 1], ['采购合同管理员', 0, 1], ['招标专员', 0, 2], ['采购助理', 0, 2],
];

const SECOND_COMPANIES: Array<[string, string, string, string]> = [
  ['第二贸易(上海)有限公司', '上海贸易', '上海市黄浦区中山东一路18号', '310101'],
  ['第二贸易(广州)有限公司', '广州贸易', '广东省广州市天河区珠江新城华夏路10号', '440106'],
  ['第二贸易(天津)有限公司', '天津贸易', '天津市滨海新区第二大街62号', '120116'],
];

interface Ids {
  group: number;
  company: number;
  unit: number;
  position: number;
  employee: number;
  purchaseOrg: number;
  ou: number;
  invOrg: number;
  warehouse: number;
}

interface Org {
  groups: Row[];
  companies: Row[];
  units: Row[];
  positions: Row[];
  employees: Row[];
  purchaseOrgs: Row[];
  ous: Row[];
  invOrgs: Row[];
  warehouses: Row[];
  locations: Row[];
  agents: Row[];
}

const emptyOrg = (): Org => ({ groups: [], companies: [], units: [], positions: [], employees: [], purchaseOrgs: [], ous: [], invOrgs: [], warehouses: [], locations: [], agents: [] });

const WAREHOUSE_TYPES: Array<[code: string, name: string]> = [['RAW', '原材料库'], ['SEMI', '半成品库'], ['FG', '成品库'], ['MRO', '备品备件库'], ['RETURN', '退货库'], ['QUARANTINE', '待检库']];

/** Builds one tenant's organisation; ids are explicit so parents and children line up. */
function buildTenant(tenantId: number, ids: Ids, r: Rng, spec: { domain: string; groups: string[]; companies: Array<{ name: string; short: string; address: string; group: number; area: string | null }>; hq: boolean }): Org {
  const o = emptyOrg();
  const groupIds = spec.groups.map((groupName, i) => {
    const groupId = ids.group++;
    o.groups.push({ groupId, tenantId, groupNum: `G${pad(i + 1, 3)}`, groupName, unifiedSocialCode: i === 0 ? uscc(r, '310115') : null, sourceCode: i === 0 ? 'SRM' : r.pick(['SRM', 'ERP']), enabledFlag: i > 0 && r.next() < 0.08 ? 0 : 1 });
    return { groupId, groupName };
  });

  let employeeSeq = 1;
  const hire = (c: Row, unit: Row, post: Row, status?: string): Row => {
    const p = person(r);
    const n = employeeSeq++;
    const entry = date(r, 2010, 2026);
    const st = status ?? (entry.startsWith('2026') ? 'PROBATION' : r.next() < 0.04 ? 'LEAVE' : 'ON');
    const e = {
      employeeId: ids.employee++,
      tenantId,
      employeeNum: `E${pad(n, 6)}`,
      name: p.name,
      nameEn: p.nameEn,
      gender: p.gender,
      email: `${p.login}${n}@${spec.domain}`,
      mobile: mobile(r),
      companyId: c.companyId,
      companyName: c.companyName,
      unitId: unit.unitId,
      unitName: unit.unitName,
      positionId: post.positionId,
      positionName: post.positionName,
      entryDate: entry,
      status: st,
      enabledFlag: st === 'LEAVE' ? 0 : 1,
    };
    o.employees.push(e);
    return e;
  };

  spec.companies.forEach((sc, ci) => {
    const group = groupIds[sc.group - 1]!;
    const companyNum = `${spec.hq ? 'DM' : 'ST'}${1000 + ci * 100}`;
    const c: Row = {
      companyId: ids.company++,
      tenantId,
      companyNum,
      companyName: sc.name,
      shortName: sc.short,
      groupId: group.groupId,
      groupName: group.groupName,
      unifiedSocialCode: sc.area ? uscc(r, sc.area) : null,
      legalRepName: person(r).name,
      registeredCapital: ci === 0 && spec.hq ? 350000 : r.pick([3000, 5000, 8000, 10000, 20000, 30000, 50000]),
      buildDate: ci === 0 ? '2003-06-18' : date(r, 2004, 2022),
      addressDetail: sc.address,
      enabledFlag: 1,
    };
    o.companies.push(c);

    // Departments (a tree at the headquarters) and their posts.
    const tree = spec.hq && ci === 0 ? HQ_UNITS : PLANT_UNITS;
    let unitSeq = 1;
    const posts: Array<{ unit: Row; post: Row; count: number }> = [];
    const addPost = (unit: Row, positionName: string, supervisorFlag: 0 | 1, headcount: number, count: number) => {
      const positionId = ids.position++;
      const post: Row = {
        positionId,
        tenantId,
        positionCode: `${companyNum}-P${pad(positionId, 4)}`,
        positionName,
        unitId: unit.unitId,
        companyId: c.companyId,
        supervisorFlag,
        headcount,
        orderSeq: (posts.filter((p) => p.unit === unit).length + 1) * 10,
        enabledFlag: 1,
      };
      o.positions.push(post);
      posts.push({ unit, post, count });
    };
    const units: Row[] = [];
    const walk = (list: UnitTree[], parentUnitId: number | null) =>
      list.forEach(([unitName, unitTypeCode, children], i) => {
        const unit: Row = {
          unitId: ids.unit++,
          tenantId,
          unitCode: `${companyNum}-D${pad(unitSeq++, 3)}`,
          unitName,
          unitTypeCode,
          companyId: c.companyId,
          parentUnitId,
          managerName: person(r).name,
          orderSeq: (i + 1) * 10,
          enabledFlag: 1,
        };
        units.push(unit);
        if (children) walk(children, Number(unit.unitId));
      });
    walk(tree, null);
    o.units.push(...units);
    // The purchasing centre's posts first: the demo opens the largest post and its buyers.
    const purchasingFirst = [...units].sort((a, b) => Number(b.unitName === '采购中心') - Number(a.unitName === '采购中心'));
    for (const unit of purchasingFirst) {
      const unitName = String(unit.unitName);
      if (spec.hq && ci === 0 && unitName === '采购中心') {
        for (const [name, sup, headcount] of PURCHASING_POSTS) addPost(unit, name, sup, headcount, name === '采购员' ? 28 : Math.min(headcount, r.int(1, 2)));
      } else if (unit.unitTypeCode === 'TEAM') {
        addPost(unit, `${unitName}科长`, 1, 1, 1);
        addPost(unit, `${unitName.replace(/采购科$/, '')}采购工程师`, 0, 3, 2);
      } else {
        const head = unit.unitTypeCode === 'CENTER' ? (unitName === '总经办' ? '总经理' : `${unitName}总监`) : `${unitName}经理`;
        addPost(unit, head, 1, 1, 1);
        if (unitName !== '总经办') addPost(unit, `${unitName.replace(/(中心|部|车间)$/, '')}专员`, 0, 4, spec.hq && ci === 0 ? 2 : 1);
      }
    }
    // The buyers come first, so the demo opens the largest post's staff.
    for (const { unit, post, count } of [...posts].sort((a, b) => Number(b.post.positionName === '采购员') - Number(a.post.positionName === '采购员'))) {
      for (let k = 0; k < count; k++) hire(c, unit, post, post.positionName === '采购员' && k < 3 ? 'ON' : undefined);
    }

    // Organisation structures of the company.
    const source = ci === 0 ? 'SRM' : r.pick(['SRM', 'ERP', 'ERP']);
    const purchaseOrg: Row = { purchaseOrgId: ids.purchaseOrg++, tenantId, purchaseOrgCode: `PO-${companyNum}`, purchaseOrgName: `${sc.short}采购组织`, companyId: c.companyId, companyName: c.companyName, sourceCode: source, enabledFlag: 1 };
    o.purchaseOrgs.push(purchaseOrg);
    const ou: Row = { ouId: ids.ou++, tenantId, ouCode: `OU-${companyNum}`, ouName: `${sc.short}业务实体`, companyId: c.companyId, companyName: c.companyName, sourceCode: source, enabledFlag: 1 };
    o.ous.push(ou);
    if (sc.short === '财务公司') return;
    const plants: Array<[string, string, string]> = [[`IO-${companyNum}`, ci === 0 && spec.hq ? '上海总部工厂' : `${sc.short}工厂`, ci === 0 || r.next() < 0.85 ? 'PLANT' : 'WAREHOUSE']];
    if (spec.hq && [0, 3, 6, 20].includes(ci)) plants.push([`DC-${companyNum}`, `${sc.short}配送中心`, 'DC']);
    for (const [organizationCode, organizationName, organizationTypeCode] of plants) {
      const io: Row = { invOrganizationId: ids.invOrg++, tenantId, organizationCode, organizationName, organizationTypeCode, ouId: ou.ouId, ouName: ou.ouName, sourceCode: source, enabledFlag: 1 };
      o.invOrgs.push(io);
      const types = ci === 0 && organizationTypeCode === 'PLANT' ? WAREHOUSE_TYPES : organizationTypeCode === 'DC' ? [WAREHOUSE_TYPES[2]!] : [WAREHOUSE_TYPES[0]!, WAREHOUSE_TYPES[2]!];
      types.forEach(([warehouseTypeCode, typeName], wi) => {
        const wh: Row = {
          warehouseId: ids.warehouse++,
          tenantId,
          warehouseCode: `${organizationCode.replace(/^(IO|DC)-/, 'WH-')}-${organizationCode.startsWith('DC') ? 'D' : ''}${pad(wi + 1)}`,
          warehouseName: `${organizationName}${typeName}`,
          warehouseTypeCode,
          invOrganizationId: io.invOrganizationId,
          invOrganizationName: organizationName,
          address: sc.address,
          enabledFlag: 1,
        };
        o.warehouses.push(wh);
        const zones = warehouseTypeCode === 'RAW' || warehouseTypeCode === 'FG' ? ['A', 'B', 'C'] : ['A'];
        for (const zone of zones) {
          for (let rack = 1; rack <= (ci === 0 ? 3 : 2); rack++) {
            o.locations.push({ tenantId, locationCode: `${String(wh.warehouseCode)}-${zone}${pad(rack)}`, locationName: `${zone}区${pad(rack)}号货架`, warehouseId: wh.warehouseId, warehouseName: wh.warehouseName, enabledFlag: 1 });
          }
        }
      });
    }
  });

  // Purchasing agents: the buyers of the headquarters (or of each company) in the purchasing organisations.
  const buyers = o.employees.filter((e) => /采购员|采购工程师|采购专员/.test(String(e.positionName)) && e.status !== 'LEAVE');
  buyers.slice(0, spec.hq ? 32 : 3).forEach((b, i) => {
    const org = spec.hq ? (i < 12 ? o.purchaseOrgs[0]! : o.purchaseOrgs[(i % (o.purchaseOrgs.length - 1)) + 1]!) : o.purchaseOrgs[i % o.purchaseOrgs.length]!;
    o.agents.push({
      tenantId,
      purchaseAgentCode: `PA${pad(i + 1, 4)}`,
      purchaseAgentName: b.name,
      purchaseOrgId: org.purchaseOrgId,
      purchaseOrgName: org.purchaseOrgName,
      contactInfo: b.mobile,
      email: b.email,
      enabledFlag: 1,
    });
  });
  return o;
}

async function insertOrg(tx: Queryable, o: Org): Promise<void> {
  await insertRows(tx, 'hpfm_group', o.groups);
  await insertRows(tx, 'hpfm_company', o.companies);
  await insertRows(tx, 'hpfm_unit', o.units);
  await insertRows(tx, 'hpfm_position', o.positions);
  await insertRows(tx, 'hpfm_employee', o.employees);
  await insertRows(tx, 'hpfm_purchase_org', o.purchaseOrgs);
  await insertRows(tx, 'hpfm_operation_unit', o.ous);
  await insertRows(tx, 'hpfm_inv_organization', o.invOrgs);
  await insertRows(tx, 'hpfm_inv_warehouse', o.warehouses);
  await insertRows(tx, 'hpfm_inv_location', o.locations);
  await insertRows(tx, 'hpfm_purchase_agent', o.agents);
}

/**
 * The demo tenant's organisation (groups, companies, departments, posts, staff and the
 * purchasing/inventory structures the org LOVs list) and a small one for the second tenant.
 * The demo tenant comes first, so id 1 of each is its own.
 */
export const step: SeedStep = {
  version: 'seed:hpfm-md-org:v1',
  async run(tx) {
    const ids: Ids = { group: 1, company: 1, unit: 1, position: 1, employee: 1, purchaseOrg: 1, ou: 1, invOrg: 1, warehouse: 1 };
    const demo = buildTenant(1, ids, rng(7001), {
      domain: 'demo-mfg.com',
      groups: GROUPS,
      companies: COMPANIES.map(([name, short, address, group, area]) => ({ name, short, address, group, area })),
      hq: true,
    });
    const second = buildTenant(2, ids, rng(7002), {
      domain: 'second-trading.com',
      groups: ['第二贸易集团'],
      companies: SECOND_COMPANIES.map(([name, short, address, area]) => ({ name, short, address, group: 1, area })),
      hq: false,
    });
    await insertOrg(tx, demo);
    await insertOrg(tx, second);
    for (const [table, column] of [
      ['hpfm_group', 'group_id'],
      ['hpfm_company', 'company_id'],
      ['hpfm_unit', 'unit_id'],
      ['hpfm_position', 'position_id'],
      ['hpfm_employee', 'employee_id'],
      ['hpfm_purchase_org', 'purchase_org_id'],
      ['hpfm_operation_unit', 'ou_id'],
      ['hpfm_inv_organization', 'inv_organization_id'],
      ['hpfm_inv_warehouse', 'warehouse_id'],
    ] as const) {
      await bumpSequence(tx, table, column);
    }
  },
};
