import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DateField from '../../../renderer/fields/DateField.tsx';
import NumberField from '../../../renderer/fields/NumberField.tsx';
import { ParentRecordContext } from '../../../renderer/format/money.ts';
import type { RendererServices } from '../../../renderer/contracts/services.ts';
import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import { resolveField } from '../../../renderer/schema/resolve-field.ts';
import { testServices, WithServices } from '../test-services.tsx';

afterEach(cleanup);

const order: EntityDecl = {
  version: 1,
  name: 'order',
  table: 'o',
  primaryKey: 'id',
  tenantScoped: false,
  paths: { site: '/o' },
  fields: [
    { name: 'currencyCode', type: 'string' },
    { name: 'amount', type: 'money', currency: 'currencyCode' },
    { name: 'needByDate', type: 'date' },
    { name: 'quotationEnd', type: 'datetime' },
  ],
};
const orderLine: EntityDecl = { ...order, name: 'orderLine', parent: { entity: 'order', field: 'orderId' }, fields: [{ name: 'orderId', type: 'integer' }, { name: 'unitPrice', type: 'money', currency: 'parent.currencyCode' }] };

function host(user: Partial<RendererServices['user']> = {}): RendererServices {
  const request = vi.fn(async (url: string) => (url.includes('formula-facts') ? { precision: { JPY: 0, USD: 2 }, taxRate: {} } : {})) as RendererServices['request'];
  const s = testServices([order, orderLine], request);
  return { ...s, user: { ...s.user, ...user } };
}

const props = (e: EntityDecl, name: string, value: unknown, record: Record<string, unknown>, onChange = vi.fn()) => ({
  field: resolveField(e, name, '/f'),
  value,
  onChange,
  record,
  setValue: vi.fn(),
  mode: 'edit' as const,
  id: `field-${name}`,
});

const input = (id: string) => document.getElementById(id) as HTMLInputElement;

describe('money field', () => {
  it('shows the amount in the record’s currency decimals with separators: yen none, dollars two', async () => {
    render(
      <WithServices services={host()}>
        <NumberField {...props(order, 'amount', '1234568.00', { currencyCode: 'JPY' })} />
      </WithServices>,
    );
    await waitFor(() => expect(input('field-amount').value).toBe('1,234,568'));
    cleanup();
    render(
      <WithServices services={host()}>
        <NumberField {...props(order, 'amount', 61286.7, { currencyCode: 'USD' })} />
      </WithServices>,
    );
    await waitFor(() => expect(input('field-amount').value).toBe('61,286.70'));
  });

  it('takes decimal text and keeps every digit typed: no float, no rounding on blur', async () => {
    const onChange = vi.fn();
    render(
      <WithServices services={host()}>
        <NumberField {...props(order, 'amount', '98765432109876543.21', { currencyCode: 'USD' }, onChange)} />
      </WithServices>,
    );
    await waitFor(() => expect(input('field-amount').value).toBe('98,765,432,109,876,543.21'));
    const el = input('field-amount');
    fireEvent.focus(el);
    fireEvent.change(el, { target: { value: '12345678901234567.89' } });
    expect(onChange).toHaveBeenLastCalledWith('12345678901234567.89');
    fireEvent.change(el, { target: { value: '0.105' } });
    fireEvent.blur(el);
    // Three decimals in a two-decimal currency: shown and sent as typed, for validation to refuse.
    expect(onChange).toHaveBeenLastCalledWith('0.105');
    expect(el.value).not.toBe('0.11');
  });

  it('a JPY amount with decimals shows them while editable, and the currency’s decimals when only shown', async () => {
    render(
      <WithServices services={host()}>
        <NumberField {...props(order, 'amount', '1234567.80', { currencyCode: 'JPY' })} />
      </WithServices>,
    );
    await waitFor(() => expect(input('field-amount').value).toBe('1,234,567.8'));
    cleanup();
    render(
      <WithServices services={host()}>
        <NumberField {...props(order, 'amount', '1234567.40', { currencyCode: 'JPY' })} disabled />
      </WithServices>,
    );
    await waitFor(() => expect(input('field-amount').value).toBe('1,234,567'));
  });

  it('a line’s price follows its document’s currency', async () => {
    render(
      <WithServices services={host()}>
        <ParentRecordContext.Provider value={{ currencyCode: 'JPY' }}>
          <NumberField {...props(orderLine, 'unitPrice', 980, {})} />
        </ParentRecordContext.Provider>
      </WithServices>,
    );
    await waitFor(() => expect(input('field-unitPrice').value).toBe('980'));
  });
});

describe('date fields', () => {
  it('show a date in the user’s format and send it in the platform’s', () => {
    render(
      <WithServices services={host({ dateFormat: 'DD/MM/YYYY' })}>
        <DateField {...props(order, 'needByDate', '2026-03-31', {})} />
      </WithServices>,
    );
    expect(input('field-needByDate').value).toBe('31/03/2026');
  });

  it('show a date-time in the user’s zone, and a picked time goes back in UTC', () => {
    const onChange = vi.fn();
    render(
      <WithServices services={host({ dateFormat: 'YYYY/MM/DD', timeZone: 'GMT+8' })}>
        <DateField {...props(order, 'quotationEnd', '2026-03-31 20:15:00', {}, onChange)} />
      </WithServices>,
    );
    const el = input('field-quotationEnd');
    expect(el.value).toBe('2026/04/01 04:15:00');
    // Typing a wall-clock time of the user's zone and confirming it.
    fireEvent.mouseDown(el);
    fireEvent.change(el, { target: { value: '2026/04/02 09:00:00' } });
    fireEvent.keyDown(el, { key: 'Enter', code: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith('2026-04-02 01:00:00');
  });
});
