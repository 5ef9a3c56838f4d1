import axios, { type AxiosError, type AxiosResponse } from 'axios';
import { redirectToLogin } from '../auth/login-redirect.ts';
import { getAccessToken } from '../auth/token.ts';
import { API_HOST, SILENT_403_MARKER } from '../config/env.ts';
import { FailedResponseError, type FailedBody, HttpStatusError, isFailed } from './errors.ts';
import { cleanQuery, serializeParams } from './query.ts';

export interface Notifier {
  failed(body: FailedBody): void;
  forbidden(): void;
  /** No answer at all (server down, network gone): what happened and that the input is kept. */
  unreachable(): void;
  error(title: string, description: string): void;
}

let notifier: Notifier = { failed: () => undefined, forbidden: () => undefined, unreachable: () => undefined, error: () => undefined };

/** The shell installs its antd notifications here (bottom right); tests install spies. */
export function setNotifier(n: Notifier): void {
  notifier = n;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Appended to the URL; for GET first cleaned of empty values. */
  query?: Record<string, unknown>;
  body?: unknown;
  responseType?: 'json' | 'text' | 'blob';
  /** Replaces the "operation failed" notification for `failed: true` answers. */
  onFailed?: (body: FailedBody) => void;
  /** No notification for HTTP errors (the caller shows its own). */
  silent?: boolean;
  signal?: AbortSignal;
}

/** `/api…` and absolute URLs are used as given; other paths get the API host (§7.1). */
export function resolveUrl(url: string): string {
  return url.startsWith('/api') || url.startsWith('http') ? url : `${API_HOST}${url}`;
}

/** The one HTTP client of the app (§7.1): cookies, no-cache, bearer token, JSON bodies. */
export const http = axios.create({ withCredentials: true, paramsSerializer: { serialize: serializeParams } });

http.interceptors.request.use((config) => {
  config.headers.set('Pragma', 'no-cache');
  config.headers.set('Cache-Control', 'no-cache');
  const token = getAccessToken();
  if (token) config.headers.set('Authorization', `bearer ${token}`);
  const method = (config.method ?? 'get').toUpperCase();
  if (['POST', 'PUT', 'DELETE', 'PATCH'].includes(method) && config.data !== undefined) {
    if (typeof FormData !== 'undefined' && config.data instanceof FormData) {
      config.headers.set('Accept', 'application/json');
      config.headers.delete('Content-Type'); // the browser sets the multipart boundary
    } else {
      config.headers.set('Accept', 'application/json');
      config.headers.set('Content-Type', 'application/json; charset=utf-8');
    }
  }
  return config;
});

function handleHttpError(err: AxiosError, silent: boolean): never {
  const status = err.response?.status ?? 0;
  const url = err.config?.url ?? '';
  const body = err.response?.data as { message?: string } | undefined;
  const e = new HttpStatusError(status, body?.message ?? err.message, url, body);
  if (status === 401) {
    redirectToLogin();
    throw e;
  }
  if (silent) throw e;
  if (status === 403) {
    if (!url.includes(SILENT_403_MARKER)) notifier.forbidden();
    throw e;
  }
  // A call the user aborted (leaving a screen) is no failure to report.
  if (!status && err.code !== 'ERR_CANCELED') notifier.unreachable();
  else if (status) notifier.error(String(status), e.message);
  throw e;
}

/** Calls the API; resolves with the body (`{}` for 204), rejects with HttpStatusError or FailedResponseError. */
export async function request<T = unknown>(url: string, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? 'GET';
  let res: AxiosResponse;
  try {
    res = await http.request({
      url: resolveUrl(url),
      method,
      params: method === 'GET' ? cleanQuery(opts.query) : opts.query,
      data: opts.body,
      responseType: opts.responseType ?? 'json',
      signal: opts.signal,
    });
  } catch (e) {
    if (axios.isCancel(e)) throw e;
    handleHttpError(e as AxiosError, !!opts.silent);
  }
  if (res.status === 204) return {} as T;
  if (isFailed(res.data)) {
    (opts.onFailed ?? notifier.failed)(res.data);
    throw new FailedResponseError(res.data);
  }
  return res.data as T;
}
