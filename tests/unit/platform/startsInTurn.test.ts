import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startsInTurn } from '../../../src/platform/startsInTurn';

/** Once every promise reaction queued so far has run (the timers stay faked, this one is not). */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('startsInTurn', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => vi.useRealTimers());

  it('starts the first call in this task and each next one a task later, in the order handed', async () => {
    const started: string[] = [];
    const inTurn = startsInTurn();
    const call = (name: string) => () => {
      started.push(name);
      return Promise.resolve(name);
    };
    const answers = [inTurn(call('a')), inTurn(call('b')), inTurn(call('c'))];
    await settled();
    expect(started).toEqual(['a']);
    vi.advanceTimersToNextTimer();
    await settled();
    expect(started).toEqual(['a', 'b']);
    vi.advanceTimersToNextTimer();
    await settled();
    expect(started).toEqual(['a', 'b', 'c']);
    await expect(Promise.all(answers)).resolves.toEqual(['a', 'b', 'c']);
  });

  it('starts the calls after one that fails, and hands each its own answer', async () => {
    const inTurn = startsInTurn();
    const failed = inTurn(() => Promise.reject(new Error('offline')));
    const next = inTurn(() => Promise.resolve('next'));
    failed.catch(() => {});
    await vi.runAllTimersAsync();
    await expect(failed).rejects.toThrow('offline');
    await expect(next).resolves.toBe('next');
  });
});
