import type { Queryable } from '../../db/database.ts';
import { insertRows } from '../insert.ts';
import { rng } from '../rng.ts';
import type { SeedStep } from '../seed.ts';

type Row = Record<string, unknown>;
const T1 = 1;
const T2 = 2;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const rowsOf = (tenantId: number, list: Row[]) => list.map((r) => ({ tenantId, ...r }));

/** Kinds of the seeded templates (server/seed/modules/hmsg-templates.ts), in its order. */
const KINDS: Array<[string, string, string]> = [
  ['ORDER_RELEASED', '采购订单发布通知', 'ORDER'], ['ORDER_CONFIRMED', '采购订单确认通知', 'ORDER'], ['RFX_INVITATION', '询价邀请通知', 'SOURCING'],
  ['RFX_AWARDED', '询价中标通知', 'SOURCING'], ['SUPPLIER_APPROVED', '供应商准入审批通过', 'SUPPLIER'], ['PASSWORD_RESET', '密码重置通知', 'SYSTEM'],
  ['CONTRACT_SIGNED', '合同签署通知', 'APPROVAL'], ['INVOICE_RECEIVED', '发票接收通知', 'ORDER'],
];

/** Receiver types: code, name, mode, service, API. */
const RECEIVER_TYPES: Array<[string, string, string, string | null, string | null]> = [
  ['SPECIFIED_USER', '指定用户', 'USER', null, null], ['DOC_CREATOR', '单据创建人', 'USER', 'srm-sodr', '/v1/{organizationId}/receivers/doc-creator'],
  ['PO_BUYER', '订单采购员', 'USER', 'srm-sodr', '/v1/{organizationId}/receivers/po-buyer'], ['PO_SUPPLIER_CONTACT', '订单供应商联系人', 'USER', 'srm-sodr', '/v1/{organizationId}/receivers/po-supplier-contact'],
  ['RFX_INVITEE', '询价邀请供应商', 'USER', 'srm-ssrc', '/v1/{organizationId}/receivers/rfx-invitee'], ['RFX_EXPERT', '评标专家', 'USER', 'srm-ssrc', '/v1/{organizationId}/receivers/rfx-expert'],
  ['ROLE_PURCHASER', '采购员角色', 'ROLE', null, null], ['ROLE_APPROVER', '审批人角色', 'ROLE', null, null], ['ROLE_SUPPLIER', '供应商角色', 'ROLE', null, null],
  ['ROLE_EXPERT', '专家角色', 'ROLE', null, null], ['ROLE_SYS_ADMIN', '系统管理员角色', 'ROLE', null, null],
  ['GROUP_PURCHASE_MGR', '采购经理组', 'USER_GROUP', 'hzero-iam', null], ['GROUP_QUALITY', '质量工程师组', 'USER_GROUP', 'hzero-iam', null],
  ['GROUP_FINANCE', '财务组', 'USER_GROUP', 'hzero-iam', null], ['GROUP_LOGISTICS', '物流组', 'USER_GROUP', 'hzero-iam', null],
  ['UNIT_PURCHASE_DEPT', '采购部全员', 'UNIT', 'hzero-platform', null], ['UNIT_QUALITY_DEPT', '质量部全员', 'UNIT', 'hzero-platform', null],
  ['UNIT_FINANCE_DEPT', '财务部全员', 'UNIT', 'hzero-platform', null], ['UNIT_PLANT_SZ', '苏州工厂全员', 'UNIT', 'hzero-platform', null],
  ['CONTRACT_OWNER', '合同负责人', 'URL', 'srm-scm', '/v1/{organizationId}/receivers/contract-owner'], ['CONTRACT_SIGNER', '合同签署人', 'URL', 'srm-scm', '/v1/{organizationId}/receivers/contract-signer'],
  ['INVOICE_AUDITOR', '发票审核人', 'URL', 'srm-sfin', '/v1/{organizationId}/receivers/invoice-auditor'], ['PR_APPLICANT', '采购申请人', 'URL', 'srm-sprm', '/v1/{organizationId}/receivers/pr-applicant'],
  ['SUPPLIER_ADMIN', '供应商主账号', 'URL', 'srm-spfm', '/v1/{organizationId}/receivers/supplier-admin'], ['WF_CURRENT_APPROVER', '当前审批人', 'URL', 'hzero-workflow', '/v1/{organizationId}/receivers/current-approver'],
  ['WF_STARTER', '流程发起人', 'URL', 'hzero-workflow', '/v1/{organizationId}/receivers/process-starter'],
];

