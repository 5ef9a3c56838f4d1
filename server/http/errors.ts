import type { FastifyError, FastifyInstance } from 'fastify';
import { fieldHoldingValue } from './field-of-value.ts';

/**
 * A business rule refused the request. Answered as HTTP 200 with
 * `{failed: true, code, message, type}`, as the original platform does, so the UI's
 * "operation failed" notification reads it.
 */
export class BusinessError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly type: 'info' | 'warn' | 'error' = 'warn',
  ) {
    super(message);
  }
}

/** An HTTP-level refusal (401, 403, 404, 400) with a JSON body naming the reason. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const forbidden = (message = 'You do not have permission to perform this operation') =>
  new HttpError(403, 'error.permission.denied', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'error.not_found', message);
export const badRequest = (message: string) => new HttpError(400, 'error.validation', message);
/** A 400 naming the field at fault: the form marks that field with the message. */
export const refuse = (field: string, message: string) => Object.assign(badRequest(message), { field });
/** A move the document's status does not allow now: a business refusal (HTTP 200, `failed`). */
export const statusRefusal = (message: string) => new BusinessError('error.status.transition', message, 'warn');

/** busboy's messages for a multipart body it cannot parse (its errors carry no code). */
const MULTIPART_BROKEN = /^(Multipart: Boundary not found|Boundary required|Unexpected end of (multipart data|form)|\w+ terminated early due to unexpected end of multipart data|Malformed part header|The needle cannot)/;

/** Never a stack trace to the client: unknown errors become a 500 with a neutral message, logged in full. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | BusinessError | HttpError, req, reply) => {
    if (err instanceof BusinessError) {
      return reply.status(200).send({ failed: true, code: err.code, message: err.message, type: err.type });
    }
    if (err instanceof HttpError) {
      const field = (err as HttpError & { field?: string }).field;
      return reply.status(err.status).send({ failed: true, code: err.code, message: err.message, ...(field ? { field } : {}), type: 'error' });
    }
    // The database cannot be reached (refused, reset, shut down, connection lost): a clear 503 the
    // client may retry, not a 500 that reads as a fault of the request. 08P01 is no outage but a
    // statement the server sent wrongly (more parameters than placeholders): a fault of ours, a 500.
    const dbCode = (err as { code?: unknown }).code;
    if (typeof dbCode === 'string' && (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND)$/.test(dbCode) || (/^08[0-9A-Z]{3}$/.test(dbCode) && dbCode !== '08P01') || /^57P0[1-3]$/.test(dbCode))) {
      req.log.error(err);
      return reply.status(503).header('retry-after', '5').send({ failed: true, code: 'error.database.unavailable', message: 'The database is not reachable at the moment; try again shortly', type: 'error' });
    }
    // PostgreSQL's data exceptions (class 22: a date that does not exist, a number out of range,
    // text that cannot be a number) come from the request's values: the client's to correct.
    const pgCode = (err as { code?: unknown }).code;
    if (typeof pgCode === 'string' && /^22[0-9A-Z]{3}$/.test(pgCode)) {
      const detail = String(err.message).split('\n')[0]!.slice(0, 200);
      const field = fieldHoldingValue(detail, req.body, req.query, req.params);
      return reply
        .status(400)
        .send({ failed: true, code: 'error.validation', message: `${field ?? 'A value in the request'} is not valid: ${detail}`, ...(field ? { field } : {}), type: 'error' });
    }
    const fe = err as FastifyError;
    if (fe.validation) {
      const first = fe.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || (first?.params as { missingProperty?: string })?.missingProperty || '';
      return reply.status(400).send({
        failed: true,
        code: 'error.validation',
        message: `${fe.validationContext ?? 'request'}${field ? `.${field}` : ''} ${first?.message ?? 'is invalid'}`,
        field: field || undefined,
        type: 'error',
      });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.status(fe.statusCode).send({ failed: true, code: fe.code ?? 'error.request', message: fe.message, type: 'error' });
    }
    // The multipart parser (busboy) throws plain errors for a body it cannot read: no or another
    // boundary, an end before the closing boundary, a broken part header. The body is at fault.
    if (MULTIPART_BROKEN.test(String(err.message)) && String(req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/')) {
      return reply.status(400).send({ failed: true, code: 'error.multipart', message: `The multipart body is malformed: ${String(err.message).slice(0, 200)}`, type: 'error' });
    }
    req.log.error(err);
    return reply.status(500).send({ failed: true, code: 'error.server', message: 'Internal server error', type: 'error' });
  });
}
