import { type ActorRefFrom, fromCallback, fromPromise } from 'xstate';
import { appMachine } from '../../../machines/shell/app.machine';
import { sessionMachine } from '../../../machines/shell/session.machine';
import { type ApiClient, createApiClient, type TrackedApiClient } from '../../api/client';
import { sendClientError } from '../../api/clientErrors';
import { fetchRemoteConfig } from '../../api/config';
import { fetchUser } from '../../api/user';
import type { AppNavigator } from '../../app/navigator';
import { watchConnectivity } from '../../platform/connectivity';
import { clearOfflineData } from '../../platform/offlineData';
import { rememberReturnUrl } from '../../platform/returnUrlStorage';
import * as tokenStorage from '../../platform/tokenStorage';
import { watchUncaughtErrors } from '../../platform/uncaughtErrors';
import { appUpdate } from './appUpdate.provide';

/** The client's type, for src/app: only `*.provide.ts` modules import src/api. */
export type { ApiClient, TrackedApiClient };

type ReportError = (error: unknown) => void;

/**
 * The stored session's user, asked for as the app starts, beside the config call rather than after
 * it: the session's restore (which waits for the config) takes this answer instead of calling
 * again. Left unused (the site is unavailable), it is dropped.
 */
function earlyUserRead(api: TrackedApiClient) {
  const token = tokenStorage.readToken();
  if (!token) return null;
  // The start lists follow the user's answer: their code downloads beside it, and a stream's page
  // opened directly reads its stream then, not after the lists.
  startListsModule().then(
    (start) => start.readAheadOfPage(api),
    () => {},
  );
  const early = { token, answer: fetchUser(api, token) };
  // A failure is the restore's to handle when it takes the answer, not an unhandled rejection. A
  // restore that comes after it (the read was made offline) asks again: the token no longer matches.
  early.answer.catch(() => {
    early.token = '';
  });
  return early;
}

/**
 * Starts a listener whose code loads first, and returns its stop: what listens only for a signed-in
 * learner (another device's logout, the tab shown again) comes with the signed-in pages' chunk, not
 * with the sign-in page's. Stopped before its code is in, it never starts.
 */
function listenOnceLoaded<M>(
  load: () => Promise<M>,
  listen: (module: M) => () => void,
  reportError: ReportError,
): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  load().then((module) => {
    if (!stopped) stop = listen(module);
  }, reportError);
  return () => {
    stopped = true;
    stop?.();
  };
}

/**
 * The start lists' calls and converters, a chunk of their own: they load with the first signed-in
 * data, not with the sign-in page, and need none of the signed-in chunk.
 */
const startListsModule = () => import('./sessionStart.provide');

/** The session with its real storage, user call and remote-logout stream. */
function session(navigator: AppNavigator, reportError: ReportError, api: TrackedApiClient) {
  let early = earlyUserRead(api);
  return sessionMachine.provide({
    actors: {
      readToken: fromPromise(async () => tokenStorage.readToken()),
      fetchUser: fromPromise(({ input }) => {
        const read = early?.token === input.token ? early.answer : fetchUser(api, input.token);
        early = null;
        return read;
      }),
      listenRemoteLogout: fromCallback<{ type: string }, { token: string }>(({ input, sendBack }) =>
        listenOnceLoaded(
          () => import('../../platform/remoteLogout'),
          ({ listenRemoteLogout }) =>
            listenRemoteLogout(input.token, () => sendBack({ type: 'SESSION.REMOTE_LOGOUT' })),
          reportError,
        ),
      ),
    },
    actions: {
      storeToken: (_, params) => tokenStorage.storeToken(params.token),
      // Every way a session ends elsewhere (a 401, a remote logout) forgets the user's offline data too.
      clearToken: () => {
        tokenStorage.clearToken();
        clearOfflineData(api).catch(reportError);
      },
      // An expired session comes back to the page it was on after the next sign-in.
      rememberReturnUrl: () => rememberReturnUrl(navigator.currentHref()),
      logError: (_, params) => reportError(params.error),
    },
  });
}

/** Demo auto-enrolment: its calls load only for a learner who gets enrolled. */
const demoEnrolment = () => import('./demoEnrolment.provide');

