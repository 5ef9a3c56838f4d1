import { insertRows } from '../../seed/insert.ts';
import { rng } from '../../seed/rng.ts';
import type { SeedStep } from '../../seed/seed.ts';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Data the authorities point at, by authority type: code and name as the org screens would list them. */
const AUTHORITY_DATA: Record<string, Array<[string, string]>> = {
  COMPANY: [
    ['C1000', 'Demo Manufacturing Co.'],
    ['C1100', '上海演示制造有限公司'],
    ['C1200', '成都演示精密机械有限公司'],
    ['C1300', '武汉演示电子有限公司'],
  ],
  PURORG: [
    ['PO-EAST', '华东采购组织'],
    ['PO-SOUTH', '华南采购组织'],
    ['PO-WEST', '西南采购组织'],
    ['PO-GLOBAL', '全球采购中心'],
  ],
  PURAGENT: [
    ['AG001', '王磊'],
    ['AG002', '李娜'],
    ['AG003', '陈静'],
    ['AG004', 'Anna Meyer'],
  ],
  PURCAT: [
    ['CAT-RAW', '原材料'],
    ['CAT-ELEC', '电子元器件'],
    ['CAT-PACK', '包装材料'],
    ['CAT-MRO', 'MRO辅料'],
  ],
  SUPPLIER: [
    ['S10001', '苏州精工五金有限公司'],
    ['S10002', '深圳华强电子科技有限公司'],
    ['S10003', 'Bosch Rexroth (China) Ltd.'],
    ['S10004', '宁波包装材料有限公司'],
  ],
  CUSTOMER: [
    ['CU2001', '上汽大众汽车有限公司'],
    ['CU2002', 'Siemens Ltd., China'],
  ],
};

const NEW_PEOPLE = [
  ['zhang.min', '张敏'],
  ['li.qiang', '李强'],
  ['wang.fang', '王芳'],
  ['liu.yang', '刘洋'],
  ['chen.jie', '陈杰'],
  ['yang.lei', '杨磊'],
  ['zhao.li', '赵丽'],
  ['huang.wei', '黄伟'],
  ['zhou.jing', '周静'],
  ['wu.hao', '吴昊'],
  ['xu.ting', '徐婷'],
  ['sun.peng', '孙鹏'],
  ['ma.chao', '马超'],
  ['zhu.yan', '朱燕'],
  ['hu.bin', '胡斌'],
  ['guo.xin', '郭欣'],
  ['he.jun', '何军'],
  ['lin.na', '林娜'],
  ['luo.gang', '罗刚'],
  ['gao.ying', '高颖'],
  ['emma.schulz', 'Emma Schulz'],
  ['lucas.martin', 'Lucas Martin'],
  ['sofia.rossi', 'Sofia Rossi'],
  ['noah.kim', 'Noah Kim'],
] as const;

/**
 * Sub-account data of the demo tenant: data authorities of its users, a staged sub-account
 * import (template HIAM.SUB_ACCOUNT), a history of sign-ins and password changes.
 */
