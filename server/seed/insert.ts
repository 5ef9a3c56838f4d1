import type { Queryable } from '../db/database.ts';
import { columnOf, ident } from '../resources/naming.ts';

/** Multi-row INSERT in chunks; keys are camelCase field names or snake_case columns. */
export async function insertRows(db: Queryable, table: string, rows: Array<Record<string, unknown>>, chunk = 400): Promise<void> {
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0]!);
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const params: unknown[] = [];
    const tuples = part.map((r) => `(${cols.map((c) => {
      const v = r[c];
      params.push(v !== null && typeof v === 'object' ? JSON.stringify(v) : v);
      return `$${params.length}`;
    }).join(', ')})`);
    await db.query(`insert into ${ident(table)} (${cols.map((c) => ident(columnOf(c))).join(', ')}) values ${tuples.join(', ')}`, params);
  }
}

/** Moves a table's id sequence past explicitly inserted ids. */
export async function bumpSequence(db: Queryable, table: string, column: string): Promise<void> {
  await db.query(`select setval(pg_get_serial_sequence('${table}', '${column}'), coalesce((select max(${ident(column)}) from ${ident(table)}), 0) + 1, false)`);
}
