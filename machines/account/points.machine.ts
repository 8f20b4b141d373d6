/**
 * The points page (/user/points; shell spec, "points page"): the learner's balance, read fresh from
 * the server, beside the brand's how-it-works text and questions. A failed load shows the error and
 * can be retried.
 */
import { assign, fromPromise, setup } from 'xstate';
import { type RequestError, toRequestError } from '../../src/domain/requestError';
import { loadFailedState, type NetworkReturnedEvent, networkReturn } from '../common/networkReturn';
import { unprovided } from '../common/unprovided';

export type PointsEvent = { type: 'POINTS.RETRY' } | NetworkReturnedEvent;

export const pointsMachine = setup({
  types: {
    context: {} as { balance: number; error: RequestError | null },
    events: {} as PointsEvent,
  },
  actors: {
    loadBalance: fromPromise<number>(unprovided),
    networkReturn,
  },
}).createMachine({
  id: 'points',
  context: { balance: 0, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadBalance',
        src: 'loadBalance',
        onDone: {
          target: 'loaded',
          actions: assign({ balance: ({ event }) => event.output, error: null }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
      },
    },
    loaded: {},
    failed: loadFailedState('POINTS.RETRY', 'loading'),
  },
});