export const step: SeedStep = {
  version: 'seed:hiam-org:v1',
  async run(tx) {
    const r = rng(7300);
    const users = (
      await tx.query<{ id: number; login_name: string; real_name: string; organization_id: number }>(
        'select id::float8 as id, login_name, real_name, organization_id::float8 as organization_id from iam_user order by id',
      )
    ).rows;
    const tenantUsers = (t: number) => users.filter((u) => u.organization_id === t);

    const types = Object.keys(AUTHORITY_DATA);
    const authorities: Array<Record<string, unknown>> = [];
    for (const [tenantId, count] of [
      [1, 40],
      [2, 5],
    ] as const) {
      const pool = tenantUsers(tenantId);
      for (let i = 0; i < count; i++) {
        const u = pool[i % pool.length]!;
        const type = types[i % types.length]!;
        const [code, name] = r.pick(AUTHORITY_DATA[type]!);
        authorities.push({
          tenantId,
          userId: u.id,
          loginName: u.login_name,
          realName: u.real_name,
          authorityTypeCode: type,
          dataCode: code,
          dataName: name,
          includeAllFlag: r.next() < 0.1 ? 1 : 0,
          startDate: `2026-0${r.int(1, 6)}-01`,
          endDate: r.next() < 0.3 ? `2027-12-31` : null,
          enabledFlag: r.next() < 0.9 ? 1 : 0,
        });
      }
    }
    await insertRows(tx, 'iam_user_authority', authorities);

    const roles = ['PURCHASER', 'APPROVER', 'WAREHOUSE_KEEPER', 'QUALITY_ENGINEER', 'REQUISITIONER'];
    const imports: Array<Record<string, unknown>> = [];
    NEW_PEOPLE.forEach(([login, name], i) => {
      const batch = `B2026110${i < 12 ? 1 : 2}`;
      const broken = i % 8 === 7;
      imports.push({
        tenantId: 1,
        templateCode: 'HIAM.SUB_ACCOUNT',
        batchNum: batch,
        loginName: login,
        realName: name,
        email: broken ? `${login}-at-example.com` : `${login}@example.com`,
        phone: `137${pad(r.int(0, 99999999), 8)}`,
        roleCode: roles[i % roles.length],
        importStatus: broken ? 'ERROR' : 'NEW',
        errorMsg: broken ? '邮箱格式不正确' : null,
      });
    });
    // Lines of an earlier batch, already imported as the generated users.
    tenantUsers(1)
      .slice(8, 14)
      .forEach((u) =>
        imports.push({
          tenantId: 1,
          templateCode: 'HIAM.SUB_ACCOUNT',
          batchNum: 'B20260901',
          loginName: u.login_name,
          realName: u.real_name,
          email: `${u.login_name}@example.com`,
          phone: null,
          roleCode: 'PURCHASER',
          importStatus: 'IMPORTED',
          errorMsg: null,
        }),
      );
    imports.push(
      ...NEW_PEOPLE.slice(0, 3).map(([login, name]) => ({
        tenantId: 2,
        templateCode: 'HIAM.SUB_ACCOUNT',
        batchNum: 'B20261101',
        loginName: `${login}.t2`,
        realName: name,
        email: `${login}.t2@example.com`,
        phone: null,
        roleCode: 'PURCHASER_2',
        importStatus: 'NEW',
        errorMsg: null,
      })),
    );
    await insertRows(tx, 'iam_user_import', imports);

    // Sign-ins of the last months, failures among them, in the order they happened.
    const logs: Array<Record<string, unknown>> = [];
    const ips = ['10.12.3.45', '10.12.8.101', '172.16.4.20', '192.168.1.23', '58.246.11.7', '114.88.2.196', '203.0.113.25'];
    for (let i = 0; i < 80; i++) {
      const u = r.pick(users.filter((x) => x.organization_id !== 0));
      const ok = r.next() < 0.82;
      const day = new Date(Date.UTC(2026, 7, 1) + Math.floor((i / 80) * 110 * 86400000) + r.int(8, 19) * 3600000 + r.int(0, 3599) * 1000);
      logs.push({
        tenantId: u.organization_id,
        userId: u.id,
        loginName: u.login_name,
        loginResult: ok ? 'SUCCESS' : 'FAILURE',
        loginMessage: ok ? 'ok' : 'bad password',
        loginIp: r.pick(ips),
        loginDate: day.toISOString().replace('T', ' ').slice(0, 19),
      });
    }
    await insertRows(tx, 'iam_login_log', logs);

    await insertRows(
      tx,
      'iam_password_history',
      users.slice(0, 8).map((u) => ({
        tenantId: u.organization_id,
        userId: u.id,
        loginName: u.login_name,
        changeType: 'CREATE',
        changedBy: 'admin',
        changeDate: '2024-01-01 09:00:00',
        passwordHash: null,
      })),
    );
  },
};
