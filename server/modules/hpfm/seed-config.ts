import type { Queryable } from '../../db/database.ts';
import { insertRows } from '../../seed/insert.ts';
import { DEMO_TENANT, SECOND_TENANT } from '../../seed/platform-seed.ts';
import { rng } from '../../seed/rng.ts';
import type { SeedStep } from '../../seed/seed.ts';

type Row = Record<string, unknown>;
type Rng = ReturnType<typeof rng>;

const BASE_DAY = Date.UTC(2025, 11, 31);
const DAY = 86_400_000;
const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const ago = (r: Rng, maxDays: number) => stamp(BASE_DAY - r.int(0, maxDays) * DAY + r.int(8 * 3600, 19 * 3600) * 1000);

/** Inserts rows and returns their generated ids in order. */
async function insertReturning(db: Queryable, table: string, idColumn: string, rows: Row[]): Promise<number[]> {
  const before = Number((await db.query<{ n: number }>(`select coalesce(max(${idColumn}), 0)::float8 as n from ${table}`)).rows[0]!.n);
  await insertRows(db, table, rows);
  const r = await db.query<{ id: number }>(`select ${idColumn}::float8 as id from ${table} where ${idColumn} > $1 order by ${idColumn}`, [before]);
  return r.rows.map((x) => x.id);
}

// ---------------------------------------------------------------- code rules

interface Seg {
  t: 'CONSTANT' | 'DATE' | 'SEQUENCE';
  v?: string;
  mask?: string;
  len?: number;
  reset?: string;
}
const C = (v: string): Seg => ({ t: 'CONSTANT', v });
const D = (mask: string): Seg => ({ t: 'DATE', mask });
const S = (len: number, reset = 'NEVER'): Seg => ({ t: 'SEQUENCE', len, reset });

/** Document numbers of the platform. SODR.PO_NUM keeps the format the seeded orders already have. */
const PLATFORM_RULES: Array<[code: string, zh: string, en: string, segs: Seg[]]> = [
  ['SODR.PO_NUM', '采购订单编号', 'Purchase order number', [C('PO'), S(8)]],
  ['SSRC.RFX_NUM', '询价单编号', 'RFx number', [C('RFX'), D('yyyyMM'), S(5, 'MONTH')]],
  ['SCM.CONTRACT_NUM', '合同编号', 'Contract number', [C('CT'), D('yyyy'), C('-'), S(6, 'YEAR')]],
  ['SPRM.PR_NUM', '采购申请编号', 'Purchase requisition number', [C('PR'), D('yyyyMMdd'), S(4, 'DAY')]],
  ['SINV.ASN_NUM', '送货单编号', 'Advance shipping notice number', [C('ASN'), D('yyMMdd'), S(5, 'DAY')]],
  ['SINV.RCV_NUM', '收货单编号', 'Goods receipt number', [C('GR'), D('yyyyMM'), S(6, 'MONTH')]],
  ['SFIN.INVOICE_NUM', '发票单编号', 'Invoice document number', [C('INV'), D('yyyy'), S(7, 'YEAR')]],
  ['SFIN.PAYMENT_NUM', '付款申请编号', 'Payment request number', [C('PAY'), D('yyyyMM'), S(5, 'MONTH')]],
  ['SSRC.BID_NUM', '招标项目编号', 'Tender project number', [C('ZB'), D('yyyy'), S(5, 'YEAR')]],
  ['SSRC.QUOTATION_NUM', '报价单编号', 'Quotation number', [C('QT'), D('yyMM'), S(6, 'MONTH')]],
  ['SSRC.SOURCE_RESULT_NUM', '寻源结果编号', 'Sourcing result number', [C('SR'), D('yyyyMM'), S(5, 'MONTH')]],
  ['SSLM.SUPPLIER_NUM', '供应商编码', 'Supplier code', [C('S'), S(7)]],
  ['SSLM.INVESTIGATE_NUM', '调查表编号', 'Investigation number', [C('IV'), D('yyyy'), S(5, 'YEAR')]],
  ['SSLM.EVALUATION_NUM', '绩效评估编号', 'Evaluation number', [C('EV'), D('yyyyMM'), S(4, 'MONTH')]],
  ['SQAM.8D_NUM', '8D报告编号', '8D report number', [C('8D'), D('yyyy'), S(5, 'YEAR')]],
  ['SQAM.AUDIT_NUM', '质量审核编号', 'Quality audit number', [C('QA'), D('yyyyMM'), S(4, 'MONTH')]],
  ['SMDM.ITEM_NUM', '物料编码', 'Material code', [C('MAT-'), S(6)]],
  ['SMDM.CATEGORY_NUM', '品类编码', 'Category code', [C('CAT'), S(5)]],
  ['SCM.AGREEMENT_NUM', '框架协议编号', 'Framework agreement number', [C('FA'), D('yyyy'), S(5, 'YEAR')]],
  ['SCM.CHANGE_NUM', '合同变更编号', 'Contract change number', [C('CC'), D('yyyyMM'), S(4, 'MONTH')]],
  ['SODR.CHANGE_NUM', '订单变更编号', 'Order change number', [C('POC'), D('yyMMdd'), S(4, 'DAY')]],
  ['SODR.RETURN_NUM', '退货单编号', 'Return order number', [C('RT'), D('yyyyMM'), S(5, 'MONTH')]],
  ['HPTL.NOTICE_NUM', '公告编号', 'Notice number', [C('NT'), D('yyyy'), S(4, 'YEAR')]],
  ['HMSG.BATCH_NUM', '消息批次号', 'Message batch number', [C('MB'), D('yyyyMMdd'), S(6, 'DAY')]],
  ['HPFM.EMPLOYEE_NUM', '员工编号', 'Employee number', [C('E'), S(6)]],
  ['HWFL.PROCESS_NUM', '流程单号', 'Workflow instance number', [C('WF'), D('yyyyMMdd'), S(5, 'DAY')]],
  ['HIMP.BATCH_NUM', '导入批次号', 'Import batch number', [C('IMP'), D('yyyyMMdd'), S(4, 'DAY')]],
  ['HRPT.REQUEST_NUM', '报表请求编号', 'Report request number', [C('RPT'), D('yyMM'), S(6, 'MONTH')]],
  ['TENDER.PROJECT_NUM', '招标立项编号', 'Tender registration number', [C('TP'), D('yyyy'), S(4, 'YEAR')]],
  ['SPFM.INVITE_NUM', '邀约编号', 'Invitation number', [C('INVT'), D('yyyyMM'), S(4, 'MONTH')]],
];

/** The demo tenant's own rules: its plants and departments number their documents differently. */
const TENANT_RULE_AREAS: Array<[code: string, zh: string, en: string]> = [
  ['SZ', '苏州工厂', 'Suzhou plant'],
  ['CD', '成都工厂', 'Chengdu plant'],
  ['SH', '上海总部', 'Shanghai head office'],
  ['TR', '贸易公司', 'Trading company'],
];
const TENANT_RULE_DOCS: Array<[code: string, zh: string, en: string, segs: (p: string) => Seg[]]> = [
  ['PR_NUM', '采购申请号', 'requisition number', (p) => [C(`${p}PR`), D('yyMM'), S(4, 'MONTH')]],
  ['ASN_NUM', '送货单号', 'shipping notice number', (p) => [C(`${p}ASN`), D('yyMMdd'), S(3, 'DAY')]],
  ['RCV_NUM', '收货单号', 'goods receipt number', (p) => [C(`${p}GR`), D('yyyyMM'), S(5, 'MONTH')]],
  ['INSPECT_NUM', '检验单号', 'inspection number', (p) => [C(`${p}QC`), D('yyMMdd'), S(3, 'DAY')]],
  ['ASSET_NUM', '资产编号', 'asset number', (p) => [C(`${p}FA`), S(6)]],
  ['VISIT_NUM', '来访登记号', 'visitor registration number', (p) => [C(`${p}V`), D('yyyyMMdd'), S(3, 'DAY')]],
  ['SAMPLE_NUM', '样品单号', 'sample request number', (p) => [C(`${p}SP`), D('yyyy'), S(4, 'YEAR')]],
];

