import { beforeEach, describe, expect, it } from 'vitest';
import { consumeTokenFromLocation, extractAccessTokenFromHash, getAccessToken, removeAccessToken, setAccessToken } from '../../../src/auth/token.ts';
import { loginUrl } from '../../../src/auth/login-redirect.ts';

beforeEach(() => {
  localStorage.clear();
  removeAccessToken();
});

describe('access token (§7.2)', () => {
  it('reads the token from the URL hash', () => {
    expect(extractAccessTokenFromHash('#access_token=abc-123&token_type=bearer&expires_in=3600')).toBe('abc-123');
    expect(extractAccessTokenFromHash('#foo=bar')).toBeUndefined();
  });

  it('stores it for 3600 s and forgets it afterwards', () => {
    const now = 1_000_000;
    setAccessToken('t1', 3600, now);
    expect(getAccessToken(now + 3599_000)).toBe('t1');
    expect(getAccessToken(now + 3600_000)).toBeUndefined();
  });

  it('keeps it in the access_token cookie with path /', () => {
    setAccessToken('cookie-token');
    expect(document.cookie).toContain('access_token=cookie-token');
  });

  it('takes the token from the address and removes the hash, keeping path and query', () => {
    window.history.replaceState(null, '', '/hiam/user?x=1#access_token=fromhash&token_type=bearer');
    expect(consumeTokenFromLocation()).toBe('fromhash');
    expect(window.location.hash).toBe('');
    expect(window.location.pathname + window.location.search).toBe('/hiam/user?x=1');
    expect(getAccessToken()).toBe('fromhash');
  });

  it('sends the browser to the login address with redirect_uri of the current page', () => {
    const url = loginUrl('http://127.0.0.1:8080/hiam/user?page=2');
    expect(url).toBe('/oauth/oauth/authorize?response_type=token&client_id=client&redirect_uri=http%3A%2F%2F127.0.0.1%3A8080%2Fhiam%2Fuser%3Fpage%3D2');
  });
});
