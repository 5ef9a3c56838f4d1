import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isApiPath } from '../auth/authenticate.ts';

/**
 * Serves the built UI; any other GET that is not an API path gets index.html so the app's
 * router (and its own 404 page) decides. Unknown API paths get a JSON 404.
 */
export async function staticUi(app: FastifyInstance, uiDir: string | undefined): Promise<void> {
  const hasUi = !!uiDir && existsSync(join(uiDir, 'index.html'));
  if (hasUi) {
    await app.register(fastifyStatic, { root: uiDir!, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler((req, reply) => {
    // A missing file has a lower-case extension; a route may end in an upper-case dotted code
    // (/hpfm/ui/page/detail/HPFM.DEMO.USER) and still gets the app.
    if (req.method === 'GET' && hasUi && !isApiPath(req.url) && !/\.[a-z0-9]+$/.test(req.url.split('?')[0]!)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ failed: true, code: 'error.not_found', message: `No route ${req.method} ${req.url.split('?')[0]}`, type: 'error' });
  });
}
