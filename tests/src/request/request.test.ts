import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const redirect = vi.fn();
vi.mock('../../../src/auth/login-redirect.ts', () => ({ redirectToLogin: () => redirect() }));

const { http, request, setNotifier } = await import('../../../src/request/request.ts');
const { setAccessToken, removeAccessToken } = await import('../../../src/auth/token.ts');

let seen: InternalAxiosRequestConfig[] = [];
const answer = (status: number, data: unknown, headers: Record<string, string> = {}): AxiosAdapter =>
  (config) => {
    seen.push(config);
    if (status >= 200 && status < 300) return Promise.resolve({ data, status, statusText: 'OK', headers, config });
    const err = Object.assign(new Error(`Request failed with status code ${status}`), { config, response: { data, status, statusText: 'ERR', headers, config }, isAxiosError: true });
    return Promise.reject(err);
  };

const notes = { failed: vi.fn(), forbidden: vi.fn(), unreachable: vi.fn(), error: vi.fn() };
beforeEach(() => {
  seen = [];
  Object.values(notes).forEach((f) => f.mockReset());
  redirect.mockReset();
  setNotifier(notes);
  removeAccessToken();
});
afterEach(() => {
  http.defaults.adapter = undefined;
});

describe('request layer (§7.1, §8)', () => {
  it('sends no-cache headers, cookies and the bearer token', async () => {
    setAccessToken('tok');
    http.defaults.adapter = answer(200, { ok: 1 });
    expect(await request('/iam/hzero/v1/users/self')).toEqual({ ok: 1 });
    const h = seen[0]!.headers;
    expect(h.get('Pragma')).toBe('no-cache');
    expect(h.get('Cache-Control')).toBe('no-cache');
    expect(h.get('Authorization')).toBe('bearer tok');
    expect(seen[0]!.withCredentials).toBe(true);
  });

  it('uses /api and http paths as given and prefixes others', async () => {
    http.defaults.adapter = answer(200, {});
    await request('/api/users');
    await request('http://other.example/x');
    await request('/hpfm/v1/lovs/value', { query: { lovCode: 'A', empty: '', none: null, list: [] } });
    expect(seen.map((c) => c.url)).toEqual(['/api/users', 'http://other.example/x', '/hpfm/v1/lovs/value']);
    expect(seen[2]!.params).toEqual({ lovCode: 'A' });
  });

  it('sends JSON bodies for writes and keeps form data as is', async () => {
    http.defaults.adapter = answer(200, {});
    await request('/x', { method: 'POST', body: { a: 1 } });
    expect(seen[0]!.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(seen[0]!.headers.get('Accept')).toBe('application/json');
    const fd = new FormData();
    fd.append('f', 'v');
    await request('/x', { method: 'POST', body: fd });
    // The browser sets the multipart boundary itself; we must not force JSON.
    expect(String(seen[1]!.headers.get('Content-Type') ?? '')).not.toContain('application/json');
  });

  it('yields {} for 204', async () => {
    http.defaults.adapter = answer(204, '');
    expect(await request('/x', { method: 'DELETE' })).toEqual({});
  });

  it('shows "operation failed" for failed:true, unless the caller handles it', async () => {
    http.defaults.adapter = answer(200, { failed: true, code: 'x', message: 'No way', type: 'warn' });
    await expect(request('/x')).rejects.toThrow('No way');
    expect(notes.failed).toHaveBeenCalledWith(expect.objectContaining({ message: 'No way', type: 'warn' }));
    const mine = vi.fn();
    await expect(request('/x', { onFailed: mine })).rejects.toThrow();
    expect(mine).toHaveBeenCalledTimes(1);
    expect(notes.failed).toHaveBeenCalledTimes(1);
  });

  it('notifies 403 as "no permission" unless the URL carries the marker', async () => {
    http.defaults.adapter = answer(403, { message: 'denied' });
    await expect(request('/x')).rejects.toMatchObject({ status: 403 });
    expect(notes.forbidden).toHaveBeenCalledTimes(1);
    await expect(request('/x?silent403=1')).rejects.toMatchObject({ status: 403 });
    expect(notes.forbidden).toHaveBeenCalledTimes(1);
  });

  it('titles other errors with the status and describes them with the message', async () => {
    http.defaults.adapter = answer(500, { message: 'Internal server error' });
    await expect(request('/x')).rejects.toMatchObject({ status: 500 });
    expect(notes.error).toHaveBeenCalledWith('500', 'Internal server error');
  });

  it('says the server cannot be reached when no answer comes, and stays quiet for a call the user left', async () => {
    http.defaults.adapter = (config) => Promise.reject(Object.assign(new Error('Network Error'), { config, code: 'ERR_NETWORK', isAxiosError: true }));
    await expect(request('/x')).rejects.toMatchObject({ status: 0 });
    expect(notes.unreachable).toHaveBeenCalledTimes(1);
    expect(notes.error).not.toHaveBeenCalled();
    http.defaults.adapter = (config) => Promise.reject(Object.assign(new Error('canceled'), { config, code: 'ERR_CANCELED', isAxiosError: true }));
    await expect(request('/x')).rejects.toBeDefined();
    expect(notes.unreachable).toHaveBeenCalledTimes(1);
  });

  it('sends the browser to sign-in on 401', async () => {
    http.defaults.adapter = answer(401, { message: 'expired' });
    await expect(request('/x')).rejects.toMatchObject({ status: 401 });
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(notes.error).not.toHaveBeenCalled();
  });
});
