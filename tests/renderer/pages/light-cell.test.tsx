import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormStore } from '../../../renderer/form/FormStore.ts';
import { LightInput, WakeInput } from '../../../renderer/pages/detail/LightCell.tsx';
import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import { resolveField } from '../../../renderer/schema/resolve-field.ts';

/** The plain inputs a saved line edits with: the same values and validation as the form widgets. */
afterEach(cleanup);
const entity: EntityDecl = {
  version: 1,
  name: 'line',
  table: 'line',
  primaryKey: 'id',
  tenantScoped: false,
  paths: { site: '/x' },
  fields: [
    { name: 'id', type: 'integer' },
    { name: 'price', type: 'money', min: 0 },
    { name: 'uomCode', type: 'string', lov: 'UOM' },
  ],
};
const setup = () => {
  const price = resolveField(entity, 'price', '/0');
  const uom = resolveField(entity, 'uomCode', '/1');
  const form = new FormStore(entity, [price, uom], { id: 1, price: 1234.5, uomCode: 'EA', uomMeaning: 'Each' }, () => ({}), (f) => f.name);
  return { form, price, uom };
};

describe('light cells of a saved line', () => {
  it('shows money with its decimals, the same text when focused, edits the number, keeps what is not a number for validation', async () => {
    const { form, price } = setup();
    render(<LightInput form={form} field={price} id="c" label="Price" disabled={false} />);
    const input = document.getElementById('c') as HTMLInputElement;
    expect(input.value).toBe('1234.50');
    expect(input.getAttribute('aria-label')).toBe('Price');
    fireEvent.focus(input);
    expect(input.value).toBe('1234.50');
    fireEvent.change(input, { target: { value: '12.35' } });
    // A decimal column keeps the text as typed: no float on the way.
    expect(form.values.price).toBe('12.35');
    expect(form.dirty).toBe(true);
    fireEvent.change(input, { target: { value: '12,x' } });
    expect(form.values.price).toBe('12x');
    expect(await form.validateAll()).toBe('price');
    fireEvent.blur(input);
    expect(input.value).toBe('12x');
  });

  it('shows decimal text with at least its decimals and never rounds away what was typed', async () => {
    const { form, price } = setup();
    form.mergeDerived({ price: '1234.5' });
    render(<LightInput form={form} field={price} id="c" label="Price" disabled={false} />);
    const input = document.getElementById('c') as HTMLInputElement;
    expect(input.value).toBe('1234.50');
    fireEvent.change(input, { target: { value: '98765432109876543.21' } });
    expect(form.values.price).toBe('98765432109876543.21');
    fireEvent.change(input, { target: { value: '1.005' } });
    fireEvent.blur(input);
    expect(input.value).toBe('1.005');
    // More decimals than the column keeps: refused by validation, not rounded.
    expect(await form.validateAll()).toBe('price');
  });

  it('shows a coded value by its meaning and asks for the real widget when focused', () => {
    const { form, uom } = setup();
    let woken = 0;
    render(<WakeInput form={form} field={uom} id="u" label="UOM" disabled={false} onWake={() => woken++} />);
    const input = document.getElementById('u') as HTMLInputElement;
    expect(input.value).toBe('Each');
    fireEvent.focus(input);
    expect(woken).toBe(1);
  });
});
