/**
 * The root actor: loads the brand's remote config, owns the session (child, systemId 'session')
 * and the app's updates (child, systemId 'appUpdate': the service worker and its update prompt),
 * loads the signed-in user's data and tracks connectivity (shell spec, section 4 "App start",
 * "Data load state").
 * Refinements of the shared contract (additive):
 * - `data.loaded` has children `fresh` and `syncing`: DATA.SYNC refetches the user (handed to the
 *   session with `userSynced`), then the start lists with the streams, while the loaded data stays on
 *   screen (`state.matches({ data: 'loaded' })` holds in both).
 * - A data sync also starts when the browser comes back online (CONNECTIVITY.ONLINE) and when the
 *   tab is shown again after at least DATA_SYNC_AFTER_HIDDEN_MS hidden (PAGE.SHOWN carries how long
 *   it was hidden; `watchPageVisibility` runs while data is loaded).
 * - SESSION.STARTED from any data state starts a fresh load for the new session.
 * - The spec's "user data and subscriptions, then streams, ..." orders nothing either call needs from
 *   the other: `loadingUserData` loads the subscriptions and the start lists side by side (two
 *   regions), and a failure of either ends the load in `fail`.
 * - `logError` takes params `{ error }`; `restoreSession` defaults to sending SESSION.RESTORE to the
 *   session child. SESSION.UNREACHABLE (the stored session's user could not be read for want of a
 *   network) sends `running` back to `configFailed`, whose retry restores the session again.
 * - Demo auto-enrolment runs between the first start lists and `loaded`: `enrollingInDemo`, then
 *   `fetchingDemoService` (kept as `demoService`), then `reloadingAfterDemo` loads the lists once more.
 *   A failed step is logged and never blocks the app: a refused enrolment goes on to `loaded` with the
 *   empty streams, a failed service fetch or reload still ends in `loaded`.
 */