async function seedCodeRules(db: Queryable): Promise<void> {
  const headers: Row[] = [];
  const segs: Seg[][] = [];
  for (const [code, zh, , s] of PLATFORM_RULES) {
    headers.push({ tenantId: 0, ruleCode: code, ruleName: zh, ruleLevel: 'P', enabledFlag: 1, description: `平台默认规则：${zh}` });
    segs.push(s);
  }
  for (const [area, azh] of TENANT_RULE_AREAS) {
    for (const [doc, dzh, , s] of TENANT_RULE_DOCS) {
      headers.push({ tenantId: DEMO_TENANT, ruleCode: `DEMO.${area}.${doc}`, ruleName: `${azh}${dzh}`, ruleLevel: 'T', enabledFlag: area === 'TR' && doc === 'VISIT_NUM' ? 0 : 1, description: null });
      segs.push(s(area));
    }
  }
  for (const [doc, dzh, , s] of TENANT_RULE_DOCS.slice(0, 3)) {
    headers.push({ tenantId: SECOND_TENANT, ruleCode: `SECOND.${doc}`, ruleName: `第二贸易${dzh}`, ruleLevel: 'T', enabledFlag: 1, description: null });
    segs.push(s('ST'));
  }
  const ids = await insertReturning(db, 'hpfm_code_rule', 'rule_id', headers);
  const details: Row[] = [];
  ids.forEach((ruleId, i) => {
    segs[i]!.forEach((s, j) => {
      details.push({
        tenantId: headers[i]!.tenantId,
        ruleId,
        orderSeq: (j + 1) * 10,
        fieldType: s.t,
        fieldValue: s.v ?? null,
        dateMask: s.mask ?? null,
        seqLength: s.len ?? null,
        startValue: s.t === 'SEQUENCE' ? 1 : null,
        resetFrequency: s.reset ?? null,
      });
    });
  });
  await insertRows(db, 'hpfm_code_rule_detail', details);
}

// ---------------------------------------------------------------- languages

const LANGUAGES: Array<[string, string, string, number]> = [
  ['zh_CN', '简体中文', 'Simplified Chinese', 1], ['en_US', 'English', 'English', 1], ['zh_TW', '繁體中文', 'Traditional Chinese', 0], ['ja_JP', '日本語', 'Japanese', 0],
  ['ko_KR', '한국어', 'Korean', 0], ['de_DE', 'Deutsch', 'German', 0], ['fr_FR', 'Français', 'French', 0], ['es_ES', 'Español', 'Spanish', 0],
  ['it_IT', 'Italiano', 'Italian', 0], ['pt_BR', 'Português (Brasil)', 'Portuguese (Brazil)', 0], ['ru_RU', 'Русский', 'Russian', 0], ['ar_SA', 'العربية', 'Arabic', 0],
  ['th_TH', 'ไทย', 'Thai', 0], ['vi_VN', 'Tiếng Việt', 'Vietnamese', 0], ['id_ID', 'Bahasa Indonesia', 'Indonesian', 0], ['ms_MY', 'Bahasa Melayu', 'Malay', 0],
  ['nl_NL', 'Nederlands', 'Dutch', 0], ['pl_PL', 'Polski', 'Polish', 0], ['tr_TR', 'Türkçe', 'Turkish', 0], ['sv_SE', 'Svenska', 'Swedish', 0],
  ['cs_CZ', 'Čeština', 'Czech', 0], ['hu_HU', 'Magyar', 'Hungarian', 0], ['da_DK', 'Dansk', 'Danish', 0], ['fi_FI', 'Suomi', 'Finnish', 0],
  ['he_IL', 'עברית', 'Hebrew', 0], ['hi_IN', 'हिन्दी', 'Hindi', 0], ['uk_UA', 'Українська', 'Ukrainian', 0], ['el_GR', 'Ελληνικά', 'Greek', 0],
];

// ---------------------------------------------------------------- events

const EVENTS: Array<[string, string]> = [
  ['SODR.PO_RELEASED', '采购订单发布'], ['SODR.PO_CONFIRMED', '供应商确认订单'], ['SODR.PO_CANCELED', '采购订单取消'], ['SODR.PO_CLOSED', '采购订单关闭'],
  ['SSRC.RFX_PUBLISHED', '询价单发布'], ['SSRC.RFX_QUOTED', '供应商报价'], ['SSRC.RFX_AWARDED', '询价定标'], ['SSRC.BID_OPENED', '开标'],
  ['SCM.CONTRACT_SIGNED', '合同签署'], ['SCM.CONTRACT_EXPIRING', '合同即将到期'], ['SCM.CONTRACT_ARCHIVED', '合同归档'], ['SPRM.PR_APPROVED', '采购申请审批通过'],
  ['SPRM.PR_REJECTED', '采购申请被驳回'], ['SSLM.SUPPLIER_REGISTERED', '供应商注册'], ['SSLM.SUPPLIER_QUALIFIED', '供应商转为合格'], ['SSLM.SUPPLIER_ELIMINATED', '供应商淘汰'],
  ['SSLM.EVALUATION_PUBLISHED', '绩效评估结果发布'], ['SQAM.8D_CREATED', '8D报告创建'], ['SQAM.AUDIT_FINISHED', '质量审核完成'], ['HIAM.USER_CREATED', '用户创建'],
  ['HIAM.USER_LOCKED', '用户被锁定'], ['HIAM.PASSWORD_EXPIRING', '密码即将过期'], ['HIAM.ROLE_ASSIGNED', '角色分配'], ['HPFM.TENANT_CREATED', '租户创建'],
  ['HPFM.CODE_RULE_CHANGED', '编码规则变更'], ['HPTL.NOTICE_PUBLISHED', '公告发布'], ['HFLE.FILE_UPLOADED', '文件上传'], ['HWFL.TASK_ASSIGNED', '审批任务分配'],
  ['HWFL.TASK_OVERDUE', '审批任务超时'], ['SINV.ASN_SHIPPED', '送货单发货'], ['SINV.GOODS_RECEIVED', '收货完成'], ['SFIN.INVOICE_MATCHED', '发票匹配完成'],
];

const BEANS = ['purchaseOrderEventHandler', 'rfxEventHandler', 'contractEventHandler', 'supplierEventHandler', 'notifyEventHandler', 'erpSyncHandler', 'auditTrailHandler'];
const METHODS = ['handle', 'onEvent', 'syncToErp', 'notifyBuyer', 'notifySupplier', 'writeAudit'];

async function seedEvents(db: Queryable, r: Rng): Promise<void> {
  const ids = await insertReturning(
    db,
    'hpfm_event',
    'event_id',
    EVENTS.map(([code, zh], i) => ({ eventCode: code, eventDescription: zh, enabledFlag: i % 11 === 10 ? 0 : 1 })),
  );
  const rules: Row[] = [];
  const messages: Row[] = [];
  ids.forEach((eventId, i) => {
    const service = EVENTS[i]![0].split('.')[0]!.toLowerCase();
    const n = r.int(1, 3);
    for (let k = 0; k < n; k++) {
      const api = r.next() < 0.35;
      rules.push({
        eventId,
        orderSeq: (k + 1) * 10,
        matchingRule: k === 0 ? null : r.pick(["#tenantId == 1", "#amount > 100000", "#currencyCode != 'CNY'", "#companyNum == 'DEMO-SZ'"]),
        callType: api ? 'A' : 'M',
        beanName: api ? null : r.pick(BEANS),
        methodName: api ? null : r.pick(METHODS),
        apiUrl: api ? `/${service}/v1/events/${EVENTS[i]![0].toLowerCase().replace(/[._]/g, '-')}` : null,
        apiMethod: api ? r.pick(['POST', 'PUT']) : null,
        syncFlag: r.next() < 0.6 ? 1 : 0,
        resultFlag: r.next() < 0.3 ? 1 : 0,
        enabledFlag: r.next() < 0.9 ? 1 : 0,
        ruleDescription: k === 0 ? '默认处理' : '条件处理',
      });
    }
    for (let k = 0; k < r.int(1, 2); k++) {
      messages.push({
        eventId,
        messageTypeCode: k === 0 ? 'WEB' : r.pick(['EMAIL', 'SMS']),
        templateCode: `${EVENTS[i]![0]}${k === 0 ? '' : `.${k === 1 ? 'MAIL' : 'SMS'}`}`,
        serverCode: k === 0 ? null : r.pick(['DEMO_MAIL', 'ALIYUN_SMS', 'TENCENT_SMS']),
        receiverTypeCode: r.pick(['DOC_CREATOR', 'PURCHASE_AGENT', 'SUPPLIER_CONTACT', 'ROLE_ADMIN']),
        enabledFlag: 1,
        description: null,
      });
    }
  });
  await insertRows(db, 'hpfm_event_rule', rules);
  await insertRows(db, 'hpfm_event_message', messages);
}

