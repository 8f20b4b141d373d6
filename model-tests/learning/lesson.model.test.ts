import { act, screen } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { ActorRefFrom, AnyEventObject } from 'xstate';
import {
  type LessonEvent,
  type LessonStatisticInput,
  lessonMachine,
} from '../../machines/learning/lesson.machine';
import type { SetLesson } from '../../src/domain/learning/day';
import { type LessonActor, LessonView } from '../../src/features/learning/player/LessonScreen';
import { done, failed, session } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import type { UserAction } from '../userActions';

const item: SetLesson = {
  id: 301,
  sort: 1,
  lesson: {
    id: 31,
    title: 'Squat',
    subtitle: 'Execution',
    durationMs: 100_000,
    video: {
      id: 9,
      name: 'squat.mp4',
      hls: '/media/videos/9/master.m3u8',
      mp4: '/media/videos/9/video.mp4',
      poster: '/media/videos/9/poster.jpg',
      subtitles: [],
      durationMs: 100_000,
    },
    descriptionVideo: null,
    verticalVideo: null,
    verticalDescriptionVideo: null,
  },
};

const input: LessonStatisticInput = {
  streamId: 5,
  dayId: 12,
  lessonSetLessonId: 301,
  minViewedMs: 2000,
  minViewedMsVideoEnded: 30_000,
};

/** The lesson's player as the page holds it (the video element inside Mux's player). */
const player = () => {
  const frame = screen.getByRole('article').querySelector('.lesson__player');
  if (!frame) throw new Error('the lesson shows no player');
  return frame.firstElementChild ?? frame;
};

/**
 * What the video element reports when it fires `type`: the position, the duration (100 s, so the
 * position in seconds is the percentage) and one played range as long as the viewed time.
 */
function mediaEvent(type: string): UserAction {
  return {
    words: (event) =>
      `the video fires “${type}”${event.viewedMs === undefined ? '' : ` after ${event.viewedMs / 1000} s viewed`}`,
    perform: async (_, event: AnyEventObject) => {
      const target = player();
      const viewedSeconds = ((event.viewedMs as number | undefined) ?? 0) / 1000;
      Object.defineProperties(target, {
        currentTime: {
          configurable: true,
          value: (event.positionSeconds as number | undefined) ?? (event.percent as number | undefined) ?? 0,
        },
        duration: { configurable: true, value: 100 },
        played: {
          configurable: true,
          value: { length: 1, start: () => 0, end: () => viewedSeconds },
        },
      });
      await act(async () => {
        target.dispatchEvent(new Event(type));
      });
    },
  };
}

/** The actor the rendered view got: the lesson's host sends it the day's progress, as the day page changes. */
let shown: ActorRefFrom<typeof lessonMachine> | null = null;
function HostedLessonView({ actor }: { actor: LessonActor }) {
  shown = actor;
  return createElement(LessonView, { actor, item });
}

/** Not a control of the lesson: the day's page started or finished the day, and its host says so. */
const dayChanges: UserAction = {
  words: (event) => `the day's page says the day is now “${event.dayStatus}”`,
  perform: async (_, event) => {
    act(() => shown?.send(event as LessonEvent));
  },
};

const leavePage: UserAction = {
  words: () => 'the user leaves the page',
  perform: async () => {
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
    });
  },
};

const spec = {
  machine: lessonMachine,
  spec: 'Learning spec §5, §9 Lesson statistic: milestones 75/50/25/10 once, sent from 2000 ms viewed (30000 ms after the end), whole seconds, each entry handed to the statistics queue (which sends it), a queue that cannot take it reported',
  inputs: [input],
  screen: {
    view: HostedLessonView,
    setting: { path: '/course/5/calendar/3', session },
    actions: {
      'LESSON.PLAY': mediaEvent('play'),
      'LESSON.PROGRESS': mediaEvent('timeupdate'),
      'LESSON.PAUSE': mediaEvent('pause'),
      'LESSON.ENDED': mediaEvent('ended'),
      'LESSON.CLOSE': leavePage,
      'LESSON.DAY_STATUS': dayChanges,
    },
    sees: [
      {
        see: () => {
          expect(screen.getByRole('heading', { level: 2, name: 'Squat, Execution' })).toBeTruthy();
        },
      },
      {
        state: { statistic: 'queueing' },
        see: () => expect(screen.getByRole('article').getAttribute('aria-busy')).toBe('true'),
      },
      {
        state: { statistic: 'idle' },
        see: () => expect(screen.getByRole('article').getAttribute('aria-busy')).toBeNull(),
      },
    ],
  },
  events: [
    { type: 'LESSON.PLAY' },
    // Past the minimum with new milestones; the tests below walk the cases under the minimums.
    { type: 'LESSON.PROGRESS', viewedMs: 8000, percent: 80, positionSeconds: 80 },
    { type: 'LESSON.PAUSE', viewedMs: 8000, positionSeconds: 80 },
    { type: 'LESSON.ENDED', viewedMs: 40_000 },
    { type: 'LESSON.CLOSE' },
    { type: 'LESSON.DAY_STATUS', dayStatus: 'ended' },
    done('saveStatistic'),
    failed('saveStatistic', new Error('No signed-in learner to queue a statistic for')),
  ],
};

