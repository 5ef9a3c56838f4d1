import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type Compile = (route: unknown) => (data: unknown) => unknown;
type Factory = (externalSchemas: unknown, options: unknown) => Compile;

// Fastify's own compiler factories (ajv for requests, fast-json-stringify for responses), taken from
// the versions Fastify itself depends on so their behaviour is exactly Fastify's.
const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));
const ajvFactory = (fastifyRequire('@fastify/ajv-compiler') as () => Factory)();
const stringifyFactory = (fastifyRequire('@fastify/fast-json-stringify-compiler') as () => Factory)();

/**
 * A compiled function built on its first call. About 1,800 routes carry JSON Schemas; compiling
 * them all at start took five of the server's seven seconds, while a running server (and each
 * test file's) calls a small share of them. The first call of a route pays its compile once.
 * Fastify reads ajv's `errors` off the function after a failed validation, so they are copied.
 */
function lazily(compile: () => (data: unknown) => unknown) {
  let fn: ((data: unknown) => unknown) & { errors?: unknown } | undefined;
  const call = (data: unknown) => {
    fn ??= compile();
    const result = fn(data);
    call.errors = fn.errors;
    return result;
  };
  call.errors = undefined as unknown;
  return call;
}

const lazyFactory =
  (factory: Factory): Factory =>
  (externalSchemas, options) => {
    const compile = factory(externalSchemas, options);
    return (route) => lazily(() => compile(route));
  };

/** Fastify's `schemaController` option: its own compilers, compiling each schema when first used. */
export const lazySchemaController = {
  compilersFactory: { buildValidator: lazyFactory(ajvFactory), buildSerializer: lazyFactory(stringifyFactory) },
} as unknown as NonNullable<FastifyServerOptions['schemaController']>;
