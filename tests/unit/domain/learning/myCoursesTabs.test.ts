import { describe, expect, it } from 'vitest';
import {
  initialTab,
  isInTab,
  type MyCoursesTab,
  streamsInTab,
} from '../../../../src/domain/learning/myCoursesTabs';
import type { StreamStatus } from '../../../../src/domain/learning/streamStatus';
import { visibleStreams } from '../../../../src/domain/learning/visibleStreams';

describe('my courses tabs', () => {
  it.each<[StreamStatus, number, MyCoursesTab[]]>([
    ['open', 40, ['current', 'active']],
    ['open', 100, ['active']],
    ['not_started', 0, ['active']],
    ['freeze', 40, ['active']],
    ['ended', 40, ['ended']],
    ['stopped', 10, ['ended']],
  ])('%s at %i%% is in %j', (status, progress, tabs) => {
    const stream = { status, progress };
    expect((['current', 'active', 'ended'] as const).filter((tab) => isInTab(tab, stream))).toEqual(tabs);
  });

  it('keeps the streams of a tab in their order', () => {
    const streams = [
      { id: 1, status: 'ended' as const, progress: 0 },
      { id: 2, status: 'open' as const, progress: 10 },
      { id: 3, status: 'stopped' as const, progress: 0 },
    ];
    expect(streamsInTab('ended', streams).map((stream) => stream.id)).toEqual([1, 3]);
  });
});

describe('the tab my courses opens on', () => {
  it.each<[string, { status: StreamStatus; progress: number }[], MyCoursesTab]>([
    ['current when a course is in progress', [{ status: 'open', progress: 10 }], 'current'],
    ['active when only a finished open course is live', [{ status: 'open', progress: 100 }], 'active'],
    ['active for a course not started yet', [{ status: 'not_started', progress: 0 }], 'active'],
    ['ended when only ended courses remain', [{ status: 'stopped', progress: 30 }], 'ended'],
    ['current when there is none', [], 'current'],
  ])('%s', (_, streams, tab) => {
    expect(initialTab(streams)).toBe(tab);
  });
});

describe('visible streams', () => {
  const streams = [
    { id: 1, isDemo: false },
    { id: 2, isDemo: true },
  ];
  it.each([
    [true, [1, 2]],
    [false, [1]],
  ])('with demo access %s shows %j', (isDemoAccessible, ids) => {
    expect(visibleStreams(streams, isDemoAccessible).map((stream) => stream.id)).toEqual(ids);
  });
});
