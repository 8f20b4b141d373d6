import { fromPromise } from 'xstate';
import {
  type DownloadOfferAnswer,
  type DownloadOfferInput,
  downloadOfferMachine,
} from '../../../machines/offline/downloadOffer.machine';
import { fetchCourseVersions, fetchStages } from '../../api/courses';
import type { AppEffects } from '../../app/effects';
import { offersDownloads } from '../../domain/learning/download';
import { readCourse } from '../learning/common/pageReadAhead.provide';

async function loadOffer(
  effects: AppEffects,
  stream: DownloadOfferInput['stream'],
): Promise<DownloadOfferAnswer> {
  const course = await readCourse(effects, stream.courseId);
  // The brand's flag was checked before the machine asked.
  const offered = offersDownloads(true, stream, course);
  // Where lessons download, their calendar opens offline too, even when the learner came to the day
  // straight from a reminder: the reads the calendar needs that a day page does not make (the
  // course's stages, the course versions) are made here for the service worker to keep.
  if (offered) {
    fetchStages(effects.api, stream.courseId).catch(() => {});
    fetchCourseVersions(effects.api).catch(() => {});
  }
  return { offered, courseTitle: course.title };
}

export const downloadOffer = (effects: AppEffects) =>
  downloadOfferMachine.provide({
    actors: {
      loadOffer: fromPromise(({ input }: { input: DownloadOfferInput['stream'] }) =>
        loadOffer(effects, input),
      ),
    },
  });
