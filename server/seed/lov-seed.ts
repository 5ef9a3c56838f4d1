import type { Queryable } from '../db/database.ts';
import { insertRows } from './insert.ts';

type V = [value: string, zh: string, en: string];

const tz = (): V[] => Array.from({ length: 25 }, (_, i) => {
  const n = i - 12;
  const s = `GMT${n >= 0 ? '+' : ''}${n}`;
  return [s, s, s];
});

/** Platform value sets (tenant 0). Codes follow the original platform's naming. */
export const VALUE_SETS: Record<string, { name: string; values: V[] }> = {
  'HPFM.LANGUAGE': { name: 'Language', values: [['zh_CN', '简体中文', 'Simplified Chinese'], ['en_US', 'English', 'English']] },
  'HPFM.TIME_ZONE': { name: 'Time zone', values: tz() },
  'HPFM.FLAG': { name: 'Yes/No', values: [['1', '是', 'Yes'], ['0', '否', 'No']] },
  'HPFM.ENABLED_FLAG': { name: 'Enabled', values: [['1', '启用', 'Enabled'], ['0', '禁用', 'Disabled']] },
  'HIAM.RESOURCE_LEVEL': { name: 'Resource level', values: [['site', '平台', 'Platform'], ['organization', '租户', 'Tenant']] },
  'HIAM.MENU_TYPE': { name: 'Menu type', values: [['root', '根目录', 'Root'], ['dir', '目录', 'Folder'], ['menu', '菜单', 'Menu'], ['link', '链接', 'Link']] },
  'HIAM.LOGIN_RESULT': { name: 'Sign-in result', values: [['SUCCESS', '成功', 'Success'], ['FAILURE', '失败', 'Failure']] },
  'HPFM.LOV.LOV_TYPE': { name: 'Value set type', values: [['IDP', '独立值集', 'Independent'], ['SQL', 'SQL查询', 'SQL'], ['URL', 'URL查询', 'URL']] },
  'HPFM.AUDIT_ACTION': { name: 'Audit action', values: [['CREATE', '新建', 'Create'], ['UPDATE', '更新', 'Update'], ['DELETE', '删除', 'Delete']] },
};

/** LOV views: lookup modals over entities, with their query fields and columns. */
export const LOV_VIEWS = [
  {
    viewCode: 'HPFM.TENANT', viewName: '租户', lovCode: 'HPFM.TENANT', valueField: 'tenantId', displayField: 'tenantName', title: 'Select tenant', width: 600, pageSize: 10,
    entity: 'tenant',
    queryFields: [{ field: 'tenantNum', label: 'Tenant code', dataType: 'INPUT' }, { field: 'tenantName', label: 'Tenant name', dataType: 'INPUT' }],
    tableFields: [{ title: 'Tenant code', dataIndex: 'tenantNum', width: 150 }, { title: 'Tenant name', dataIndex: 'tenantName', width: 250 }],
  },
  {
    viewCode: 'HIAM.USER', viewName: '用户', lovCode: 'HIAM.USER', valueField: 'id', displayField: 'realName', title: 'Select user', width: 640, pageSize: 10,
    entity: 'user',
    queryFields: [{ field: 'loginName', label: 'Login name', dataType: 'INPUT' }, { field: 'realName', label: 'Name', dataType: 'INPUT' }],
    tableFields: [{ title: 'Login name', dataIndex: 'loginName', width: 160 }, { title: 'Name', dataIndex: 'realName', width: 200 }, { title: 'Email', dataIndex: 'email', width: 220 }],
  },
  {
    viewCode: 'HIAM.ROLE', viewName: '角色', lovCode: 'HIAM.ROLE', valueField: 'id', displayField: 'name', title: 'Select role', width: 600, pageSize: 10,
    entity: 'role',
    queryFields: [{ field: 'code', label: 'Role code', dataType: 'INPUT' }, { field: 'name', label: 'Role name', dataType: 'INPUT' }],
    tableFields: [{ title: 'Role code', dataIndex: 'code', width: 180 }, { title: 'Role name', dataIndex: 'name', width: 220 }],
  },
];

export async function seedLovs(db: Queryable): Promise<void> {
  let lovId = 1;
  const headers: Array<Record<string, unknown>> = [];
  const values: Array<Record<string, unknown>> = [];
  for (const [code, set] of Object.entries(VALUE_SETS)) {
    headers.push({ lovId, tenantId: 0, lovCode: code, lovName: set.name, lovTypeCode: 'IDP', sourceEntity: null, valueField: 'value', displayField: 'meaning', enabledFlag: 1 });
    set.values.forEach(([value, zh, en], i) => values.push({ tenantId: 0, lovId, lovCode: code, value, meaning: zh, meaningEn: en, orderSeq: (i + 1) * 10, enabledFlag: 1 }));
    lovId++;
  }
  for (const v of LOV_VIEWS) {
    headers.push({ lovId: lovId++, tenantId: 0, lovCode: v.lovCode, lovName: v.viewName, lovTypeCode: 'SQL', sourceEntity: v.entity, valueField: v.valueField, displayField: v.displayField, enabledFlag: 1 });
  }
  await insertRows(db, 'hpfm_lov', headers);
  await db.query(`select setval(pg_get_serial_sequence('hpfm_lov', 'lov_id'), $1)`, [lovId]);
  await insertRows(db, 'hpfm_lov_value', values);
  await insertRows(
    db,
    'hpfm_lov_view',
    LOV_VIEWS.map(({ entity: _e, ...v }) => ({ ...v, tenantId: 0, enabledFlag: 1, queryFields: JSON.stringify(v.queryFields), tableFields: JSON.stringify(v.tableFields) })),
  );
}
