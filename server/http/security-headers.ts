import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../auth/authenticate.ts';

/**
 * The app's page: scripts only from this server (no inline script), no plugins, no
 * framing by other sites. Styles allow 'unsafe-inline' because antd's CSS-in-JS writes <style>
 * elements at run time (docs/decisions.md, "Content-Security-Policy"). `devHosts` are the allowed
 * redirect hosts (the Vite dev server) the sign-in form may send the browser back to.
 */
export function pagePolicy(devHosts: string[]): string {
  const back = devHosts.flatMap((h) => [`http://${h}`, `https://${h}`]).join(' ');
  return [
    "default-src 'self'",
    // 'unsafe-eval' only because the forms validate with ajv in the browser, which compiles each
    // JSON Schema with new Function; without it no form can be submitted. Dropping it needs the
    // validators compiled at build time (ajv standalone code) — still to do (docs/reliability.md).
    "script-src 'self' 'unsafe-eval'",
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
