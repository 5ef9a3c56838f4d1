import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';

const TIMEOUT_MS = 10_000;
export const KEEP = 100_000;

/** Request headers of an interface: a JSON object of strings, or nothing; `field` names the column refused. */
export function headersOf(text: unknown, field = 'requestHeader'): Record<string, string> {
  if (text === null || text === undefined || String(text).trim() === '') return {};
  let v: unknown;
  try {
    v = JSON.parse(String(text));
  } catch {
    throw Object.assign(badRequest(`${field} is not valid JSON`), { field });
  }
  if (!v || typeof v !== 'object' || Array.isArray(v) || Object.values(v).some((x) => typeof x !== 'string')) {
    throw Object.assign(badRequest(`${field} must be a JSON object of header names and text values`), { field });
  }
  return v as Record<string, string>;
}

/** Only http(s) addresses are ever called; anything else is refused naming the field that holds it. */
export function checkHttpUrl(url: unknown, field: string): void {
  let protocol = '';
  try {
    protocol = new URL(String(url ?? '')).protocol;
  } catch {
    // not a URL at all: refused below like any other scheme
  }
  if (protocol !== 'http:' && protocol !== 'https:') throw Object.assign(badRequest(`${field} must be an http(s) URL`), { field });
}

export interface CallRequest {
  tenantId: number;
  userId: number;
  loginName: string;
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  serverCode?: string | null;
  interfaceCode: string;
  interfaceId?: number | null;
}

export interface CallResult {
  logId: number;
  status: number | null;
  response: string | null;
  error: string | null;
  duration: number;
  ok: boolean;
}

/**
 * Calls an http(s) address for real and writes one row of the interface log (request, response,
 * status, duration and error) whatever the outcome: the hitf console's "call" and the interface
 * platform's batches and re-runs share it, so every attempt is in the same log.
 */
export async function callAndLog(db: Queryable, r: CallRequest): Promise<CallResult> {
  checkHttpUrl(r.url, 'interfaceUrl');
  const headers: Record<string, string> = { accept: 'application/json, text/plain, */*', ...r.headers };
  const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : (r.body ?? '');
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  const started = Date.now();
  const requestTime = new Date(started);
  let status: number | null = null;
  let response: string | null = null;
  let error: string | null = null;
  try {
    const res = await fetch(r.url, { method: r.method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    status = res.status;
    response = (await res.text()).slice(0, KEEP);
    if (!res.ok) error = `HTTP ${res.status} ${res.statusText}`;
  } catch (e) {
    error = String((e as Error)?.cause ?? e).slice(0, KEEP);
  }
  const duration = Date.now() - started;
  const pad = (n: number) => String(n).padStart(2, '0');
  const at = `${requestTime.getFullYear()}-${pad(requestTime.getMonth() + 1)}-${pad(requestTime.getDate())} ${pad(requestTime.getHours())}:${pad(requestTime.getMinutes())}:${pad(requestTime.getSeconds())}`;
  const logId = (
    await db.query<{ id: number }>(
      `insert into hitf_interface_log (tenant_id, interface_id, server_code, interface_code, client_id, invoke_key, request_method, interface_url, request_time,
                                       response_status, result_code, duration, req_body_param, resp_content, stacktrace, created_by, last_updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16) returning interface_log_id::float8 as id`,
      [r.tenantId, r.interfaceId ?? null, r.serverCode ?? null, r.interfaceCode, r.loginName, randomUUID(), r.method, r.url.slice(0, 960), at, status, error ? 'FAILURE' : 'SUCCESS', duration, body ?? null, response, error, r.userId],
    )
  ).rows[0]!.id;
  return { logId, status, response, error, duration, ok: !error };
}
