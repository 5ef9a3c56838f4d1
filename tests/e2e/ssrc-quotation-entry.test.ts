import { describe, expect, it, vi } from 'vitest';
import { choose, flowFile, okConfirm } from './flow-kit.ts';

/**
 * The supplier's quotation screen in zh_CN: the demo `supplier` acts for S0001 and S0002, both
 * invited to a sealed RFx. It picks S0002, types prices, a tax rate and a delivery date in the
 * renderer's widgets (no native date input), watches the line amounts and the total with tax
 * follow, is asked before sending with what will be sent, and is told after what was sent. The
 * buyer, after opening, finds the offer under S0002 and none under S0001.
 */
vi.setConfig({ testTimeout: 600_000 });
const { e, q, api, documentStatus } = flowFile();
const T = '/ssrc/v1/1';
const { reaches } = documentStatus('ssrc_rfx_header', 'rfx_header_id', 'rfx_status', 'RFx');

/** A released sealed RFx of two lines (200 and 500 pieces) inviting S0001 and S0002. */
async function releasedRfx() {
  const sup = Object.fromEntries((await q<{ num: string; id: number; name: string }>("select supplier_num as num, supplier_id::float8 as id, supplier_name as name from sslm_supplier where tenant_id = 1 and supplier_num in ('S0001', 'S0002')")).map((r) => [r.num, r]));
  const code = `QE${Date.now()}`;
  const tpl = (await api('buyer', 'POST', `${T}/source-template`, { templateCode: code, templateName: `Quotation ${code}`, sourceCategory: 'RFQ', sourceMethod: 'INVITE', scoringMethod: 'LOWEST_PRICE', roundLimit: 1, sealedQuotationFlag: 1, releaseApprovalFlag: 0, resultApprovalFlag: 0 })).json();
  expect((await api('buyer', 'POST', `${T}/source-template/${String(tpl.templateId)}/actions/release`, { objectVersionNumber: tpl.objectVersionNumber })).status).toBe(200);
  const h = (await api('buyer', 'POST', `${T}/rfx`, { rfxTitle: `Gaskets ${code}`, templateId: tpl.templateId, companyName: 'Demo Manufacturing Co.', currencyCode: 'CNY', quotationStartDate: new Date(Date.now() - 60_000).toISOString(), quotationEndDate: new Date(Date.now() + 3_600_000).toISOString() })).json();
  const id = Number(h.rfxHeaderId);
  for (const [itemCode, itemName, quantity] of [['MAT-2001', 'Flange gasket DN50', 200], ['MAT-2002', 'O-ring 40x3', 500]] as const)
    expect((await api('buyer', 'POST', `${T}/rfx/items`, { rfxHeaderId: id, itemCode, itemName, quantity, uomCode: 'EA' })).status).toBe(200);
  for (const n of ['S0001', 'S0002']) expect((await api('buyer', 'POST', `${T}/rfx/suppliers`, { rfxHeaderId: id, supplierId: sup[n]!.id })).status).toBe(200);
  const head = (await api('buyer', 'GET', `${T}/rfx/${id}`)).json();
  const rel = await api('buyer', 'POST', `${T}/rfx/${id}/actions/release`, { objectVersionNumber: head.objectVersionNumber });
  expect(rel.json().rfxStatus, rel.body).toBe('IN_QUOTATION');
  return { id, num: String(head.rfxNum), sup };
}

