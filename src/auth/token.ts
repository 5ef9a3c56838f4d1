import { TOKEN_LIFETIME_SECONDS } from '../config/constants.ts';

const KEY = 'access_token';
const EXPIRES_KEY = 'access_token_expires_at';

function setCookie(value: string, maxAge: number) {
  document.cookie = `${KEY}=${encodeURIComponent(value)}; path=/; max-age=${maxAge}; SameSite=Lax`;
}

/** Stores the token with its 3600 s lifetime, in local storage and in the `access_token` cookie (path /). */
export function setAccessToken(token: string, lifetime = TOKEN_LIFETIME_SECONDS, now = Date.now()): void {
  localStorage.setItem(KEY, token);
  localStorage.setItem(EXPIRES_KEY, String(now + lifetime * 1000));
  setCookie(token, lifetime);
}

/** The stored token, or undefined once its lifetime has passed. */
export function getAccessToken(now = Date.now()): string | undefined {
  const token = localStorage.getItem(KEY) ?? undefined;
  const expires = Number(localStorage.getItem(EXPIRES_KEY) ?? 0);
  if (!token || (expires && expires <= now)) return undefined;
  return token;
}

export function removeAccessToken(): void {
  localStorage.removeItem(KEY);
  localStorage.removeItem(EXPIRES_KEY);
  setCookie('', 0);
}

/** `#access_token=...&token_type=bearer` → the token (the original's regex, §7.2). */
export function extractAccessTokenFromHash(hash: string): string | undefined {
  const m = /#?access_token=([0-9a-zA-Z-]*)/.exec(hash);
  return m?.[1] || undefined;
}

/**
 * On load: take the token from the URL hash, store it, and remove the hash from the address
 * (keeping path and query) so it is neither bookmarked nor sent in referrers.
 */
export function consumeTokenFromLocation(loc: Location = window.location, history: History = window.history): string | undefined {
  const token = extractAccessTokenFromHash(loc.hash);
  if (!token) return undefined;
  setAccessToken(token);
  history.replaceState(history.state, '', `${loc.pathname}${loc.search}`);
  return token;
}
