import { isInProgress, type StreamStatus } from './streamStatus';

/**
 * The tabs of my courses. The spec names the statuses, not the tabs, so this is the decision:
 * - current: what the learner is doing now, the streams in progress (open, progress under 100);
 * - active: every stream whose access is not over: open (finished ones included), not started and
 *   frozen; it holds the current ones too, so a learner sees all of their live courses in one place;
 * - ended: ended and stopped streams. A demo stream never lands here: its status is never ended or
 *   stopped.
 */
export const MY_COURSES_TABS = ['current', 'active', 'ended'] as const;
export type MyCoursesTab = (typeof MY_COURSES_TABS)[number];

export type TabbedStream = { status: StreamStatus; progress: number };

export function isInTab(tab: MyCoursesTab, stream: TabbedStream): boolean {
  switch (tab) {
    case 'current':
      return isInProgress(stream.status, stream.progress);
    case 'active':
      return stream.status === 'open' || stream.status === 'not_started' || stream.status === 'freeze';
    case 'ended':
      return stream.status === 'ended' || stream.status === 'stopped';
  }
}

export const streamsInTab = <S extends TabbedStream>(tab: MyCoursesTab, streams: readonly S[]): S[] =>
  streams.filter((stream) => isInTab(tab, stream));

/** The tab my courses opens on: the first, in order, that holds a stream; current when none does. */
export const initialTab = (streams: readonly TabbedStream[]): MyCoursesTab =>
  MY_COURSES_TABS.find((tab) => streams.some((stream) => isInTab(tab, stream))) ?? 'current';
