/**
 * The materials page (/course/{streamId}/materials; content spec, sections 2 and 3): the stream's
 * course with its documents, the ones a demo stream may see (materials.ts). A failed load shows the
 * load error and can be retried.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CourseDocument } from '../../src/domain/learning/course';
import { type RequestError, toRequestError } from '../../src/domain/requestError';

export type MaterialsInput = { streamId: number };
export type Materials = { courseTitle: string; documents: CourseDocument[] };

export type MaterialsEvent = { type: 'MATERIALS.RETRY' };

export const materialsMachine = setup({
  types: {
    context: {} as MaterialsInput & Materials & { error: RequestError | null },
    events: {} as MaterialsEvent,
    input: {} as MaterialsInput,
  },
  actors: {
    loadMaterials: fromPromise<Materials, MaterialsInput>(async () => {
      throw new Error('loadMaterials actor must be provided');
    }),
  },
  guards: {
    hasDocuments: ({ event }) => 'output' in event && (event.output as Materials).documents.length > 0,
  },
}).createMachine({
  id: 'materials',
  context: ({ input }) => ({ streamId: input.streamId, courseTitle: '', documents: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMaterials',
        src: 'loadMaterials',
        input: ({ context }) => ({ streamId: context.streamId }),
        onDone: [
          {
            guard: 'hasDocuments',
            target: 'loaded',
            actions: assign(({ event }) => ({ ...event.output, error: null })),
          },
          { target: 'empty', actions: assign(({ event }) => ({ ...event.output, error: null })) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
      },
    },
    loaded: {},
    empty: {},
    failed: {
      on: { 'MATERIALS.RETRY': 'loading' },
    },
  },
});