describeModel(spec);

describe('where the learner left the lesson', () => {
  const kept = (seconds: number) => ({
    name: 'keepPosition',
    params: { streamId: 5, lessonSetLessonId: 301, seconds },
  });

  it('is kept at a pause and on leaving, in whole seconds; the end keeps the start', async () => {
    const running = startMachine(spec, input);
    await running.dispatch({ type: 'LESSON.PLAY' });
    await running.dispatch({ type: 'LESSON.PROGRESS', viewedMs: 1000, percent: 3, positionSeconds: 3.4 });
    expect(running.effects).toEqual([]);
    await running.dispatch({ type: 'LESSON.PAUSE', viewedMs: 5400, positionSeconds: 5.4 });
    expect(running.effects).toEqual([kept(5)]);
    await running.dispatch({ type: 'LESSON.PLAY' });
    await running.dispatch({ type: 'LESSON.PROGRESS', viewedMs: 9000, percent: 47, positionSeconds: 47.9 });
    // Leaving carries no reading: the last one is kept.
    await running.dispatch({ type: 'LESSON.CLOSE' });
    expect(running.effects).toEqual([kept(5), kept(47)]);
    await running.dispatch({ type: 'LESSON.PLAY' });
    await running.dispatch({ type: 'LESSON.ENDED', viewedMs: 60_000 });
    await running.dispatch({ type: 'LESSON.CLOSE' });
    expect(running.effects.filter((effect) => effect.name === 'keepPosition')).toEqual([
      kept(5),
      kept(47),
      kept(0),
      kept(0),
    ]);
  });
});

