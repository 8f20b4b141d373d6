import { fromPromise } from 'xstate';
import {
  type DownloadOfferAnswer,
  type DownloadOfferInput,
  downloadOfferMachine,
} from '../../../machines/offline/downloadOffer.machine';
import type { AppEffects } from '../../app/effects';
import { offersDownloads } from '../../domain/learning/download';
import { readCourse } from '../learning/common/pageReadAhead.provide';

async function loadOffer(
  effects: AppEffects,
  stream: DownloadOfferInput['stream'],
): Promise<DownloadOfferAnswer> {
  const course = await readCourse(effects, stream.courseId);
  // The brand's flag was checked before the machine asked.
  return { offered: offersDownloads(true, stream, course), courseTitle: course.title };
}

export const downloadOffer = (effects: AppEffects) =>
  downloadOfferMachine.provide({
    actors: {
      loadOffer: fromPromise(({ input }: { input: DownloadOfferInput['stream'] }) =>
        loadOffer(effects, input),
      ),
    },
  });
