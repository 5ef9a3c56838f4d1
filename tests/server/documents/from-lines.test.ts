import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAuthContext } from '../../../server/auth/authenticate.ts';
import { documentsFromLines, type FromLinesPlan } from '../../../server/documents/from-lines.ts';
import type { Scope } from '../../../server/resources/scope.ts';
import { startTestServer, type TestServer } from '../harness.ts';

/**
 * Documents from lines (server/documents/from-lines.ts), the one mechanism behind orders and RFx
 * from requisition lines, orders from awards and contracts from orders: groups become documents,
 * every new line keeps its source line through the field that declares it, lines are numbered and
 * totals computed; a plan naming a link no entity declares is refused before anything is written.
 */
let s: TestServer;
let scope: Scope;
beforeAll(async () => {
  s = await startTestServer();
  scope = { auth: (await loadAuthContext(s.ctx, await s.login('buyer')))!, tenantId: 1 };
});
afterAll(() => s.close());

interface Source {
  prLineId: number;
  supplier: number;
  price: string;
}
const plan: FromLinesPlan<Source> = {
  header: 'poHeader',
  from: 'prLine',
  groupKey: (l) => String(l.supplier),
  headerValues: ([first]) => ({ supplierId: first!.supplier, companyName: 'Demo company', currencyCode: 'CNY' }),
  lineValues: (l) => ({ itemCode: 'FL-1', itemName: 'From lines', quantity: 2, uomCode: 'EA', unitPrice: l.price }),
  sourceId: (l) => l.prLineId,
};

describe('documents from lines', () => {
  it('make one document per group whose lines keep their source, numbered, with totals', async () => {
    const pr = (await s.ctx.db.query<{ id: number }>('select pr_line_id::float8 as id from sprm_pr_line where tenant_id = 1 order by pr_line_id limit 3')).rows.map((r) => r.id);
    const suppliers = (await s.ctx.db.query<{ id: number }>('select supplier_id::float8 as id from sslm_supplier where tenant_id = 1 order by supplier_id limit 2')).rows.map((r) => r.id);
    const sources: Source[] = [
      { prLineId: pr[0]!, supplier: suppliers[0]!, price: '10.10' },
      { prLineId: pr[1]!, supplier: suppliers[1]!, price: '5' },
      { prLineId: pr[2]!, supplier: suppliers[0]!, price: '0.20' },
    ];
    const made = await s.ctx.db.transaction((tx) => documentsFromLines(s.ctx, tx, scope, plan, sources));
    expect(made.map((m) => m.sources.map((l) => l.prLineId))).toEqual([[pr[0], pr[2]], [pr[1]]]);
    for (const m of made) {
      expect(m.header.displayPoNum, 'numbered as any order').toMatch(/\S/);
      const lines = (
        await s.ctx.db.query<{ num: number; pr: number; amount: string }>(
          'select line_num::int as num, pr_line_id::float8 as pr, line_amount::text as amount from sodr_po_line where po_header_id = $1 order by line_num',
          [m.header.poHeaderId],
        )
      ).rows;
      expect(lines.map((l) => l.num)).toEqual(m.sources.map((_, i) => i + 1));
      expect(lines.map((l) => l.pr)).toEqual(m.sources.map((l) => l.prLineId));
    }
    const first = (await s.ctx.db.query<{ amount: string }>('select amount::text as amount from sodr_po_header where po_header_id = $1', [made[0]!.header.poHeaderId])).rows[0]!;
    expect(first.amount, 'the header total of 2 × 10.10 + 2 × 0.20').toBe('20.60');
  });

  it('refuse a plan whose link no line entity declares, writing nothing', async () => {
    const before = (await s.ctx.db.query<{ n: number }>('select count(*)::int as n from sodr_po_header')).rows[0]!.n;
    await expect(s.ctx.db.transaction((tx) => documentsFromLines(s.ctx, tx, scope, { ...plan, from: 'contractLine' }, [{ prLineId: 1, supplier: 1, price: '1' }]))).rejects.toThrow(
      /No line entity of poHeader declares a field with source contractLine/,
    );
    expect((await s.ctx.db.query<{ n: number }>('select count(*)::int as n from sodr_po_header')).rows[0]!.n).toBe(before);
  });
});
