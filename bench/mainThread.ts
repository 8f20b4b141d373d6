/** The events of a Chrome trace this module reads (a Lighthouse run's `artifacts.Trace.traceEvents`). */
export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's own CPU time in the event, where the trace records it. */
  tdur?: number;
  args?: { name?: string; data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
};

/**
 * How long the page's main thread ran tasks from its navigation on (`taskMs`), and for how much of
 * that it had a CPU (`cpuMs`). Lighthouse's blocking time is worked out from the tasks' durations; a
 * task that waits for a core (the machine's other processes: the browser's, the server's, the
 * trace's own) or for another process's answer lasts longer without the page doing more. The two
 * side by side tell the page's own cost from the machine's.
 */
export function mainThreadTime(events: readonly TraceEvent[]): { taskMs: number; cpuMs: number } {
  const navigation = events.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.isLoadingMainFrame === true &&
      event.args.data.documentLoaderURL?.startsWith('http') === true,
  );
  if (!navigation) throw new Error('the trace has no navigation of the page');
  const thread = events.find(
    (event) =>
      event.name === 'thread_name' && event.pid === navigation.pid && event.args?.name === 'CrRendererMain',
  );
  if (!thread) throw new Error("the trace has no main thread of the page's renderer");
  const tasks = events
    .filter(
      (event) =>
        event.pid === thread.pid &&
        event.tid === thread.tid &&
        event.ph === 'X' &&
        event.name === 'RunTask' &&
        event.ts >= navigation.ts,
    )
    .sort((a, b) => a.ts - b.ts);
  let taskUs = 0;
  let cpuUs = 0;
  let lastEnd = 0;
  for (const task of tasks) {
    // A task run inside another (a nested loop) is part of the outer one's time.
    if (task.ts < lastEnd) continue;
    lastEnd = task.ts + (task.dur ?? 0);
    taskUs += task.dur ?? 0;
    cpuUs += task.tdur ?? 0;
  }
  return { taskMs: Math.round(taskUs / 1000), cpuMs: Math.round(cpuUs / 1000) };
}
