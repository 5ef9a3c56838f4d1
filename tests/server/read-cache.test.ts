import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installChangeCounters } from '../../server/db/change-counters.ts';
import type { Database, Queryable } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { cachedReads, ReadCache, tablesRead } from '../../server/db/read-cache.ts';

/** Counts the statements that reach the database, so a test can tell a cached answer from a fresh one. */
function counting(db: Queryable) {
  const seen: string[] = [];
  return {
    seen,
    query: <T>(sql: string, params?: unknown[]) => {
      seen.push(sql);
      return db.query<T>(sql, params);
    },
  };
}

async function tables(db: Database) {
  await db.exec(`create table item (id int primary key, status text); create table note (id int primary key, item_id int)`);
  await db.exec(`insert into item values (1, 'NEW'), (2, 'NEW'), (3, 'DONE')`);
  await installChangeCounters(db);
}

const COUNT = `select count(*)::int as n from item t where t.status = $1`;

describe('reads cached while the tables they read are unchanged', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({});
    await tables(db);
  });
  afterAll(() => db.close());

  it('answers a repeated read from memory, and again from the database after any write to its table', async () => {
    const reads = cachedReads(db);
    const n = async () => (await reads.query<{ n: number }>(COUNT, ['NEW'])).rows[0]!.n;
    expect(await n()).toBe(2);
    expect(await n()).toBe(2);
    // Hand-run SQL on the same database, not through any resource: still seen.
    await db.query(`insert into item values (4, 'NEW')`);
    expect(await n()).toBe(3);
    await db.transaction(async (tx) => {
      await tx.query(`update item set status = 'DONE' where id = 1`);
    });
    expect(await n()).toBe(2);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`delete from item`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await n()).toBe(2);
  });

  it('keeps an answer when only another table is written', async () => {
    const spy = counting(db);
    const cache = new ReadCache(spy, false, 0);
    await cache.query(COUNT, ['DONE']);
    await db.query(`insert into note values (1, 1)`);
    await cache.query(COUNT, ['DONE']);
    expect(spy.seen.filter((s) => s === COUNT)).toHaveLength(1);
    await db.query(`update item set status = 'NEW' where id = 3`);
    expect((await cache.query<{ n: number }>(COUNT, ['DONE'])).rows[0]!.n).toBe(1);
    expect(spy.seen.filter((s) => s === COUNT)).toHaveLength(2);
  });

  it('never caches what depends on the clock, nor reads inside a transaction', async () => {
    const spy = counting(db);
    const cache = new ReadCache(spy, false, 0);
    const clock = 'select id from item where now() > now() - interval \'1 day\'';
    await cache.query(clock);
    await cache.query(clock);
    expect(spy.seen.filter((s) => s === clock)).toHaveLength(2);
    await db.transaction(async (tx) => {
      expect(cachedReads(tx)).toBe(tx);
    });
  });

  it('freezes cached rows so no caller can change the next caller’s answer', async () => {
    const { rows } = await cachedReads(db).query<{ id: number; status: string }>('select id, status from item t order by id');
    expect(() => {
      (rows[0] as { status: string }).status = 'HACKED';
    }).toThrow(TypeError);
  });
});

describe('a database that other processes write (PostgreSQL)', () => {
  // A second handle on the same data stands in for another instance: its writes bypass this cache's own notes.
  let raw: Database;
  beforeAll(async () => {
    raw = await openPglite();
    await tables(raw);
  });
  afterAll(() => raw.close());
  const count = async (cache: ReadCache, status: string) => (await cache.query<{ n: number }>(COUNT, [status])).rows[0]!.n;

  it('sees another writer’s change once the counters are read again', async () => {
    const cache = new ReadCache(raw, false, 0);
    expect(await count(cache, 'NEW')).toBe(2);
    await raw.query(`insert into item values (9, 'NEW')`);
    expect(await count(cache, 'NEW')).toBe(3);
  });

  it('reuses counters read moments ago, but never after a write of its own', async () => {
    const cache = new ReadCache(raw, false, 60_000);
    expect(await count(cache, 'DONE')).toBe(1);
    await raw.query(`insert into item values (10, 'DONE')`);
    // Within the window another writer's change is not yet seen ...
    expect(await count(cache, 'DONE')).toBe(1);
    // ... but this process's own completed writes always make it read the counters again.
    cache.wrote();
    expect(await count(cache, 'DONE')).toBe(2);
  });
});

describe('tables a statement reads', () => {
  it('takes every name after FROM and JOIN, quoted or not', () => {
    expect(tablesRead('select 1 from "sodr_po_header" t join iam_role r on r.id = t.x left join hpfm_lov_value v on true where exists (select 1 from note)')).toEqual([
      'hpfm_lov_value',
      'iam_role',
      'note',
      'sodr_po_header',
    ]);
  });
});