describe('lesson statistic', () => {
  it('sends nothing below the minimum, then the whole seconds viewed with the play, once per milestone', async () => {
    const running = startMachine(spec, input);
    await running.dispatch({ type: 'LESSON.PLAY' });
    await running.dispatch({ type: 'LESSON.PROGRESS', viewedMs: 1500, percent: 12 });
    expect(running.fakes.started).toEqual([]);
    expect(running.snapshot().context.reportedMilestones).toEqual([10]);
    await running.dispatch({ type: 'LESSON.PROGRESS', viewedMs: 8400, percent: 80 });
    expect(running.fakes.inputOf('saveStatistic')).toEqual({
      streamId: 5,
      dayId: 12,
      lessonSetLessonId: 301,
      viewedSeconds: 8,
      playCount: 1,
    });
    expect(running.snapshot().context.reportedMilestones).toEqual([10, 75, 50, 25]);
    await running.dispatch(done('saveStatistic'));
    // The 0.4 s left over waits for the next entry; the milestones already reported send nothing.
    await running.dispatch({ type: 'LESSON.PROGRESS', viewedMs: 9000, percent: 90 });
    expect(running.fakes.started).toHaveLength(1);
    expect(running.effects).toEqual([]);
  });

  it("tells the day's progress as it was when the entry was taken, and nothing without its day", async () => {
    const onItsDay = startMachine(spec, { ...input, dayStatus: 'not_started' });
    await onItsDay.dispatch({ type: 'LESSON.PLAY' });
    await onItsDay.dispatch({ type: 'LESSON.PAUSE', viewedMs: 3000 });
    expect(onItsDay.fakes.inputOf('saveStatistic')).toMatchObject({
      viewedSeconds: 3,
      dayStatus: 'not_started',
    });
    await onItsDay.dispatch(done('saveStatistic'));
    await onItsDay.dispatch({ type: 'LESSON.DAY_STATUS', dayStatus: 'ended' });
    await onItsDay.dispatch({ type: 'LESSON.PLAY' });
    await onItsDay.dispatch({ type: 'LESSON.PAUSE', viewedMs: 6000 });
    expect(onItsDay.fakes.inputOf('saveStatistic')).toMatchObject({ viewedSeconds: 3, dayStatus: 'ended' });

    // A downloaded lesson plays without its day's page.
    const downloaded = startMachine(spec, input);
    await downloaded.dispatch({ type: 'LESSON.PLAY' });
    await downloaded.dispatch({ type: 'LESSON.PAUSE', viewedMs: 3000 });
    expect(downloaded.fakes.inputOf('saveStatistic')).not.toHaveProperty('dayStatus');
  });

  it('needs 30 s viewed once the video ended', async () => {
    const running = startMachine(spec, input);
    await running.dispatch({ type: 'LESSON.PLAY' });
    await running.dispatch({ type: 'LESSON.ENDED', viewedMs: 20_000 });
    expect(running.fakes.started).toEqual([]);
    await running.dispatch({ type: 'LESSON.CLOSE' });
    expect(running.fakes.started).toEqual([]);
    await running.dispatch({ type: 'LESSON.PLAY' });
    await running.dispatch({ type: 'LESSON.ENDED', viewedMs: 31_000 });
    expect(running.fakes.inputOf('saveStatistic')).toMatchObject({ viewedSeconds: 31, playCount: 1 });
  });

  it('queues each entry whatever the network does, and reports only a queue that cannot take it', async () => {
    const running = startMachine(spec, input);
    await running.dispatch({ type: 'LESSON.PLAY' });
    await running.dispatch({ type: 'LESSON.PAUSE', viewedMs: 3000 });
    expect(running.snapshot().matches({ statistic: 'queueing' })).toBe(true);
    await running.dispatch(done('saveStatistic'));
    await running.dispatch({ type: 'LESSON.PLAY' });
    await running.dispatch({ type: 'LESSON.PAUSE', viewedMs: 6000 });
    expect(running.fakes.inputOf('saveStatistic')).toMatchObject({ viewedSeconds: 3, playCount: 0 });
    const refused = new Error('No signed-in learner to queue a statistic for');
    await running.dispatch(failed('saveStatistic', refused));
    expect(running.effects.filter((effect) => effect.name === 'reportQueueFailure')).toEqual([
      { name: 'reportQueueFailure', params: { error: refused } },
    ]);
    expect(running.snapshot().matches({ statistic: 'idle' })).toBe(true);
    // The dropped entry's time is not queued again with the next one.
    await running.dispatch({ type: 'LESSON.PLAY' });
    await running.dispatch({ type: 'LESSON.PAUSE', viewedMs: 9000 });
    expect(running.fakes.inputOf('saveStatistic')).toMatchObject({ viewedSeconds: 3, playCount: 0 });
    expect(running.snapshot().context.sentMs).toBe(9000);
  });

  it('counts the first play when the player reports viewed time before any play event', async () => {
    const running = startMachine(spec, input);
    // No "play" heard: the first progress with viewed time is the play.
    await running.dispatch({ type: 'LESSON.PROGRESS', viewedMs: 0, percent: 0 });
    expect(running.snapshot().matches({ playback: 'ready' })).toBe(true);
    await running.dispatch({ type: 'LESSON.PROGRESS', viewedMs: 1500, percent: 5 });
    expect(running.snapshot().matches({ playback: 'playing' })).toBe(true);
    await running.dispatch({ type: 'LESSON.PAUSE', viewedMs: 3000 });
    expect(running.fakes.inputOf('saveStatistic')).toMatchObject({ viewedSeconds: 3, playCount: 1 });
  });

  it('counts the first play when a pause or the end is the first event heard', async () => {
    const paused = startMachine(spec, input);
    await paused.dispatch({ type: 'LESSON.PAUSE', viewedMs: 4000 });
    expect(paused.snapshot().matches({ playback: 'paused' })).toBe(true);
    expect(paused.fakes.inputOf('saveStatistic')).toMatchObject({ viewedSeconds: 4, playCount: 1 });
    const ended = startMachine(spec, input);
    await ended.dispatch({ type: 'LESSON.ENDED', viewedMs: 31_000 });
    expect(ended.snapshot().matches({ playback: 'ended' })).toBe(true);
    expect(ended.fakes.inputOf('saveStatistic')).toMatchObject({ viewedSeconds: 31, playCount: 1 });
  });
});
