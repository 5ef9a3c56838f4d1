import { registerHooks } from '../../../resources/hooks.ts';
import { userById } from '../../hwfl/people.ts';
import { moveStage, refuse, stageOrder, supplierStage } from './stages.ts';

type Row = Record<string, unknown>;

/** Publishing a template makes its next version and keeps what it held then (the version history). */
registerHooks('investigateTemplate', {
  async beforeWrite(current, action, { tx }) {
    if (action !== 'publish') return;
    const n = await tx.query<{ n: number }>('select count(*)::int as n from sslm_investigate_tmpl_question where investigate_template_id = $1', [current.investigateTemplateId]);
    if (!n.rows[0]?.n) throw refuse('questions', `${String(current.templateCode)} has no questions: add at least one before publishing`);
  },
  async afterWrite(row, action, args) {
    if (action !== 'publish') return;
    const version = Number(row.versionNumber ?? 0) + 1;
    const qs = await args.tx.query<Row>(
      `select section_seq as "sectionSeq", section_name as "sectionName", line_num as "lineNum", question_text as "questionText", question_type as "questionType", options, required_flag as "requiredFlag"
         from sslm_investigate_tmpl_question where investigate_template_id = $1 order by section_seq, line_num, question_id`,
      [row.investigateTemplateId],
    );
    const who = await userById(args.tx, args.tenantId, args.auth.userId);
    await args.tx.query('update sslm_investigate_template set version_number = $2 where investigate_template_id = $1', [row.investigateTemplateId, version]);
    await args.tx.query(
      `insert into sslm_investigate_tmpl_version (tenant_id, investigate_template_id, template_code, template_name, version_number, question_count, released_by_name, released_date, snapshot, created_by, last_updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, now(), $8::jsonb, $9, $9)`,
      [args.tenantId, row.investigateTemplateId, row.templateCode, row.templateName, version, qs.rows.length, who?.name ?? args.auth.loginName, JSON.stringify(qs.rows), args.auth.userId],
    );
    row.versionNumber = version;
  },
});

/** Questions of a published template stay as published: revise the template first. */
registerHooks('investigateTemplateQuestion', {
  async beforeCreate(values, { tx }) {
    const t = await tx.query<{ s: string; c: string }>('select template_status as s, template_code as c from sslm_investigate_template where investigate_template_id = $1', [values.investigateTemplateId]);
    if (t.rows[0]?.s === 'RELEASED') throw refuse('investigateTemplateId', `${t.rows[0].c} is released: revise it before changing its questions`, 409);
    if (values.questionType === 'CHOICE' && !String(values.options ?? '').trim()) throw refuse('options', 'A choice question lists its options, separated by |');
  },
  async beforeWrite(current, _action, { tx }) {
    const t = await tx.query<{ s: string; c: string }>('select template_status as s, template_code as c from sslm_investigate_template where investigate_template_id = $1', [current.investigateTemplateId]);
    if (t.rows[0]?.s === 'RELEASED') throw refuse('investigateTemplateId', `${t.rows[0].c} is released: revise it before changing its questions`, 409);
  },
});

async function fillFromTemplate(values: Row, tx: import('../../../db/database.ts').Queryable, tenantId: number): Promise<void> {
  const s = await supplierStage(tx, tenantId, Number(values.supplierId));
  if (!s) throw refuse('supplierId', `supplierId ${String(values.supplierId)} is not a supplier of this tenant`);
  const t = await tx.query<{ name: string; v: number; type: string; s: string }>(
    'select template_name as name, version_number::int as v, investigate_type as type, template_status as s from sslm_investigate_template where investigate_template_id = $1 and tenant_id = $2',
    [values.investigateTemplateId, tenantId],
  );
  const tpl = t.rows[0];
  if (!tpl) throw refuse('investigateTemplateId', `investigateTemplateId ${String(values.investigateTemplateId)} is not a template of this tenant`);
  if (tpl.s !== 'RELEASED') throw refuse('investigateTemplateId', `${tpl.name} is not released: publish it before sending it`);
  Object.assign(values, { supplierName: s.supplierName, templateName: tpl.name, versionNumber: tpl.v, investigateType: tpl.type });
}

