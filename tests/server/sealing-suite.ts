import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { documentKey, rewrapRetired } from '../../server/sealing/document-keys.ts';
import { keyRing } from '../../server/sealing/key-ring.ts';
import type { TestServer } from './harness.ts';

type Row = Record<string, unknown>;
const T = '/ssrc/v1/1';

/**
 * Sealed offers at rest (server/sealing/), on the database `server()` runs on: before opening, no
 * table, view or dump of the database holds a price or remark that was offered; the opening writes
 * them back exactly; a ciphertext moved between rows stops the opening; a retired server key's
 * document keys are wrapped again under the new one. `dump()` is the database as a backup holds it.
 */
export function sealingSuite(server: () => TestServer, dump: () => Promise<Buffer>): void {
  const tag = randomBytes(4).toString('hex');
  const offers: Record<string, { prices: [string, string]; remark: string }> = {
    supplier: { prices: ['73519.27', '84026.31'], remark: `CANARY-REMARK-A-${tag}` },
    supplier3: { prices: ['69173.42', '91357.24'], remark: `CANARY-REMARK-B-${tag}` },
  };
  const canaries = Object.values(offers).flatMap((o) => [...o.prices, o.remark]);
  const found = (text: string) => canaries.filter((c) => text.includes(c));
  let rfxId = 0;

  const q = async <R extends Row>(sql: string, p: unknown[] = []) => (await server().ctx.db.query<R>(sql, p)).rows;
  /** Every table and view of the database, read whole as text: what the SQL console or a report could ever show. */
  const everyRelation = async () => {
    const rels = await q<{ s: string; n: string }>("select table_schema as s, table_name as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') order by 1, 2");
    const out: string[] = [];
    for (const r of rels) out.push(...(await q<{ t: string }>(`select x::text as t from "${r.s}"."${r.n}" x`)).map((x) => x.t));
    return out.join('\n');
  };

  it('are ciphertext in every table, view and dump until opening, while each supplier reads its own', async () => {
    const rfx = (await q<{ id: number }>("select rfx_header_id::float8 as id from ssrc_rfx_header where tenant_id = 1 and rfx_title = 'Safety equipment Q1' and sealed_quotation_flag = 1 and rfx_status = 'IN_QUOTATION'"))[0];
    expect(rfx, 'the demo RFx in quotation').toBeDefined();
    rfxId = rfx!.id;
    const lines = await q<{ id: number }>('select rfx_line_id::float8 as id from ssrc_rfx_line where rfx_header_id = $1 order by line_num', [rfxId]);
    for (const [as, o] of Object.entries(offers)) {
      const r = await server().call({ method: 'POST', url: `${T}/rfx/${rfxId}/quotation`, as, payload: { lines: lines.map((l, i) => ({ rfxLineId: l.id, unitPrice: o.prices[i], taxRate: 13, remark: o.remark })) } });
      expect(r.statusCode, r.body).toBe(200);
      const mine = (await server().call({ method: 'GET', url: `${T}/quotation-lines?rfxHeaderId=${rfxId}&currentFlag=1`, as })).json().content as Row[];
      expect(mine.map((m) => [String(m.unitPrice), m.remark]).sort()).toEqual(o.prices.map((p) => [String(Number(p)), o.remark]).sort());
    }
    expect(found(await everyRelation())).toEqual([]);
    expect(found((await dump()).toString('latin1'))).toEqual([]);
  });

  it('stop the opening when a ciphertext was moved to another row, and open exactly once restored', async () => {
    const rows = await q<{ id: number; c: string }>('select quotation_line_id::float8 as id, sealed_offer as c from ssrc_rfx_quotation_line where rfx_header_id = $1 and current_flag = 1 order by supplier_id, rfx_line_id', [rfxId]);
    const [a, b] = [rows[0]!, rows[rows.length - 1]!];
    await q('update ssrc_rfx_header set quotation_end_date = now() - interval \'1 second\' where rfx_header_id = $1', [rfxId]);
    const swap = async (x: string, y: string) => {
      await q('update ssrc_rfx_quotation_line set sealed_offer = $2 where quotation_line_id = $1', [a.id, x]);
      await q('update ssrc_rfx_quotation_line set sealed_offer = $2 where quotation_line_id = $1', [b.id, y]);
    };
    await swap(b.c, a.c);
    const open = () => server().call({ method: 'POST', url: `${T}/rfx/open`, as: 'buyer', payload: { rfxHeaderId: rfxId } });
    const refused = await open();
    expect([refused.statusCode, refused.json().code], refused.body).toEqual([409, 'seal.error.tampered']);
    expect((await q<{ s: string }>('select rfx_status as s from ssrc_rfx_header where rfx_header_id = $1', [rfxId]))[0]!.s).toBe('IN_QUOTATION');
    await swap(a.c, b.c);
    const opened = await open();
    expect(opened.statusCode, opened.body).toBe(200);
    const plain = await q<{ p: string; r: string; c: string | null }>('select unit_price::text as p, remark as r, sealed_offer as c from ssrc_rfx_quotation_line where rfx_header_id = $1 and current_flag = 1', [rfxId]);
    expect(plain.map((x) => x.p).sort()).toEqual(Object.values(offers).flatMap((o) => o.prices).sort());
    expect(plain.every((x) => x.c === null && canaries.includes(x.r))).toBe(true);
    expect(await q("select 1 from seal_document_key where document_entity = 'rfxQuotationLine' and document_id = $1", [rfxId])).toEqual([]);
    // The same reads now find what was opened: the searches above could see it had it been there.
    expect(found(await everyRelation()).sort()).toEqual([...canaries].sort());
    expect(found((await dump()).toString('latin1'))).toEqual(expect.arrayContaining(Object.values(offers).map((o) => o.remark)));
  });

  it('rewrap document keys of a retired server key under the current one', async () => {
    // A sealed tender of the demo keeps its key until opened.
    const held = (await q<{ e: string; id: number }>('select document_entity as e, document_id::float8 as id from seal_document_key order by 1, 2'))[0];
    expect(held, 'a document key of the demo (a tender still bidding)').toBeDefined();
    const before = await documentKey(server().ctx.db, server().ctx.sealKeys, held!.e, held!.id, 1, false);
    const next = randomBytes(32).toString('base64');
    const old = server().ctx.sealKeys.current.key.toString('base64');
    expect(await rewrapRetired(server().ctx.db, keyRing(undefined, { SEAL_KEY: next, SEAL_KEYS_RETIRED: old }))).toBeGreaterThan(0);
    const after = await documentKey(server().ctx.db, keyRing(undefined, { SEAL_KEY: next }), held!.e, held!.id, 1, false);
    expect(after?.equals(before!)).toBe(true);
    await expect(documentKey(server().ctx.db, server().ctx.sealKeys, held!.e, held!.id, 1, false)).rejects.toThrow(/SEAL_KEY/);
    // Back under the server's own key, for whatever the file runs next.
    await rewrapRetired(server().ctx.db, keyRing(undefined, { SEAL_KEY: old, SEAL_KEYS_RETIRED: next }));
  });
}
