import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../auth/authenticate.ts';

/**
 * The app's page: scripts only from this server (no inline script, no eval), no plugins, no
 * framing by other sites. Styles allow 'unsafe-inline' because antd's CSS-in-JS writes <style>
 * elements at run time (docs/decisions.md, "Content-Security-Policy"). `devHosts` are the allowed
 * redirect hosts (the Vite dev server) the sign-in form may send the browser back to.
 */
export function pagePolicy(devHosts: string[]): string {
  const back = devHosts.flatMap((h) => [`http://${h}`, `https://${h}`]).join(' ');
  return [
    "default-src 'self'",
    // No 'unsafe-eval': nothing in the browser generates code (forms check values by reading the
    // fields' JSON Schemas, renderer/schema/field-value-check.ts; expressions are interpreted).
    // tests/e2e/csp.test.ts submits a form and opens the heavy screens under this policy.
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
    `form-action 'self'${back ? ` ${back}` : ''}`,
  ].join('; ');
}

/** Anything else (JSON, files): nothing in it may run or load, should a browser ever render it. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'self'";

/**
 * Content-Security-Policy on every answer: the page policy on the UI's files and on HTML an API
 * path answers (the sign-in page), the closed one on the rest. The UI's files are told by their
 * path: a static file's content type is set only as it streams, after this hook.
 */
export function installSecurityHeaders(app: FastifyInstance, devHosts: string[]): void {
  const page = pagePolicy(devHosts);
  app.addHook('onSend', async (req, reply, payload) => {
    const html = !isApiPath(req.url) || String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    reply.header('content-security-policy', html ? page : API_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    return payload;
  });
}
