/**
 * The points history (/user/points/history; shell spec, "points page" and section 9): the entries
 * newest first, 20 a page, the next page on "Show more". A failed first page shows the error with a
 * retry; a failed next page keeps the entries shown and offers the same page again.
 */
import { type AnyEventObject, assign, fromPromise, setup } from 'xstate';
import { appendPointsPage, hasMorePages, type PointsEntry, type PointsPage } from '../../src/domain/points';
import { type RequestError, toRequestError } from '../../src/domain/requestError';
import { loadFailedState, type NetworkReturnedEvent, networkReturn } from '../common/networkReturn';
import { unprovided } from '../common/unprovided';

export type PointsHistoryEvent =
  | { type: 'POINTS_HISTORY.RETRY' }
  | { type: 'POINTS_HISTORY.MORE' }
  | NetworkReturnedEvent;

type PointsHistoryContext = {
  entries: PointsEntry[];
  /** The last page read (0 before the first). */
  page: number;
  error: RequestError | null;
};

const pageOf = (event: unknown): PointsPage => (event as { output: PointsPage }).output;

// Context updates are written inline (not as named actions): they are the machine's own logic,
// which tests must run, while named actions are the effects the feature provides.
const appendPage = assign<PointsHistoryContext, AnyEventObject, undefined, PointsHistoryEvent, never>(
  ({ context, event }) => {
    const page = pageOf(event);
    return { entries: appendPointsPage(context.entries, page.entries), page: page.page, error: null };
  },
);
const keepError = assign<PointsHistoryContext, AnyEventObject, undefined, PointsHistoryEvent, never>({
  error: ({ event }) => toRequestError('error' in event ? event.error : event),
});

export const pointsHistoryMachine = setup({
  types: {
    context: {} as PointsHistoryContext,
    events: {} as PointsHistoryEvent,
  },
  actors: {
    loadPage: fromPromise<PointsPage, { page: number }>(unprovided),
    networkReturn,
  },
  guards: {
    isEmpty: ({ event }) => pageOf(event).entries.length === 0,
    isLastPage: ({ event }) => !hasMorePages(pageOf(event)),
  },
}).createMachine({
  id: 'pointsHistory',
  context: { entries: [], page: 0, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadFirstPage',
        src: 'loadPage',
        input: { page: 1 },
        onDone: [
          { guard: 'isEmpty', target: 'empty', actions: appendPage },
          { guard: 'isLastPage', target: 'shown.complete', actions: appendPage },
          { target: 'shown.more', actions: appendPage },
        ],
        onError: { target: 'failed', actions: keepError },
      },
    },
    failed: loadFailedState('POINTS_HISTORY.RETRY', 'loading'),
    empty: {},
    shown: {
      initial: 'more',
      states: {
        /** More pages wait on the server. */
        more: {
          on: { 'POINTS_HISTORY.MORE': 'loadingMore' },
        },
        loadingMore: {
          invoke: {
            id: 'loadNextPage',
            src: 'loadPage',
            input: ({ context }) => ({ page: context.page + 1 }),
            onDone: [
              { guard: 'isLastPage', target: 'complete', actions: appendPage },
              { target: 'more', actions: appendPage },
            ],
            onError: { target: 'moreFailed', actions: keepError },
          },
        },
        /** The entries shown stay; the same page can be asked for again. */
        moreFailed: {
          on: { 'POINTS_HISTORY.MORE': 'loadingMore' },
        },
        complete: {},
      },
    },
  },
});