// ---------------------------------------------------------------- return messages

const RETURN_MESSAGES: Array<[string, string, string, string]> = [
  ['error.data.changed', 'warn', '数据已被他人修改，请刷新后重试', 'The record was changed by someone else; reload it and try again'],
  ['error.permission.denied', 'error', '您没有权限执行此操作', 'You do not have permission to perform this operation'],
  ['error.not_found', 'error', '数据不存在或已被删除', 'The record does not exist or was deleted'],
  ['error.validation', 'error', '数据校验不通过', 'The data is not valid'],
  ['error.status.transition', 'warn', '当前状态不允许此操作', 'The current status does not allow this action'],
  ['error.unauthorized', 'error', '登录已失效，请重新登录', 'Your session has expired; please sign in again'],
  ['error.db.duplicate', 'error', '数据重复，请检查唯一字段', 'Duplicate data: check the unique fields'],
  ['error.file.too_large', 'warn', '文件大小超过限制', 'The file is larger than allowed'],
  ['error.file.type', 'warn', '不支持的文件类型', 'This file type is not supported'],
  ['error.lov.value', 'error', '值不在值集范围内', 'The value is not in the value set'],
  ['error.user.locked', 'error', '账号已被锁定，请稍后重试', 'The account is locked; try again later'],
  ['error.user.frozen', 'error', '账号已冻结，请联系管理员', 'The account is frozen; contact your administrator'],
  ['error.password.policy', 'warn', '密码不符合安全策略', 'The password does not meet the password policy'],
  ['error.password.expired', 'warn', '密码已过期，请修改密码', 'The password has expired; please change it'],
  ['hpfm.codeRule.notFound', 'error', '编码规则不存在或未启用', 'The code rule does not exist or is disabled'],
  ['hpfm.sqlExecute.readOnly', 'warn', '只读模式下仅允许查询语句', 'Only queries run in read-only mode'],
  ['hpfm.sqlExecute.multiple', 'warn', '一次只能执行一条语句', 'Only one statement can run at a time'],
  ['sodr.po.amountExceeded', 'warn', '订单金额超出预算', 'The order amount exceeds the budget'],
  ['sodr.po.supplierDisabled', 'error', '供应商已失效，不能下单', 'The supplier is disabled and cannot receive orders'],
  ['ssrc.rfx.quoteClosed', 'warn', '报价已截止', 'Quoting has closed'],
  ['ssrc.rfx.noSupplier', 'warn', '请至少邀请一家供应商', 'Invite at least one supplier'],
  ['scm.contract.signed', 'info', '合同已签署，不可修改', 'The contract is signed and can no longer be changed'],
  ['hmsg.template.variable', 'error', '消息模板变量缺失', 'A message template variable is missing'],
  ['hfle.bucket.notFound', 'error', '存储桶不存在', 'The storage bucket does not exist'],
];

// ---------------------------------------------------------------- profiles

const PROFILES: Array<[string, string, string]> = [
  ['HPFM.DEFAULT_LANGUAGE', '默认语言', 'zh_CN'], ['HPFM.DEFAULT_TIME_ZONE', '默认时区', 'GMT+8'], ['HPFM.DATE_FORMAT', '日期格式', 'YYYY-MM-DD'],
  ['HPFM.DATETIME_FORMAT', '日期时间格式', 'YYYY-MM-DD HH:mm:ss'], ['HPFM.PAGE_SIZE', '默认分页大小', '10'], ['HPFM.MENU_LAYOUT', '菜单布局', 'side-all'],
  ['HPFM.THEME', '界面主题', 'default'], ['HPFM.WATERMARK', '页面水印', '0'], ['HIAM.SESSION_TIMEOUT', '会话超时（分钟）', '60'],
  ['HIAM.MAX_LOGIN_FAILS', '最大登录失败次数', '5'], ['HIAM.PASSWORD_MIN_LENGTH', '密码最小长度', '8'], ['HIAM.SSO_ENABLED', '启用单点登录', '0'],
  ['HFLE.MAX_FILE_SIZE', '上传文件大小上限（MB）', '30'], ['HFLE.ALLOWED_TYPES', '允许上传的文件类型', 'pdf,docx,xlsx,png,jpg'], ['HMSG.EMAIL_ENABLED', '启用邮件通知', '1'],
  ['HMSG.SMS_ENABLED', '启用短信通知', '0'], ['HMSG.DIGEST_HOUR', '消息汇总发送时间', '9'], ['SODR.AUTO_RELEASE', '审批后自动发布订单', '0'],
  ['SODR.TOLERANCE_PERCENT', '收货容差（%）', '5'], ['SODR.DEFAULT_CURRENCY', '订单默认币种', 'CNY'], ['SSRC.QUOTE_DAYS', '默认报价天数', '7'],
  ['SSRC.MIN_SUPPLIERS', '询价最少供应商数', '3'], ['SCM.EXPIRY_REMIND_DAYS', '合同到期提醒天数', '30'], ['SPRM.BUDGET_CHECK', '采购申请预算校验', '1'],
  ['SSLM.EVAL_CYCLE', '供应商评估周期', 'QUARTER'], ['SQAM.8D_DUE_DAYS', '8D报告完成天数', '14'], ['HWFL.DELEGATE_ENABLED', '允许审批转交', '1'],
  ['HRPT.EXPORT_LIMIT', '报表导出行数上限', '50000'], ['HIMP.BATCH_SIZE', '导入批次大小', '500'], ['HPTL.NOTICE_DAYS', '公告默认展示天数', '30'],
];

async function seedProfiles(db: Queryable, r: Rng): Promise<void> {
  const headers: Row[] = [];
  for (const [name, zh, def] of PROFILES) headers.push({ tenantId: 0, profileName: name, description: zh, profileLevel: 'S', defaultValue: def });
  for (const [name, zh, def] of PROFILES.slice(0, 26)) headers.push({ tenantId: DEMO_TENANT, profileName: name, description: `${zh}（演示制造）`, profileLevel: 'T', defaultValue: def });
  for (const [name, zh, def] of PROFILES.slice(0, 4)) headers.push({ tenantId: SECOND_TENANT, profileName: name, description: `${zh}（第二贸易）`, profileLevel: 'T', defaultValue: def });
  const ids = await insertReturning(db, 'hpfm_profile', 'profile_id', headers);
  const values: Row[] = [];
  ids.forEach((profileId, i) => {
    const h = headers[i]!;
    values.push({ tenantId: h.tenantId, profileId, levelCode: 'GLOBAL', levelValue: null, value: h.defaultValue });
    if (r.next() < 0.45) values.push({ tenantId: h.tenantId, profileId, levelCode: 'ROLE', levelValue: r.pick(['PURCHASER', 'SUPPLIER', 'APPROVER', 'SYS_ADMINISTRATOR']), value: h.defaultValue });
    if (r.next() < 0.25) values.push({ tenantId: h.tenantId, profileId, levelCode: 'USER', levelValue: r.pick(['buyer', 'approver', 'sysadmin']), value: h.defaultValue });
  });
  await insertRows(db, 'hpfm_profile_value', values);
}

// ---------------------------------------------------------------- data sources and databases

