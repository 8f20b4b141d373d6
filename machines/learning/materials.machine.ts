/**
 * The materials page (/course/{streamId}/materials; content spec, sections 2 and 3): the stream's
 * course with its documents, the ones a demo stream may see (materials.ts). A stream that is not the
 * learner's (no valid id, or the server does not know it for them) shows as not available, as its
 * calendar does; any other failed load shows the load error and can be retried.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CourseDocument } from '../../src/domain/learning/course';
import { isNotFound, type RequestError, toRequestError } from '../../src/domain/requestError';
import { loadFailedState, type NetworkReturnedEvent, networkReturn } from '../common/networkReturn';
import { unprovided } from '../common/unprovided';

export type MaterialsInput = {
  /** The route's stream id; null when it is not a positive whole number. */
  streamId: number | null;
};
/** The materials to load: a stream id the route gave. */
export type MaterialsRequest = { streamId: number };
export type Materials = { courseTitle: string; documents: CourseDocument[] };

export type MaterialsEvent = { type: 'MATERIALS.RETRY' } | NetworkReturnedEvent;

export const materialsMachine = setup({
  types: {
    context: {} as MaterialsInput & Materials & { error: RequestError | null },
    events: {} as MaterialsEvent,
    input: {} as MaterialsInput,
  },
  actors: {
    loadMaterials: fromPromise<Materials, MaterialsRequest>(unprovided),
    networkReturn,
  },
  guards: {
    hasStreamId: ({ context }) => context.streamId !== null,
    hasDocuments: ({ event }) => 'output' in event && (event.output as Materials).documents.length > 0,
    /** The stream (or its course) is not the learner's: asking again changes nothing. */
    isNotFound: ({ event }) => 'error' in event && isNotFound(event.error),
  },
}).createMachine({
  id: 'materials',
  context: ({ input }) => ({ streamId: input.streamId, courseTitle: '', documents: [], error: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasStreamId', target: 'loading' }, { target: 'notFound' }],
    },
    loading: {
      invoke: {
        id: 'loadMaterials',
        src: 'loadMaterials',
        input: ({ context }) => ({ streamId: context.streamId ?? 0 }),
        onDone: [
          {
            guard: 'hasDocuments',
            target: 'loaded',
            actions: assign(({ event }) => ({ ...event.output, error: null })),
          },
          { target: 'empty', actions: assign(({ event }) => ({ ...event.output, error: null })) },
        ],
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          { target: 'failed', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
        ],
      },
    },
    loaded: {},
    empty: {},
    failed: loadFailedState('MATERIALS.RETRY', 'loading'),
    notFound: {},
  },
});
