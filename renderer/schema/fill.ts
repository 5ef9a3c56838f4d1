import { meaningOf } from './meaning.ts';
import type { EntityField } from './entity.ts';

/**
 * What a field may be filled with when a record is created and the form or body leaves it empty
 * (`fill` on the entity's field): what the system knows of the creating person and their tenant.
 * - `user.realName`: the person's name (an order's buyer);
 * - `user.employee`, `user.company`, `user.unit`: the person's employee record in the
 *   organisation (hpfm_employee, the one holding their e-mail, as workflow assignees are found)
 *   and its company and department. On a lookup (an integer with `lovView`) the id, on a text
 *   field the name: a requisition's `companyId` and `companyName` both declare `user.company`;
 * - `tenant.name`: the tenant's name;
 * - `tenant.currency`: the tenant's currency (its `DEFAULT_CURRENCY` setting, else the platform's);
 * - `today`: the date of the day (a requisition's request date).
 * The server works the facts out (server/resources/fill.ts) and hands them to the shell with the
 * user (`fills` of /iam/hzero/v1/users/self), so the form shows them filled before saving; it fills
 * them again on every create path, so a record made from other documents has them too.
 */
export const FILL_SOURCES = ['user.realName', 'user.employee', 'user.company', 'user.unit', 'tenant.name', 'tenant.currency', 'today'] as const;
export type FillSource = (typeof FILL_SOURCES)[number];

/** Sources that name a record of the organisation: a lookup by id may declare them. */
export const RECORD_SOURCES: readonly FillSource[] = ['user.employee', 'user.company', 'user.unit'];

/** One fact: the value a field stores (an id, a code, a date) and, for a record, its name. */
export interface FillFact {
  value: string | number;
  name?: string;
}

export type FillFacts = Partial<Record<FillSource, FillFact>>;

/** Text fields take a record's name; lookups, codes and dates the value. */
const takesName = (f: Pick<EntityField, 'type'>) => f.type === 'string' || f.type === 'text';

/** What `f` is filled with from the facts, or undefined when the system does not know it. */
export function fillValue(f: Pick<EntityField, 'type' | 'fill'>, facts: FillFacts | undefined): string | number | undefined {
  const fact = f.fill ? facts?.[f.fill] : undefined;
  if (!fact) return undefined;
  // A lookup stores a record's id: a fact known only by name (the tenant's, for a person outside the organisation) leaves it empty.
  if (f.type === 'integer') return typeof fact.value === 'number' ? fact.value : undefined;
  return takesName(f) ? (fact.name ?? fact.value) : fact.value;
}

/**
 * The signed-in person's facts as the renderer knows them: the server's (`user.fills`), the older
 * fields of the user (a host that predates `fills`), and today from the clock, so a page left open
 * past midnight still fills the new day.
 */
export function userFacts(user: { realName?: string; tenantName?: string; fills?: FillFacts }, today: string): FillFacts {
  const facts: FillFacts = { ...user.fills, today: { value: today } };
  if (!facts['user.realName'] && user.realName) facts['user.realName'] = { value: user.realName };
  if (!facts['tenant.name'] && user.tenantName) facts['tenant.name'] = { value: user.tenantName };
  return facts;
}

/**
 * A new record's first values: a screen's `defaultValue`, the field's `default`, else its `fill`.
 * A lookup filled by id also gets its display name (`<field>Meaning`), which the lookup shows, and
 * the entity's fields naming the same fact that the form does not show (the company's name beside
 * its lookup, which the lookup's `lovMap` keeps in step): the body then names one company twice,
 * the same one, as it does once the person picks another.
 */
export function initialValues(fields: Array<{ name: string; defaultValue?: unknown; decl: EntityField }>, facts: FillFacts, entity?: { fields: EntityField[] }): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const filled = new Set<FillSource>();
  for (const f of fields) {
    const d = f.defaultValue ?? f.decl.default ?? fillValue(f.decl, facts);
    if (d === undefined) continue;
    values[f.name] = d;
    if (f.defaultValue !== undefined || f.decl.default !== undefined || !f.decl.fill) continue;
    filled.add(f.decl.fill);
    const name = f.decl.lovView ? facts[f.decl.fill]?.name : undefined;
    if (name !== undefined) values[meaningOf(f.name)] = name;
  }
  for (const f of entity?.fields ?? []) {
    if (!f.fill || !filled.has(f.fill) || f.name in values) continue;
    const v = fillValue(f, facts);
    if (v !== undefined) values[f.name] = v;
  }
  return values;
}
