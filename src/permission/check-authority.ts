export type Authority = string | string[] | Promise<unknown> | ((current: string) => boolean) | null | undefined;

export const AUTHORITY_KEY = 'antd-pro-authority';
export const DEFAULT_AUTHORITY = 'admin';

/** §6: the current authority, read from local storage under the authority key; default `admin`. */
export function currentAuthority(): string {
  try {
    const raw = localStorage.getItem(AUTHORITY_KEY);
    if (!raw) return DEFAULT_AUTHORITY;
    const parsed = JSON.parse(raw) as unknown;
    return typeof parsed === 'string' ? parsed : Array.isArray(parsed) && typeof parsed[0] === 'string' ? parsed[0] : DEFAULT_AUTHORITY;
  } catch {
    return localStorage.getItem(AUTHORITY_KEY) ?? DEFAULT_AUTHORITY;
  }
}

/**
 * §5 authority guard. No authority required → allowed. Otherwise a current authority is
 * required ('authority is required'); a list must contain it, a string must equal it, a
 * function decides, a promise allows when it resolves; anything else is 'unsupported parameters'.
 * Returns true/false, or a promise of it for a promise authority.
 */
export function checkAuthority(authority: Authority, current: string | null | undefined): boolean | Promise<boolean> {
  if (authority === null || authority === undefined) return true;
  if (current === null || current === undefined || current === 'NULL') throw new Error('authority is required');
  if (Array.isArray(authority)) return authority.includes(current);
  if (typeof authority === 'string') return authority === current;
  if (authority instanceof Promise) return authority.then(() => true, () => false);
  if (typeof authority === 'function') return !!authority(current);
  throw new Error('unsupported parameters');
}
