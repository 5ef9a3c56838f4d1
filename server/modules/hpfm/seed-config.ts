import type { Queryable } from '../../db/database.ts';
import { insertRows } from '../../seed/insert.ts';
import { DEMO_TENANT, SECOND_TENANT } from '../../seed/platform-seed.ts';
import type { SeedStep } from '../../seed/seed.ts';

type Row = Record<string, unknown>;

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

/**
 * The hpfm configuration seed that is behaviour rather than rows: code rules (segments keyed by
 * the generated rule ids, sequences counted from them), and rows in tables the core seed also
 * fills (static texts, tenant LOV views). The rest is in the entities' seed recipes.
 */
export const step: SeedStep = {
  version: 'seed:hpfm-config:v1',
  async run(tx) {
    await seedCodeRules(tx);
    await seedStaticTexts(tx);
    await seedTenantViews(tx);
  },
};
