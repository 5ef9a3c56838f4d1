import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

/**
 * The OpenAPI document of every route that declares a schema, generated from those schemas
 * (entity routes derive theirs from the declarations), at `/api-docs` and `/api-docs/json`.
 * Registered before the routes so that it sees them; public like the sign-in page.
 */
export async function apiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      // 3.1: the route schemas are JSON Schema, with `type: [..., 'null']` for nullable fields.
      openapi: '3.1.0',
      info: { title: 'Back office reference API', version: '1.0.0', description: 'Business errors answer HTTP 200 with {failed: true, code, message, type}.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  });
  for (const url of ['/api-docs', '/api-docs/json']) app.get(url, { schema: { hide: true } }, async () => app.swagger());
}
