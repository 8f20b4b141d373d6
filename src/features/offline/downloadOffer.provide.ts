import { fromPromise } from 'xstate';
import {
  type DownloadOfferAnswer,
  downloadOfferMachine,
} from '../../../machines/offline/downloadOffer.machine';
import { fetchCourse } from '../../api/courses';
import { fetchStream } from '../../api/streams';
import type { AppEffects } from '../../app/effects';
import { offersDownloads } from '../../domain/learning/download';

async function loadOffer(effects: AppEffects, streamId: number): Promise<DownloadOfferAnswer> {
  const stream = await fetchStream(effects.api, streamId);
  const course = await fetchCourse(effects.api, stream.courseId);
  // The brand's flag was checked before the machine asked.
  return { offered: offersDownloads(true, stream, course), courseTitle: course.title };
}

export const downloadOffer = (effects: AppEffects) =>
  downloadOfferMachine.provide({
    actors: {
      loadOffer: fromPromise(({ input }: { input: { streamId: number } }) =>
        loadOffer(effects, input.streamId),
      ),
    },
  });
