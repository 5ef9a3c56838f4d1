/** A non-2xx answer; `status` is the HTTP status (the original sets it as `error.name`). */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly url: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = String(status);
  }
}

export interface FailedBody {
  failed: true;
  code?: string;
  message?: string;
  type?: 'info' | 'warn' | 'error';
}

/** A 2xx answer with `failed: true` (a business rule refused the call). */
export class FailedResponseError extends Error {
  constructor(readonly body: FailedBody) {
    super(body.message ?? 'failed');
  }
}

export const isFailed = (d: unknown): d is FailedBody => !!d && typeof d === 'object' && (d as FailedBody).failed === true;
