import { insertRows } from '../insert.ts';
import { rng } from '../rng.ts';
import type { SeedStep } from '../seed.ts';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Directory servers of a group with plants and offices in several regions. */
const SITES = [
  ['SH', '上海总部', 'shanghai'],
  ['BJ', '北京分公司', 'beijing'],
  ['GZ', '广州分公司', 'guangzhou'],
  ['SZ', '深圳研发中心', 'shenzhen'],
  ['CD', '成都工厂', 'chengdu'],
  ['WH', '武汉工厂', 'wuhan'],
  ['SY', '沈阳工厂', 'shenyang'],
  ['XA', '西安办事处', 'xian'],
  ['SG', 'Singapore office', 'singapore'],
  ['DE', 'Munich office', 'munich'],
  ['US', 'Chicago office', 'chicago'],
  ['JP', 'Osaka office', 'osaka'],
  ['NJ', '南京工厂', 'nanjing'],
] as const;

const OPEN_APPS = [
  ['WECHAT', '微信登录', 'snsapi_login'],
  ['WECHAT_WORK', '企业微信扫码登录', 'snsapi_base'],
  ['DINGTALK', '钉钉扫码登录', 'snsapi_login'],
  ['FEISHU', '飞书登录', 'contact:user.base:readonly'],
  ['QQ', 'QQ互联登录', 'get_user_info'],
  ['WEIBO', '微博登录', 'email'],
  ['ALIPAY', '支付宝登录', 'auth_user'],
  ['GITHUB', 'GitHub sign-in', 'read:user user:email'],
  ['APPLE', 'Sign in with Apple', 'name email'],
] as const;

const CLIENTS = [
  ['srm-portal', 'implicit', 'https://srm.example.com/'],
  ['srm-admin', 'password,implicit,refresh_token', 'https://admin.srm.example.com/'],
  ['supplier-portal', 'implicit,authorization_code', 'https://supplier.example.com/'],
  ['mobile-app', 'password,refresh_token', 'srmapp://callback'],
  ['wechat-mini', 'authorization_code,refresh_token', 'https://mp.example.com/callback'],
  ['erp-sap', 'client_credentials', ''],
  ['erp-oracle', 'client_credentials', ''],
  ['erp-kingdee', 'client_credentials', ''],
  ['erp-yonyou', 'client_credentials', ''],
  ['mes-gateway', 'client_credentials', ''],
  ['wms-gateway', 'client_credentials', ''],
  ['bi-report', 'authorization_code,refresh_token', 'https://bi.example.com/oauth/callback'],
  ['data-lake', 'client_credentials', ''],
  ['oa-portal', 'authorization_code', 'https://oa.example.com/sso/callback'],
  ['hr-sync', 'client_credentials', ''],
  ['e-sign', 'client_credentials', ''],
  ['invoice-center', 'client_credentials', ''],
  ['tms-gateway', 'client_credentials', ''],
  ['crm-sync', 'client_credentials', ''],
  ['dingtalk-bot', 'client_credentials', ''],
  ['feishu-bot', 'client_credentials', ''],
  ['monitoring', 'client_credentials', ''],
  ['api-test', 'password,client_credentials', 'http://localhost:8080/'],
  ['partner-edi', 'client_credentials', ''],
  ['legacy-srm', 'password', 'https://old-srm.example.com/'],
  ['quality-lims', 'client_credentials', ''],
] as const;

