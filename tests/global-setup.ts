import { seedImage } from './server/seed-image.ts';

/**
 * Builds the seeded database image (tests/server/seed-image.ts) once, before any test file starts.
 * Left to the first files, two workers would build it side by side on a loaded machine, each slow
 * enough to overrun a file's start-up hook; afterwards every file finds it on disk.
 */
export default async function setup(): Promise<void> {
  await seedImage();
}