const DS: Array<[code: string, desc: string, type: string, purpose: string, host: string, db: string]> = [
  ['ERP_SAP_PRD', 'SAP ERP 生产库', 'HANA', 'DI', 'sap-hana-prd.demo.local:30015', 'SAPPRD'],
  ['ERP_SAP_QAS', 'SAP ERP 测试库', 'HANA', 'DI', 'sap-hana-qas.demo.local:30015', 'SAPQAS'],
  ['ORACLE_EBS', 'Oracle EBS 财务库', 'ORACLE', 'DI', 'ebs-db.demo.local:1521', 'EBSPRD'],
  ['MES_SZ', '苏州工厂 MES', 'SQLSERVER', 'DT', 'mes-sz.demo.local:1433', 'MES_SZ'],
  ['MES_CD', '成都工厂 MES', 'SQLSERVER', 'DT', 'mes-cd.demo.local:1433', 'MES_CD'],
  ['WMS_MAIN', '仓储管理系统', 'MYSQL', 'DT', 'wms-db.demo.local:3306', 'wms'],
  ['TMS_MAIN', '运输管理系统', 'MYSQL', 'DT', 'tms-db.demo.local:3306', 'tms'],
  ['BI_DW', '数据仓库', 'POSTGRESQL', 'RPT', 'dw.demo.local:5432', 'dw'],
  ['BI_MART_PUR', '采购数据集市', 'POSTGRESQL', 'RPT', 'dw.demo.local:5432', 'mart_purchase'],
  ['BI_MART_FIN', '财务数据集市', 'POSTGRESQL', 'RPT', 'dw.demo.local:5432', 'mart_finance'],
  ['HR_CORE', '人力资源系统', 'ORACLE', 'DI', 'hr-db.demo.local:1521', 'HRPRD'],
  ['CRM_MAIN', '客户关系管理', 'MYSQL', 'DI', 'crm-db.demo.local:3306', 'crm'],
  ['PLM_MAIN', '产品生命周期管理', 'ORACLE', 'DI', 'plm-db.demo.local:1521', 'PLMPRD'],
  ['QMS_MAIN', '质量管理系统', 'SQLSERVER', 'DT', 'qms-db.demo.local:1433', 'QMS'],
  ['IMPORT_STAGE', '导入暂存库', 'POSTGRESQL', 'IMP', 'stage.demo.local:5432', 'import_stage'],
  ['IMPORT_LEGACY', '历史数据迁移库', 'MYSQL', 'IMP', 'legacy.demo.local:3306', 'legacy'],
  ['SRM_ARCHIVE', 'SRM 归档库', 'POSTGRESQL', 'DT', 'archive.demo.local:5432', 'srm_archive'],
  ['SRM_REPORT', 'SRM 报表只读库', 'POSTGRESQL', 'RPT', 'srm-ro.demo.local:5432', 'srm'],
  ['OA_MAIN', 'OA 办公系统', 'MYSQL', 'DI', 'oa-db.demo.local:3306', 'oa'],
  ['EAM_MAIN', '设备资产管理', 'DB2', 'DI', 'eam-db.demo.local:50000', 'EAMPRD'],
  ['BANK_GATEWAY', '银企直连', 'ORACLE', 'DI', 'bank-gw.demo.local:1521', 'BANKGW'],
  ['TAX_INVOICE', '税务发票平台', 'MYSQL', 'DI', 'tax.demo.local:3306', 'invoice'],
  ['LOG_AUDIT', '审计日志库', 'POSTGRESQL', 'RPT', 'audit.demo.local:5432', 'audit'],
  ['DEMO_SANDBOX', '演示沙箱', 'POSTGRESQL', 'DT', 'sandbox.demo.local:5432', 'sandbox'],
  ['SUPPLIER_PORTAL', '供应商门户库', 'MYSQL', 'DT', 'portal-db.demo.local:3306', 'portal'],
  ['ECOMMERCE', '电商采购平台', 'MYSQL', 'DI', 'mall-db.demo.local:3306', 'mall'],
];
const URL_OF: Record<string, (host: string, db: string) => [string, string]> = {
  HANA: (h, d) => [`jdbc:sap://${h}/?databaseName=${d}`, 'com.sap.db.jdbc.Driver'],
  ORACLE: (h, d) => [`jdbc:oracle:thin:@//${h}/${d}`, 'oracle.jdbc.OracleDriver'],
  SQLSERVER: (h, d) => [`jdbc:sqlserver://${h};databaseName=${d}`, 'com.microsoft.sqlserver.jdbc.SQLServerDriver'],
  MYSQL: (h, d) => [`jdbc:mysql://${h}/${d}?useUnicode=true&characterEncoding=utf8`, 'com.mysql.cj.jdbc.Driver'],
  POSTGRESQL: (h, d) => [`jdbc:postgresql://${h}/${d}`, 'org.postgresql.Driver'],
  DB2: (h, d) => [`jdbc:db2://${h}/${d}`, 'com.ibm.db2.jcc.DB2Driver'],
};

async function seedDataSources(db: Queryable, r: Rng): Promise<void> {
  await insertRows(
    db,
    'hpfm_datasource',
    DS.map(([code, desc, type, purpose, host, name], i) => {
      const [url, driver] = URL_OF[type]!(host, name);
      return {
        datasourceCode: code,
        description: desc,
        dsPurposeCode: purpose,
        dbType: type,
        driverClass: driver,
        datasourceUrl: url,
        username: `srm_${name.toLowerCase().replace(/[^a-z0-9]/g, '')}_ro`,
        options: JSON.stringify({ maxPoolSize: r.pick([5, 10, 20]), connectionTimeout: 30000, readOnly: purpose === 'RPT' }),
        enabledFlag: i % 9 === 8 ? 0 : 1,
      };
    }),
  );
  await insertRows(
    db,
    'hpfm_database',
    DS.map(([code, desc, , , , name], i) => ({
      databaseCode: `${name.toLowerCase().replace(/[^a-z0-9]/g, '_')}_${i + 1}`.replace(/^[^a-z]/, 'd'),
      databaseName: `${desc}数据库`,
      datasourceCode: code,
      tablePrefix: r.pick(['', 'srm_', 'ods_', 'dw_', 'stg_']),
      publicFlag: i % 4 === 0 ? 1 : 0,
      enabledFlag: i % 9 === 8 ? 0 : 1,
    })),
  );
}

// ---------------------------------------------------------------- data permissions

/** Roles the demo has no users in: rules for them are live; rules for demo roles are kept disabled so demo lists stay whole. */
const OTHER_ROLES = ['QUALITY_ENGINEER', 'WAREHOUSE_KEEPER', 'FINANCE_CLERK', 'PLANT_BUYER_SZ', 'PLANT_BUYER_CD', 'AUDITOR'];

const RULES: Array<[code: string, name: string, type: string, field: string | null, value: string | null]> = [
  ['PO.COMPANY_SZ', '仅苏州公司订单', 'EQUALS', 'companyName', 'Demo Manufacturing (Suzhou) Ltd.'],
  ['PO.COMPANY_CD', '仅成都公司订单', 'EQUALS', 'companyName', 'Demo Manufacturing (Chengdu) Ltd.'],
  ['PO.COMPANY_HQ', '仅总部订单', 'EQUALS', 'companyName', 'Demo Manufacturing Co.'],
  ['PO.COMPANY_TRADING', '仅贸易公司订单', 'EQUALS', 'companyName', 'Demo Components Trading Ltd.'],
  ['PO.FOREIGN_CURRENCY', '外币订单', 'IN', 'currencyCode', 'USD,EUR,JPY'],
  ['PO.CNY_ONLY', '人民币订单', 'EQUALS', 'currencyCode', 'CNY'],
  ['PO.STANDARD_ONLY', '标准订单', 'EQUALS', 'poTypeCode', 'STANDARD'],
  ['PO.SERVICE_ONLY', '服务类订单', 'EQUALS', 'poTypeCode', 'SERVICE'],
  ['PO.RELEASED', '已发布及之后的订单', 'IN', 'statusCode', 'PUBLISHED,CONFIRMED,CLOSED'],
  ['PO.OWN_AGENT', '本人作为采购员的订单', 'EQUALS', 'agentName', '{loginName}'],
  ['SELF.CREATED', '仅本人创建的数据', 'SELF', null, null],
  ['ITEM.MATERIAL', '仅原材料', 'EQUALS', 'itemTypeCode', 'MATERIAL'],
  ['ITEM.SERVICE', '仅服务类物料', 'EQUALS', 'itemTypeCode', 'SERVICE'],
  ['ITEM.ASSET', '仅固定资产', 'EQUALS', 'itemTypeCode', 'ASSET'],
  ['ITEM.ENABLED', '仅启用物料', 'EQUALS', 'enabledFlag', '1'],
  ['NOTICE.SYSTEM', '仅系统公告', 'EQUALS', 'noticeTypeCode', 'SYSTEM'],
  ['TEMPLATE.ZH', '仅中文模板', 'EQUALS', 'lang', 'zh_CN'],
  ['TEMPLATE.ENABLED', '仅启用模板', 'EQUALS', 'enabledFlag', '1'],
  ['PO.LARGE_SUPPLIERS', '重点供应商订单', 'IN', 'supplierName', 'Shanghai Precision Parts Co.,Suzhou Everstrong Metals,Hamburg Feinmechanik GmbH'],
  ['PO.DOMESTIC_SUPPLIERS', '国内供应商订单', 'IN', 'supplierName', 'Shanghai Precision Parts Co.,Shenzhen Brightway Electronics,Ningbo Harbor Plastics'],
];
const RULE_ENTITY: Record<string, string> = { PO: 'poHeader', SELF: 'poHeader', ITEM: 'item', NOTICE: 'notice', TEMPLATE: 'messageTemplate' };

