import {
  CHUNK_LOAD_TIMEOUT_MS,
  chunkTimeoutError,
  isChunkLoadError,
  toChunkLoadError,
} from '../domain/chunkLoad';
import { nextTask } from './nextTask';

/**
 * Loads a lazy chunk (a dynamic import) within the spec's timeout. A chunk that cannot be fetched,
 * or has not arrived in time, fails with a ChunkLoadError; an error thrown while the module runs is a
 * bug and passes through as it is.
 */
export function loadChunk<T>(
  importer: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(chunkTimeoutError(timeoutMs)), timeoutMs);
    importer().then(
      (module) => {
        clearTimeout(timer);
        // Handed over in a task of its own: the page that needs the chunk renders at once once it
        // arrives, and on a slow phone evaluating a chunk and rendering with it in one task held the
        // page for over a tenth of a second.
        void nextTask().then(() => resolve(module));
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(isChunkLoadError(error) ? toChunkLoadError(error) : error);
      },
    );
  });
}
