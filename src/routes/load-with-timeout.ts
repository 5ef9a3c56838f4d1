import { CHUNK_LOAD_TIMEOUT_MS } from '../config/constants.ts';

export class ChunkLoadError extends Error {}

/** A screen's chunk that fails or takes over 120 s is reported as "Loading chunk N failed." (§8). */
export function loadWithTimeout<T>(load: () => Promise<T>, chunk: string, timeout = CHUNK_LOAD_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk ${chunk} failed.`)), timeout);
      load().then(
        (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        () => {
          clearTimeout(timer);
          reject(new ChunkLoadError(`Loading chunk ${chunk} failed.`));
        },
      );
    });
}