async function seedDataPermissions(db: Queryable, r: Rng): Promise<void> {
  const rules: Row[] = [];
  RULES.forEach(([code, name, type, field, value], i) => {
    rules.push({ tenantId: i < 8 ? 0 : DEMO_TENANT, ruleCode: code, ruleName: name, ruleTypeCode: type, fieldName: field, fieldValue: value, enabledFlag: 1, description: null });
  });
  for (const [code, name, type, field, value] of RULES.slice(0, 8)) {
    rules.push({ tenantId: DEMO_TENANT, ruleCode: `DEMO.${code}`, ruleName: `${name}（演示制造）`, ruleTypeCode: type, fieldName: field, fieldValue: value, enabledFlag: 1, description: null });
  }
  for (const [code, name, type, field, value] of RULES.slice(0, 3)) {
    rules.push({ tenantId: SECOND_TENANT, ruleCode: `SECOND.${code}`, ruleName: name, ruleTypeCode: type, fieldName: field, fieldValue: value, enabledFlag: 1, description: null });
  }
  await insertRows(db, 'hpfm_permission_rule', rules);
  const ranges: Row[] = [];
  for (const rule of rules) {
    const tenantId = rule.tenantId as number;
    const code = String(rule.ruleCode);
    const entity = RULE_ENTITY[code.replace(/^(DEMO|SECOND)\./, '').split('.')[0]!]!;
    const demoRole = r.next() < 0.35;
    const roleCode = demoRole ? (tenantId === SECOND_TENANT ? 'PURCHASER_2' : 'PURCHASER') : r.pick(OTHER_ROLES);
    ranges.push({ tenantId, entityName: entity, roleCode, ruleCode: code, enabledFlag: demoRole ? 0 : 1, description: demoRole ? '示例：启用后采购员仅能看到符合规则的数据' : null });
  }
  await insertRows(db, 'hpfm_permission_range', ranges);
}

// ---------------------------------------------------------------- rule scripts

const SCRIPTS: Array<[code: string, desc: string, category: string, type: string, server: string, body: string]> = [
  ['SODR.PO_AMOUNT_CHECK', '订单金额超预算校验', 'VALIDATION', 'GROOVY', 'sodr', 'if (po.amount > budget.remaining) { return fail("sodr.po.amountExceeded") }\nreturn ok()'],
  ['SODR.PO_APPROVAL_ROUTE', '订单审批路由', 'ROUTING', 'GROOVY', 'sodr', 'return po.amount > 500000 ? "GM_APPROVAL" : "MANAGER_APPROVAL"'],
  ['SODR.PO_TAX_CALC', '订单含税金额计算', 'CALCULATION', 'EXPRESSION', 'sodr', 'round(amount * (1 + taxRate / 100), 2)'],
  ['SODR.PO_RELEASE_NOTIFY', '订单发布通知', 'NOTIFICATION', 'GROOVY', 'sodr', 'message.send("SODR.PO_RELEASED", po.supplierContact, [poNum: po.displayPoNum])'],
  ['SSRC.RFX_SUPPLIER_CHECK', '询价供应商数量校验', 'VALIDATION', 'GROOVY', 'ssrc', 'if (rfx.suppliers.size() < 3) { return fail("ssrc.rfx.noSupplier") }\nreturn ok()'],
  ['SSRC.RFX_SCORE', '询价综合评分', 'CALCULATION', 'JAVASCRIPT', 'ssrc', 'return quote.price * 0.6 + quote.delivery * 0.2 + quote.quality * 0.2;'],
  ['SSRC.BID_OPEN_CHECK', '开标条件校验', 'VALIDATION', 'GROOVY', 'ssrc', 'return now() >= bid.openTime ? ok() : fail("ssrc.bid.notYet")'],
  ['SCM.CONTRACT_EXPIRY', '合同到期提醒', 'NOTIFICATION', 'GROOVY', 'scm', 'contracts.findExpiring(30).each { message.send("SCM.CONTRACT_EXPIRING", it.owner) }'],
  ['SCM.CONTRACT_ROUTE', '合同审批路由', 'ROUTING', 'GROOVY', 'scm', 'return contract.amount > 1000000 ? "LEGAL_REVIEW" : "DEPT_APPROVAL"'],
  ['SPRM.PR_BUDGET', '采购申请预算校验', 'VALIDATION', 'GROOVY', 'sprm', 'return budget.check(pr.costCenter, pr.amount)'],
  ['SPRM.PR_MERGE', '采购申请合并规则', 'CALCULATION', 'JAVASCRIPT', 'sprm', 'return lines.groupBy(l => l.itemCode + l.needByDate);'],
  ['SSLM.EVAL_SCORE', '供应商绩效得分', 'CALCULATION', 'EXPRESSION', 'sslm', 'quality * 0.4 + delivery * 0.3 + price * 0.2 + service * 0.1'],
  ['SSLM.GRADE', '供应商分级', 'CALCULATION', 'GROOVY', 'sslm', 'return score >= 90 ? "A" : score >= 75 ? "B" : score >= 60 ? "C" : "D"'],
  ['SSLM.REGISTER_CHECK', '供应商注册资料校验', 'VALIDATION', 'GROOVY', 'sslm', 'return supplier.licenseNo ==~ /^[0-9A-Z]{18}$/ ? ok() : fail("sslm.license")'],
  ['SQAM.8D_ESCALATE', '8D超期升级', 'NOTIFICATION', 'GROOVY', 'sqam', 'if (report.overdueDays > 3) message.send("SQAM.8D_OVERDUE", report.owner.manager)'],
  ['SINV.ASN_TOLERANCE', '送货数量容差校验', 'VALIDATION', 'EXPRESSION', 'sinv', 'shipQty <= orderQty * 1.05'],
  ['SFIN.INVOICE_MATCH', '三单匹配', 'VALIDATION', 'GROOVY', 'sfin', 'return match(po, receipt, invoice, tolerance: 0.01)'],
  ['HIAM.PASSWORD_STRENGTH', '密码强度校验', 'VALIDATION', 'JAVASCRIPT', 'iam', 'return /[A-Z]/.test(p) && /[a-z]/.test(p) && /[0-9]/.test(p) && p.length >= 8;'],
  ['HMSG.QUIET_HOURS', '消息免打扰时段', 'ROUTING', 'EXPRESSION', 'hmsg', 'hour >= 22 || hour < 8'],
  ['HWFL.DELEGATE_RULE', '审批转交规则', 'ROUTING', 'GROOVY', 'hwfl', 'return user.onLeave ? user.deputy : user'],
];

async function seedRuleScripts(db: Queryable, r: Rng): Promise<void> {
  const rows: Row[] = [];
  SCRIPTS.forEach(([code, desc, cat, type, server, body], i) => {
    rows.push({ tenantId: 0, scriptCode: code, scriptDescription: desc, category: cat, scriptTypeCode: type, serverName: server, scriptContent: body, enabledFlag: i % 7 === 6 ? 0 : 1 });
  });
  for (const [code, desc, cat, type, server, body] of SCRIPTS.slice(0, 16)) {
    rows.push({ tenantId: DEMO_TENANT, scriptCode: `DEMO.${code}`, scriptDescription: `${desc}（演示制造定制）`, category: cat, scriptTypeCode: type, serverName: server, scriptContent: body, enabledFlag: r.next() < 0.85 ? 1 : 0 });
  }
  for (const [code, desc, cat, type, server, body] of SCRIPTS.slice(0, 3)) {
    rows.push({ tenantId: SECOND_TENANT, scriptCode: `SECOND.${code}`, scriptDescription: desc, category: cat, scriptTypeCode: type, serverName: server, scriptContent: body, enabledFlag: 1 });
  }
  await insertRows(db, 'hpfm_rule_script', rows);
}

