import lifeCycleApplication from '../../../../schemas/entities/sslm/life-cycle-application.json' with { type: 'json' };
import type { EntityWorkflow } from '../../../../renderer/schema/entity.ts';
import type { Queryable } from '../../../db/database.ts';
import { DEMO_TENANT, SECOND_TENANT } from '../../../seed/platform-seed.ts';
import type { SeedStep } from '../../../seed/seed.ts';
import { deployDemoProcess, singleApprovalXml, startSeededApprovals } from '../../hwfl/seed-processes.ts';
import { STAGES } from './stages.ts';

const WF = lifeCycleApplication.workflow as EntityWorkflow;
const NAMES: Record<string, string> = { REGISTER: '注册', RECOMMEND: '推荐', POTENTIAL: '潜在', QUALIFIED: '合格', PREPARE: '预备', RESERVED: '储备', ELIMINATED: '淘汰' };

/** The demo tenant's suppliers by stage: most qualified (the sourcing demos use S0001–S0010), one of each other stage. */
const DEMO_STAGES: Record<string, string> = { S0011: 'POTENTIAL', S0012: 'RECOMMEND', S0013: 'REGISTER', S0014: 'ELIMINATED', S0015: 'PREPARE' };

async function seedStages(tx: Queryable, tenantId: number): Promise<void> {
  for (const [i, code] of STAGES.entries()) {
    await tx.query(
      `insert into sslm_life_cycle_stage_config (tenant_id, stage_code, stage_name, order_seq, sourcing_allowed_flag, enabled_flag, created_by, last_updated_by) values ($1, $2, $3, $4, $5, 1, 1, 1)`,
      [tenantId, code, NAMES[code], (i + 1) * 10, code === 'QUALIFIED' ? 1 : 0],
    );
  }
  // Gating on in the demo tenant; the second tenant keeps it off (its suppliers carry stages all the same).
  await tx.query(
    `insert into sslm_supplier_life_config (tenant_id, config_code, stage_gating_flag, investigation_stage, initial_stage, remark, created_by, last_updated_by) values ($1, 'DEFAULT', $2, 'POTENTIAL', 'REGISTER', $3, 1, 1)`,
    [tenantId, tenantId === DEMO_TENANT ? 1 : 0, 'Only qualified suppliers are invited to sourcing and receive released orders'],
  );
  const suppliers = await tx.query<{ id: number; num: string; name: string }>('select supplier_id::float8 as id, supplier_num as num, supplier_name as name from sslm_supplier where tenant_id = $1 order by supplier_num', [tenantId]);
  for (const s of suppliers.rows) {
    const stage = tenantId === DEMO_TENANT ? (DEMO_STAGES[s.num] ?? 'QUALIFIED') : 'QUALIFIED';
    const eliminated = stage === 'ELIMINATED';
    await tx.query(
      `insert into sslm_supplier_stage (tenant_id, supplier_id, supplier_num, supplier_name, stage_code, blacklist_flag, forever_blacklist_flag, blacklist_expiry_date, stage_date, last_application_num, created_by, last_updated_by)
       values ($1, $2, $3, $4, $5, $6, 0, $7::date, timestamp '2025-11-03 09:00:00', $8, 1, 1)`,
      [tenantId, s.id, s.num, s.name, stage, eliminated ? 1 : 0, eliminated ? '2027-12-31' : null, eliminated ? 'LC-DEMO-0001' : null],
    );
    const path = eliminated ? ['QUALIFIED', 'ELIMINATED'] : [stage];
    let from: string | null = null;
    for (const to of path) {
      await tx.query(
        `insert into sslm_supplier_stage_history (tenant_id, supplier_id, supplier_name, from_stage, to_stage, source_type, source_num, changed_by_name, change_date, remark, created_by, last_updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, 'Bella Buyer', timestamp '2025-11-03 09:00:00', $8, 1, 1)`,
        [tenantId, s.id, s.name, from, to, to === 'ELIMINATED' ? 'APPLICATION' : 'SEED', to === 'ELIMINATED' ? 'LC-DEMO-0001' : null, to === 'ELIMINATED' ? 'Repeated late deliveries and a failed quality audit' : 'Stage at go-live'],
      );
      from = to;
    }
  }
}

