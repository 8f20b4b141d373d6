import { describe, expect, it, vi } from 'vitest';
import { createStatusesStore } from '../../../src/app/statusesStore';
import { STATUSES_CACHE_LIFETIME_MS } from '../../../src/domain/limits';

describe('statuses store', () => {
  const setup = () => {
    let now = 1_000;
    const store = createStatusesStore<string>(() => now);
    return { store, advance: (ms: number) => (now += ms) };
  };

  it('answers from the cache for 5 minutes, then fetches again', async () => {
    const { store, advance } = setup();
    const fetch = vi.fn().mockResolvedValueOnce('first').mockResolvedValueOnce('second');
    expect(await store.read(1, fetch)).toBe('first');
    advance(STATUSES_CACHE_LIFETIME_MS - 1);
    expect(await store.read(1, fetch)).toBe('first');
    advance(1);
    expect(await store.read(1, fetch)).toBe('second');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps each stream apart and shares one fetch between readers', async () => {
    const { store } = setup();
    const fetch = vi.fn((value: string) => Promise.resolve(value));
    const [a, b] = await Promise.all([
      store.read(1, () => fetch('one')),
      store.read(1, () => fetch('again')),
    ]);
    expect([a, b]).toEqual(['one', 'one']);
    expect(await store.read(2, () => fetch('two'))).toBe('two');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('leaves no mark after a failed fetch, so the next read retries', async () => {
    const { store } = setup();
    await expect(store.read(1, () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(await store.read(1, () => Promise.resolve('back'))).toBe('back');
  });

  it('refetches on demand, the newest answer winning, and forgets everything when cleared', async () => {
    const { store } = setup();
    await store.read(1, () => Promise.resolve('old'));
    expect(await store.refetch(1, () => Promise.resolve('new'))).toBe('new');
    expect(await store.read(1, () => Promise.resolve('unused'))).toBe('new');
    store.clear();
    expect(await store.read(1, () => Promise.resolve('after logout'))).toBe('after logout');
  });
});
