import { describe, expect, it } from 'vitest';
import { createRegistries } from '../../../renderer/registry/registries.ts';
import { ACTION_TYPES } from '../../../renderer/schema/types/actions.ts';
import { CELL_TYPES } from '../../../renderer/schema/types/cells.ts';
import { PAGE_KINDS } from '../../../renderer/schema/types/page-kinds.ts';
import { WIDGET_TYPES } from '../../../renderer/schema/types/widgets.ts';

describe('createRegistries', () => {
  it('holds an implementation of exactly the types the schema language declares', () => {
    const r = createRegistries();
    expect(r.pageKinds.types()).toEqual(Object.keys(PAGE_KINDS).sort());
    expect(r.fieldWidgets.types()).toEqual(Object.keys(WIDGET_TYPES).sort());
    expect(r.cellRenderers.types()).toEqual(Object.keys(CELL_TYPES).sort());
    expect(r.actionTypes.types()).toEqual(Object.keys(ACTION_TYPES).sort());
  });

  it('builds sets apart: what one host registers is unknown to another', async () => {
    const a = createRegistries();
    const b = createRegistries();
    a.customHandlers.register('onlyInA', async () => ({ default: async () => undefined }));
    expect(a.customHandlers.has('onlyInA')).toBe(true);
    expect(b.customHandlers.has('onlyInA')).toBe(false);
    await expect(b.customHandlers.resolve('onlyInA')).rejects.toThrow(/unknown custom handler type "onlyInA"/);
  });

  it('loads every built-in implementation', async () => {
    const r = createRegistries();
    for (const reg of [r.pageKinds, r.fieldWidgets, r.cellRenderers, r.actionTypes]) for (const t of reg.types()) expect(await reg.resolve(t), `${reg.kind} ${t}`).toBeTruthy();
  }, 60000);
});
