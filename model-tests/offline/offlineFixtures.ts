import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { downloadMachine, type PreparedFiles } from '../../machines/offline/download.machine';
import { type DownloadsActor, downloadsMachine } from '../../machines/offline/downloads.machine';
import { type AppActor, useAppActor } from '../../src/app/hooks';
import type { Lesson, SetLesson } from '../../src/domain/learning/day';
import { type DownloadRecord, downloadLessonOf } from '../../src/domain/learning/download';
import { session } from '../fixtures';
import { screenProviders } from '../screenProviders';

/** What the download screens' tests share: the learner's downloads and a page over them. */

/** A lesson with its video, as a day answer gives it. */
export const videoLesson = (id: number, title = `Lesson ${id}`, subtitle: string | null = null): Lesson => ({
  id,
  title,
  subtitle,
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

/** A lesson as one of a day's lesson sets holds it (the set-lesson id statistics use). */
export const setLessonOf = (lesson: Lesson): SetLesson => ({ id: lesson.id + 1_000, sort: 1, lesson });

/** A registry's watch on the app's other tabs where there are none. */
export const noOtherTabs = fromCallback(() => () => {});

/** Where the day page's lessons are met. */
export const where = { streamId: 5, dayId: 12, courseTitle: 'Strong back' };

/** The record of a lesson's download as the day page started it. */
export const recordOf = (
  lesson: Lesson,
  status: DownloadRecord['status'],
  code: number | null = null,
): DownloadRecord => ({
  ...downloadLessonOf(setLessonOf(lesson), where, 'https://app.test'),
  status,
  sizeBytes: 1_000,
  downloadedAt: status === 'loaded' ? 1_700_000_000_000 : null,
  code,
});

/**
 * The learner's downloads restored from `records`; a download started or tried again prepares as
 * `prepare` does (for ever by default).
 */
export async function restoredDownloads(
  records: readonly DownloadRecord[],
  prepare: () => Promise<PreparedFiles> = () => new Promise(() => {}),
): Promise<DownloadsActor> {
  const registry = createActor(
    downloadsMachine.provide({
      actors: {
        download: downloadMachine.provide({ actors: { prepareDownload: fromPromise(prepare) } }),
        readDownloads: fromPromise(async () => [...records]),
        clearDownloads: fromPromise(async () => {}),
        watchOtherTabs: noOtherTabs,
      },
    }),
  ).start();
  await waitFor(registry, (snapshot) => snapshot.matches('ready'));
  return registry;
}

/**
 * `view` rendered signed in at `path`, with the root actor it reads the connectivity from; `done`
 * unmounts it and stops `actors`.
 */
export async function renderSignedIn(
  path: string,
  view: () => ReactNode,
  actors: readonly { stop(): void }[],
) {
  let root: AppActor | undefined;
  const { element, stop } = await screenProviders({ path, session }, () => {
    root = useAppActor();
    return view();
  });
  const rendered = render(element);
  return {
    root: () => root as AppActor,
    done: () => {
      rendered.unmount();
      stop();
      for (const actor of actors) actor.stop();
    },
  };
}
