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
        // Handed over in the next task: the page that waits for a chunk renders synchronously as
        // soon as it gets it, and on a slow phone evaluating the chunk and that render in one task
        // held the page for over a tenth of a second.
        void nextTask().then(() => resolve(module));
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(isChunkLoadError(error) ? toChunkLoadError(error) : error);
      },
    );
  });
}
