import { describe, expect, it, vi } from 'vitest';
import { announceCreated } from '../../../renderer/actions/created-documents.ts';
import type { ActionContext } from '../../../renderer/contracts/actions.ts';
import type { DocumentRef } from '../../../renderer/schema/documents/refs.ts';

/** After an action that made documents, the person is told which, by number and with links. */
const docs: DocumentRef[] = [{ entity: 'poHeader', id: 7, number: 'PO0007', page: '/sodr/send-order/detail/7' }];
const context = (success?: string) => {
  const services = {
    user: { tenantId: 3 },
    loadEntity: vi.fn(async () => ({ name: 'poHeader', primaryKey: 'poHeaderId' })),
    request: vi.fn(async () => docs),
    label: (l: string) => `L:${l}`,
    t: (_k: string, fallback: string) => fallback,
    notify: { success: vi.fn(), error: vi.fn() },
    showDocuments: vi.fn(),
  };
  return { ctx: { services, action: { type: 'request', ...(success ? { success } : {}) } } as unknown as ActionContext, services };
};

describe('documents an action created', () => {
  it('are looked up by the keys the answer holds and shown as links under the action’s message', async () => {
    const { ctx, services } = context('sodr.created');
    await announceCreated(ctx, { entity: 'poHeader' }, [{ poHeaderId: 7 }, { poHeaderId: 9 }]);
    expect(services.request).toHaveBeenCalledWith('/hpfm/v1/3/documents/poHeader', { query: { ids: '7,9' } });
    expect(services.showDocuments).toHaveBeenCalledWith('L:sodr.created', docs);
  });

  it('are read from the answer’s list property, and a bare success is said when the answer names none', async () => {
    const { ctx, services } = context();
    await announceCreated(ctx, { entity: 'poHeader', list: 'orders' }, { orders: [{ poHeaderId: 7 }] });
    expect(services.request).toHaveBeenCalledWith('/hpfm/v1/3/documents/poHeader', { query: { ids: '7' } });
    const empty = context();
    await announceCreated(empty.ctx, { entity: 'poHeader' }, { done: true });
    expect(empty.services.request).not.toHaveBeenCalled();
    expect(empty.services.notify.success).toHaveBeenCalledWith('Created');
  });
});
