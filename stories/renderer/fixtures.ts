import type { EntityDecl } from '../../renderer/schema/entity.ts';
import type { ActionBase, ColumnRef, Screen } from '../../renderer/schema/screen.ts';
import type { LovViewDecl, ValueSetDecl } from '../../renderer/schema/lovs.ts';
import { DataSource } from '../data-source/index.ts';

/**
 * The inline fixture of the renderer stories: one entity with a field of every type, a line
 * entity, two value sets and a LOV view, served by their own in-browser data source (rows from
 * the same seed generator as every other entity).
 */
const L = (zh_CN: string, en_US: string) => ({ zh_CN, en_US });

export const DEMO_ENTITY: EntityDecl = {
  version: 1,
  name: 'storyDemo',
  table: 'story_demo',
  primaryKey: 'demoId',
  label: L('演示记录', 'Demo record'),
  tenantScoped: true,
  paths: { site: '/story/v1/demo-records', tenant: '/story/v1/{tenantId}/demo-records' },
  fields: [
    { name: 'demoId', type: 'integer', label: L('ID', 'ID') },
    { name: 'demoCode', type: 'string', label: L('编码', 'Code'), required: true, maxLength: 30, unique: true, sortable: true },
    { name: 'demoName', type: 'string', label: L('名称', 'Name'), required: true, maxLength: 80, sortable: true },
    { name: 'description', type: 'text', label: L('说明', 'Description') },
    { name: 'quantity', type: 'integer', label: L('数量', 'Quantity'), min: 0, max: 999, sortable: true },
    { name: 'weight', type: 'number', label: L('重量', 'Weight'), precision: 3, max: 500 },
    { name: 'unitPrice', type: 'money', label: L('单价', 'Unit price'), precision: 2, max: 99999, sortable: true },
    { name: 'taxRate', type: 'percent', label: L('税率', 'Tax rate') },
    { name: 'startDate', type: 'date', label: L('开始日期', 'Start date'), sortable: true },
    { name: 'lastRunAt', type: 'datetime', label: L('上次运行', 'Last run') },
    { name: 'dailyAt', type: 'time', label: L('每日时间', 'Daily at') },
    { name: 'enabledFlag', type: 'flag', label: L('启用', 'Enabled'), default: 1 },
    { name: 'urgentYn', type: 'yn', label: L('加急', 'Urgent') },
    { name: 'categoryCode', type: 'string', label: L('类别', 'Category'), lov: 'STORY.CATEGORY' },
    { name: 'relatedDemoId', type: 'integer', label: L('关联记录', 'Related record'), lovView: 'STORY.DEMO' },
    { name: 'settings', type: 'json', label: L('设置', 'Settings') },
    { name: 'notes', type: 'richtext', label: L('备注', 'Notes') },
    { name: 'attachmentUuid', type: 'attachment', label: L('附件', 'Attachments') },
    { name: 'statusCode', type: 'string', label: L('状态', 'Status'), lov: 'STORY.STATUS', readOnly: true },
  ],
  status: {
    field: 'statusCode',
    initial: 'NEW',
    transitions: {
      submit: { from: ['NEW', 'REJECTED'], to: 'SUBMITTED', label: L('提交', 'Submit') },
      approve: { from: ['SUBMITTED'], to: 'APPROVED', label: L('审批', 'Approve') },
      reject: { from: ['SUBMITTED'], to: 'REJECTED', label: L('拒绝', 'Reject') },
    },
  },
};

export const DEMO_LINE_ENTITY: EntityDecl = {
  version: 1,
  name: 'storyDemoLine',
  table: 'story_demo_line',
  primaryKey: 'lineId',
  label: L('演示行', 'Demo line'),
  tenantScoped: true,
  parent: { entity: 'storyDemo', field: 'demoId' },
  paths: { tenant: '/story/v1/{tenantId}/demo-lines' },
  fields: [
    { name: 'lineId', type: 'integer' },
    { name: 'demoId', type: 'integer', label: L('记录', 'Record'), required: true },
    { name: 'lineNum', type: 'integer', label: L('行号', 'Line'), min: 1, max: 99, sortable: true },
    { name: 'itemName', type: 'string', label: L('物料', 'Item'), required: true },
    { name: 'quantity', type: 'number', label: L('数量', 'Quantity'), max: 100 },
    { name: 'amount', type: 'money', label: L('金额', 'Amount') },
  ],
};

export const DEMO_VALUE_SETS: Record<string, ValueSetDecl> = {
  'STORY.CATEGORY': { name: 'Demo category', values: [['RAW', '原材料', 'Raw material'], ['PART', '零部件', 'Part'], ['SERVICE', '服务', 'Service']] },
  'STORY.STATUS': { name: 'Demo status', values: [['NEW', '新建', 'New'], ['SUBMITTED', '已提交', 'Submitted'], ['APPROVED', '已审批', 'Approved'], ['REJECTED', '已拒绝', 'Rejected']] },
};