// ---------------------------------------------------------------- financial codes

const SUBJECTS: Array<[string, string, string | null]> = [
  ['1001', '库存现金', null], ['1002', '银行存款', null], ['1122', '应收账款', null], ['1123', '预付账款', null], ['1221', '其他应收款', null],
  ['1403', '原材料', null], ['1405', '库存商品', null], ['1601', '固定资产', null], ['1602', '累计折旧', null], ['1701', '无形资产', null],
  ['2202', '应付账款', null], ['2203', '预收账款', null], ['2211', '应付职工薪酬', null], ['2221', '应交税费', null], ['222101', '应交增值税', '2221'],
  ['22210101', '进项税额', '222101'], ['22210102', '销项税额', '222101'], ['5001', '生产成本', null], ['5101', '制造费用', null], ['6001', '主营业务收入', null],
  ['6401', '主营业务成本', null], ['6601', '销售费用', null], ['6602', '管理费用', null], ['660201', '办公费', '6602'], ['660202', '差旅费', '6602'],
];
const CENTERS: Array<[string, string, string]> = [
  ['CC-SZ-PROD', '苏州生产部', 'COST_CENTER'], ['CC-SZ-QA', '苏州质量部', 'COST_CENTER'], ['CC-CD-PROD', '成都生产部', 'COST_CENTER'], ['CC-HQ-PUR', '总部采购部', 'COST_CENTER'],
  ['CC-HQ-IT', '总部信息部', 'COST_CENTER'], ['PC-SZ', '苏州利润中心', 'PROFIT_CENTER'], ['PC-CD', '成都利润中心', 'PROFIT_CENTER'], ['BG-2026-CAPEX', '2026 资本性支出预算', 'BUDGET'],
  ['BG-2026-OPEX', '2026 费用预算', 'BUDGET'], ['PJ-ERP-UPGRADE', 'ERP 升级项目', 'PROJECT'], ['PJ-LINE-3', '三号产线建设', 'PROJECT'],
];

async function seedFinancialCodes(db: Queryable): Promise<void> {
  const rows: Row[] = [];
  for (const [code, name, parent] of SUBJECTS) rows.push({ tenantId: DEMO_TENANT, code, name, type: 'SUBJECT', parentCode: parent, enabledFlag: 1, remark: null });
  for (const [code, name, type] of CENTERS) rows.push({ tenantId: DEMO_TENANT, code, name, type, parentCode: null, enabledFlag: 1, remark: null });
  for (const [code, name, parent] of SUBJECTS.slice(0, 8)) rows.push({ tenantId: SECOND_TENANT, code, name, type: 'SUBJECT', parentCode: parent, enabledFlag: 1, remark: null });
  await insertRows(db, 'hpfm_financial_code', rows);
}

// ---------------------------------------------------------------- workplace cards and clauses

const CARDS: Array<[code: string, name: string, type: string, level: string, w: number, h: number]> = [
  ['todoTasks', '我的待办', 'TODO', 'TENANT', 6, 4], ['doneTasks', '我的已办', 'TODO', 'TENANT', 6, 4], ['ccTasks', '抄送我的', 'TODO', 'TENANT', 6, 3], ['notices', '公告', 'SYSTEM', 'TENANT', 6, 4],
  ['messages', '消息', 'SYSTEM', 'TENANT', 6, 4], ['quickLinks', '快捷入口', 'SYSTEM', 'TENANT', 12, 2], ['calendar', '日程', 'SYSTEM', 'TENANT', 4, 4], ['weather', '天气', 'SYSTEM', 'SITE', 3, 2],
  ['poStatus', '订单状态分布', 'BUSINESS', 'TENANT', 6, 4], ['poAmountTrend', '采购金额趋势', 'REPORT', 'TENANT', 8, 4], ['topSuppliers', '供应商采购额排名', 'REPORT', 'TENANT', 6, 4], ['rfxInProgress', '进行中的询价', 'BUSINESS', 'TENANT', 6, 3],
  ['contractExpiring', '即将到期合同', 'BUSINESS', 'TENANT', 6, 3], ['prPending', '待处理采购申请', 'BUSINESS', 'TENANT', 6, 3], ['supplierRisk', '供应商风险预警', 'BUSINESS', 'TENANT', 6, 3], ['qualityIssues', '质量问题跟踪', 'BUSINESS', 'TENANT', 6, 3],
  ['deliveryRate', '准时交货率', 'REPORT', 'TENANT', 4, 3], ['savingRate', '采购降本率', 'REPORT', 'TENANT', 4, 3], ['invoiceMatch', '发票匹配情况', 'REPORT', 'TENANT', 4, 3], ['budgetUsage', '预算执行', 'REPORT', 'TENANT', 4, 3],
  ['tenantStats', '租户统计', 'SYSTEM', 'SITE', 6, 3], ['onlineUsers', '在线用户', 'SYSTEM', 'SITE', 4, 2], ['serviceHealth', '服务健康状态', 'SYSTEM', 'SITE', 6, 3], ['loginTrend', '登录趋势', 'REPORT', 'SITE', 6, 3],
  ['storageUsage', '存储用量', 'SYSTEM', 'SITE', 4, 2], ['jobFailures', '调度失败任务', 'SYSTEM', 'SITE', 6, 3], ['newSuppliers', '新注册供应商', 'BUSINESS', 'TENANT', 4, 3], ['bidCalendar', '开标日历', 'BUSINESS', 'TENANT', 6, 4],
];

const CLAUSES: Array<[code: string, name: string, menu: string, route: string]> = [
  ['PO_TO_APPROVE', '待审批订单', 'srm.sodr.order-approval.list', '/sodr/order-approval/list'], ['PO_TO_RELEASE', '待发布订单', 'srm.sodr.order-release.list', '/sodr/order-release/list'],
  ['PO_TO_CONFIRM', '待确认订单', 'srm.sodr.confirm-order.list', '/sodr/confirm-order/list'], ['PO_DELIVERY_REVIEW', '交期待审核', 'srm.sodr.delivery-date-review.list', '/sodr/delivery-date-review/list'],
  ['PO_WRITE_OFF', '待核销订单', 'srm.sodr.write-off.list', '/sodr/write-off/list'], ['PR_TO_APPROVE', '待审批采购申请', 'srm.sprm.purchase-requisition-approval.list', '/sprm/purchase-requisition-approval/list'],
  ['PR_TO_CANCEL', '待取消采购申请', 'srm.sprm.purchase-requisition-cancel.list', '/sprm/purchase-requisition-cancel/list'], ['RFX_TO_PUBLISH', '待发布询价', 'srm.ssrc.inquiry-hall', '/ssrc/inquiry-hall'],
  ['RFX_TO_QUOTE', '待报价询价', 'srm.ssrc.supplier-quotation.list', '/ssrc/supplier-quotation/list'], ['RFX_TO_CHECK', '待核价询价', 'srm.ssrc.inquiry-hall', '/ssrc/inquiry-hall'],
  ['BID_TO_OPEN', '待开标项目', 'srm.tender.tenderHall.list', '/tender/tenderHall/list'], ['BID_TO_SCORE', '待评分项目', 'srm.tender.expertGrade.grade', '/tender/expertGrade/grade'],
  ['CONTRACT_TO_SIGN', '待签署合同', 'srm.scm.my-contract.list', '/scm/my-contract/list'], ['CONTRACT_EXPIRING', '即将到期合同', 'srm.scm.query-my-contract.list', '/scm/query-my-contract/list'],
  ['SUPPLIER_TO_REVIEW', '待审核供应商', 'srm.sslm.supplier-access-review', '/sslm/supplier-access-review'], ['SUPPLIER_INVESTIGATION', '待反馈调查表', 'srm.sslm.investigation', '/sslm/investigation'],
  ['EVAL_TO_SCORE', '待评分绩效', 'srm.sslm.evaluation.archive-filling.list', '/sslm/evaluation/archive-filling/list'], ['QUALITY_8D', '待处理8D报告', 'srm.sslm.quality-audit', '/sslm/quality-audit'],
  ['EXPERT_TO_APPROVE', '待审批专家', 'srm.ssrc.expert-approve.list', '/ssrc/expert-approve/list'], ['WF_TODO', '待办审批', 'srm.hwfl.workflow.task', '/hwfl/workflow/task'],
  ['WF_CARBON_COPY', '抄送审批', 'srm.hwfl.carbon-copy-task', '/hwfl/carbon-copy-task'], ['MSG_UNREAD', '未读消息', 'srm.hmsg.user-message.list', '/hmsg/user-message/list'],
  ['NOTICE_UNREAD', '未读公告', 'srm.hptl.notices.list', '/hptl/notices/list'], ['IMPORT_FAILED', '导入失败批次', 'srm.himp.template.list', '/himp/template/list'],
  ['JOB_FAILED', '失败调度任务', 'srm.hsdr.job-log', '/hsdr/job-log'], ['INTERFACE_ERROR', '接口异常', 'srm.hitf.interface-logs.list', '/hitf/interface-logs/list'],
  ['USER_LOCKED', '锁定用户', 'srm.hiam.user', '/hiam/user'], ['TENANT_NEW', '新建租户', 'srm.hpfm.tenants', '/hpfm/tenants'],
];