/**
 * An investigation is the template's questions sent to one supplier: sending copies the
 * published questions (sections and all) into the supplier's answer lines; the supplier answers
 * and submits (every required question answered, numbers as numbers, choices from the options);
 * the buyer approves, which moves a supplier not yet that far to the configured stage (POTENTIAL).
 */
registerHooks('investigation', {
  async beforeCreate(values, { tx, tenantId }) {
    await fillFromTemplate(values, tx, tenantId);
  },
  async beforeWrite(current, action, { tx }) {
    if (action !== 'submit') return;
    const lines = await tx.query<{ q: string; type: string; options: string | null; req: number; text: string | null; num: string | null; att: string | null }>(
      `select question_text as q, question_type as type, options, required_flag::int as req, answer_text as text, answer_number::text as num, attachment_uuid as att
         from sslm_investigation_answer where investg_header_id = $1 order by section_seq, line_num`,
      [current.investgHeaderId],
    );
    for (const l of lines.rows) {
      const answered = l.type === 'NUMBER' ? l.num !== null : l.type === 'ATTACHMENT' ? !!l.att : !!l.text?.trim();
      if (l.req === 1 && !answered) throw refuse('answers', `"${l.q}" is required: answer it before submitting`);
      if (l.type === 'CHOICE' && l.text && !(l.options ?? '').split('|').map((o) => o.trim()).includes(l.text.trim())) {
        throw refuse('answers', `"${l.q}": "${l.text}" is not one of ${String(l.options)}`);
      }
    }
  },
  async afterWrite(row, action, args) {
    if (action === 'update' && row.processStatus === 'NEW') {
      const v = { ...row };
      await fillFromTemplate(v, args.tx, args.tenantId);
      await args.tx.query('update sslm_investigation set supplier_name = $2, template_name = $3, version_number = $4, investigate_type = $5 where investg_header_id = $1', [row.investgHeaderId, v.supplierName, v.templateName, v.versionNumber, v.investigateType]);
    }
    if (action === 'release') {
      await args.tx.query(
        `insert into sslm_investigation_answer (tenant_id, investg_header_id, section_seq, section_name, line_num, question_text, question_type, options, required_flag, created_by, last_updated_by)
         select $1, $2, section_seq, section_name, line_num, question_text, question_type, options, required_flag, $4, $4
           from sslm_investigate_tmpl_question where investigate_template_id = $3 order by section_seq, line_num, question_id`,
        [args.tenantId, row.investgHeaderId, row.investigateTemplateId, args.auth.userId],
      );
    }
    if (action !== 'approve') return;
    const cfg = await args.tx.query<{ s: string | null }>('select investigation_stage as s from sslm_supplier_life_config where tenant_id = $1 order by life_config_id limit 1', [args.tenantId]);
    const target = cfg.rows[0] ? cfg.rows[0].s : 'POTENTIAL';
    if (!target) return;
    const s = await supplierStage(args.tx, args.tenantId, Number(row.supplierId));
    const order = await stageOrder(args.tx, args.tenantId);
    // Only forward, and never out of ELIMINATED: that takes an application.
    if (!s || s.stageCode === 'ELIMINATED' || (s.stageCode && order.indexOf(s.stageCode) >= order.indexOf(target))) return;
    const who = await userById(args.tx, args.tenantId, args.auth.userId);
    await moveStage(args.tx, args.tenantId, Number(row.supplierId), { toStage: target, sourceType: 'INVESTIGATION', sourceNum: String(row.investgNumber ?? ''), byUserId: args.auth.userId, byName: who?.name ?? args.auth.loginName });
  },
});

/** Answer lines come from the template when the investigation is sent; only their answers change. */
registerHooks('investigationAnswer', {
  async beforeWrite(_current, action) {
    if (action === 'delete') throw refuse('investgLineId', 'Questions of a sent investigation cannot be removed', 409);
  },
});
