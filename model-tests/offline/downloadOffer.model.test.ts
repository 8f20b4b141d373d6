import { screen } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { downloadOfferMachine } from '../../machines/offline/downloadOffer.machine';
import type { Lesson } from '../../src/domain/learning/day';
import { DayDownloadsView } from '../../src/features/learning/day/DayDownloads';
import type { DownloadOfferActor } from '../../src/features/learning/day/downloadOfferSlot';
import { done, failed, networkError, session } from '../fixtures';
import { startMachine } from '../harness';
import { day } from '../learning/learningFixtures';
import { describeModel } from '../modelSuite';

const lesson = (id: number): Lesson => ({
  id,
  title: `Lesson ${id}`,
  subtitle: null,
  durationMs: 60_000,
  video: {
    id: id + 100,
    name: `lesson-${id}.mp4`,
    hls: null,
    mp4: `/media/videos/${id + 100}/video.mp4`,
    poster: null,
    subtitles: [],
    durationMs: 60_000,
  },
  descriptionVideo: null,
  verticalVideo: null,
  verticalDescriptionVideo: null,
});

const dayWithLessons = day(12, 2, 3, {
  lessonSets: [
    {
      id: 1,
      sort: 1,
      repeatCount: 1,
      userRepeatRangeFrom: null,
      userRepeatRangeTo: null,
      lessons: [
        { id: 301, sort: 1, lesson: lesson(31) },
        { id: 302, sort: 2, lesson: lesson(32) },
      ],
    },
  ],
});

const wholeDayButton = () => screen.queryByRole('button', { name: 'Download the whole day' });

const spec = {
  machine: downloadOfferMachine,
  spec: 'Shell spec §6 isOfflineEnable; content spec §3 isDemoOfflineModeAccessible (default true): downloads are offered only where the brand has offline mode, on demo streams only when the course allows',
  inputs: [
    { streamId: 5, brandOfflineEnabled: true },
    { streamId: 5, brandOfflineEnabled: false },
  ],
  screen: {
    view: ({ actor }: { actor: DownloadOfferActor }) =>
      createElement(DayDownloadsView, { actor, day: dayWithLessons }),
    setting: { path: '/course/5/calendar/3', session },
    actions: {},
    sees: [
      { state: 'loading', see: () => expect(wholeDayButton()).toBeNull() },
      { state: 'unavailable', see: () => expect(wholeDayButton()).toBeNull() },
      {
        state: 'offered',
        see: () => {
          expect(wholeDayButton()).toBeTruthy();
          expect(screen.getByRole('status').textContent).toBe('0 of 2 lessons downloaded');
        },
      },
    ],
  },
  events: [
    done('loadOffer', { offered: true, courseTitle: 'Strong back' }),
    done('loadOffer', { offered: false, courseTitle: 'Strong back' }),
    failed('loadOffer', networkError),
  ],
};

describeModel(spec);

describe('download offer', () => {
  it('asks nothing where the brand has offline mode off', () => {
    const running = startMachine(spec, { streamId: 5, brandOfflineEnabled: false });
    expect(running.snapshot().value).toBe('unavailable');
    expect(running.fakes.started).toEqual([]);
  });

  it("keeps the course's title for the downloads list", async () => {
    const running = startMachine(spec, { streamId: 5, brandOfflineEnabled: true });
    expect(running.fakes.inputOf('loadOffer')).toEqual({ streamId: 5 });
    await running.dispatch(done('loadOffer', { offered: true, courseTitle: 'Strong back' }));
    expect(running.snapshot().context.courseTitle).toBe('Strong back');
  });
});