const DOC_TYPES = [
  ['SODR.PO', '采购订单', 'srm-sodr', 'sodr_po_header'],
  ['SODR.DELIVERY', '送货单', 'srm-sodr', 'sodr_asn_header'],
  ['SODR.RECEIPT', '收货单', 'srm-sodr', 'sodr_rcv_trx'],
  ['SODR.RETURN', '退货单', 'srm-sodr', 'sodr_return_header'],
  ['SPRM.PR', '采购申请', 'srm-sprm', 'sprm_pr_header'],
  ['SSRC.RFX', '询价单', 'srm-ssrc', 'ssrc_rfx_header'],
  ['SSRC.BID', '招标书', 'srm-ssrc', 'ssrc_bid_header'],
  ['SSRC.RESULT', '寻源结果', 'srm-ssrc', 'ssrc_source_result'],
  ['SSRC.PRICE_LIB', '价格库', 'srm-ssrc', 'ssrc_price_lib'],
  ['SCM.CONTRACT', '采购合同', 'srm-scm', 'scm_contract_header'],
  ['SCM.FRAMEWORK', '框架协议', 'srm-scm', 'scm_framework_agreement'],
  ['SSLM.SUPPLIER', '供应商档案', 'srm-sslm', 'sslm_supplier'],
  ['SSLM.INVESTIGATE', '供应商调查表', 'srm-sslm', 'sslm_investigate_header'],
  ['SSLM.KPI', '供应商绩效评估', 'srm-sslm', 'sslm_kpi_eval_header'],
  ['SSLM.RECTIFY', '整改单', 'srm-sslm', 'sslm_rectify_header'],
  ['SFIN.INVOICE', '发票', 'srm-sfin', 'sfin_invoice_header'],
  ['SFIN.PAYMENT', '付款申请', 'srm-sfin', 'sfin_payment_header'],
  ['SFIN.RECONCILE', '对账单', 'srm-sfin', 'sfin_reconcile_header'],
  ['TENDER.PROJECT', '招标项目', 'srm-tender', 'tender_project'],
  ['TENDER.CLARIFY', '澄清函', 'srm-tender', 'tender_clarify_letter'],
  ['SMDM.ITEM', '物料', 'srm-smdm', 'smdm_item'],
  ['SMDM.CATEGORY', '物料品类', 'srm-smdm', 'smdm_item_category'],
  ['HPFM.COMPANY', '公司', 'hzero-platform', 'hpfm_company'],
  ['HPFM.PURORG', '采购组织', 'hzero-platform', 'hpfm_purchase_org'],
  ['HPFM.PURAGENT', '采购员', 'hzero-platform', 'hpfm_purchase_agent'],
  ['HPFM.INV_ORG', '库存组织', 'hzero-platform', 'hpfm_inv_organization'],
] as const;

const GROUPS = [
  ['PUR.EAST', '华东采购组'],
  ['PUR.SOUTH', '华南采购组'],
  ['PUR.NORTH', '华北采购组'],
  ['PUR.WEST', '西南采购组'],
  ['PUR.OVERSEAS', '海外采购组'],
  ['PUR.MRO', 'MRO采购组'],
  ['PUR.RAW', '原材料采购组'],
  ['PUR.PACK', '包材采购组'],
  ['PUR.ELEC', '电子料采购组'],
  ['PUR.SERVICE', '服务类采购组'],
  ['SRC.STRATEGY', '战略寻源小组'],
  ['SRC.BIDDING', '招投标工作组'],
  ['SRC.EXPERTS', '评标专家库'],
  ['QA.INCOMING', '来料检验组'],
  ['QA.AUDIT', '供应商审核组'],
  ['FIN.AP', '应付会计组'],
  ['FIN.TAX', '税务组'],
  ['FIN.TREASURY', '资金组'],
  ['WH.SH', '上海仓库'],
  ['WH.CD', '成都仓库'],
  ['WH.WH', '武汉仓库'],
  ['IT.OPS', 'IT运维组'],
  ['IT.SECURITY', '信息安全组'],
  ['LEGAL', '法务部'],
  ['AUDIT', '内审部'],
  ['MGMT', '管理层'],
  ['PROJECT.ERP', 'ERP项目组'],
  ['PROJECT.SRM', 'SRM项目组'],
] as const;

