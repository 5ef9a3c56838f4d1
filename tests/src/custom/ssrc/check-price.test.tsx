import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RendererServices } from '../../../../renderer/contracts/services.ts';
import CheckPrice from '../../../../src/custom/ssrc/CheckPrice.tsx';
import { awardedQuantity, averagePrice, overAwarded, savingPercent, sharePercent } from '../../../../src/custom/ssrc/check-price-math.ts';
import type { CheckMatrix } from '../../../../src/custom/ssrc/rfx-api.ts';
import { testServices, WithServices } from '../../../renderer/test-services.tsx';

afterEach(cleanup);

const offers = (prices: string[], awards: Array<string | null>) => prices.map((unitPrice, i) => ({ unitPrice, award: awards[i] }));

describe('the price check’s sums, in decimals', () => {
  it('averages 0.1, 0.2 and 0.3 to exactly 0.2 (floats give 0.19999999999999998)', () => {
    expect(averagePrice(offers(['0.10', '0.20', '0.30'], ['1', '1', '1']))!.toFixed()).toBe('0.2');
  });

  it('weights the average by the awarded quantities and leaves unawarded offers out', () => {
    expect(averagePrice(offers(['10.00', '20.00', '99.00'], ['3', '1', '0']))!.toFixed()).toBe('12.5');
    expect(averagePrice(offers(['10.00'], [null]))).toBeUndefined();
  });

  it('adds awarded quantities as typed and compares them with the line’s quantity as decimals', () => {
    const a = awardedQuantity(offers(['1', '1'], ['0.1', '0.2']));
    expect(a.toFixed()).toBe('0.3');
    expect(overAwarded(a, '0.30')).toBe(false);
    // "100.00" against "99.5" is a decimal comparison, not a text one.
    expect(overAwarded(awardedQuantity(offers(['1'], ['100.00'])), '99.5')).toBe(true);
  });

  it('gives the saving and share in percent with two decimals', () => {
    expect(savingPercent('0.25', averagePrice(offers(['0.10', '0.20', '0.30'], ['1', '1', '1'])))).toBe('20.00%');
    expect(savingPercent(null, undefined)).toBe('');
    expect(savingPercent('0.00', averagePrice(offers(['1'], ['1'])))).toBe('');
    expect(sharePercent('1', '3.00')).toBe('33.33%');
    expect(sharePercent('1', '0')).toBe('');
  });
});

const MATRIX: CheckMatrix = {
  rfxHeaderId: 7,
  rfxNum: 'RFX-7',
  rfxStatus: 'CHECK_PENDING',
  scoringMethod: 'LOWEST_PRICE',
  lines: [{ rfxLineId: 70, lineNum: 1, itemCode: 'M-1', itemName: 'Bolt', quantity: '3.00', uomCode: 'EA', lastPrice: '0.25' }],
  suppliers: [1, 2, 3].map((id) => ({ supplierId: id, supplierName: `S${id}`, quotedFlag: 1 })),
  cells: ['0.10', '0.20', '0.30'].map((unitPrice, i) => ({
    quotationLineId: 700 + i, rfxLineId: 70, supplierId: i + 1, roundNumber: 1, unitPrice, taxRate: '13.00', quotedQuantity: '3.00', deliveryDate: null, awardQuantity: '1.00', awardRatio: '33.33', suggested: i === 0,
  })),
};

describe('the price check page', () => {
  let request: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    window.history.replaceState(null, '', '/ssrc/inquiry-hall/check-price?rfxId=7');
    request = vi.fn(async (url: string) => (url.endsWith('/rfx/7/check') ? structuredClone(MATRIX) : {}));
  });

  const mount = () =>
    render(
      <WithServices services={testServices([], request as unknown as RendererServices['request'])}>
        <CheckPrice screen={{ route: '/ssrc/inquiry-hall/check-price' }} />
      </WithServices>,
    );

  it('shows the average awarded price of 0.10, 0.20 and 0.30 as 0.20 exactly, with its saving', async () => {
    mount();
    const tail = await screen.findByTestId('check-tail-70');
    expect(tail.textContent).toBe('3 / 3.000.20 · 20.00%');
    expect(screen.getByTestId('check-matrix').textContent).toContain('0.10');
  });

  it('sends award quantities as typed, as decimal text', async () => {
    mount();
    const input = (await screen.findByTestId('award-70-1')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '0.7' } });
    await waitFor(() => expect(screen.getByTestId('check-tail-70').textContent).toMatch(/^2\.7 \/ 3\.00/));
    fireEvent.click(screen.getByTestId('check-save'));
    await waitFor(() => expect(request).toHaveBeenCalledWith(expect.stringMatching(/\/rfx\/check$/), expect.anything()));
    const body = request.mock.calls.find(([url]) => String(url).endsWith('/rfx/check'))![1].body as { awards: Array<{ quotationLineId: number; awardQuantity: string }> };
    expect(body.awards).toEqual([
      { quotationLineId: 700, awardQuantity: '0.7' },
      { quotationLineId: 701, awardQuantity: '1.00' },
      { quotationLineId: 702, awardQuantity: '1.00' },
    ]);
  });
});