async function seedWorkplace(db: Queryable, r: Rng): Promise<void> {
  await insertRows(
    db,
    'hpfm_dashboard_card',
    CARDS.map(([code, name, type, level, w, h], i) => ({ code, name, catalogType: type, level, w, h, enabledFlag: i % 10 === 9 ? 0 : 1, remark: null })),
  );
  await insertRows(
    db,
    'hpfm_dashboard_clause',
    CLAUSES.map(([code, name, menu, route], i) => ({
      clauseCode: code,
      clauseName: name,
      menuCode: menu,
      dataTenantLevel: code.startsWith('TENANT') || code.startsWith('JOB') ? 'SITE' : 'TENANT',
      statsExpression: `count(*) where ${code.split('_')[0]!.toLowerCase()}.status = '${r.pick(['PENDING', 'APPROVING', 'NEW', 'OPEN'])}'`,
      docRemarkExpression: `'${name}：' + count`,
      docRouteExpression: route,
      enabledFlag: i % 12 === 11 ? 0 : 1,
      remark: null,
    })),
  );
}

// ---------------------------------------------------------------- system configuration

const CONFIGS: Array<[code: string, cat: string, value: string, desc: string]> = [
  ['TITLE', 'UI', 'SRM 供应商协同平台', '系统标题'], ['LOGO', 'UI', '/img/logo.svg', '系统 Logo'], ['FAVICON', 'UI', '/favicon.ico', '浏览器图标'],
  ['MENU_LAYOUT', 'UI', 'side-all', '菜单布局'], ['MENU_THEME', 'UI', 'dark', '菜单主题'], ['WATERMARK', 'UI', '0', '页面水印'],
  ['DEFAULT_LANGUAGE', 'BASIC', 'zh_CN', '默认语言'], ['DEFAULT_TIME_ZONE', 'BASIC', 'GMT+8', '默认时区'], ['DEFAULT_CURRENCY', 'BASIC', 'CNY', '本位币'],
  ['DATE_FORMAT', 'BASIC', 'YYYY-MM-DD', '日期格式'], ['COPYRIGHT', 'BASIC', '© 2026 Demo Manufacturing Co.', '版权信息'], ['HELP_URL', 'BASIC', 'https://help.demo.local', '帮助文档地址'],
  ['PASSWORD_EXPIRE_DAYS', 'SECURITY', '90', '密码有效天数'], ['LOGIN_CAPTCHA', 'SECURITY', '1', '登录验证码'], ['MAX_LOGIN_FAILS', 'SECURITY', '5', '最大登录失败次数'],
  ['LOCK_MINUTES', 'SECURITY', '15', '锁定时长（分钟）'], ['SESSION_TIMEOUT', 'SECURITY', '60', '会话超时（分钟）'], ['IP_WHITELIST', 'SECURITY', '', 'IP 白名单'],
  ['MAIL_SENDER', 'NOTIFY', 'noreply@demo.local', '邮件发件人'], ['MAIL_SIGNATURE', 'NOTIFY', '演示制造采购部', '邮件签名'], ['SMS_SIGN', 'NOTIFY', '【演示制造】', '短信签名'],
  ['NOTICE_POPUP', 'NOTIFY', '1', '登录弹出公告'], ['ERP_SYNC_CRON', 'INTEGRATION', '0 0/30 * * * ?', 'ERP 同步频率'], ['ERP_ENDPOINT', 'INTEGRATION', 'https://erp.demo.local/api', 'ERP 接口地址'],
  ['OCR_ENABLED', 'INTEGRATION', '0', '发票 OCR 识别'], ['E_SIGN_PROVIDER', 'INTEGRATION', 'FADADA', '电子签章服务商'],
];

async function seedConfigs(db: Queryable): Promise<void> {
  const rows: Row[] = CONFIGS.map(([configCode, category, configValue, description]) => ({ tenantId: 0, configCode, category, configValue, description }));
  for (const [configCode, category, configValue, description] of CONFIGS.filter(([, cat]) => cat === 'UI' || cat === 'NOTIFY')) {
    rows.push({ tenantId: DEMO_TENANT, configCode, category, configValue: configCode === 'TITLE' ? '演示制造采购协同' : configValue, description });
  }
  await insertRows(db, 'hpfm_config', rows);
}

// ---------------------------------------------------------------- static texts

const TEXTS: Array<[code: string, zh: string, en: string]> = [
  ['USER_GUIDE', '用户手册', 'User guide'], ['SUPPLIER_GUIDE', '供应商操作指南', 'Supplier guide'], ['PURCHASE_POLICY', '采购管理制度', 'Purchasing policy'],
  ['SUPPLIER_CODE_OF_CONDUCT', '供应商行为准则', 'Supplier code of conduct'], ['ANTI_BRIBERY', '反商业贿赂承诺书', 'Anti-bribery commitment'], ['QUALITY_AGREEMENT', '质量保证协议', 'Quality assurance agreement'],
  ['DELIVERY_TERMS', '交货条款', 'Delivery terms'], ['PAYMENT_TERMS', '付款条款', 'Payment terms'], ['INVOICE_GUIDE', '开票须知', 'Invoicing guide'],
  ['BID_RULES', '招标须知', 'Tender rules'], ['RFX_NOTES', '询价说明', 'RFx notes'], ['CONTACT_US', '联系我们', 'Contact us'],
  ['FAQ', '常见问题', 'FAQ'], ['COOKIE_POLICY', 'Cookie 政策', 'Cookie policy'],
];

async function seedStaticTexts(db: Queryable): Promise<void> {
  const rows: Row[] = [];
  const text = (tenantId: number, code: string, lang: string, title: string) => ({
    tenantId,
    textCode: code,
    lang,
    title,
    text: `<h2>${title}</h2><p>${lang === 'zh_CN' ? `本文档说明${title}的主要内容，请在业务操作前仔细阅读。` : `This document sets out the ${title.toLowerCase()}; please read it before you start.`}</p>`,
    description: null,
    startDate: '2025-01-01',
    endDate: null,
  });
  for (const [code, zh, en] of TEXTS) {
    rows.push(text(0, code, 'zh_CN', zh), text(0, code, 'en_US', en));
  }
  for (const [code, zh, en] of TEXTS) {
    rows.push(text(DEMO_TENANT, code, 'zh_CN', `演示制造${zh}`), text(DEMO_TENANT, code, 'en_US', `Demo Manufacturing ${en.toLowerCase()}`));
  }
  rows.push(text(SECOND_TENANT, 'USER_GUIDE', 'zh_CN', '第二贸易用户手册'));
  await insertRows(db, 'hpfm_static_text', rows);
}

// ---------------------------------------------------------------- tenant LOV views

