/**
 * What a failed call means to the renderer. The shell's request layer rejects with its own error
 * classes (src/request/errors.ts), which the renderer must not import; they are recognised by
 * shape: an HTTP error carries `status` and `url`, a business refusal `body.failed`.
 */
export type SaveFailure =
  | { kind: 'conflict'; message: string }
  | { kind: 'field'; field: string; message: string }
  | { kind: 'other'; message: string };

interface Shaped {
  status?: unknown;
  url?: unknown;
  body?: { failed?: boolean; code?: string; field?: string; message?: string };
  message?: string;
}

/** The platform's code for a write refused because the row's version moved on. */
const STALE_CODES = new Set(['error.data.changed']);

/** The request layer has already shown the user this error (a notification per failed call). */
export function isRequestError(e: unknown): boolean {
  const x = e as Shaped | null;
  return !!x && typeof x === 'object' && ((typeof x.status === 'number' && typeof x.url === 'string') || x.body?.failed === true);
}

export function classifySaveError(e: unknown): SaveFailure {
  const x = (e ?? {}) as Shaped;
  const message = x.body?.message ?? x.message ?? String(e);
  // A 409 of this server is a business refusal with its own code (a status that locks the field, a
  // stage gate): the record did not move on, so offering a reload would mislead. A bare 409 (another
  // backend's) is taken for the version conflict it usually is.
  if ((x.body?.code && STALE_CODES.has(x.body.code)) || (x.status === 409 && !x.body?.code)) return { kind: 'conflict', message };
  // Request validation names the first refused property (`field`, e.g. `termCode` or `lines.0.qty`).
  const field = x.body?.field?.split('.')[0];
  if (field) return { kind: 'field', field, message };
  return { kind: 'other', message };
}

/** Why a page or a list could not show its data: what the state panel says and whether retrying can help. */
export type LoadProblem = { kind: 'forbidden' | 'notFound' | 'failed'; message: string };

export function classifyLoadError(e: unknown): LoadProblem {
  const x = (e ?? {}) as Shaped;
  const message = x.body?.message ?? x.message ?? String(e);
  if (x.status === 403) return { kind: 'forbidden', message };
  if (x.status === 404) return { kind: 'notFound', message };
  return { kind: 'failed', message };
}
