import { makeAutoObservable } from 'mobx';

const QUERY = '(prefers-reduced-motion: reduce)';
/** Kept for this browser, not per user: it is the person at this device who needs it, on the sign-in page too. */
export const REDUCE_MOTION_KEY = 'reduce-motion';

type Media = Pick<MediaQueryList, 'matches' | 'addEventListener'>;
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Whether antd's zooms, slides and fades are switched off (WCAG 2.3.3), so dialogs, drawers and
 * menus appear at once: when the person asked their system for less motion (followed while the app
 * is open), or chose it in the user menu. The menu's choice is for people whose system has no such
 * setting, or who want it here only; it can add the reduction, never undo the system's.
 */
export class ReducedMotionStore {
  system: boolean;
  chosen: boolean;

  constructor(
    media: Media | undefined = typeof matchMedia === 'function' ? matchMedia(QUERY) : undefined,
    private readonly storage: Store | undefined = typeof localStorage === 'undefined' ? undefined : localStorage,
  ) {
    this.system = !!media?.matches;
    this.chosen = storage?.getItem(REDUCE_MOTION_KEY) === '1';
    makeAutoObservable<ReducedMotionStore, 'storage'>(this, { storage: false }, { autoBind: true });
    media?.addEventListener('change', (e) => this.follow(e.matches));
  }

  get reduce(): boolean {
    return this.system || this.chosen;
  }

  follow(system: boolean): void {
    this.system = system;
  }

  toggle(): void {
    this.chosen = !this.chosen;
    if (this.chosen) this.storage?.setItem(REDUCE_MOTION_KEY, '1');
    else this.storage?.removeItem(REDUCE_MOTION_KEY);
  }
}

export const reducedMotion = new ReducedMotionStore();
