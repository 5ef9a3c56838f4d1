/** Business constants of spec §9, in one place, by name. */

export const CHUNK_LOAD_TIMEOUT_MS = 120000;
export const HOME_TAB_KEY = '/workplace';
export const TAB_SESSION_KEY = 'menuTabSessionKey';
export const TOKEN_LIFETIME_SECONDS = 3600;
export const PERMISSION_DEFER_MS = 500;

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TIME_FORMAT = 'HH:mm:ss';
export const DAY_START_FORMAT = 'YYYY-MM-DD 00:00:00';
export const DAY_END_FORMAT = 'YYYY-MM-DD 23:59:59';

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_FIRST_PAGE = 1;

/** GMT-12 … GMT+12. */
export const TIME_ZONES = Array.from({ length: 25 }, (_, i) => `GMT${i - 12 >= 0 ? '+' : ''}${i - 12}`);

export const BADGE_CAP = 99;
export const UNREAD_READ_FLAG = 0;

export const CONFIRM_DIALOG_WIDTH = 416;
export const MODAL_WIDTH = 520;

export const NOTIFICATION_DURATION_S = 4.5;
export const NOTIFICATION_OFFSET_PX = 24;
export const NOTIFICATION_PLACEMENT = 'topRight' as const;
export const REQUEST_NOTIFICATION_PLACEMENT = 'bottomRight' as const;
export const MESSAGE_DURATION_S = 1.5;

export const QUERY_STRING_MAX_KEYS = 1000;

/** The spec's unexplained 200: the original platform's debounce time for search inputs (ms). */
export const DEBOUNCE_TIME_MS = 200;

export const SEARCH_FORM_GUTTER = 12;
export const EDIT_FORM_GUTTER = 48;

/** Paths that never open a tab (§2.1). */
export const NON_TAB_PATHS = ['', '/', '/user/login', '/user/logout'];

/** If a requested size is not an option, the nearest smaller option is used (and the smallest when below all). */
export function normalisePageSize(size: number | undefined): number {
  if (!size || !Number.isFinite(size)) return DEFAULT_PAGE_SIZE;
  let pick: number = PAGE_SIZE_OPTIONS[0];
  for (const o of PAGE_SIZE_OPTIONS) if (o <= size) pick = o;
  return pick;
}

/** `99+` above the cap. */
export function badgeText(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}
