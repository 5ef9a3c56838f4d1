import type { InjectOptions, LightMyRequestResponse } from 'fastify';

type Row = Record<string, unknown>;
type Call = (opts: InjectOptions & { as?: string }) => Promise<LightMyRequestResponse>;

export const PO = '/sodr/v1/1/po-headers';
export const PO_LINES = '/sodr/v1/1/po-lines';

/**
 * A draft order of tenant 1 whose computed amount is `amount` (one line of quantity 1 at that
 * price, tax-free): order totals are the server's sums of the lines, never taken from a body.
 */
export async function orderOf(call: Call, as: string, amount: number, header: Row = {}): Promise<Row> {
  const po = (await call({ method: 'POST', url: PO, as, payload: { supplierName: 'Test Supplier', companyName: 'Demo Manufacturing Co.', ...header } })).json() as Row;
  if (po.failed) throw new Error(JSON.stringify(po));
  if (amount) {
    const line = await call({ method: 'POST', url: PO_LINES, as, payload: { poHeaderId: po.poHeaderId, lineNum: 1, itemCode: 'AMOUNT', itemName: 'Amount', quantity: 1, unitPrice: amount, taxCode: 'NONE' } });
    if (line.statusCode !== 200) throw new Error(line.body);
  }
  return (await call({ url: `${PO}/${String(po.poHeaderId)}`, as })).json() as Row;
}
