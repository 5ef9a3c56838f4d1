import type { EntityDecl } from '../../renderer/schema/entity.ts';
import type { Queryable } from '../db/database.ts';
import { loadEntities } from '../resources/entities.ts';
import { columnOf } from '../resources/naming.ts';
import { NUMBER_DIGITS } from '../resources/numbering.ts';
import { lovValueMap } from './generic-rows.ts';
import { bumpSequence, insertRows } from './insert.ts';
import { generateSeedRows, recipeOrder, type Row } from '../../renderer/schema/seed/generate.ts';
import type { SeedStep } from './seed.ts';

/** Rows with the same fields go in one INSERT; a field a row leaves out keeps its column default. */
async function insertMixed(db: Queryable, table: string, rows: Row[]): Promise<void> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = Object.keys(row).sort().join(',');
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const group of groups.values()) await insertRows(db, table, group);
}

/**
 * Seeded numbers of a numbered entity in the server's own format are taken: its counter goes past
 * the highest of each tenant, so the next document created does not repeat one.
 */
async function advanceCounters(db: Queryable, e: EntityDecl, rows: Row[]): Promise<void> {
  if (!e.numbering) return;
  const { field, rule, prefix = '' } = e.numbering;
  const top = new Map<number, number>();
  for (const row of rows) {
    const m = new RegExp(`^${prefix.replace(/\W/g, '\\$&')}(\\d{${NUMBER_DIGITS}})$`).exec(String(row[field] ?? ''));
    const t = Number(row[e.tenantField ?? 'tenantId'] ?? 0);
    if (m) top.set(t, Math.max(top.get(t) ?? 0, Number(m[1])));
  }
  for (const [t, n] of top)
    await db.query(
      `insert into sys_number_counter (rule_code, tenant_id, last_value) values ($1, $2, $3)
       on conflict (rule_code, tenant_id) do update set last_value = greatest(sys_number_counter.last_value, $3)`,
      [rule, t, n],
    );
}

/**
 * One seed step per entity recipe (`seed:<entity>:v<version>`), in reference order. The rows are
 * generated once, on the first step, from the value sets seeded by then.
 */
export function recipeSteps(entities: Map<string, EntityDecl> = loadEntities()): SeedStep[] {
  let rows: Map<string, Row[]> | undefined;
  const rowsOf = async (tx: Queryable) => (rows ??= generateSeedRows(entities, await lovValueMap(tx)));
  return recipeOrder(entities).map((e) => ({
    version: `seed:${e.name}:v${e.seed!.version ?? 1}`,
    replaces: e.seed!.replaces,
    async run(tx) {
      const list = (await rowsOf(tx)).get(e.name) ?? [];
      await insertMixed(tx, e.table, list);
      await bumpSequence(tx, e.table, columnOf(e.primaryKey));
      await advanceCounters(tx, e, list);
    },
  }));
}
