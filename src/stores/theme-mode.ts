import { makeAutoObservable } from 'mobx';

const key = (userId: number | undefined) => `theme:${userId ?? 0}`;

/**
 * The user's choice of a dark theme (antd's dark algorithm over the same tokens, for people who work
 * in dim rooms or all day), remembered per user in this browser as the density is.
 */
export class ThemeModeStore {
  dark = false;
  private userId: number | undefined;

  constructor(private readonly storage: Storage | undefined = typeof localStorage === 'undefined' ? undefined : localStorage) {
    makeAutoObservable<ThemeModeStore, 'storage' | 'userId'>(this, { storage: false, userId: false }, { autoBind: true });
  }

  /** Takes the choice `userId` made last time (none: light). */
  forUser(userId: number | undefined): void {
    this.userId = userId;
    this.dark = this.storage?.getItem(key(userId)) === 'dark';
  }

  toggle(): void {
    this.dark = !this.dark;
    this.storage?.setItem(key(this.userId), this.dark ? 'dark' : 'light');
  }
}

export const themeMode = new ThemeModeStore();
