import { LOGIN_URL, LOGOUT_URL } from '../config/env.ts';
import { removeAccessToken } from './token.ts';

/** The login address carrying the page to come back to. */
export function loginUrl(current: string): string {
  return `${LOGIN_URL}${LOGIN_URL.includes('?') ? '&' : '?'}redirect_uri=${encodeURIComponent(current)}`;
}

let redirecting = false;

/** 401: clear stored credentials and send the browser to sign-in, once, with the current address. */
export function redirectToLogin(current = window.location.href, go: (url: string) => void = (u) => window.location.assign(u)): void {
  removeAccessToken();
  if (redirecting) return;
  redirecting = true;
  go(loginUrl(current));
}

/** Test hook. */
export function resetRedirectGuard(): void {
  redirecting = false;
}

export function logoutUrl(token: string | undefined, back: string): string {
  return `${LOGOUT_URL}?${token ? `access_token=${encodeURIComponent(token)}&` : ''}redirect_uri=${encodeURIComponent(back)}`;
}
