import { afterAll, beforeAll, describe } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { sealingSuite } from './sealing-suite.ts';

/** Sealed offers at rest on PGlite: the dump is PGlite's own (its data folder, every page of every table). */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('sealed offers', () => {
  sealingSuite(
    () => s,
    async () => Buffer.from(await (await (s.ctx.db as unknown as { dump(): Promise<Blob> }).dump()).arrayBuffer()),
  );
});