const SEND_EXTRA: Array<[string, string, string]> = [
  ['SRM.ORDER.DELIVERY_REMIND', '订单交期提醒', 'ORDER'], ['SRM.ORDER.CANCELED', '订单取消通知', 'ORDER'], ['SRM.SOURCING.BID_OPENED', '开标通知', 'SOURCING'],
  ['SRM.SOURCING.CLARIFY', '澄清函发布通知', 'SOURCING'], ['SRM.SUPPLIER.CERT_EXPIRE', '供应商资质到期提醒', 'SUPPLIER'], ['HZERO.SYSTEM.MAINTENANCE', '系统维护通知', 'SYSTEM'],
];

async function servers(tx: Queryable) {
  const mail: Array<[string, string, string, number, string, string]> = [
    ['ALIYUN_DM', '阿里云邮件推送', 'smtpdm.aliyun.com', 465, 'SMTPS', 'noreply@mail.demo-mfg.example.com'], ['QQ_EXMAIL', '腾讯企业邮箱', 'smtp.exmail.qq.com', 465, 'SMTPS', 'srm@demo-mfg.example.com'],
    ['NETEASE_QIYE', '网易企业邮箱', 'smtphz.qiye.163.com', 994, 'SMTPS', 'purchase@demo-mfg.example.com'], ['OFFICE365', 'Microsoft 365', 'smtp.office365.com', 587, 'STARTTLS', 'srm-notify@demo-mfg.example.com'],
    ['GMAIL_WS', 'Google Workspace', 'smtp.gmail.com', 587, 'STARTTLS', 'global-sourcing@demo-mfg.example.com'], ['EXCHANGE_SH', '上海总部 Exchange', 'mail.sh.demo-mfg.example.com', 25, 'SMTP', 'sh-admin@demo-mfg.example.com'],
    ['EXCHANGE_SZ', '苏州工厂 Exchange', 'mail.sz.demo-mfg.example.com', 25, 'SMTP', 'sz-admin@demo-mfg.example.com'], ['SENDCLOUD', 'SendCloud', 'smtp.sendcloud.net', 465, 'SMTPS', 'notice@sendcloud.demo-mfg.example.com'],
    ['AWS_SES', 'Amazon SES (ap-southeast-1)', 'email-smtp.ap-southeast-1.amazonaws.com', 587, 'STARTTLS', 'no-reply@global.demo-mfg.example.com'], ['HUAWEI_MAIL', '华为云企业邮箱', 'smtp.mail.huaweicloud.com', 465, 'SMTPS', 'it@demo-mfg.example.com'],
  ];
  const purposes: Array<[string, string]> = [['', ''], ['_BID', '（招标）'], ['_FIN', '（财务）']];
  const list: Row[] = [];
  for (const [pi, [suffix, label]] of purposes.entries()) {
    for (const [i, [code, name, host, port, protocol, sender]] of mail.entries()) {
      if (pi === 2 && i >= 6) continue;
      list.push({ serverCode: `${code}${suffix}`, serverName: `${name}${label}`, host, port, protocolCode: protocol, username: sender.replace('@', suffix ? `${suffix.toLowerCase().replace('_', '.')}@` : '@'), sender, tryTimes: 3, enabledFlag: i % 7 === 6 ? 0 : 1 });
    }
  }
  await insertRows(tx, 'hmsg_email_server', rowsOf(T1, list));
  await insertRows(tx, 'hmsg_email_server', rowsOf(T2, list.slice(0, 3).map((x) => ({ ...x, sender: String(x.sender).replace('demo-mfg', 'second-trading'), username: String(x.username).replace('demo-mfg', 'second-trading') }))));

  const sms: Array<[string, string, string]> = [
    ['ALIYUN', 'dysmsapi.aliyuncs.com', '演示制造'], ['QCLOUD', 'sms.tencentcloudapi.com', '演示制造SRM'], ['BAIDU', 'smsv3.bj.baidubce.com', '演示制造'],
    ['HUAWEI', 'smsapi.cn-north-4.myhuaweicloud.com:443', '演示制造'], ['CMPP', 'cmpp.sh.10086.cn:7890', '演示制造'],
  ];
  const uses: Array<[string, string]> = [['VERIFY', '验证码'], ['NOTICE', '业务通知'], ['MARKETING', '供应商活动'], ['ALARM', '系统告警'], ['BID', '招投标通知'], ['BACKUP', '备用通道']];
  const smsRows: Row[] = [];
  uses.forEach(([use, useName], ui) => {
    sms.forEach(([type, endPoint, sign], si) => {
      if (ui === 5 && si > 0) return;
      smsRows.push({ serverCode: `${type}_${use}`, serverName: `${useName}短信（${type}）`, serverTypeCode: type, endPoint, accessKey: `LTAI${pad(ui * 5 + si + 11, 4)}XXXXXXXXXX`, signName: `【${sign}】`, enabledFlag: si === 4 && ui > 1 ? 0 : 1 });
    });
  });
  await insertRows(tx, 'hmsg_sms_server', rowsOf(T1, smsRows));
  await insertRows(tx, 'hmsg_sms_server', rowsOf(T2, smsRows.slice(0, 3).map((x) => ({ ...x, signName: '【第二贸易】' }))));
}

