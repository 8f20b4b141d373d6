/**
 * Whether a stream's lessons may be downloaded (Offline issue, "Downloads"; shell spec, section 6:
 * `isOfflineEnable`; content spec, section 3: `isDemoOfflineModeAccessible`, default true): never
 * where the brand has offline mode off, and on a demo stream only when its course allows it. The
 * course also gives the title the downloads list shows. A course that cannot be read offers nothing:
 * a download needs the network anyway. The day page starts it with the stream its day was read with,
 * so only the course is read here.
 */
import { assign, fromPromise, setup } from 'xstate';
import { unprovided } from '../common/unprovided';

export type DownloadOfferInput = {
  stream: { id: number; courseId: number; isDemo: boolean };
  brandOfflineEnabled: boolean;
};

/** What the stream and its course say: whether to offer downloads, and the course's title. */
export type DownloadOfferAnswer = { offered: boolean; courseTitle: string };

export const downloadOfferMachine = setup({
  types: {
    context: {} as { streamId: number; courseTitle: string } & DownloadOfferInput,
    input: {} as DownloadOfferInput,
  },
  actors: {
    loadOffer: fromPromise<DownloadOfferAnswer, DownloadOfferInput['stream']>(unprovided),
  },
  guards: {
    brandOffline: ({ context }) => !context.brandOfflineEnabled,
    offered: ({ event }) => 'output' in event && (event.output as DownloadOfferAnswer).offered,
  },
}).createMachine({
  id: 'downloadOffer',
  context: ({ input }) => ({ ...input, streamId: input.stream.id, courseTitle: '' }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'brandOffline', target: 'unavailable' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        id: 'loadOffer',
        src: 'loadOffer',
        input: ({ context }) => context.stream,
        onDone: [
          {
            guard: 'offered',
            target: 'offered',
            actions: assign({ courseTitle: ({ event }) => event.output.courseTitle }),
          },
          { target: 'unavailable' },
        ],
        onError: 'unavailable',
      },
    },
    offered: {},
    unavailable: {},
  },
});
