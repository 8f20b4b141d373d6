import { describe, expect, it } from 'vitest';
import {
  type StatisticsQueueInput,
  statisticsQueueMachine,
} from '../../machines/offline/statisticsQueue.machine';
import type { QueuedStatistic } from '../../src/domain/statisticsQueue';
import { done, failed, networkError, requestError, serverError, unauthorized } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';

const input: StatisticsQueueInput = { userId: 7, timeoutMs: 5000 };

const entry = (key: string, lessonSetLessonId: number): QueuedStatistic => ({
  key,
  streamId: 5,
  dayId: 12,
  lessonSetLessonId,
  viewedSeconds: 8,
  playCount: 1,
  queuedAt: 1_700_000_000_000,
});
const first = entry('key-1', 301);
const second = entry('key-2', 302);

const counted = { id: 1, dayStatusId: 70 };
const refused = requestError(422, 'Lesson not found', { stageDayLessonSetLessonId: ['Lesson not found'] });

const enqueue = (queued: QueuedStatistic) => ({ type: 'STATISTICS.ENQUEUE', entry: queued });

const spec = {
  machine: statisticsQueueMachine,
  spec: 'Learning spec §8, §9 and the offline issue: lesson statistics stored, then sent in order one at a time with the statistic timeout; a 2xx removes the entry (no dayStatusId reported), a 4xx is reported and removed, no answer / timeout / 5xx keep it and retry on online or after 2 s doubling to 60 s with the same key; a flush tries at once and reports when the queue is empty (the logout bounds the wait)',
  inputs: [input],
  events: [
    enqueue(first),
    enqueue(second),
    { type: 'STATISTICS.FLUSH' },
    { type: 'STATISTICS.ONLINE' },
    done('loadQueued', []),
    done('loadQueued', [second]),
    failed('loadQueued', new Error('IndexedDB is unavailable')),
    done('sendStatistic', counted),
    done('sendStatistic', { id: 1, dayStatusId: null }),
    failed('sendStatistic', refused),
    failed('sendStatistic', serverError),
    failed('watchOnline', new Error('no window')),
  ],
};

describeModel(spec);

const effectNames = (running: ReturnType<typeof startMachine>) =>
  running.effects.map((effect) => effect.name);

