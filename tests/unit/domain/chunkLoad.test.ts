import { describe, expect, it } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  CSS_CHUNK_LOAD_FAILED,
  chunkTimeoutError,
  isChunkLoadError,
  toChunkLoadError,
} from '../../../src/domain/chunkLoad';

describe('chunk load failures', () => {
  it('waits 120000 ms for a chunk (shell spec, section 9)', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it.each([
    'Failed to fetch dynamically imported module: http://localhost/v/assets/HomeScreen-1.js',
    'error loading dynamically imported module: http://localhost/v/assets/HomeScreen-1.js',
    'Importing a module script failed.',
    'Unable to preload CSS for http://localhost/v/assets/HomeScreen-1.css',
  ])('recognises the raw failure "%s"', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('names a failed script chunk ChunkLoadError and keeps the cause', () => {
    const cause = new TypeError('Failed to fetch dynamically imported module: /v/assets/a.js');
    const error = toChunkLoadError(cause);
    expect(error).toMatchObject({ name: 'ChunkLoadError', message: cause.message, cause });
    expect(error.code).toBeUndefined();
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('gives a failed stylesheet the code CSS_CHUNK_LOAD_FAILED', () => {
    const error = toChunkLoadError(new Error('Unable to preload CSS for /v/assets/a.css'));
    expect(error.code).toBe(CSS_CHUNK_LOAD_FAILED);
    expect(isChunkLoadError({ code: CSS_CHUNK_LOAD_FAILED })).toBe(true);
  });

  it('makes a timeout a ChunkLoadError too', () => {
    const error = chunkTimeoutError(CHUNK_LOAD_TIMEOUT_MS);
    expect(error.name).toBe('ChunkLoadError');
    expect(error.message).toContain('120000');
  });

  it.each([
    new Error('Cannot read properties of undefined'),
    new TypeError('Failed to fetch'),
    'Failed to fetch dynamically imported module',
    null,
  ])('leaves other errors alone: %s', (error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});
