import { makeAutoObservable } from 'mobx';

const key = (userId: number | undefined) => `density:${userId ?? 0}`;

/**
 * The user's choice of a compact layout (antd's compact algorithm: smaller controls and gaps, for
 * people who want more rows on screen), remembered per user in this browser.
 */
export class DensityStore {
  compact = false;
  private userId: number | undefined;

  constructor(private readonly storage: Storage | undefined = typeof localStorage === 'undefined' ? undefined : localStorage) {
    makeAutoObservable<DensityStore, 'storage' | 'userId'>(this, { storage: false, userId: false }, { autoBind: true });
  }

  /** Takes the choice `userId` made last time (none: comfortable). */
  forUser(userId: number | undefined): void {
    this.userId = userId;
    this.compact = this.storage?.getItem(key(userId)) === 'compact';
  }

  toggle(): void {
    this.compact = !this.compact;
    this.storage?.setItem(key(this.userId), this.compact ? 'compact' : 'comfortable');
  }
}

export const density = new DensityStore();
