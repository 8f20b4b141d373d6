import { fromPromise } from 'xstate';
import {
  type Materials,
  type MaterialsRequest,
  materialsMachine,
} from '../../../machines/learning/materials.machine';
import { fetchCourse } from '../../api/courses';
import type { AppEffects } from '../../app/effects';
import { visibleDocuments } from '../../domain/learning/materials';
import { networkReturn } from '../shell/networkReturn.provide';
import { readShownStream } from './common/shownStream.provide';

async function loadMaterials(effects: AppEffects, { streamId }: MaterialsRequest): Promise<Materials> {
  const stream = await readShownStream(effects, streamId);
  const course = await fetchCourse(effects.api, stream.courseId, ['documents']);
  return { courseTitle: course.title, documents: visibleDocuments(stream, course) };
}

export const materials = (effects: AppEffects) =>
  materialsMachine.provide({
    actors: {
      loadMaterials: fromPromise(({ input }: { input: MaterialsRequest }) => loadMaterials(effects, input)),
      networkReturn,
    },
  });
