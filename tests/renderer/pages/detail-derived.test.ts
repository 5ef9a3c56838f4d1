import { describe, expect, it, vi } from 'vitest';
import { DetailStore } from '../../../renderer/pages/detail/DetailStore.ts';
import type { RendererServices } from '../../../renderer/contracts/services.ts';
import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import { resolveField } from '../../../renderer/schema/resolve-field.ts';
import type { DetailScreen } from '../../../renderer/schema/screen.ts';
import { testServices } from '../test-services.tsx';

/** After lines are saved the header shows the server's new totals, and keeps what the user is typing. */
const entity: EntityDecl = {
  version: 1,
  name: 'doc',
  table: 'doc',
  primaryKey: 'docId',
  tenantScoped: false,
  paths: { site: '/x/v1/docs' },
  fields: [
    { name: 'docId', type: 'integer', readOnly: true },
    { name: 'remark', type: 'string', maxLength: 100 },
    { name: 'amount', type: 'money', readOnly: true, formula: 'sum(docLine.lineAmount)' },
  ],
};
const screen = { kind: 'detail', entity: 'doc', route: '/x/doc/:id', sections: [{ fields: ['remark', 'amount'] }] } as unknown as DetailScreen;

describe('a detail page after its lines are written', () => {
  it('takes the derived totals from the server without touching the typed header or its version', async () => {
    let stored = { docId: 7, remark: 'as saved', amount: 10, objectVersionNumber: 3 };
    const request = vi.fn(async () => ({ ...stored })) as unknown as RendererServices['request'];
    const fields = ['remark', 'amount'].map((f, i) => resolveField(entity, f, `/sections/0/fields/${i}`));
    const store = new DetailStore(screen, entity, fields, testServices([entity], request), { id: '7' });
    await store.load();
    store.form.setValue('remark', 'typing…');
    // Lines were saved: the server recomputed the total (same version: totals are not an edit).
    stored = { ...stored, amount: 641.5 };
    await store.refreshDerived();
    expect(store.form.values).toMatchObject({ remark: 'typing…', amount: 641.5, objectVersionNumber: 3 });
    expect(store.form.dirty).toBe(true);
  });
});