/** The root machine with its real config call, start-up lists, user sync and page watches. */
export const app = (navigator: AppNavigator, reportError: ReportError, api: TrackedApiClient) =>
  appMachine.provide({
    actors: {
      session: session(navigator, reportError, api),
      appUpdate: appUpdate(reportError, api),
      loadConfig: fromPromise(() => fetchRemoteConfig(api)),
      loadSubscriptions: fromPromise(async () => (await startListsModule()).fetchSubscriptions(api)),
      loadStartLists: fromPromise(async ({ input }) =>
        (await startListsModule()).fetchStartLists(api, input),
      ),
      watchConnectivity: fromCallback(({ sendBack }) =>
        watchConnectivity((online) =>
          sendBack({ type: online ? 'CONNECTIVITY.ONLINE' : 'CONNECTIVITY.OFFLINE' }),
        ),
      ),
      watchPageVisibility: fromCallback(({ sendBack }) =>
        listenOnceLoaded(
          () => import('../../platform/pageVisibility'),
          ({ watchPageShown }) =>
            watchPageShown((hiddenForMs) => sendBack({ type: 'PAGE.SHOWN', hiddenForMs })),
          reportError,
        ),
      ),
      // The session's own token: a data sync only runs while signed in.
      fetchUser: fromPromise(() => fetchUser(api)),
      enrolInDemo: fromPromise(async ({ input }) => (await demoEnrolment()).enrolInDemoService(api, input)),
      fetchCourseService: fromPromise(async ({ input }) =>
        (await demoEnrolment()).fetchDemoService(api, input),
      ),
    },
    actions: { logError: (_, params) => reportError(params.error) },
  });

/**
 * The app's API client: every call sends the session's token and the active language; a 401 ends
 * the session (SESSION.EXPIRED).
 */
export function connectApiClient(
  session: () => ActorRefFrom<typeof sessionMachine>,
  appId: string,
  language: () => string,
  connectivity: (event: { type: 'CONNECTIVITY.ONLINE' | 'CONNECTIVITY.OFFLINE' }) => void,
): TrackedApiClient {
  // Only a change is told: every answer would otherwise start a data sync (CONNECTIVITY.ONLINE).
  let reachable = true;
  let checking = false;
  const change = (now: boolean) => {
    if (now === reachable) return;
    reachable = now;
    connectivity({ type: now ? 'CONNECTIVITY.ONLINE' : 'CONNECTIVITY.OFFLINE' });
  };
  const client = createApiClient({
    token: () => session().getSnapshot().context.token,
    language,
    appId,
    onUnauthorized: (token) => session().send({ type: 'SESSION.EXPIRED', token }),
    onReachability: (now) => {
      if (now || !reachable) return change(now);
      if (checking) return;
      // One call without an answer may have been stopped alone (a blocker, a proxy) while the server
      // answers: counted offline, the app would retry its loads with each answer of the calls beside
      // it, and lose that call again, many times a second. Offline only if a small read sent now
      // gets no answer within a second either (one the worker does not keep: the network's own).
      checking = true;
      fetch(client.prepare('/cookie', 'GET').url, { signal: AbortSignal.timeout(1000) })
        .catch(() => change(false))
        .finally(() => {
          checking = false;
        });
    },
  });
  return client;
}

/**
 * Client errors worth investigating go to POST /client-errors (shell spec, section 8): the page's
 * uncaught errors and rejections, and whatever the returned function is given (the machines' logged
 * failures, the router's caught errors), which also keeps them in the console. The reporter's rules
 * load with the first error, so the sign-in page does not carry them; errors keep their order.
 */
export function connectErrorReporting(api: ApiClient): ReportError {
  let reporter: Promise<ReportError> | null = null;
  const loadReporter = () =>
    import('../../domain/errorReport').then(({ createErrorReporter }) =>
      createErrorReporter({
        send: (clientError) => sendClientError(api, clientError),
        href: () => window.location.href,
        now: () => Date.now(),
      }),
    );
  const report = (error: unknown) => {
    reporter ??= loadReporter().catch(() => {
      // A chunk that cannot load now (offline, a new version deployed) may load for a later error.
      reporter = null;
      return () => {};
    });
    void reporter.then((send) => send(error));
  };
  watchUncaughtErrors(report);
  return (error) => {
    console.error(error);
    report(error);
  };
}