async function seedApplications(tx: Queryable, tenantId: number): Promise<void> {
  const sup = async (num: string) => (await tx.query<{ id: number; name: string }>('select supplier_id::float8 as id, supplier_name as name from sslm_supplier where tenant_id = $1 and supplier_num = $2', [tenantId, num])).rows[0];
  const rows: Array<[string, string, string, string, string, string]> = [
    // supplier, type, from, to, status, reason
    ['S0014', 'ELIMINATE', 'QUALIFIED', 'ELIMINATED', 'APPROVED', 'Repeated late deliveries and a failed quality audit'],
    ['S0011', 'UPGRADE', 'POTENTIAL', 'QUALIFIED', 'SUBMIT', 'Sample batch passed incoming inspection'],
    ['S0012', 'UPGRADE', 'RECOMMEND', 'POTENTIAL', 'NEW', 'Recommended by the engineering team'],
    ['S0015', 'DOWNGRADE', 'PREPARE', 'POTENTIAL', 'REJECTED', 'Capacity not confirmed'],
    ['S0013', 'UPGRADE', 'REGISTER', 'RECOMMEND', 'NEW', 'Referred by the Suzhou plant'],
    ['S0012', 'DOWNGRADE', 'RECOMMEND', 'REGISTER', 'CANCEL', 'Contact lost; re-registration needed'],
    ['S0011', 'UPGRADE', 'POTENTIAL', 'PREPARE', 'REJECTED', 'Second source for moulds'],
  ];
  const inApproval: Array<Record<string, unknown>> = [];
  for (const [i, [num, type, from, to, status, reason]] of rows.entries()) {
    const s = await sup(num);
    if (!s) continue;
    const appNum = `LC-DEMO-000${i + 1}`;
    const r = await tx.query<{ id: number }>(
      `insert into sslm_life_cycle_application (tenant_id, application_num, apply_type, supplier_id, supplier_name, from_stage, to_stage, blacklist_flag, forever_blacklist_flag, blacklist_expiry_date, reason, process_status, approved_date, created_by, last_updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9::date, $10, $11, $12::timestamp, 1, 1) returning application_id::float8 as id`,
      [tenantId, appNum, type, s.id, s.name, from, to, type === 'ELIMINATE' ? 1 : 0, type === 'ELIMINATE' ? '2027-12-31' : null, reason, status, status === 'APPROVED' ? '2025-11-03 09:00:00' : null],
    );
    if (status === 'SUBMIT') inApproval.push({ applicationId: r.rows[0]!.id, applicationNum: appNum, supplierName: s.name, toStage: to, processStatus: status });
  }
  await startSeededApprovals(tx, tenantId, 'buyer', 'lifeCycleApplication', 'applicationId', WF, inApproval);
}

const QUESTIONS: Array<[number, string, number, string, string, string | null, number]> = [
  [1, 'Company profile', 1, 'Main products and services', 'TEXT', null, 1],
  [1, 'Company profile', 2, 'Number of employees', 'NUMBER', null, 1],
  [2, 'Quality system', 1, 'Quality certification held', 'CHOICE', 'ISO 9001|IATF 16949|None', 1],
  [2, 'Quality system', 2, 'Certificate scan', 'ATTACHMENT', null, 0],
];

