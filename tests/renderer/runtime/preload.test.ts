import { describe, expect, it } from 'vitest';
import { Registry } from '../../../renderer/registry/registry.ts';
import type { Registries } from '../../../renderer/contracts/registries.ts';
import { preload } from '../../../renderer/runtime/preload.ts';
import type { ActionBase } from '../../../renderer/schema/screen.ts';

/** A page waits for its widgets, cells and the code behind its buttons before rendering. */
describe('preload', () => {
  function registries() {
    const actionTypes = new Registry<never>('action');
    const asked: string[] = [];
    // The chunk of a button's handler that has not come (yet).
    actionTypes.register('slow', () => (asked.push('slow'), new Promise(() => undefined)));
    const none = new Registry<never>('cell');
    return { asked, r: { actionTypes, cellRenderers: none, fieldWidgets: new Registry<never>('field widget') } as unknown as Registries };
  }

  it('waits for the action chunks: a page on screen has working buttons even if the server then goes away', async () => {
    const { asked, r } = registries();
    let done = false;
    void preload(r, [], [], [[{ type: 'slow' } as ActionBase, '/actions/0']]).then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([asked, done]).toEqual([['slow'], false]);
  });

  it('still refuses an unknown action type at its path', async () => {
    const { r } = registries();
    await expect(preload(r, [], [], [[{ type: 'nope' } as unknown as ActionBase, '/actions/3']])).rejects.toMatchObject({ path: '/actions/3/type' });
  });
});