const TENANT_VIEWS: Array<[code: string, name: string, entity: string, value: string, display: string, cols: Array<[string, string]>]> = [
  ['DEMO.PURCHASE_ORDER', '本公司采购订单', 'poHeader', 'displayPoNum', 'displayPoNum', [['displayPoNum', 'Order number'], ['supplierName', 'Supplier']]],
  ['DEMO.MATERIAL', '本公司物料', 'item', 'itemCode', 'itemName', [['itemCode', 'Item code'], ['itemName', 'Item name']]],
  ['DEMO.ACCOUNT_SUBJECT', '会计科目', 'financialCode', 'code', 'name', [['code', 'Code'], ['name', 'Name']]],
  ['DEMO.BUYER', '采购员', 'user', 'id', 'realName', [['loginName', 'Login name'], ['realName', 'Name']]],
  ['DEMO.ROLE', '租户角色', 'role', 'code', 'name', [['code', 'Role code'], ['name', 'Role name']]],
  ['DEMO.CODE_RULE', '租户编码规则', 'codeRule', 'ruleCode', 'ruleName', [['ruleCode', 'Rule code'], ['ruleName', 'Rule name']]],
  ['DEMO.RULE_SCRIPT', '租户规则脚本', 'ruleScript', 'scriptCode', 'scriptDescription', [['scriptCode', 'Script code'], ['scriptDescription', 'Description']]],
  ['DEMO.PROFILE', '租户配置项', 'profile', 'profileName', 'description', [['profileName', 'Profile'], ['description', 'Description']]],
  ['DEMO.STATIC_TEXT', '租户静态文本', 'staticText', 'textCode', 'title', [['textCode', 'Text code'], ['title', 'Title']]],
  ['DEMO.NOTICE', '租户公告', 'notice', 'noticeId', 'title', [['title', 'Title']]],
];

async function seedTenantViews(db: Queryable): Promise<void> {
  await insertRows(
    db,
    'hpfm_lov',
    TENANT_VIEWS.map(([code, name, entity, value, display]) => ({ tenantId: DEMO_TENANT, lovCode: code, lovName: name, lovTypeCode: 'SQL', sourceEntity: entity, valueField: value, displayField: display, enabledFlag: 1 })),
  );
  await insertRows(
    db,
    'hpfm_lov_view',
    TENANT_VIEWS.map(([code, name, , value, display, cols]) => ({
      tenantId: DEMO_TENANT,
      viewCode: code,
      viewName: name,
      lovCode: code,
      valueField: value,
      displayField: display,
      title: `选择${name}`,
      width: 640,
      pageSize: 10,
      queryFields: JSON.stringify(cols.map(([field, label]) => ({ field, label, dataType: 'INPUT' }))),
      tableFields: JSON.stringify(cols.map(([dataIndex, title]) => ({ title, dataIndex, width: 200 }))),
      enabledFlag: 1,
    })),
  );
}

// ---------------------------------------------------------------- audit log

async function seedAuditLog(db: Queryable, r: Rng): Promise<void> {
  const users: Record<number, Array<[number, string]>> = {
    0: [[1, 'admin']],
    [DEMO_TENANT]: [[2, 'sysadmin'], [3, 'buyer'], [6, 'approver'], [1, 'admin']],
    [SECOND_TENANT]: [[7, 'admin2'], [8, 'buyer2']],
  };
  const samples: Record<string, Array<() => [string, Row]>> = {
    poHeader: [
      () => ['CREATE', { supplierName: r.pick(['Shanghai Precision Parts Co.', 'Ningbo Harbor Plastics', 'Osaka Kogyo K.K.']), companyName: 'Demo Manufacturing Co.', currencyCode: 'CNY' }],
      () => ['UPDATE', { remark: r.pick(['Urgent', 'Split delivery allowed', 'Deliver to warehouse B']) }],
      () => ['SUBMIT', { statusCode: { from: 'NEW', to: 'APPROVING' } }],
      () => ['APPROVE', { statusCode: { from: 'APPROVING', to: 'APPROVED' } }],
      () => ['RELEASE', { statusCode: { from: 'APPROVED', to: 'PUBLISHED' } }],
    ],
    item: [
      () => ['CREATE', { itemCode: `MAT-1${r.int(10000, 99999)}`, itemName: r.pick(['Bearing A12', 'Valve X40', 'Sensor B77']), itemTypeCode: 'MATERIAL' }],
      () => ['UPDATE', { unitPrice: r.int(1, 900) + 0.5, leadTimeDays: r.int(3, 60) }],
    ],
    user: [() => ['UPDATE', { enabledFlag: 0 }], () => ['UPDATE', { email: `user${r.int(1, 99)}@example.com` }]],
    role: [() => ['UPDATE', { description: 'Adjusted menus for the quarter close' }]],
    lovValue: [() => ['CREATE', { lovCode: 'SMDM.UOM', value: 'ROLL', meaning: '卷', meaningEn: 'Roll' }], () => ['UPDATE', { meaning: '件（个）' }]],
    prompt: [() => ['UPDATE', { description: r.pick(['查询', '搜索', 'Search']) }]],
    codeRule: [() => ['UPDATE', { ruleName: '采购订单编号（2026）' }]],
    codeRuleDetail: [() => ['UPDATE', { fieldValue: r.pick(['PO', 'PO-', 'DPO']) }]],
    messageTemplate: [() => ['UPDATE', { templateTitle: '订单 ${poNum} 已发布' }]],
    notice: [() => ['PUBLISH', { statusCode: { from: 'DRAFT', to: 'PUBLISHED' } }]],
    staticText: [() => ['UPDATE', { title: '隐私政策（2026 修订）' }]],
    permissionRange: [() => ['CREATE', { entityName: 'poHeader', roleCode: 'PURCHASER', ruleCode: 'PO.COMPANY_SZ' }]],
    systemConfig: [() => ['UPDATE', { configValue: r.pick(['60', '30', '1']) }]],
    profile: [() => ['UPDATE', { defaultValue: r.pick(['10', '20', 'zh_CN']) }]],
    tenant: [() => ['UPDATE', { tenantName: 'Demo Manufacturing Co.' }]],
    event: [() => ['UPDATE', { enabledFlag: 1 }]],
    datasource: [() => ['UPDATE', { enabledFlag: 0 }]],
  };
  const site = ['lovValue', 'prompt', 'codeRule', 'codeRuleDetail', 'tenant', 'event', 'datasource', 'systemConfig', 'staticText', 'role'];
  const tenant = ['poHeader', 'poHeader', 'poHeader', 'item', 'item', 'user', 'role', 'messageTemplate', 'notice', 'permissionRange', 'profile', 'staticText', 'lovValue'];
  const rows: Row[] = [];
  const add = (tenantId: number, entities: string[], count: number) => {
    for (let i = 0; i < count; i++) {
      const entity = r.pick(entities);
      const [action, changes] = r.pick(samples[entity]!)();
      const [userId, loginName] = r.pick(users[tenantId]!);
      rows.push({ tenantId, entityName: entity, recordId: r.int(1, 300), action, userId, loginName, changes: JSON.stringify(changes), auditDate: ago(r, 200) });
    }
  };
  add(0, site, 36);
  add(DEMO_TENANT, tenant, 60);
  add(SECOND_TENANT, tenant, 12);
  rows.sort((a, b) => String(a.auditDate).localeCompare(String(b.auditDate)));
  await insertRows(db, 'hpfm_audit_log', rows);
}

/** The hpfm configuration screens' demo data: code rules, events, profiles, data permissions, logs … */
export const step: SeedStep = {
  version: 'seed:hpfm-config:v1',
  async run(tx) {
    const r = rng(20260707);
    await seedCodeRules(tx);
    await insertRows(tx, 'hpfm_language', LANGUAGES.map(([code, name, nameEn, enabledFlag]) => ({ code, name, nameEn, enabledFlag, description: null })));
    await seedEvents(tx, r);
    await insertRows(
      tx,
      'hpfm_message',
      RETURN_MESSAGES.flatMap(([code, type, zh, en]) => [
        { code, type, lang: 'zh_CN', description: zh },
        { code, type, lang: 'en_US', description: en },
      ]),
    );
    await seedProfiles(tx, r);
    await seedDataSources(tx, r);
    await seedDataPermissions(tx, r);
    await seedRuleScripts(tx, r);
    await seedFinancialCodes(tx);
    await seedWorkplace(tx, r);
    await seedConfigs(tx);
    await seedStaticTexts(tx);
    await seedTenantViews(tx);
    await seedAuditLog(tx, r);
  },
};
