import { HOME_TAB_KEY } from '../../config/constants.ts';

/** §3 Tab. */
export interface Tab {
  key: string;
  path: string;
  title: string;
  icon?: string;
  closable: boolean;
  /** Query string including `?`, or ''. */
  search: string;
  state?: unknown;
}

export const HOME_TAB: Tab = { key: HOME_TAB_KEY, path: HOME_TAB_KEY, title: 'hzero.common.title.workspace', icon: 'home', closable: false, search: '', state: null };