export const DEMO_VIEWS: LovViewDecl[] = [
  {
    viewCode: 'STORY.DEMO',
    viewName: 'Demo records',
    lovCode: 'STORY.DEMO',
    valueField: 'demoId',
    displayField: 'demoName',
    title: 'Demo records',
    width: 640,
    pageSize: 10,
    entity: 'storyDemo',
    queryFields: [{ field: 'demoName', label: 'Name', dataType: 'TEXT' }],
    tableFields: [
      { title: 'Code', dataIndex: 'demoCode', width: 140 },
      { title: 'Name', dataIndex: 'demoName' },
    ],
  },
];

let ds: DataSource | undefined;

/** The renderer stories' data source: the declared entities plus the fixture ones (one per session). */
export function fixtureDataSource(): DataSource {
  return (ds ??= new DataSource({ extraEntities: [DEMO_ENTITY, DEMO_LINE_ENTITY], extraValueSets: DEMO_VALUE_SETS, extraViews: DEMO_VIEWS }));
}

const detailSections = [
  { title: L('基本信息', 'General'), columns: 3, fields: ['demoCode', 'demoName', 'statusCode', 'categoryCode', 'relatedDemoId', 'enabledFlag', 'urgentYn', 'startDate', 'lastRunAt', 'dailyAt'] },
  { title: L('数量与金额', 'Quantities'), columns: 3, fields: ['quantity', 'weight', 'unitPrice', 'taxRate', { field: 'description', span: 2 }] },
  { title: L('其他', 'Other'), columns: 1, fields: ['settings', 'notes', 'attachmentUuid'] },
];

const detailActions: ActionBase[] = [
  { type: 'save', label: 'hzero.common.button.save', style: 'primary' },
  { type: 'transition', action: 'submit', label: L('提交', 'Submit'), visible: "record.statusCode == 'NEW' || record.statusCode == 'REJECTED'" },
  { type: 'transition', action: 'approve', label: L('审批', 'Approve'), visible: "record.statusCode == 'SUBMITTED'" },
  { type: 'back', label: 'hzero.common.button.back', to: '/story/demo' },
];

const detail = (kind: 'detail' | 'form' | 'edit'): Screen => ({
  version: 1,
  kind,
  route: `/story/demo/${kind}/:id`,
  title: L(`演示记录（${kind}）`, `Demo record (${kind})`),
  entity: 'storyDemo',
  idParam: 'id',
  sections: detailSections,
  tabs: [{ title: L('行', 'Lines'), kind: 'table', entity: 'storyDemoLine', filter: { demoId: '{id}' }, editable: true, table: { columns: ['lineNum', 'itemName', 'quantity', 'amount'] } }],
  actions: detailActions,
});

/**
 * A screen per page kind over the fixture entity. A kind registered later without an entry here
 * still gets its story (from the registry), which then says that it has no fixture yet.
 */
