import { insertRows } from '../insert.ts';
import { rng } from '../rng.ts';
import type { SeedStep } from '../seed.ts';

type Row = Record<string, unknown>;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const stamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/** Producer service, its name, database, tables it distributes. */
const PRODUCERS: Array<[string, string, string, string[]]> = [
  ['hzero-iam', '身份与权限服务', 'hzero_iam', ['iam_user', 'iam_role', 'iam_menu', 'iam_member_role']],
  ['hzero-platform', '平台服务', 'hzero_platform', ['hpfm_lov', 'hpfm_lov_value', 'hpfm_company', 'hpfm_unit', 'hpfm_employee', 'hpfm_currency', 'hpfm_exchange_rate', 'hpfm_code_rule']],
  ['srm-smdm', '主数据服务', 'srm_smdm', ['smdm_item', 'smdm_item_category', 'smdm_uom', 'smdm_bank', 'smdm_supplier', 'smdm_payment_term']],
  ['srm-sodr', '订单服务', 'srm_sodr', ['sodr_po_header', 'sodr_po_line', 'sodr_po_line_location']],
  ['srm-ssrc', '寻源服务', 'srm_ssrc', ['ssrc_rfx_header', 'ssrc_rfx_line_item', 'ssrc_quotation_header']],
  ['srm-spfm', '供应商平台服务', 'srm_spfm', ['spfm_company', 'spfm_partner', 'spfm_enterprise_certification']],
  ['srm-sslm', '供应商生命周期服务', 'srm_sslm', ['sslm_supplier_category', 'sslm_evaluation_header']],
];
const CONSUMERS = ['srm-report', 'srm-search', 'srm-dataplatform', 'srm-mobile-gateway'];
const TENANTS = ['DEMO', 'SECOND', 'HZERO'];
const STATUSES = ['SUCCESS', 'SUCCESS', 'SUCCESS', 'RUNNING', 'FAILED', 'PENDING'];

/** Data distribution: producer tables, their consumers per service and tenant, and initial-load runs. */
export const step: SeedStep = {
  version: 'seed:hdtt-transfer:v1',
  async run(tx) {
    const r = rng(5101);
    const producers: Row[] = [];
    for (const [service, name, db, tables] of PRODUCERS) {
      for (const table of tables) {
        producers.push({ serviceCode: service, serviceName: name, dataSourceCode: `${db.toUpperCase()}_DS`, schemaName: db, tableName: table, initImportStatusCode: r.pick(['SUCCESS', 'SUCCESS', 'NEW', 'FAILED']), description: `${name}：${table} 数据分发`, enabledFlag: table.endsWith('_certification') ? 0 : 1 });
      }
    }
    await insertRows(tx, 'hdtt_producer_config', producers);
    const ids = (await tx.query<{ id: number; service: string; table: string }>('select producer_config_id::float8 as id, service_code as service, table_name as "table" from hdtt_producer_config order by producer_config_id')).rows;
    const consumers: Row[] = [];
    for (const p of ids) {
      const n = 1 + (p.id % 3);
      for (let k = 0; k < n; k++) {
        const consumer = CONSUMERS[(p.id + k) % CONSUMERS.length]!;
        consumers.push({
          producerConfigId: p.id, tableName: p.table, consumerService: consumer, consumerDs: `${consumer.replace(/-/g, '_').toUpperCase()}_DS`, consumerDb: consumer.replace(/-/g, '_'),
          consumerTable: `${p.table}_${k === 0 ? 'sync' : 'rpt'}`, tenantNum: TENANTS[k % TENANTS.length], consumerOffset: r.int(1000, 900000), processStatusCode: r.pick(STATUSES), enabledFlag: 1,
        });
      }
    }
    await insertRows(tx, 'hdtt_consumer_config', consumers);
    const now = Date.now();
    const runs: Row[] = consumers.slice(0, 42).map((c, i) => {
      const status = i === 0 ? 'RUNNING' : i % 9 === 4 ? 'FAILED' : i % 13 === 7 ? 'PENDING' : 'SUCCESS';
      const start = new Date(now - (i * 5 + r.int(0, 4)) * 3_600_000);
      const rows = r.int(200, 250000);
      const db = PRODUCERS.find((p) => p[0] === ids.find((x) => x.id === c.producerConfigId)!.service)![2];
      return {
        producerConfigId: c.producerConfigId, serviceCode: ids.find((x) => x.id === c.producerConfigId)!.service, tableName: c.tableName, consumerService: c.consumerService,
        consumerDb: c.consumerDb, tenantNum: c.tenantNum, processStatusCode: status, processedRows: status === 'PENDING' ? 0 : status === 'RUNNING' ? Math.floor(rows / 3) : rows,
        startTime: status === 'PENDING' ? null : stamp(start), endTime: status === 'SUCCESS' || status === 'FAILED' ? stamp(new Date(start.getTime() + r.int(20, 1800) * 1000)) : null,
        processSql: `insert into ${c.consumerDb}.${c.consumerTable}\nselect * from ${db}.${c.tableName}\n where tenant_id = (select tenant_id from hpfm_tenant where tenant_num = '${c.tenantNum}')`,
        processMsg: status === 'FAILED' ? `ERROR: duplicate key value violates unique constraint "${c.consumerTable}_pk" (batch ${pad(r.int(1, 99))})` : status === 'SUCCESS' ? '初始化完成' : null,
      };
    });
    await insertRows(tx, 'hdtt_init_sql_process', runs);
  },
};
