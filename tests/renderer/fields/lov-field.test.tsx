import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LovField from '../../../renderer/fields/LovField.tsx';
import type { RendererServices } from '../../../renderer/contracts/services.ts';
import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import { resolveField } from '../../../renderer/schema/resolve-field.ts';
import { testServices, WithServices } from '../test-services.tsx';

afterEach(cleanup);

const order: EntityDecl = { version: 1, name: 'order', table: 'o', primaryKey: 'id', tenantScoped: false, paths: { site: '/o' }, fields: [{ name: 'supplierId', type: 'integer', lovView: 'X.SUPPLIER' }] };

/** A lookup field's dialog exists once opened: a closed antd Modal still costs its styles and hooks on every form. */
describe('the lookup field', () => {
  it('has no dialog until the lookup is opened, then shows the view', async () => {
    const request = vi.fn(async (url: string) => (url.includes('lov-view') ? { lovCode: 'X', title: 'Suppliers', valueField: 'id', displayField: 'name', queryFields: [], tableFields: [], pageSize: 10 } : { content: [], totalElements: 0 }));
    render(
      <WithServices services={testServices([order], request as unknown as RendererServices['request'])}>
        <LovField field={resolveField(order, 'supplierId', '/f')} id="f" mode="edit" value={null} record={{}} onChange={vi.fn()} setValue={vi.fn()} />
      </WithServices>,
    );
    const modalStyles = () => [...document.querySelectorAll('style')].some((t) => t.textContent?.includes('.ant-modal'));
    expect(modalStyles()).toBe(false);
    fireEvent.click(screen.getByLabelText('lookup'));
    await waitFor(() => expect(screen.getByRole('dialog')).toBeTruthy());
    await waitFor(() => expect(screen.getByText('Suppliers')).toBeTruthy());
    expect(modalStyles()).toBe(true);
  });
});
