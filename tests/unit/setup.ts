import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

/**
 * A test may end while a request it started is still settling: the component is unmounted by
 * then, but React schedules the update's work anyway (it reads `window.event` to rank it). Once
 * ran after the file's happy-dom window was torn down ("window is not defined"), an unhandled
 * error that failed CI with every test green. So every unit file unmounts after each test and lets
 * the queued work run out while the window still exists: bounded by rounds, not by a clock.
 */
const macrotask = () => new Promise<void>((resolve) => setImmediate(resolve));
const timer = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

afterEach(cleanup);

afterAll(async () => {
  cleanup();
  for (let round = 0; round < 5; round += 1) {
    await macrotask();
    await timer();
  }
});
