import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, from which schemas/ and dist/ are found. */
export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
