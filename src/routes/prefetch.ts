import { FIRST_SCREEN_MARK } from './first-screen-mark.ts';
import { registries } from '../registries.ts';

const { actionTypes, cellRenderers, fieldWidgets, pageKinds } = registries;

/** Page kinds, entity declarations, widgets, cells and actions nearly every screen needs, most used first. */
const COMMON = [
  () => pageKinds.resolve('list'),
  () => import('../../renderer/data/entities.ts'),
  () => actionTypes.resolve('navigate'),
  () => actionTypes.resolve('export'),
  () => actionTypes.resolve('request'),
  () => fieldWidgets.resolve('input'),
  () => fieldWidgets.resolve('select'),
  () => cellRenderers.resolve('text'),
  () => pageKinds.resolve('detail'),
  () => pageKinds.resolve('create'),
  () => fieldWidgets.resolve('date'),
  () => fieldWidgets.resolve('number'),
  () => fieldWidgets.resolve('switch'),
  () => fieldWidgets.resolve('lov'),
  // Remarks (text fields: a third of the entities) and document status buttons (a hundred screens).
  () => fieldWidgets.resolve('textarea'),
  () => actionTypes.resolve('transition'),
  () => actionTypes.resolve('delete'),
  () => actionTypes.resolve('form'),
  () => actionTypes.resolve('back'),
  () => actionTypes.resolve('save'),
  () => cellRenderers.resolve('flag'),
  () => cellRenderers.resolve('status'),
];

let started = false;
let done = false;
const waiting = new Set<() => void>();

/** Runs `fn` once the common chunks are fetched (at once if they are); returns a cancel. */
export function afterPrefetch(fn: () => void): () => void {
  if (done) {
    fn();
    return () => undefined;
  }
  waiting.add(fn);
  return () => void waiting.delete(fn);
}

/**
 * Once the first signed-in screen is up, fetches the renderer code shared by most screens while the
 * browser is idle, one chunk at a time, so opening a screen later costs its schema, not its page
 * kind. Nothing here runs before the first screen, so it does not delay it.
 */
export function firstScreenShown(): void {
  if (started) return;
  started = true;
  performance.mark(FIRST_SCREEN_MARK);
  const idle = (fn: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 200));
  const next = (i: number) => {
    if (i >= COMMON.length) {
      done = true;
      idle(() => waiting.forEach((f) => f()));
      return;
    }
    // A failed prefetch is not an error: the screen that needs the chunk loads it (and reports it) itself.
    idle(() => void COMMON[i]!().catch(() => undefined).finally(() => next(i + 1)));
  };
  next(0);
}