import { assign, type EventObject, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { type BrandConfig, mergeRemoteConfig, type RemoteConfig } from '../../brands/schema';
import type { CourseService } from '../../src/domain/courseService';
import { isStaleAfterHidden } from '../../src/domain/dataSync';
import { demoServiceToEnrol } from '../../src/domain/demoEnrolment';
import { type RequestError, toRequestError } from '../../src/domain/requestError';
import type { StartLists, Stream, Subscription } from '../../src/domain/startLists';
import type { User } from '../../src/domain/user';
import { LOG_FAILURE } from '../common/logFailure';
import { unprovided } from '../common/unprovided';
import { appUpdateMachine } from './appUpdate.machine';
import { type SessionParentEvent, sessionMachine } from './session.machine';

export type AppContext = {
  brand: BrandConfig;
  subscriptions: Subscription[];
  lists: StartLists | null;
  user: User | null;
  error: RequestError | null;
  /** The brand's demo service as the server describes it, once the learner was enrolled in it at start. */
  demoService: CourseService | null;
};

export type AppEvent =
  | SessionParentEvent
  | { type: 'APP.RETRY' }
  | { type: 'DATA.SYNC' }
  | { type: 'CONNECTIVITY.ONLINE' }
  | { type: 'CONNECTIVITY.OFFLINE' }
  | { type: 'PAGE.SHOWN'; hiddenForMs: number };

export type AppInput = { brand: BrandConfig };

const noData = {
  subscriptions: [],
  lists: null,
  user: null,
  error: null,
  demoService: null,
} satisfies Partial<AppContext>;

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
  },
  actors: {
    session: sessionMachine,
    appUpdate: appUpdateMachine,
    loadConfig: fromPromise<RemoteConfig>(unprovided),
    loadSubscriptions: fromPromise<Subscription[]>(unprovided),
    loadStartLists: fromPromise<StartLists, { bannersEnabled: boolean }>(unprovided),
    watchConnectivity: fromCallback<EventObject>(unprovided),
    watchPageVisibility: fromCallback<EventObject>(unprovided),
    fetchUser: fromPromise<User>(unprovided),
    // The brand's demo service; null only if the state were entered without the guard that checks it.
    enrolInDemo: fromPromise<Stream, { serviceId: number | null }>(unprovided),
    fetchCourseService: fromPromise<CourseService, { serviceId: number | null }>(unprovided),
  },
  actions: {
    restoreSession: sendTo('session', { type: 'SESSION.RESTORE' }),
    userSynced: sendTo('session', (_, params: { user: User }) => ({
      type: 'SESSION.USER_UPDATED' as const,
      user: params.user,
    })),
    logError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    isSiteUnavailable: ({ context }, params: { remote: RemoteConfig }) =>
      mergeRemoteConfig(context.brand, params.remote).flags.isSiteUnavailable,
    wasHiddenLong: (_, params: { hiddenForMs: number }) => isStaleAfterHidden(params.hiddenForMs),
    needsDemoEnrolment: ({ context }) =>
      context.lists !== null && demoServiceToEnrol(context.brand, context.lists.streams.length) !== null,
  },
}).createMachine({
  id: 'app',
  type: 'parallel',
  context: ({ input }) => ({ brand: input.brand, ...noData }),
  invoke: [
    {
      id: 'session',
      systemId: 'session',
      src: 'session',
      onError: { actions: LOG_FAILURE },
    },
    {
      id: 'appUpdate',
      systemId: 'appUpdate',
      src: 'appUpdate',
      input: ({ context }) => ({ offlineEnabled: context.brand.flags.isOfflineEnable }),
    },
  ],
  on: {
    'SESSION.USER_CHANGED': { actions: assign({ user: ({ event }) => event.user }) },
  },
  states: {
    lifecycle: {
      initial: 'loadingConfig',
      states: {
        loadingConfig: {
          invoke: {
            id: 'loadConfig',
            src: 'loadConfig',
            onDone: [
              {
                guard: { type: 'isSiteUnavailable', params: ({ event }) => ({ remote: event.output }) },
                target: 'siteUnavailable',
                actions: assign({
                  brand: ({ context, event }) => mergeRemoteConfig(context.brand, event.output),
                }),
              },
              {
                target: 'running',
                actions: assign({
                  brand: ({ context, event }) => mergeRemoteConfig(context.brand, event.output),
                }),
              },
            ],
            onError: {
              target: 'configFailed',
              actions: LOG_FAILURE,
            },
          },
        },
        configFailed: {
          // Offline, the config (or the stored session's user) cannot load: the network's return is the retry.
          on: { 'APP.RETRY': 'loadingConfig', 'CONNECTIVITY.ONLINE': 'loadingConfig' },
        },
        siteUnavailable: {},
        running: {
          entry: 'restoreSession',
          // The stored session could not be checked for want of a network: the app cannot start
          // signed in or out, so it waits as for its config, and restores the session again after.
          on: { 'SESSION.UNREACHABLE': 'configFailed' },
        },
      },
    },
    data: {
      initial: 'pending',
      on: {
        'SESSION.STARTED': {
          target: '.loadingUserData',
          actions: assign({ ...noData, user: ({ event }) => event.user }),
        },
        'SESSION.ENDED': { target: '.pending', actions: assign(noData) },
      },
      states: {
        pending: {},
        // The subscriptions and the start lists load together: neither call needs the other's
        // answer, and made one after the other they cost the first signed-in page a round trip.
        loadingUserData: {
          type: 'parallel',
          states: {
            subscriptions: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    id: 'loadSubscriptions',
                    src: 'loadSubscriptions',
                    onDone: {
                      target: 'done',
                      actions: assign({ subscriptions: ({ event }) => event.output }),
                    },
                    onError: {
                      target: '#app.data.fail',
                      actions: [assign({ error: ({ event }) => toRequestError(event.error) }), LOG_FAILURE],
                    },
                  },
                },
                done: { type: 'final' },
              },
            },
            startLists: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    id: 'loadStartLists',
                    src: 'loadStartLists',
                    input: ({ context }) => ({ bannersEnabled: context.brand.flags.isBannerEnable }),
                    onDone: { target: 'done', actions: assign({ lists: ({ event }) => event.output }) },
                    onError: {
                      target: '#app.data.fail',
                      actions: [assign({ error: ({ event }) => toRequestError(event.error) }), LOG_FAILURE],
                    },
                  },
                },
                done: { type: 'final' },
              },
            },
          },
          onDone: [{ guard: 'needsDemoEnrolment', target: 'enrollingInDemo' }, { target: 'loaded' }],
        },
        enrollingInDemo: {
          invoke: {
            id: 'enrolInDemo',
            src: 'enrolInDemo',
            input: ({ context }) => ({ serviceId: context.brand.demoCourseServiceId ?? null }),
            onDone: 'fetchingDemoService',
            // The learner goes on with the empty streams already loaded.
            onError: {
              target: 'loaded',
              actions: LOG_FAILURE,
            },
          },
        },
        fetchingDemoService: {
          invoke: {
            id: 'fetchCourseService',
            src: 'fetchCourseService',
            input: ({ context }) => ({ serviceId: context.brand.demoCourseServiceId ?? null }),
            onDone: {
              target: 'reloadingAfterDemo',
              actions: assign({ demoService: ({ event }) => event.output }),
            },
            // The stream exists either way: the reload still shows it.
            onError: {
              target: 'reloadingAfterDemo',
              actions: LOG_FAILURE,
            },
          },
        },
        reloadingAfterDemo: {
          invoke: {
            id: 'loadStartLists',
            src: 'loadStartLists',
            input: ({ context }) => ({ bannersEnabled: context.brand.flags.isBannerEnable }),
            onDone: { target: 'loaded', actions: assign({ lists: ({ event }) => event.output }) },
            // Once only: a failed reload keeps the lists of the first load.
            onError: {
              target: 'loaded',
              actions: LOG_FAILURE,
            },
          },
        },
        loaded: {
          initial: 'fresh',
          invoke: {
            id: 'watchPageVisibility',
            src: 'watchPageVisibility',
            onError: { actions: LOG_FAILURE },
          },
          states: {
            fresh: {
              on: {
                'DATA.SYNC': 'syncing',
                // What was missed while offline (the connectivity region goes online on the same event).
                'CONNECTIVITY.ONLINE': 'syncing',
                'PAGE.SHOWN': {
                  guard: {
                    type: 'wasHiddenLong',
                    params: ({ event }) => ({ hiddenForMs: event.hiddenForMs }),
                  },
                  target: 'syncing',
                },
              },
            },
            syncing: {
              initial: 'user',
              states: {
                user: {
                  invoke: {
                    id: 'fetchUser',
                    src: 'fetchUser',
                    onDone: {
                      target: 'lists',
                      actions: { type: 'userSynced', params: ({ event }) => ({ user: event.output }) },
                    },
                    // The lists are still worth a try: the user on screen stays as it was.
                    onError: {
                      target: 'lists',
                      actions: LOG_FAILURE,
                    },
                  },
                },
                lists: {
                  invoke: {
                    id: 'loadStartLists',
                    src: 'loadStartLists',
                    input: ({ context }) => ({ bannersEnabled: context.brand.flags.isBannerEnable }),
                    onDone: {
                      target: '#app.data.loaded.fresh',
                      actions: assign({ lists: ({ event }) => event.output }),
                    },
                    // A failed background sync keeps the data already on screen.
                    onError: {
                      target: '#app.data.loaded.fresh',
                      actions: LOG_FAILURE,
                    },
                  },
                },
              },
            },
          },
        },
        fail: {
          // The network's return is a retry too: a load that failed offline loads once the server answers.
          on: {
            'APP.RETRY': { target: 'loadingUserData', actions: assign({ error: null }) },
            'CONNECTIVITY.ONLINE': { target: 'loadingUserData', actions: assign({ error: null }) },
          },
        },
      },
    },
    connectivity: {
      initial: 'online',
      invoke: {
        id: 'watchConnectivity',
        src: 'watchConnectivity',
        onError: { actions: LOG_FAILURE },
      },
      states: {
        online: { on: { 'CONNECTIVITY.OFFLINE': 'offline' } },
        offline: { on: { 'CONNECTIVITY.ONLINE': 'online' } },
      },
    },
  },
});
