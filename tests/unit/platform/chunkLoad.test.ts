import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../../src/domain/chunkLoad';
import { loadChunk } from '../../../src/platform/chunkLoad';

afterEach(() => {
  vi.useRealTimers();
});

describe('loading a lazy chunk', () => {
  it('gives the module once it arrives', async () => {
    await expect(loadChunk(async () => ({ Screen: 'screen' }))).resolves.toEqual({ Screen: 'screen' });
  });

  it('hands the module over in a later task than the one it arrived in', async () => {
    let handedOver = false;
    const loaded = loadChunk(async () => ({ Screen: 'screen' })).then(() => {
      handedOver = true;
    });
    // Every microtask of the arriving task has run: the page's render would have run with them.
    for (let turn = 0; turn < 20; turn++) await Promise.resolve();
    expect(handedOver).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await loaded;
    expect(handedOver).toBe(true);
  });

  it('turns a chunk that cannot be fetched into a ChunkLoadError', async () => {
    const failed = loadChunk(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /v/assets/a.js')),
    );
    await expect(failed).rejects.toMatchObject({ name: 'ChunkLoadError' });
  });

  it('passes an error thrown by the module itself through unchanged', async () => {
    const bug = new ReferenceError('x is not defined');
    await expect(loadChunk(() => Promise.reject(bug))).rejects.toBe(bug);
  });

  it('fails with a ChunkLoadError when the chunk has not arrived after 120000 ms', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise(() => {}));
    const outcome = expect(pending).rejects.toMatchObject({ name: 'ChunkLoadError' });
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    pending
      .catch(() => {})
      .finally(() => {
        settled = true;
      });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });
});
