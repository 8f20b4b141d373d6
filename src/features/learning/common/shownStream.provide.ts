import type { AppEffects } from '../../../app/effects';
import type { CourseStream } from '../../../domain/learning/stream';
import { isStreamShown } from '../../../domain/learning/visibleStreams';
import { HTTP_STATUS, type RequestError } from '../../../domain/requestError';
import { readStream } from './pageReadAhead.provide';

/**
 * One of the learner's streams, as this brand shows them. A demo stream on a brand without demo
 * access is left out of the course list, and its pages, reached by their address, say the course is
 * not available as for a stream that is not the learner's: the same answer as the server's 404.
 */
export async function readShownStream(effects: AppEffects, streamId: number): Promise<CourseStream> {
  const stream = await readStream(effects, streamId);
  if (isStreamShown(stream, effects.brandFlags().isDemoAccessible)) return stream;
  const hidden: RequestError = { status: HTTP_STATUS.notFound, message: '', fieldErrors: {} };
  throw hidden;
}