async function receivers(tx: Queryable) {
  const list = RECEIVER_TYPES.map(([code, name, mode, route, api], i) => ({
    typeCode: code, typeName: name, typeModeCode: mode, routeName: route, apiUrl: api,
    description: mode === 'ROLE' ? '角色编码作为接收者' : mode === 'USER' && !api ? '登录名作为接收者' : `由${route}解析接收者`, enabledFlag: i === 24 ? 0 : 1,
  }));
  await insertRows(tx, 'hmsg_receiver_type', rowsOf(T1, list));
  await insertRows(tx, 'hmsg_receiver_type', rowsOf(T2, list.slice(0, 3).concat(list.slice(6, 8))));
}

async function sendConfigs(tx: Queryable) {
  const list: Row[] = [];
  const args = { companyName: '演示制造（上海）有限公司', docNum: 'PO-2026-000123', userName: 'Bella Buyer', date: '2026-03-15' };
  // One configuration per seeded template of the tenant (templateCode KIND.<tenant>.NN).
  for (let i = 0; i < 24; i++) {
    const [kind, name, category] = KINDS[i % KINDS.length]!;
    const round = Math.floor(i / KINDS.length);
    const receiver = ['SPECIFIED_USER', 'ROLE_PURCHASER', 'PO_BUYER'][round]!;
    list.push({
      messageCode: `SRM.${kind}${round ? `.${['', 'ROLE', 'BUYER'][round]}` : ''}`, messageName: `${name}${round === 1 ? '（按角色）' : round === 2 ? '（订单采购员）' : ''}`, categoryCode: category,
      messageTypeCode: round === 2 ? 'EMAIL' : 'WEB', templateCode: `${kind}.1.${pad(i + 1)}`, templateName: `${kind.replace(/_/g, ' ').toLowerCase()} (${i % 2 === 0 ? 'zh_CN' : 'en_US'})`,
      receiverTypeCode: receiver, receiverTypeName: RECEIVER_TYPES.find((r) => r[0] === receiver)![1], receiveConfigFlag: round === 0 ? 1 : 0,
      testReceivers: round === 1 ? 'PURCHASER' : 'buyer', testArgs: args, description: `${name}：模板 ${kind}.1.${pad(i + 1)}`, enabledFlag: i === 23 ? 0 : 1,
    });
  }
  SEND_EXTRA.forEach(([code, name, category], i) => {
    const tpl = `${KINDS[i]![0]}.1.${pad(i + 1)}`;
    list.push({
      messageCode: code, messageName: name, categoryCode: category, messageTypeCode: i % 2 ? 'SMS' : 'WEB', templateCode: tpl, templateName: KINDS[i]![1], receiverTypeCode: 'SPECIFIED_USER',
      receiverTypeName: '指定用户', receiveConfigFlag: 1, testReceivers: 'buyer,approver', testArgs: args, description: name, enabledFlag: 1,
    });
  });
  await insertRows(tx, 'hmsg_template_server', rowsOf(T1, list));
  await insertRows(
    tx,
    'hmsg_template_server',
    rowsOf(T2, list.slice(0, 6).map((x, i) => ({ ...x, templateCode: `${KINDS[i % KINDS.length]![0]}.2.${pad(i + 1)}`, testReceivers: 'buyer2', testArgs: { ...args, companyName: '第二贸易（深圳）有限公司' } }))),
  );
}

