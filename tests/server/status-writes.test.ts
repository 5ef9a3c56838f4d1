import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every status change is a transition of the entity's status machine, run by the repository
 * (server/resources/repository.ts; module rules reach it through server/resources/status-moves.ts):
 * permission-checked, hooked, audited, and the truth the renderer's locks read. This reads every
 * server source file for SQL that writes a declared status column anywhere else.
 *
 * Seed steps (`seed.ts`, `seed-*.ts`) are left out: they restore demo history as stored, as a
 * backup would, before any request is served; they change nothing a person did (docs/decisions.md).
 */
const root = join(import.meta.dirname, '../..');

function files(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, keep);
    return keep(path) ? [path] : [];
  });
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** table → its status column, for every entity declaring a status machine. */
function statusColumns(): Map<string, string> {
  const out = new Map<string, string>();
  for (const path of files(join(root, 'schemas/entities'), (p) => p.endsWith('.json'))) {
    const e = JSON.parse(readFileSync(path, 'utf8')) as { table?: string; status?: { field: string } };
    if (e.table && e.status) out.set(e.table, snake(e.status.field));
  }
  return out;
}

/** Each SQL write of a status column in `source`: the line and the table. */
function statusWrites(source: string, columns: Map<string, string>): Array<{ line: number; table: string }> {
  const found: Array<{ line: number; table: string }> = [];
  const patterns = [
    /\bupdate\s+([a-z_]+)(?:\s+(?!set\b)[a-z]+)?\s+set\s+([\s\S]{0,800}?)(?=\bwhere\b|\bfrom\b|\breturning\b|$)/gi,
    /\binsert\s+into\s+([a-z_]+)[\s\S]{0,2000}?\bdo\s+update\s+set\s+([\s\S]{0,800}?)(?=\bwhere\b|\breturning\b|$)/gi,
  ];
  for (const re of patterns) {
    for (const m of source.matchAll(re)) {
      const column = columns.get(m[1]!.toLowerCase());
      if (column && new RegExp(`\\b${column}\\s*=`, 'i').test(m[2]!)) found.push({ line: source.slice(0, m.index).split('\n').length, table: m[1]! });
    }
  }
  return found;
}

describe('status columns', () => {
  const columns = statusColumns();

  it('are declared by dozens of entities (the check reads the same files the server does)', () => {
    expect(columns.size).toBeGreaterThan(40);
    expect(columns.get('tender_header')).toBe('tender_status');
  });

  it('are found by the check however the SQL is laid out', () => {
    const sample = [
      "await tx.query(\"update tender_header set tender_status = 'AWARDED' where tender_header_id = $1\", [id]);",
      '`update sslm_eval_line l set score = 1,\n   line_status = $2 from x where y`',
      "insert into hsdr_executor (status) values ('ONLINE') on conflict (executor_code) do update set status = excluded.status",
      "update tender_header set remark = 'the tender_status is kept' where 1 = 1",
    ].join('\n');
    expect(statusWrites(sample, columns).map((w) => w.table)).toEqual(['tender_header', 'sslm_eval_line', 'hsdr_executor']);
  });

  it('are written by no server code but the repository', () => {
    const sources = files(join(root, 'server'), (p) => /\.(ts|mjs)$/.test(p) && !/\/seed(-[\w-]+)?\.ts$/.test(p) && !p.endsWith('server/resources/repository.ts'));
    const writes = sources.flatMap((path) => statusWrites(readFileSync(path, 'utf8'), columns).map((w) => `${relative(root, path)}:${w.line} writes ${w.table}.${columns.get(w.table)}`));
    expect(writes, 'move it with a declared transition (server/resources/status-moves.ts)').toEqual([]);
  });
});
