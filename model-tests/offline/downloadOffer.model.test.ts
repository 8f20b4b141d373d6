import { act, fireEvent, screen } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { downloadOfferMachine } from '../../machines/offline/downloadOffer.machine';
import type { AppEffects } from '../../src/app/effects';
import { AppEffectsContext } from '../../src/app/hooks';
import type { DownloadRecord } from '../../src/domain/learning/download';
import { DayDownloadsView } from '../../src/features/learning/day/DayDownloads';
import type { DownloadOfferActor } from '../../src/features/learning/day/downloadOfferSlot';
import { done, failed, networkError, session } from '../fixtures';
import { startMachine } from '../harness';
import { day } from '../learning/learningFixtures';
import { describeModel } from '../modelSuite';
import { recordOf, renderSignedIn, restoredDownloads, videoLesson } from './offlineFixtures';

const dayWithLessons = day(12, 2, 3, {
  lessonSets: [
    {
      id: 1,
      sort: 1,
      repeatCount: 1,
      userRepeatRangeFrom: null,
      userRepeatRangeTo: null,
      lessons: [
        { id: 301, sort: 1, lesson: videoLesson(31) },
        { id: 302, sort: 2, lesson: videoLesson(32) },
      ],
    },
  ],
});

/** The day page starts the offer with the stream its day was read with. */
const stream = { id: 5, courseId: 2, isDemo: true };

const wholeDayButton = () => screen.queryByRole('button', { name: 'Download the whole day' });

const spec = {
  machine: downloadOfferMachine,
  spec: 'Shell spec §6 isOfflineEnable; content spec §3 isDemoOfflineModeAccessible (default true): downloads are offered only where the brand has offline mode, on demo streams only when the course allows',
  inputs: [
    { stream, brandOfflineEnabled: true },
    { stream, brandOfflineEnabled: false },
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
    const running = startMachine(spec, { stream, brandOfflineEnabled: false });
    expect(running.snapshot().value).toBe('unavailable');
    expect(running.fakes.started).toEqual([]);
  });

  it("reads the offer for the day's stream and keeps the course's title for the downloads list", async () => {
    const running = startMachine(spec, { stream, brandOfflineEnabled: true });
    expect(running.fakes.inputOf('loadOffer')).toEqual(stream);
    await running.dispatch(done('loadOffer', { offered: true, courseTitle: 'Strong back' }));
    expect(running.snapshot().context).toMatchObject({ streamId: 5, courseTitle: 'Strong back' });
  });

  /** The day's downloads section over the learner's downloads restored from `records`. */
  async function renderDay(records: DownloadRecord[]) {
    const registry = await restoredDownloads(records);
    const offer = createActor(
      downloadOfferMachine.provide({
        actors: {
          loadOffer: fromPromise(async () => ({ offered: true as boolean, courseTitle: 'Strong back' })),
        },
      }),
      { input: { stream, brandOfflineEnabled: true } },
    ).start();
    await waitFor(offer, (snapshot) => snapshot.matches('offered'));
    const effects = {
      downloads: { current: () => registry, subscribe: () => () => {} },
    } as unknown as AppEffects;
    const page = await renderSignedIn(
      '/course/5/calendar/3',
      () =>
        createElement(
          AppEffectsContext.Provider,
          { value: effects },
          createElement(DayDownloadsView, { actor: offer, day: dayWithLessons }),
        ),
      [registry, offer],
    );
    await screen.findByRole('status');
    return { ...page, registry };
  }

  it('offers the whole day while a lesson of it failed, and tries that one again', async () => {
    const day = await renderDay([recordOf(videoLesson(31), 'loaded'), recordOf(videoLesson(32), 'fail')]);
    try {
      expect(screen.getByRole('status').textContent).toBe('1 of 2 lessons downloaded');
      (wholeDayButton() as HTMLElement).focus();
      fireEvent.click(wholeDayButton() as HTMLElement);
      const retried = day.registry.getSnapshot().context.downloads['32'];
      expect(retried?.getSnapshot().value).toBe('pending');
      expect(wholeDayButton()).toBeNull();
      // The focus the button had goes to the line that counts the lessons, not back to the page's top.
      expect(document.activeElement).toBe(screen.getByRole('status'));
    } finally {
      day.done();
    }
  });

  it('offers no download of the whole day offline', async () => {
    const day = await renderDay([recordOf(videoLesson(31), 'loaded')]);
    try {
      expect(wholeDayButton()).toBeTruthy();
      act(() => day.root().send({ type: 'CONNECTIVITY.OFFLINE' }));
      expect(wholeDayButton()).toBeNull();
      expect(screen.getByRole('status').textContent).toBe('1 of 2 lessons downloaded');
    } finally {
      day.done();
    }
  });
});