describe('statistics queue', () => {
  it('sends what an earlier session stored before what is queued now, one at a time, in order', async () => {
    const running = startMachine(spec, input);
    expect(running.fakes.inputOf('loadQueued')).toEqual({ userId: 7 });
    await running.dispatch(enqueue(first));
    // Stored at once, sent only once the stored entries are known.
    expect(running.effects).toEqual([{ name: 'storeEntry', params: { entry: first } }]);
    expect(running.fakes.started.map((actor) => actor.id)).not.toContain('sendStatistic');
    await running.dispatch(done('loadQueued', [second, first]));
    expect(running.snapshot().context.entries).toEqual([second, first]);
    expect(running.fakes.inputOf('sendStatistic')).toEqual(second);
    await running.dispatch(done('sendStatistic', counted));
    expect(running.fakes.inputOf('sendStatistic')).toEqual(first);
    await running.dispatch(done('sendStatistic', counted));
    expect(running.snapshot().matches({ delivery: 'idle' })).toBe(true);
    expect(running.effects.slice(1)).toEqual([
      { name: 'forgetEntry', params: { entry: second } },
      { name: 'forgetEntry', params: { entry: first } },
    ]);
  });

  it.each([
    ['no answer', networkError],
    ['a 5xx', serverError],
    ['a 401 (the session ends; the entry stays stored for the next sign-in)', unauthorized],
    ['a 429', requestError(429, 'Too many requests')],
  ])('keeps the entry after %s and tries the same entry again after 2 s, 4 s ... 60 s', async (_, error) => {
    const running = startMachine(spec, input);
    await running.dispatch(done('loadQueued', [first, second]));
    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      await running.dispatch(failed('sendStatistic', error));
      expect(running.snapshot().matches({ delivery: 'waiting' })).toBe(true);
      const before = running.fakes.started.length;
      const waitedFrom = running.clock.now();
      // Nothing leaves before the wait is over: never a tight loop.
      running.clock.increment(retryDelayOf(running) - 1);
      await running.settle();
      expect(running.fakes.started.length).toBe(before);
      running.clock.increment(1);
      await running.settle();
      waits.push(running.clock.now() - waitedFrom);
      expect(running.fakes.inputOf('sendStatistic')).toEqual(first);
    }
    expect(waits).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
    expect(running.snapshot().context.entries).toEqual([first, second]);
    expect(effectNames(running)).toEqual([]);
  });

  it('counts a timeout as a failure and tries again with the same entry when the browser is back online', async () => {
    const running = startMachine(spec, input);
    await running.dispatch(done('loadQueued', [first]));
    await running.dispatch({ type: 'xstate.after.sendTimeout.statisticsQueue.delivery.sending' });
    expect(running.snapshot().matches({ delivery: 'waiting' })).toBe(true);
    expect(running.snapshot().context.failures).toBe(1);
    await running.dispatch({ type: 'STATISTICS.ONLINE' });
    expect(running.fakes.started.filter((actor) => actor.id === 'sendStatistic')).toHaveLength(2);
    expect(running.fakes.inputOf('sendStatistic')).toEqual(first);
    await running.dispatch(done('sendStatistic', counted));
    expect(running.snapshot().context).toMatchObject({ entries: [], failures: 0 });
  });

  it('reports and drops a refused entry and a reply without a day status, and moves on', async () => {
    const running = startMachine(spec, input);
    await running.dispatch(done('loadQueued', [first, second]));
    await running.dispatch(failed('sendStatistic', refused));
    expect(running.fakes.inputOf('sendStatistic')).toEqual(second);
    await running.dispatch(done('sendStatistic', { id: 1, dayStatusId: null }));
    expect(running.effects).toEqual([
      { name: 'reportRefused', params: { entry: first, error: refused } },
      { name: 'forgetEntry', params: { entry: first } },
      { name: 'reportMissingDayStatus', params: { entry: second } },
      { name: 'forgetEntry', params: { entry: second } },
    ]);
    expect(running.snapshot().matches({ delivery: 'idle' })).toBe(true);
  });

  it('queues an entry with a key already queued once', async () => {
    const running = startMachine(spec, input);
    await running.dispatch(done('loadQueued', [first]));
    await running.dispatch(enqueue(first));
    await running.dispatch(enqueue(second));
    expect(running.snapshot().context.entries).toEqual([first, second]);
  });

  it('flushes: tries at once instead of waiting, and reports done when the queue empties', async () => {
    const running = startMachine(spec, input);
    await running.dispatch(done('loadQueued', [first]));
    await running.dispatch(failed('sendStatistic', networkError));
    await running.dispatch({ type: 'STATISTICS.FLUSH' });
    expect(running.snapshot().matches({ delivery: 'sending', flush: 'running' })).toBe(true);
    await running.dispatch(done('sendStatistic', counted));
    expect(running.effects.at(-1)).toEqual({ name: 'reportFlushed', params: undefined });
    expect(running.snapshot().matches({ flush: 'ended' })).toBe(true);
  });

  it('flushes an empty queue at once, and a waiting one after its entries are sent', async () => {
    const running = startMachine(spec, input);
    await running.dispatch(done('loadQueued', []));
    await running.dispatch({ type: 'STATISTICS.FLUSH' });
    expect(running.effects).toEqual([{ name: 'reportFlushed', params: undefined }]);
    await running.dispatch(enqueue(first));
    await running.dispatch(failed('sendStatistic', networkError));
    await running.dispatch({ type: 'STATISTICS.FLUSH' });
    // Not flushed while the entry waits: the logout's own bound ends the wait, the entry stays stored.
    await running.dispatch(failed('sendStatistic', networkError));
    expect(effectNames(running).filter((name) => name === 'reportFlushed')).toHaveLength(1);
    expect(effectNames(running)).not.toContain('forgetEntry');
    expect(running.snapshot().matches({ flush: 'running' })).toBe(true);
  });
});

/** The wait the machine is in now, read from its own delay. */
function retryDelayOf(running: ReturnType<typeof startMachine>): number {
  const delay = statisticsQueueMachine.implementations.delays.retryDelay;
  if (typeof delay !== 'function') throw new Error('retryDelay is computed from the failures');
  return delay(
    { context: running.snapshot().context, event: { type: 'STATISTICS.ONLINE' } } as never,
    undefined,
  );
}
