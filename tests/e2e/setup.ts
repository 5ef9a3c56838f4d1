import { afterEach } from 'vitest';
import { live } from './browser.ts';

/**
 * A failed browser test says what its pages showed and what the server refused: a flow that
 * stalls only on a loaded CI machine can then be read from the log instead of guessed at.
 */
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  for (const e of live) console.error(`[${ctx.task.name}] ${await e.report()}`);
});