export const PAGE_KIND_FIXTURES: Record<string, { screen: Screen; params: Record<string, string> }> = {
  list: {
    params: {},
    screen: {
      version: 1,
      kind: 'list',
      route: '/story/demo',
      title: L('演示记录', 'Demo records'),
      entity: 'storyDemo',
      search: { columns: 3, fields: ['demoCode', 'demoName', 'categoryCode', 'enabledFlag', 'startDate'] },
      toolbar: [
        { type: 'navigate', label: 'hzero.common.button.create', style: 'primary', to: '/story/demo/create' },
        { type: 'delete', label: 'hzero.common.button.delete', style: 'danger', confirm: 'hzero.common.message.confirm.delete' },
        { type: 'export', label: 'hzero.common.button.export' },
      ],
      table: {
        selection: 'multiple',
        columns: [
          { field: 'demoCode', link: '/story/demo/detail/{demoId}', sortable: true },
          { field: 'demoName', sortable: true },
          'categoryCode',
          { field: 'statusCode', cell: 'status' },
          { field: 'quantity', sortable: true },
          { field: 'unitPrice', sortable: true },
          'taxRate',
          { field: 'enabledFlag', statusMap: 'frozen' },
          { field: 'startDate', sortable: true },
          'notes',
        ],
        rowActions: [
          { type: 'navigate', label: 'hzero.common.button.edit', to: '/story/demo/detail/{demoId}' },
          { type: 'transition', action: 'submit', label: L('提交', 'Submit'), visible: "record.statusCode == 'NEW'" },
        ],
      },
    },
  },
  detail: { params: { id: '1' }, screen: detail('detail') },
  form: { params: { id: '1' }, screen: detail('form') },
  edit: { params: { id: '1' }, screen: detail('edit') },
  create: {
    params: {},
    screen: { version: 1, kind: 'create', route: '/story/demo/create', title: L('新建演示记录', 'New demo record'), entity: 'storyDemo', sections: detailSections.slice(0, 2), afterSubmit: '/story/demo/detail/{demoId}' },
  },
  dashboard: {
    params: {},
    screen: {
      version: 1,
      kind: 'dashboard',
      route: '/story/dashboard',
      title: L('演示看板', 'Demo dashboard'),
      cards: [
        { title: L('记录数', 'Records'), kind: 'count', data: { url: '/story/v1/[{tenantId}/]demo-records' }, link: '/story/demo' },
        { title: L('已提交', 'Submitted'), kind: 'count', data: { url: '/story/v1/[{tenantId}/]demo-records', params: { statusCode: 'SUBMITTED' } } },
        { title: L('最近记录', 'Latest records'), kind: 'list', data: { url: '/story/v1/[{tenantId}/]demo-records' }, columns: ['demoName'] },
      ],
    },
  },
  custom: {
    params: { id: '1' },
    screen: { version: 1, kind: 'custom', route: '/story/custom/:id', title: L('自定义页面', 'Custom screen'), component: 'StoryDemoPanel', props: { greeting: 'Registered with customComponents.register' } },
  },
  // The first demo record, entered step by step: two form steps, its lines, a preview with submit.
  wizard: {
    params: {},
    screen: {
      version: 1,
      kind: 'wizard',
      routes: ['/story/wizard', '/story/wizard/general', '/story/wizard/quantities', '/story/wizard/lines', '/story/wizard/preview'],
      title: L('分步录入', 'Step by step'),
      entity: 'storyDemo',
      data: { current: { url: '/story/v1/{tenantId}/demo-records/1' } },
      readOnly: "record.statusCode == 'SUBMITTED' || record.statusCode == 'APPROVED'",
      steps: [
        { key: 'general', route: '/story/wizard/general', title: L('基本信息', 'General'), sections: detailSections.slice(0, 1) },
        { key: 'quantities', route: '/story/wizard/quantities', title: L('数量与金额', 'Quantities'), sections: detailSections.slice(1, 2) },
        { key: 'lines', route: '/story/wizard/lines', title: L('行', 'Lines'), minLines: 1, lines: { title: L('行', 'Lines'), kind: 'table', entity: 'storyDemoLine', filter: { demoId: '{demoId}' }, editable: true, table: { columns: ['lineNum', 'itemName', 'quantity', 'amount'] } } },
        { key: 'preview', route: '/story/wizard/preview', title: L('预览', 'Preview'), preview: true, advance: true, actions: [{ type: 'transition', action: 'submit', label: L('提交', 'Submit'), style: 'primary', visible: "record.statusCode == 'NEW'" }] },
      ],
    },
  },
};

/** For each field widget: the fixture field it is shown with (others get `demoName` with that widget). */
export const WIDGET_FIELDS: Record<string, string> = {
  input: 'demoName',
  textarea: 'description',
  number: 'quantity',
  money: 'unitPrice',
  percent: 'taxRate',
  date: 'startDate',
  datetime: 'lastRunAt',
  time: 'dailyAt',
  switch: 'enabledFlag',
  yn: 'urgentYn',
  select: 'categoryCode',
  lov: 'relatedDemoId',
  json: 'settings',
  richtext: 'notes',
  attachment: 'attachmentUuid',
};

/** For each cell type: the fixture column it is shown with. */
export const CELL_COLUMNS: Record<string, Pick<ColumnRef, 'field' | 'statusMap' | 'link'>> = {
  text: { field: 'demoName' },
  number: { field: 'quantity' },
  money: { field: 'unitPrice' },
  percent: { field: 'taxRate' },
  lov: { field: 'categoryCode' },
  flag: { field: 'enabledFlag' },
  status: { field: 'enabledFlag', statusMap: 'frozen' },
  link: { field: 'demoCode', link: '/story/demo/detail/{demoId}' },
  richtext: { field: 'notes' },
  json: { field: 'settings' },
};

/** For each action type: the fixture action a story runs against a fixture row. */
export const ACTION_FIXTURES: Record<string, ActionBase> = {
  navigate: { type: 'navigate', label: 'hzero.common.button.edit', to: '/story/demo/detail/{demoId}' },
  request: { type: 'request', label: L('调用接口', 'Call endpoint'), url: '/story/v1/{tenantId}/demo-records/{demoId}/actions/submit', method: 'POST', body: 'record', success: L('已调用', 'Called') },
  delete: { type: 'delete', label: 'hzero.common.button.delete', style: 'danger', confirm: 'hzero.common.message.confirm.delete' },
  transition: { type: 'transition', action: 'submit', label: L('提交', 'Submit'), style: 'primary', visible: "record.statusCode == 'NEW' || record.statusCode == 'REJECTED'" },
  export: { type: 'export', label: 'hzero.common.button.export' },
  refresh: { type: 'refresh', label: L('刷新', 'Refresh') },
  back: { type: 'back', label: 'hzero.common.button.back', to: '/story/demo' },
  save: { type: 'save', label: 'hzero.common.button.save', style: 'primary' },
  form: { type: 'form', label: 'hzero.common.button.edit' },
};