async function seedTemplates(tx: Queryable, tenantId: number): Promise<void> {
  const t = await tx.query<{ id: number }>(
    `insert into sslm_investigate_template (tenant_id, template_code, template_name, investigate_type, version_number, template_status, released_date, remark, created_by, last_updated_by)
     values ($1, 'ACCESS-BASIC', 'Supplier access questionnaire', 'ACCESS', 1, 'RELEASED', timestamp '2025-10-20 09:00:00', 'Sent to every new supplier before it becomes potential', 1, 1) returning investigate_template_id::float8 as id`,
    [tenantId],
  );
  const id = t.rows[0]!.id;
  for (const [seq, section, line, text, type, options, req] of QUESTIONS) {
    await tx.query(
      `insert into sslm_investigate_tmpl_question (tenant_id, investigate_template_id, section_seq, section_name, line_num, question_text, question_type, options, required_flag, created_by, last_updated_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1, 1)`,
      [tenantId, id, seq, section, line, text, type, options, req],
    );
  }
  const snapshot = QUESTIONS.map(([sectionSeq, sectionName, lineNum, questionText, questionType, options, requiredFlag]) => ({ sectionSeq, sectionName, lineNum, questionText, questionType, options, requiredFlag }));
  await tx.query(
    `insert into sslm_investigate_tmpl_version (tenant_id, investigate_template_id, template_code, template_name, version_number, question_count, released_by_name, released_date, snapshot, created_by, last_updated_by)
     values ($1, $2, 'ACCESS-BASIC', 'Supplier access questionnaire', 1, $3, 'Bella Buyer', timestamp '2025-10-20 09:00:00', $4::jsonb, 1, 1)`,
    [tenantId, id, QUESTIONS.length, JSON.stringify(snapshot)],
  );
  const draft = await tx.query<{ id: number }>(
    `insert into sslm_investigate_template (tenant_id, template_code, template_name, investigate_type, version_number, template_status, remark, created_by, last_updated_by)
     values ($1, 'QUAL-ANNUAL', 'Annual qualification review', 'ANNUAL', 0, 'NEW', 'Draft: questions still being agreed with quality', 1, 1) returning investigate_template_id::float8 as id`,
    [tenantId],
  );
  await tx.query(
    `insert into sslm_investigate_tmpl_question (tenant_id, investigate_template_id, section_seq, section_name, line_num, question_text, question_type, options, required_flag, created_by, last_updated_by)
     values ($1, $2, 1, 'Performance', 1, 'On-time delivery rate last year (%)', 'NUMBER', null, 1, 1, 1)`,
    [tenantId, draft.rows[0]!.id],
  );
  // Investigations in each state: sent to S0012 (waiting for its answers), submitted by S0013, approved for S0011.
  // The demo supplier user (S0001, S0002) has one waiting for its answers too.
  const sends: Array<[string, string, string | null]> = [['S0012', 'RELEASE', null], ['S0013', 'SUBMIT', 'ISO 9001'], ['S0011', 'APPROVED', 'IATF 16949'], ['S0002', 'RELEASE', null]];
  for (const [i, [num, status, cert]] of sends.entries()) {
    const s = (await tx.query<{ id: number; name: string }>('select supplier_id::float8 as id, supplier_name as name from sslm_supplier where tenant_id = $1 and supplier_num = $2', [tenantId, num])).rows[0];
    if (!s) continue;
    const h = await tx.query<{ id: number }>(
      `insert into sslm_investigation (tenant_id, investg_number, supplier_id, supplier_name, investigate_template_id, template_name, version_number, investigate_type, process_status, release_date, submit_date, approved_date, partner_contactor, created_by, last_updated_by)
       values ($1, $2, $3, $4, $5, 'Supplier access questionnaire', 1, 'ACCESS', $6, timestamp '2025-11-10 09:00:00', $7::timestamp, $8::timestamp, $9, 1, 1) returning investg_header_id::float8 as id`,
      [tenantId, `INV-DEMO-000${i + 1}`, s.id, s.name, id, status, status === 'RELEASE' ? null : '2025-11-12 10:00:00', status === 'APPROVED' ? '2025-11-14 15:00:00' : null, status === 'RELEASE' ? null : 'Contact of ' + s.name],
    );
    for (const [seq, section, line, text, type, options, req] of QUESTIONS) {
      const answer = status === 'RELEASE' ? null : type === 'TEXT' ? 'Injection-moulded and machined parts' : type === 'CHOICE' ? cert : null;
      await tx.query(
        `insert into sslm_investigation_answer (tenant_id, investg_header_id, section_seq, section_name, line_num, question_text, question_type, options, required_flag, answer_text, answer_number, created_by, last_updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 1, 1)`,
        [tenantId, h.rows[0]!.id, seq, section, line, text, type, options, req, answer, status !== 'RELEASE' && type === 'NUMBER' ? 180 : null],
      );
    }
  }
}

async function seedLifeCycle(tx: Queryable): Promise<void> {
  for (const [tenantId, approver] of [[DEMO_TENANT, 'user:approver'], [SECOND_TENANT, 'user:admin2']] as const) {
    await deployDemoProcess(tx, tenantId, WF.process, 'Supplier life-cycle approval', 'The purchasing manager approves each upgrade, downgrade and elimination', singleApprovalXml(WF.process, 'Supplier life-cycle approval', 'Purchasing manager', approver));
    await seedStages(tx, tenantId);
  }
  await seedApplications(tx, DEMO_TENANT);
  await seedTemplates(tx, DEMO_TENANT);
}

export const step: SeedStep = { version: 'seed:sslm-life-cycle:v1', run: (tx) => seedLifeCycle(tx) };
