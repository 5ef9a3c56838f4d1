import catalogue from '../../schemas/catalogue/routes.json' with { type: 'json' };
import specialMenus from '../../schemas/catalogue/special-menus.json' with { type: 'json' };
import { type CatalogueRoute, isMenuRoute, pageCode, permissionCode, type SpecialMenu, STANDARD_PERMISSION_ACTIONS } from '../../renderer/schema/permissions.ts';

export type { CatalogueRoute };

export const ROUTES = catalogue as CatalogueRoute[];

/** Module titles of §1 in both languages, used for the top-level menu folders. */
export const MODULE_TITLES: Record<string, [string, string]> = {
  hiam: ['身份与权限', 'Identity and access'],
  hpfm: ['平台管理', 'Platform'],
  smdm: ['租户主数据', 'Tenant master data'],
  hfile: ['文件', 'Files'],
  hmsg: ['消息', 'Messaging'],
  hptl: ['门户', 'Portal'],
  hdtt: ['数据传输', 'Data transfer'],
  hwfl: ['工作流', 'Workflow'],
  hsdr: ['调度', 'Scheduler'],
  hsgp: ['服务治理', 'Service governance'],
  hcnf: ['配置中心', 'Configuration'],
  hitf: ['接口', 'Interfaces'],
  himp: ['导入', 'Import'],
  hrpt: ['报表', 'Reporting'],
  spfm: ['供应商平台', 'Supplier platform'],
  sslm: ['供应商生命周期', 'Supplier life cycle'],
  sitf: ['接口平台', 'Interface platform'],
  sodr: ['订单', 'Orders'],
  ssrc: ['寻源', 'Sourcing'],
  sprm: ['采购申请', 'Purchase requisitions'],
  scm: ['合同', 'Contracts'],
  tender: ['招标', 'Tendering'],
  supplierBidding: ['供应商投标', 'Supplier bidding'],
  clarifyLetter: ['澄清函', 'Clarification letters'],
  stnd: ['中标确认', 'Branch confirmation'],
  vendorCode: ['供应商编码', 'Vendor codes'],
  supplierInfo: ['供应商信息', 'Supplier information'],
  vendorInfo: ['供应商资料', 'Vendor information'],
  supplierApprove: ['供应商审批', 'Supplier approval'],
  supply: ['供应商查询', 'Suppliers'],
};

/**
 * The leaves SYS_ADMINISTRATOR keeps (§6), placed under a "background" and a
 * "service development" folder whose codes end as the spec names them.
 */
export const SPECIAL_MENUS = specialMenus as SpecialMenu[];

/** `/hpfm/code-rule/list` → "Code rule list" */
export function humanise(path: string): string {
  const segs = path.split('/').filter((s) => s && !s.startsWith(':') && s !== 'pub');
  const words = segs.slice(1).join(' ').replace(/[-_]/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : path;
}

export interface MenuSeedRow {
  id: number;
  code: string;
  name: string;
  nameEn: string;
  parentId: number | null;
  type: string;
  level: string;
  route: string;
  icon: string;
  sort: number;
  quickIndex: string;
  permissionCodes: string[];
  enabledFlag: number;
}

/**
 * One folder per module and one leaf per openable page of the catalogue (no route
 * parameters, not public). Titles come from the screen schema when one exists.
 */
export function buildMenus(titles: Map<string, { zh: string; en: string }>): MenuSeedRow[] {
  const rows: MenuSeedRow[] = [];
  let id = 1;
  const perms = (route: string) => STANDARD_PERMISSION_ACTIONS.map((a) => permissionCode(route, a));
  const folders = new Map<string, number>();
  const folder = (code: string, zh: string, en: string, icon: string) => {
    let fid = folders.get(code);
    if (fid === undefined) {
      fid = id++;
      folders.set(code, fid);
      rows.push({ id: fid, code, name: zh, nameEn: en, parentId: null, type: 'root', level: 'organization', route: '', icon, sort: fid * 10, quickIndex: '', permissionCodes: [], enabledFlag: 1 });
    }
    return fid;
  };
  const special = new Set<string>(SPECIAL_MENUS.map((s) => s.route));
  for (const s of SPECIAL_MENUS) {
    const parentId = folder(s.folder.code, s.folder.zh, s.folder.en, 'setting');
    rows.push({ id: id++, code: s.code, name: s.zh, nameEn: s.en, parentId, type: 'menu', level: 'organization', route: s.route, icon: '', sort: id * 10, quickIndex: '', permissionCodes: perms(s.route), enabledFlag: 1 });
  }
  for (const r of ROUTES) {
    if (!isMenuRoute(r) || special.has(r.path)) continue;
    const [zh, en] = MODULE_TITLES[r.module] ?? [r.module, r.module];
    const parentId = folder(`srm.${r.module}`, zh, en, 'appstore');
    const t = titles.get(r.path);
    rows.push({
      id: id++,
      code: `srm.${r.module}.${pageCode(r.path).split('.').slice(1).join('.')}`,
      name: t?.zh ?? humanise(r.path),
      nameEn: t?.en ?? humanise(r.path),
      parentId,
      type: 'menu',
      level: 'organization',
      route: r.path,
      icon: '',
      sort: id * 10,
      quickIndex: '',
      permissionCodes: perms(r.path),
      enabledFlag: 1,
    });
  }
  return rows;
}
