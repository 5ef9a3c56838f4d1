import { describe } from 'vitest';
import { crudSuite } from './crud-suite.ts';
import { startTestServer } from './harness.ts';

describe('generic resources on embedded PostgreSQL (PGlite)', () => {
  crudSuite(() => startTestServer());
});
