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

/**
 * Starts `load` at once and gives that answer to the first caller; later calls (a retry) load
 * again. A tab asks for its schema while it renders, instead of in an effect after its first
 * paint (a frame or more later on a slow machine).
 */
export function startNow<T>(load: () => Promise<T>): () => Promise<T> {
  let first: Promise<T> | undefined = load();
  // Whoever takes the first answer handles its failure; until then it is not "unhandled".
  first.catch(() => undefined);
  return () => {
    const p = first ?? load();
    first = undefined;
    return p;
  };
}