/**
 * Security settings of the identity module: a password policy per tenant (its lockout numbers
 * match the server defaults so sign-in behaves as before), LDAP directories, OAuth clients,
 * third-party sign-in apps, document types for data permissions and user groups.
 */
export const step: SeedStep = {
  version: 'seed:hiam-security:v1',
  async run(tx) {
    const r = rng(7200);
    const base = { minLength: 8, maxLength: 30, digitsCount: 1, lowercaseCount: 1, uppercaseCount: 0, specialCharCount: 0, notUsername: 1, notRecentCount: 0, pwdUpdateRate: 0 };
    const lock = { enablePassword: 1, forceModifyPassword: 0, enableLock: 1, maxErrorTime: 5, lockedExpireTime: 15, enableCaptcha: 0, maxCheckCaptcha: 3 };
    await insertRows(tx, 'iam_password_policy', [
      { tenantId: 0, code: 'HZERO.DEFAULT', name: '平台密码策略', originalPassword: 'Hzero@2026', ...base, ...lock, description: '平台账户使用的密码策略' },
      { tenantId: 1, code: 'DEMO.DEFAULT', name: '租户密码策略', originalPassword: 'Welcome@2026', ...base, ...lock, pwdUpdateRate: 180, description: '新建和重置的账户使用初始密码，首次登录后修改' },
      {
        tenantId: 2,
        code: 'SECOND.DEFAULT',
        name: '租户密码策略',
        originalPassword: 'Second#2026',
        ...base,
        ...lock,
        minLength: 10,
        uppercaseCount: 1,
        specialCharCount: 1,
        notRecentCount: 3,
        pwdUpdateRate: 90,
        description: '较严格的密码规则',
      },
    ]);

    const ldaps: Array<Record<string, unknown>> = [];
    const ldapRow = (tenantId: number, i: number, site: (typeof SITES)[number], kind: 'AD' | 'LDAP') => {
      const ad = kind === 'AD';
      const domain = `${site[2]}.corp.example.com`;
      ldaps.push({
        tenantId,
        name: `${site[0]}-${ad ? 'AD' : 'LDAP'}${tenantId === 2 ? '-2' : ''}`,
        directoryType: ad ? 'ACTIVE_DIRECTORY' : r.pick(['OPEN_LDAP', 'OPEN_LDAP', 'APACHE_DS', 'FREE_IPA']),
        serverAddress: `${ad ? 'dc01' : 'ldap'}.${domain}`,
        port: r.next() < 0.4 ? 636 : 389,
        useSsl: r.next() < 0.4 ? 1 : 0,
        baseDn: ad ? `OU=Users,DC=${site[2]},DC=corp,DC=example,DC=com` : `ou=people,dc=${site[2]},dc=example,dc=com`,
        account: ad ? `CN=svc-srm,OU=Service,DC=${site[2]},DC=corp,DC=example,DC=com` : `cn=admin,dc=${site[2]},dc=example,dc=com`,
        objectClass: ad ? 'user' : 'inetOrgPerson',
        loginNameField: ad ? 'sAMAccountName' : 'uid',
        realNameField: ad ? 'displayName' : 'cn',
        emailField: 'mail',
        phoneField: ad ? 'mobile' : 'telephoneNumber',
        uuidField: ad ? 'objectGUID' : 'entryUUID',
        customFilter: ad ? '(&(objectCategory=person)(!(userAccountControl:1.2.840.113556.1.4.803:=2)))' : null,
        connectionTimeout: r.pick([5, 10, 10, 30]),
        sagaBatchSize: r.pick([200, 500, 500, 1000]),
        enabledFlag: i % 9 === 8 ? 0 : 1,
        description: `${site[1]}${ad ? '域控' : '目录服务'}`,
      });
    };
    SITES.forEach((s, i) => {
      ldapRow(1, i * 2, s, 'AD');
      ldapRow(1, i * 2 + 1, s, 'LDAP');
    });
    SITES.slice(0, 3).forEach((s, i) => ldapRow(2, i, s, 'LDAP'));
    await insertRows(tx, 'iam_ldap', ldaps);

    const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[r.int(0, 15)]).join('');
    const clients = (tenantId: number, list: ReadonlyArray<(typeof CLIENTS)[number]>) =>
      list.map(([name, grants, redirect], i) => ({
        tenantId,
        name: tenantId === 1 ? name : `${name}-t${tenantId}`,
        secret: hex(32),
        authorizedGrantTypes: grants,
        scope: 'default',
        webServerRedirectUri: redirect || null,
        accessTokenValidity: grants.includes('client_credentials') ? 7200 : r.pick([1800, 3600, 3600, 43200]),
        refreshTokenValidity: grants.includes('refresh_token') ? r.pick([86400, 604800, 2592000]) : 86400,
        autoApprove: 'default',
        pwdReplayFlag: grants.includes('password') ? 1 : 0,
        additionalInformation: '{}',
        enabledFlag: i % 11 === 10 ? 0 : 1,
      }));
    await insertRows(tx, 'iam_client', [...clients(1, CLIENTS), ...clients(2, CLIENTS.slice(0, 3))]);

    const apps: Array<Record<string, unknown>> = [];
    let seq = 0;
    for (const channel of ['pc', 'app', 'mini'] as const) {
      for (const [code, name, scope] of OPEN_APPS) {
        if (channel === 'mini' && !['WECHAT', 'ALIPAY', 'DINGTALK', 'FEISHU'].includes(code)) continue;
        seq += 10;
        apps.push({
          tenantId: 1,
          appCode: code,
          appName: `${name}（${channel === 'pc' ? 'PC' : channel === 'app' ? 'APP' : '小程序'}）`,
          channel,
          appId: code === 'WECHAT' || code === 'WECHAT_WORK' ? `wx${hex(16)}` : code === 'DINGTALK' ? `ding${hex(16)}` : code === 'FEISHU' ? `cli_${hex(16)}` : hex(20),
          appKey: hex(32),
          scope,
          orderSeq: seq,
          enabledFlag: channel === 'mini' && code === 'ALIPAY' ? 0 : 1,
        });
      }
    }
    for (const [code, name, scope] of OPEN_APPS.slice(0, 3)) apps.push({ tenantId: 2, appCode: code, appName: name, channel: 'pc', appId: hex(18), appKey: hex(32), scope, orderSeq: 10, enabledFlag: 1 });
    await insertRows(tx, 'iam_open_app', apps);

    const docTypes = (tenantId: number, list: ReadonlyArray<(typeof DOC_TYPES)[number]>) =>
      list.map(([code, name, service, table], i) => ({
        tenantId,
        docTypeCode: code,
        docTypeName: name,
        levelCode: code.startsWith('HPFM') ? 'GLOBAL' : 'TENANT',
        authScopeCode: code.startsWith('HPFM') ? 'BIZ' : i % 3 === 0 ? 'ROLE' : 'USER',
        sourceServiceName: service,
        sourceDataEntity: table,
        orderSeq: (i + 1) * 10,
        enabledFlag: i === DOC_TYPES.length - 1 ? 0 : 1,
        description: `${name}的数据权限控制`,
      }));
    await insertRows(tx, 'iam_doc_type', [...docTypes(1, DOC_TYPES), ...docTypes(2, DOC_TYPES.slice(0, 4))]);

    const groups = (tenantId: number, list: ReadonlyArray<(typeof GROUPS)[number]>) =>
      list.map(([code, name], i) => ({ tenantId, groupCode: code, groupName: name, enabledFlag: i % 13 === 12 ? 0 : 1, remark: `${name}成员，更新于 2026-${pad(r.int(1, 10))}-${pad(r.int(1, 28))}` }));
    await insertRows(tx, 'iam_user_group', [...groups(1, GROUPS), ...groups(2, GROUPS.slice(0, 4))]);
  },
};
