import type { ActorRefFrom } from 'xstate';
import type { appMachine } from '../../machines/shell/app.machine';
import type { routeGuardMachine } from '../../machines/shell/routeGuard.machine';
import type { sessionMachine } from '../../machines/shell/session.machine';
import { resolveReturnUrl } from '../domain/returnUrl';
import { offersSocialSignIn } from '../domain/socialSignIn';
import type { User } from '../domain/user';
import type { DownloadsHandle } from '../features/offline/downloadsHost';
import type { TrackedApiClient } from '../features/shell/app.provide';
import { openExternal } from '../platform/navigation';
import { clearOfflineData } from '../platform/offlineData';
import { forgetReturnUrl, readReturnUrl, rememberReturnUrl } from '../platform/returnUrlStorage';
import * as tokenStorage from '../platform/tokenStorage';
import type { NavigationHistoryStore } from './navigationHistory';
import type { AppNavigator } from './navigator';
import { ROUTE_PATHS } from './routeNames';
import type { StatisticsQueueHandle } from './statisticsQueueHost';

/**
 * The side effects several flows share (sign in, end the session, go home or to a return URL, ...),
 * as named-action implementations for `machine.provide`, and the API client the flows' calls take.
 * They act on the running app, so they are created once by `startApp` around its root actor, route
 * guard, navigator and API client, and screens reach them through React context (`useProvided`).
 */
export type AppEffects = ReturnType<typeof createEffects>;

/** A store of the running app's that "clear all stores" empties (the cached stream statuses). */
type ClearableStore = { clear(): void };

type EffectTargets = {
  root: ActorRefFrom<typeof appMachine>;
  routeGuard: ActorRefFrom<typeof routeGuardMachine>;
  navigator: AppNavigator;
  api: TrackedApiClient;
  /** The platform's error reporting (POST /client-errors, lazily loaded). */
  reportError: (error: unknown) => void;
  /** The last visited path of each menu section. */
  navigationHistory: NavigationHistoryStore;
  /** The signed-in learner's queue of lesson statistics. */
  statistics: StatisticsQueueHandle;
  /** The signed-in learner's lesson downloads (where the brand has offline mode). */
  downloads: DownloadsHandle;
};

export function createEffects({
  root,
  routeGuard,
  navigator,
  api,
  reportError,
  navigationHistory,
  statistics,
  downloads,
}: EffectTargets) {
  const session = (): ActorRefFrom<typeof sessionMachine> => root.system.get('session');
  /** Brand home page, from the merged brand config the root actor holds. */
  const homePath = () => root.getSnapshot().context.brand.assets.homepage;
  // Made by the area that uses each, at its first use: their code comes with that area's chunk.
  const stores = new Map<() => ClearableStore, ClearableStore>();
  /** The query's returnUrl, then the remembered one, else `home` (shell spec, section 4). */
  const goToReturnUrlOr = (home: string, token: string, returnUrl?: string | null) => {
    const target = resolveReturnUrl({
      queryReturnUrl: returnUrl ?? navigator.searchParam('returnUrl'),
      storedReturnUrl: readReturnUrl(),
      token,
      home,
      schoolHosts: root.getSnapshot().context.brand.hosts,
    });
    forgetReturnUrl();
    if (target.kind === 'external') openExternal(target.url);
    else navigator.goTo(target.path, { replace: true });
  };

  return {
    /** The app's API client, connected to the session: the first argument of every src/api call. */
    api,
    /** Reports a fault the user does not see (a statistic the server answered oddly) to the platform. */
    reportError,
    /** Where the menu's section links lead (the signed-in layout reads it). */
    navigationHistory,
    /** Lesson statistics: queued under the signed-in learner, sent in order, each counted once. */
    statistics,
    /** Lesson downloads, app-wide: they go on while the learner moves around the app. */
    downloads,
    homePath,
    /** The brand's feature flags, as the root actor merged them. */
    brandFlags: () => root.getSnapshot().context.brand.flags,
    /** The app's one store that `create` makes (the same function each time), made at its first use. */
    store: <T extends ClearableStore>(create: () => T): T => {
      const made = stores.get(create) ?? create();
      stores.set(create, made);
      return made as T;
    },
    /** The course of one of the learner's streams as the app's start lists know it (null before them). */
    courseIdOfStream: (streamId: number): number | null =>
      root.getSnapshot().context.lists?.streams.find((stream) => stream.id === streamId)?.courseId ?? null,
    /** An in-app path the route table builds (a stream's calendar, a day), for flows that move on by themselves. */
    goTo: (path: string, options?: { replace?: boolean }) => navigator.goTo(path, options),
    /** Reload the learner's data in the background (a stream changed: the lists that show it follow). */
    syncAppData: () => root.send({ type: 'DATA.SYNC' }),
    signIn: (_: unknown, signedIn: { token: string; user: User }) =>
      session().send({ type: 'SESSION.SIGNED_IN', token: signedIn.token, user: signedIn.user }),
    endSession: () => session().send({ type: 'SESSION.END' }),
    updateUser: (_: unknown, params: { user: User }) =>
      session().send({ type: 'SESSION.USER_UPDATED', user: params.user }),
    goToHome: () => navigator.goTo(homePath(), { replace: true }),
    goToLogin: () => navigator.goTo('/', { replace: true }),
    /**
     * /logout and /delete are not worth coming back to: they remember the page the user came from
     * (the `from` query the menu adds), or nothing.
     */
    rememberPreviousPage: () => {
      const from = navigator.searchParam('from');
      if (from) rememberReturnUrl(from);
    },
    /** After a sign-in: the query's returnUrl, then the remembered one, else home (shell spec, section 4). */
    goToReturnUrl: (_: unknown, params: { token: string; returnUrl?: string | null }) =>
      goToReturnUrlOr(homePath(), params.token, params.returnUrl),
    /**
     * After a sign-up with the form: as after a sign-in, except that a new learner bound for the home
     * page first meets the step that offers the brand's social networks (/linksocialnetworks, whose
     * Skip and Continue lead home), where the brand offers any.
     */
    goAfterSignUp: (_: unknown, params: { token: string }) => {
      const { brand } = root.getSnapshot().context;
      goToReturnUrlOr(offersSocialSignIn(brand) ? ROUTE_PATHS.linkSocialNetworks : homePath(), params.token);
    },
    /** What "clear all stores" means on the web: the local copy of the session and the app's stores (shell spec, section 4). */
    clearStores: () => {
      tokenStorage.clearToken();
      for (const store of stores.values()) store.clear();
      clearOfflineData(api).catch(reportError);
    },
    /** Rule 7: the e-mail prompt tells the route guard how it ended. */
    emailProvided: () => routeGuard.send({ type: 'EMAIL.PROVIDED' }),
    emailCancelled: () => routeGuard.send({ type: 'EMAIL.CANCEL' }),
  };
}
