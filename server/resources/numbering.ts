import type { EntityDecl } from '../../renderer/schema/entity.ts';
import type { Queryable } from '../db/database.ts';

export const NUMBER_DIGITS = 8;

export const formatNumber = (prefix: string | undefined, n: number) => `${prefix ?? ''}${String(n).padStart(NUMBER_DIGITS, '0')}`;

/**
 * Reserves `count` numbers of a rule for a tenant and returns the first. The upsert locks the
 * counter row until the caller's transaction ends, so concurrent creates never share a number.
 */
export async function reserveNumbers(tx: Queryable, rule: string, tenantId: number, count = 1): Promise<number> {
  const r = await tx.query<{ last: number }>(
    `insert into sys_number_counter (rule_code, tenant_id, last_value) values ($1, $2, $3)
     on conflict (rule_code, tenant_id) do update set last_value = sys_number_counter.last_value + $3
     returning last_value::float8 as last`,
    [rule, tenantId, count],
  );
  return r.rows[0]!.last - count + 1;
}

/** One segment of a code rule (`hpfm_code_rule_detail`, maintained at /hpfm/code-rule). */
export interface CodeRuleSegment {
  fieldType: string;
  fieldValue: string | null;
  dateMask: string | null;
  seqLength: number | null;
  startValue: number | null;
  resetFrequency: string | null;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** `yyyy`, `yy`, `MM`, `dd` of a date pattern. */
export function formatDate(mask: string, d: Date): string {
  return mask
    .replace(/yyyy/g, String(d.getFullYear()))
    .replace(/yy/g, pad(d.getFullYear() % 100, 2))
    .replace(/MM/g, pad(d.getMonth() + 1, 2))
    .replace(/dd/g, pad(d.getDate(), 2));
}

/** The counter a sequence segment draws from: one per rule, or one per year, month or day when it resets. */
export function counterKey(rule: string, reset: string | null, d: Date): string {
  switch (reset) {
    case 'YEAR':
      return `${rule}@${formatDate('yyyy', d)}`;
    case 'MONTH':
      return `${rule}@${formatDate('yyyyMM', d)}`;
    case 'DAY':
      return `${rule}@${formatDate('yyyyMMdd', d)}`;
    default:
      return rule;
  }
}

/**
 * The enabled code rule of a tenant (its own wins over the platform's, tenant 0) as ordered
 * segments, or undefined when there is none: the caller then keeps the declared prefix.
 */
export async function codeRuleSegments(tx: Queryable, rule: string, tenantId: number): Promise<CodeRuleSegment[] | undefined> {
  const header = (
    await tx.query<{ rule_id: number }>(
      `select rule_id::float8 as rule_id from hpfm_code_rule where rule_code = $1 and tenant_id in (0, $2) and enabled_flag = 1 order by tenant_id desc limit 1`,
      [rule, tenantId],
    )
  ).rows[0];
  if (!header) return undefined;
  const r = await tx.query<CodeRuleSegment>(
    `select field_type as "fieldType", field_value as "fieldValue", date_mask as "dateMask", seq_length::float8 as "seqLength",
            start_value::float8 as "startValue", reset_frequency as "resetFrequency"
       from hpfm_code_rule_detail where rule_id = $1 order by order_seq, rule_detail_id`,
    [header.rule_id],
  );
  return r.rows.length ? r.rows : undefined;
}

/** Builds a number from a rule's segments: constants, the date in its pattern, the padded sequence. */
export async function numberFromRule(tx: Queryable, rule: string, segments: CodeRuleSegment[], tenantId: number, now = new Date()): Promise<string> {
  let out = '';
  for (const s of segments) {
    if (s.fieldType === 'CONSTANT') out += s.fieldValue ?? '';
    else if (s.fieldType === 'DATE') out += formatDate(s.dateMask || 'yyyyMMdd', now);
    else if (s.fieldType === 'SEQUENCE') {
      const n = await reserveNumbers(tx, counterKey(rule, s.resetFrequency, now), tenantId);
      out += pad(n + Math.max(0, (s.startValue ?? 1) - 1), s.seqLength ?? NUMBER_DIGITS);
    }
  }
  return out;
}

/**
 * The generated number of a new row when the entity declares `numbering` and nothing set it:
 * from the tenant's or the platform's code rule when one is maintained, otherwise
 * `<prefix><8-digit counter per rule and tenant>`.
 */
export async function fillNumber(tx: Queryable, e: EntityDecl, values: Record<string, unknown>, tenantId: number): Promise<void> {
  const n = e.numbering;
  if (!n || (values[n.field] !== undefined && values[n.field] !== null && values[n.field] !== '')) return;
  const segments = await codeRuleSegments(tx, n.rule, tenantId);
  values[n.field] = segments ? await numberFromRule(tx, n.rule, segments, tenantId) : formatNumber(n.prefix, await reserveNumbers(tx, n.rule, tenantId));
}