describe('the supplier quotation screen', () => {
  it('lets a supplier of two invited companies quote for one, with amounts, a confirmation and a receipt', async () => {
    const { id, num, sup } = await releasedRfx();
    const s1 = sup.S0001!;
    const s2 = sup.S0002!;

    const sam = await e.signIn('supplier', `/ssrc/supplier-quotation/inquiry-price/${id}`);
    const entry = sam.getByTestId('quotation-entry');
    const price = (n: number) => entry.getByTestId(`price-${n}`).locator('input');
    await price(1).waitFor();
    // Two companies: none is chosen for the supplier, and nothing can be typed or sent until one is.
    expect(await price(1).isDisabled()).toBe(true);
    expect(await entry.getByTestId('quotation-send').isDisabled()).toBe(true);
    expect(await entry.locator('input[type="date"]').count()).toBe(0);
    await choose(sam, entry, 'supplierId', s2.name);
    await expect.poll(() => price(1).isDisabled()).toBe(false);

    // Amounts follow the typing: 200 × 4.35 = 870.00, with 13 % tax 983.10; 500 × 0.97 = 485.00 without tax.
    await price(1).fill('4.35');
    await expect.poll(() => entry.getByTestId('amount-1').textContent()).toBe('870.00');
    await entry.getByTestId('tax-1').locator('input').fill('13');
    await expect.poll(() => entry.getByTestId('amount-tax-1').textContent()).toBe('983.10');
    await price(2).fill('0.97');
    await expect.poll(() => entry.getByTestId('amount-tax-2').textContent()).toBe('485.00');
    await expect.poll(() => entry.getByTestId('quotation-total').textContent()).toBe('1,468.10 CNY');
    expect(await entry.getByTestId('quotation-total-tax').textContent()).toBe('113.10 CNY');
    // The delivery date through the renderer's date picker, in the user's format.
    const delivery = entry.getByTestId('delivery-1').locator('input');
    await delivery.click();
    await sam.locator('.ant-picker-dropdown:visible').waitFor();
    await delivery.fill('2027-03-15');
    await delivery.press('Enter');
    await expect.poll(() => delivery.inputValue()).toBe('2027-03-15');

    // Asked first, with what will be sent; cancelled, nothing is sent.
    await entry.getByTestId('quotation-send').click();
    const confirm = sam.getByTestId('quotation-confirm');
    await confirm.waitFor();
    expect(await confirm.getByTestId('confirm-company').textContent()).toBe(s2.name);
    expect(await confirm.getByTestId('confirm-lines').textContent()).toBe('2 / 2');
    expect(await confirm.getByTestId('confirm-total').textContent()).toBe('1,468.10 CNY');
    expect(await confirm.innerText()).toContain(num);
    await sam.locator('.ant-modal-confirm .ant-btn:not(.ant-btn-primary)').click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await q<{ n: number }>('select count(*)::int as n from ssrc_rfx_quotation_line where rfx_header_id = $1', [id]))[0]!.n).toBe(0);
    await entry.getByTestId('quotation-send').click();
    await okConfirm(sam);

    // Told what was sent; the lines show the quotation as the server keeps it, under S0002 only.
    const receipt = entry.getByTestId('quotation-receipt');
    await receipt.waitFor();
    const told = await receipt.innerText();
    for (const part of [num, s2.name, '2', '1,468.10', 'CNY']) expect(told).toContain(part);
    expect(told).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    // Sealed: the terms are stored encrypted; the supplier reads its own back.
    const rows = await q<{ sup: number; line: number }>('select supplier_id::float8 as sup, line_num::int as line from ssrc_rfx_quotation_line where rfx_header_id = $1 order by line_num', [id]);
    expect(rows.map((r) => [r.sup, r.line])).toEqual([
      [s2.id, 1],
      [s2.id, 2],
    ]);
    const own = (await api('supplier', 'GET', `${T}/quotation-lines?rfxHeaderId=${id}&sort=lineNum,asc`)).json().content as Array<Record<string, unknown>>;
    expect(own.map((r) => [r.supplierId, r.unitPrice, r.taxRate, r.deliveryDate])).toEqual([
      [s2.id, '4.35', '13.00', '2027-03-15'],
      [s2.id, '0.97', null, null],
    ]);
    expect(await delivery.inputValue()).toBe('2027-03-15');
    expect(await price(1).inputValue()).toBe('4.35');
    await entry.getByTestId('quotation-withdraw').waitFor();
    // S0001 has quoted nothing: its lines are empty.
    await choose(sam, entry, 'supplierId', s1.name);
    await expect.poll(() => price(1).inputValue()).toBe('');
    expect(await entry.getByTestId('quotation-total').textContent()).toBe('0.00 CNY');

    // After the end the buyer opens and checks prices: the offer is S0002's, S0001 has none.
    await q("update ssrc_rfx_header set quotation_end_date = now() - interval '1 second' where rfx_header_id = $1", [id]);
    for (const move of ['open', 'startCheck']) {
      const h = (await api('buyer', 'GET', `${T}/rfx/${id}`)).json();
      expect((await api('buyer', 'POST', `${T}/rfx/${id}/actions/${move}`, { objectVersionNumber: h.objectVersionNumber })).status).toBe(200);
    }
    await reaches(id, 'CHECK_PENDING');
    const lines = await q<{ id: number }>('select rfx_line_id::float8 as id from ssrc_rfx_line where rfx_header_id = $1 order by line_num', [id]);
    const buyer = await e.signIn('buyer', `/ssrc/inquiry-hall/check-price?rfxId=${id}`);
    const matrix = buyer.getByTestId('check-matrix');
    await matrix.getByTestId(`award-${lines[0]!.id}-${s2.id}`).waitFor();
    expect(await matrix.getByTestId(`award-${lines[0]!.id}-${s1.id}`).count()).toBe(0);
    expect(await matrix.innerText()).toContain('4.35');
  });
});
