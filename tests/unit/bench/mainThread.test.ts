import { describe, expect, it } from 'vitest';
import { mainThreadTime, type TraceEvent } from '../../../bench/mainThread';

const PAGE = { pid: 7, tid: 1 };
const navigation: TraceEvent = {
  name: 'navigationStart',
  ph: 'R',
  ...PAGE,
  ts: 1_000_000,
  args: { data: { isLoadingMainFrame: true, documentLoaderURL: 'http://localhost/v/course/1/calendar' } },
};
const threadName = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name },
});
const task = (ts: number, dur: number, tdur: number, where = PAGE): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ...where,
  ts,
  dur,
  tdur,
});

describe('mainThreadTime', () => {
  it("adds up the page's main-thread tasks from its navigation on, by duration and by CPU time", () => {
    const events = [
      threadName(7, 1, 'CrRendererMain'),
      threadName(7, 2, 'Compositor'),
      threadName(3, 1, 'CrBrowserMain'),
      // Before the navigation (the blank page Lighthouse starts from): not counted.
      task(900_000, 50_000, 40_000),
      navigation,
      task(1_100_000, 48_000, 3_000),
      // A task run inside the one before it (a nested loop): part of it, not counted again.
      task(1_110_000, 10_000, 1_000),
      task(1_200_000, 20_000, 18_000),
      // Other threads and processes: not the page's main thread.
      task(1_300_000, 90_000, 90_000, { pid: 7, tid: 2 }),
      task(1_300_000, 90_000, 90_000, { pid: 3, tid: 1 }),
      { name: 'Layout', ph: 'X', ...PAGE, ts: 1_201_000, dur: 5_000, tdur: 5_000 },
    ];
    expect(mainThreadTime(events)).toEqual({ taskMs: 68, cpuMs: 21 });
  });

  it('says so when the trace has no navigation or no main thread of its page', () => {
    expect(() => mainThreadTime([threadName(7, 1, 'CrRendererMain')])).toThrow('no navigation');
    expect(() => mainThreadTime([navigation, threadName(8, 1, 'CrRendererMain')])).toThrow('no main thread');
  });
});
