import { makeAutoObservable } from 'mobx';

const QUERY = '(prefers-reduced-motion: reduce)';

/**
 * Whether the person asked their system for less motion (WCAG 2.3.3): antd's zooms, slides and
 * fades are then switched off, so dialogs, drawers and menus appear at once. Follows the setting
 * while the app is open.
 */
export class ReducedMotionStore {
  reduce: boolean;

  constructor(media: Pick<MediaQueryList, 'matches' | 'addEventListener'> | undefined = typeof matchMedia === 'function' ? matchMedia(QUERY) : undefined) {
    this.reduce = !!media?.matches;
    makeAutoObservable(this, {}, { autoBind: true });
    media?.addEventListener('change', (e) => this.set(e.matches));
  }

  set(reduce: boolean): void {
    this.reduce = reduce;
  }
}

export const reducedMotion = new ReducedMotionStore();
