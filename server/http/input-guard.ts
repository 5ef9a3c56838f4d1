import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/** A lone UTF-16 surrogate: not a character at all. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const NUL = String.fromCharCode(0);

/** A NUL (PostgreSQL text cannot hold it) or a lone surrogate. */
const UNSTORABLE = { test: (s: string) => s.includes(NUL) || LONE_SURROGATE.test(s) };

/** The first string in `value` that cannot be text, with its path (`query.loginName`, `body.lines.0.remark`). */
function unstorable(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : undefined;
  if (depth > 32 || !value || typeof value !== 'object') return undefined;
  for (const [k, v] of Object.entries(value)) {
    const hit = unstorable(v, `${path}.${k}`, depth + 1) ?? (UNSTORABLE.test(k) ? `${path}.${k}` : undefined);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * Every request's query and body are checked before any handler: a value that cannot be text is
 * refused with 400 naming it, instead of reaching the database as a failed statement (a 500).
 */
export function installInputGuard(app: FastifyInstance): void {
  // Node's own refusal of a request without Host is a bare 400 with no body; the server lets it
  // through (app.ts) so the refusal can say what is missing. Sign-in compares Origin with Host.
  app.addHook('onRequest', async (req) => {
    if (!req.headers.host) throw Object.assign(badRequest('The Host header is required (HTTP/1.1)'), { field: 'host' });
  });
  app.addHook('preValidation', async (req) => {
    const hit = unstorable(req.query, 'query') ?? unstorable(req.body, 'body') ?? unstorable(req.params, 'params');
    if (hit) throw Object.assign(badRequest(`${hit} contains a character that is not text (NUL or a broken surrogate)`), { field: hit.replace(/^(query|body|params)\./, '') });
  });
}