async function receiveConfigs(tx: Queryable) {
  const tree: Array<[string, string, string, Array<[string, string]>]> = [
    ['SYSTEM', '系统消息', 'WEB,EMAIL', [['PASSWORD', '密码与安全'], ['MAINTENANCE', '系统维护'], ['ANNOUNCEMENT', '平台公告']]],
    ['ORDER', '订单消息', 'WEB,EMAIL', [['RELEASED', '订单发布'], ['CONFIRMED', '订单确认'], ['DELIVERY', '交期变更'], ['CANCELED', '订单取消'], ['INVOICE', '发票与对账']]],
    ['SOURCING', '寻源消息', 'WEB,EMAIL,SMS', [['INVITATION', '询价邀请'], ['QUOTATION', '报价提醒'], ['AWARD', '中标结果'], ['CLARIFY', '澄清函']]],
    ['SUPPLIER', '供应商消息', 'WEB,EMAIL', [['ACCESS', '准入审批'], ['CERT', '资质到期'], ['EVALUATION', '绩效考评']]],
    ['APPROVAL', '审批消息', 'WEB,SMS', [['TODO', '待办审批'], ['RESULT', '审批结果'], ['DELEGATE', '转交与加签']]],
    ['CONTRACT', '合同消息', 'WEB,EMAIL', [['SIGN', '合同签署'], ['EXPIRE', '合同到期']]],
  ];
  const list: Row[] = [];
  tree.forEach(([code, name, channels, children], i) => {
    list.push({ receiveCode: code, receiveName: name, parentReceiveCode: null, defaultReceiveType: channels, levelNumber: 1, orderSeq: (i + 1) * 100, enabledFlag: 1 });
    children.forEach(([cc, cn], j) => list.push({ receiveCode: `${code}.${cc}`, receiveName: cn, parentReceiveCode: code, defaultReceiveType: channels, levelNumber: 2, orderSeq: (i + 1) * 100 + (j + 1) * 10, enabledFlag: 1 }));
  });
  await insertRows(tx, 'hmsg_receive_config', rowsOf(T1, list));
  await insertRows(tx, 'hmsg_receive_config', rowsOf(T2, list.slice(0, 4)));
}

async function sentMessages(tx: Queryable) {
  const r = rng(4101);
  const now = Date.now();
  const receivers = ['buyer', 'approver', 'supplier', 'expert', 'sysadmin', 'li.xiaoyan@demo-mfg.example.com', '13812345678', 'zhang.haifeng@demo-mfg.example.com'];
  const list: Row[] = [];
  for (let i = 0; i < 48; i++) {
    const [kind, name] = KINDS[i % KINDS.length]!;
    const type = r.pick(['WEB', 'WEB', 'EMAIL', 'SMS']);
    const status = i % 11 === 5 ? 'F' : i === 0 ? 'P' : 'S';
    const doc = `PO-2026-${pad(r.int(1, 999), 6)}`;
    const at = new Date(now - (i * 7 + r.int(0, 6)) * 3_600_000);
    const to = type === 'SMS' ? receivers[6]! : type === 'EMAIL' ? r.pick([receivers[5]!, receivers[7]!]) : r.pick(receivers.slice(0, 5));
    list.push({
      messageTypeCode: type, messageCode: `SRM.${kind}`, templateCode: `${kind}.1.${pad((i % 24) + 1)}`, lang: 'zh_CN', subject: `${name}：${doc}`,
      content: `<p>您好，单据 <b>${doc}</b> 状态已更新，请登录系统查看。</p>`, receiverAddress: to, receiverCount: 1, trxStatusCode: status,
      sendDate: at.toISOString().slice(0, 19).replace('T', ' '), senderName: '系统', errorMessage: status === 'F' ? (type === 'SMS' ? '短信签名未审核通过' : '收件人地址不存在') : null,
    });
  }
  await insertRows(tx, 'hmsg_message', rowsOf(T1, list));
  await insertRows(tx, 'hmsg_message', rowsOf(T2, list.slice(0, 5).map((m) => ({ ...m, receiverAddress: 'buyer2' }))));
}

/** Messaging configuration: mail and SMS accounts, receiver types, send and receive configurations, sent-message history. */
export const step: SeedStep = {
  version: 'seed:hmsg-config:v1',
  async run(tx) {
    await servers(tx);
    await receivers(tx);
    await sendConfigs(tx);
    await receiveConfigs(tx);
    await sentMessages(tx);
  },
};
