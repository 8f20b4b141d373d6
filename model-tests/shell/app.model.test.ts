import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { RemoteConfig } from '../../brands';
import { brightpath } from '../../brands/brightpath';
import { kite } from '../../brands/kite';
import { appMachine } from '../../machines/shell/app.machine';
import { sessionMachine } from '../../machines/shell/session.machine';
import type { CourseService } from '../../src/domain/courseService';
import { DATA_SYNC_AFTER_HIDDEN_MS } from '../../src/domain/dataSync';
import type { StartLists, Stream, Subscription } from '../../src/domain/startLists';
import { done, failed, networkError, requestError, serverError, user } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';

const input = { brand: brightpath };
const remote: RemoteConfig = {
  version: brightpath.version,
  flags: { isBannerEnable: false },
  messageDelay: 5,
};
const unavailable = { version: brightpath.version, flags: { isSiteUnavailable: true } };
const subscriptions: Subscription[] = [
  {
    id: 1,
    status: 'active',
    isLifetime: false,
    isActive: true,
    title: 'Monthly',
    period: 1,
    interval: 'month',
    nextPayAt: 1_767_225_600_000,
    endDate: null,
    courseServiceType: 'main_subscription',
    recurrentPaymentsEnabled: true,
  },
];
const stream: Stream = {
  id: 11,
  courseId: 3,
  startDate: 1_767_225_600_000,
  endDate: null,
  status: 'open',
  isDemo: false,
  courseVersion: 1,
  courseFullAccess: true,
  mobileAccess: true,
  isOptionalPurchase: false,
  progress: { daysCount: 10, completeDaysCount: 2, progress: 20 },
};
const lists: StartLists = {
  streams: [stream],
  communities: [],
  userCommunities: [],
  scoreAmount: 200,
  banners: [],
  installments: [],
};
const syncedLists: StartLists = { ...lists, scoreAmount: 250 };
// Brightpath makes its demo (service 498) accessible: a learner without streams is enrolled in it.
const noStreams: StartLists = { ...lists, streams: [] };
const demoStream: Stream = { ...stream, id: 12, courseId: 5, isDemo: true, courseFullAccess: false };
const withDemo: StartLists = { ...lists, streams: [demoStream] };
const demoService: CourseService = {
  id: 498,
  type: 'course_demo',
  title: 'Try a course',
  courseId: 5,
  course: { id: 5, title: 'Getting started', caption: 'Start', excerpt: 'Three short days' },
  appstoreProductCodes: [],
};
const alreadyEnrolled = requestError(409, 'You are already enrolled in a course.');
const syncedUser = { ...user, firstName: 'Augusta' };
const shownSoon = { type: 'PAGE.SHOWN', hiddenForMs: DATA_SYNC_AFTER_HIDDEN_MS - 1 } as const;
const shownLater = { type: 'PAGE.SHOWN', hiddenForMs: DATA_SYNC_AFTER_HIDDEN_MS } as const;

const spec = {
  machine: appMachine,
  spec: 'Shell spec §4 App start, Data load state: remote config, the session, the signed-in data and connectivity',
  inputs: [input],
  events: [
    { type: 'APP.RETRY' },
    { type: 'DATA.SYNC' },
    { type: 'CONNECTIVITY.OFFLINE' },
    { type: 'CONNECTIVITY.ONLINE' },
    shownSoon,
    shownLater,
    { type: 'SESSION.STARTED', user },
    { type: 'SESSION.USER_CHANGED', user: { ...user, firstName: 'Augusta' } },
    { type: 'SESSION.ENDED' },
    { type: 'SESSION.UNREACHABLE' },
    done('loadConfig', remote),
    done('loadConfig', unavailable),
    failed('loadConfig', networkError),
    done('loadSubscriptions', subscriptions),
    failed('loadSubscriptions', serverError),
    done('loadStartLists', lists),
    // Without streams: the demo enrolment's way (and what a sync may find).
    done('loadStartLists', noStreams),
    done('enrolInDemo', demoStream),
    failed('enrolInDemo', alreadyEnrolled),
    done('fetchCourseService', demoService),
    failed('fetchCourseService', serverError),
    failed('loadStartLists', serverError),
    failed('session', new Error('session crashed')),
    failed('watchConnectivity', new Error('no events')),
    failed('watchPageVisibility', new Error('no events')),
    done('fetchUser', syncedUser),
    failed('fetchUser', serverError),
  ],
};

// The root machine has a large graph (three parallel regions and the demo enrolment steps):
// walking it again for the coverage pass takes seconds on a busy machine, past the 5 s default.
vi.setConfig({ testTimeout: 30_000 });

describeModel(spec);

async function running() {
  const app = startMachine(spec, input);
  await app.dispatch(done('loadConfig', remote));
  return app;
}

async function loaded() {
  const app = await running();
  await app.dispatch({ type: 'SESSION.STARTED', user });
  await app.dispatch(done('loadSubscriptions', subscriptions));
  await app.dispatch(done('loadStartLists', lists));
  app.effects.length = 0;
  return app;
}

describe('app', () => {
  it('starts the session, the update watcher, the config load and the connectivity watcher', () => {
    const app = startMachine(spec, input);
    expect(app.fakes.started.map((actor) => actor.id).sort()).toEqual([
      'appUpdate',
      'loadConfig',
      'session',
      'watchConnectivity',
    ]);
    expect(app.snapshot().value).toEqual({
      lifecycle: 'loadingConfig',
      data: 'pending',
      connectivity: 'online',
    });
  });

  it('merges the remote config and restores the session once running', async () => {
    const app = await running();
    expect(app.snapshot().matches({ lifecycle: 'running' })).toBe(true);
    expect(app.snapshot().context.brand.flags.isBannerEnable).toBe(false);
    expect(app.snapshot().context.brand.messageDelay).toBe(5);
    expect(app.effects.map((effect) => effect.name)).toEqual(['restoreSession']);
  });

  it('ignores a remote config of another version', async () => {
    const app = startMachine(spec, input);
    await app.dispatch(done('loadConfig', { ...remote, version: brightpath.version + 1 }));
    expect(app.snapshot().context.brand).toEqual(brightpath);
  });

  it('shows the site-unavailable page without restoring a session', async () => {
    const app = startMachine(spec, input);
    await app.dispatch(done('loadConfig', unavailable));
    expect(app.snapshot().matches({ lifecycle: 'siteUnavailable' })).toBe(true);
    expect(app.effects).toEqual([]);
  });

  it('offers a retry when the config cannot be loaded', async () => {
    const app = startMachine(spec, input);
    await app.dispatch(failed('loadConfig', networkError));
    expect(app.snapshot().matches({ lifecycle: 'configFailed' })).toBe(true);
    await app.dispatch({ type: 'APP.RETRY' });
    expect(app.snapshot().matches({ lifecycle: 'loadingConfig' })).toBe(true);
    expect(app.fakes.started.filter((actor) => actor.id === 'loadConfig')).toHaveLength(2);
  });

  it('loads the config again by itself when the network comes back', async () => {
    const app = startMachine(spec, input);
    await app.dispatch({ type: 'CONNECTIVITY.OFFLINE' });
    await app.dispatch(failed('loadConfig', networkError));
    expect(app.snapshot().matches({ lifecycle: 'configFailed', connectivity: 'offline' })).toBe(true);
    await app.dispatch({ type: 'CONNECTIVITY.ONLINE' });
    expect(app.snapshot().matches({ lifecycle: 'loadingConfig', connectivity: 'online' })).toBe(true);
    expect(app.fakes.started.filter((actor) => actor.id === 'loadConfig')).toHaveLength(2);
  });

  it('waits as for its config when the stored session cannot be checked, and restores it again online', async () => {
    const app = await running();
    await app.dispatch({ type: 'CONNECTIVITY.OFFLINE' });
    await app.dispatch({ type: 'SESSION.UNREACHABLE' });
    expect(app.snapshot().matches({ lifecycle: 'configFailed', data: 'pending' })).toBe(true);
    await app.dispatch({ type: 'CONNECTIVITY.ONLINE' });
    await app.dispatch(done('loadConfig', remote));
    expect(app.snapshot().matches({ lifecycle: 'running' })).toBe(true);
    expect(app.effects.map((effect) => effect.name)).toEqual(['restoreSession', 'restoreSession']);
  });

  it('loads subscriptions and the start lists (banners as the brand says) together for a new session', async () => {
    const app = await running();
    await app.dispatch({ type: 'SESSION.STARTED', user });
    expect(app.snapshot().matches({ data: 'loadingUserData' })).toBe(true);
    expect(app.fakes.inputOf('loadStartLists')).toEqual({ bannersEnabled: false });
    await app.dispatch(done('loadStartLists', lists));
    expect(app.snapshot().matches({ data: 'loadingUserData' })).toBe(true);
    await app.dispatch(done('loadSubscriptions', subscriptions));
    expect(app.snapshot().matches({ data: 'loaded' })).toBe(true);
    expect(app.snapshot().context).toMatchObject({ user, subscriptions, lists, error: null });
  });

  it('a failed load ends in fail with the error logged; APP.RETRY loads again', async () => {
    const app = await running();
    await app.dispatch({ type: 'SESSION.STARTED', user });
    await app.dispatch(done('loadSubscriptions', subscriptions));
    await app.dispatch(failed('loadStartLists', serverError));
    expect(app.snapshot().matches({ data: 'fail' })).toBe(true);
    expect(app.snapshot().context.error).toEqual(serverError);
    expect(app.effects.at(-1)).toEqual({ name: 'logError', params: { error: serverError } });
    await app.dispatch({ type: 'APP.RETRY' });
    expect(app.snapshot().matches({ data: 'loadingUserData' })).toBe(true);
    expect(app.snapshot().context.error).toBeNull();
  });

  it('a load that failed offline loads again once the server answers', async () => {
    const app = await running();
    await app.dispatch({ type: 'SESSION.STARTED', user });
    await app.dispatch(failed('loadSubscriptions', networkError));
    await app.dispatch({ type: 'CONNECTIVITY.OFFLINE' });
    expect(app.snapshot().matches({ data: 'fail' })).toBe(true);
    await app.dispatch({ type: 'CONNECTIVITY.ONLINE' });
    expect(app.snapshot().matches({ data: 'loadingUserData' })).toBe(true);
    expect(app.snapshot().context.error).toBeNull();
  });

  it('DATA.SYNC refetches the user, then the lists, quietly: the loaded data stays until new data arrives', async () => {
    const app = await loaded();
    await app.dispatch({ type: 'DATA.SYNC' });
    expect(app.snapshot().matches({ data: { loaded: { syncing: 'user' } } })).toBe(true);
    expect(app.snapshot().context.lists).toEqual(lists);
    await app.dispatch(done('fetchUser', syncedUser));
    expect(app.effects).toEqual([{ name: 'userSynced', params: { user: syncedUser } }]);
    expect(app.snapshot().matches({ data: { loaded: { syncing: 'lists' } } })).toBe(true);
    await app.dispatch(done('loadStartLists', syncedLists));
    expect(app.snapshot().matches({ data: { loaded: 'fresh' } })).toBe(true);
    expect(app.snapshot().context.lists).toEqual(syncedLists);
  });

  it('a failed sync keeps the data on screen and logs the errors', async () => {
    const app = await loaded();
    await app.dispatch({ type: 'DATA.SYNC' });
    await app.dispatch(failed('fetchUser', serverError));
    expect(app.snapshot().matches({ data: { loaded: { syncing: 'lists' } } })).toBe(true);
    await app.dispatch(failed('loadStartLists', serverError));
    expect(app.snapshot().matches({ data: { loaded: 'fresh' } })).toBe(true);
    expect(app.snapshot().context.lists).toEqual(lists);
    expect(app.effects).toEqual([
      { name: 'logError', params: { error: serverError } },
      { name: 'logError', params: { error: serverError } },
    ]);
  });

  it('syncs when the browser comes back online', async () => {
    const app = await loaded();
    await app.dispatch({ type: 'CONNECTIVITY.OFFLINE' });
    expect(app.snapshot().matches({ data: { loaded: 'fresh' } })).toBe(true);
    await app.dispatch({ type: 'CONNECTIVITY.ONLINE' });
    expect(app.snapshot().matches({ data: { loaded: { syncing: 'user' } } })).toBe(true);
  });

  it('syncs when the tab is shown after five minutes hidden, not sooner', async () => {
    const app = await loaded();
    expect(app.fakes.started.map((actor) => actor.id)).toContain('watchPageVisibility');
    await app.dispatch(shownSoon);
    expect(app.snapshot().matches({ data: { loaded: 'fresh' } })).toBe(true);
    await app.dispatch(shownLater);
    expect(app.snapshot().matches({ data: { loaded: { syncing: 'user' } } })).toBe(true);
  });

  it('has nothing to sync before the data is loaded', async () => {
    const app = await running();
    await app.dispatch({ type: 'CONNECTIVITY.OFFLINE' });
    await app.dispatch({ type: 'CONNECTIVITY.ONLINE' });
    await app.dispatch(shownLater);
    expect(app.snapshot().matches({ data: 'pending' })).toBe(true);
    expect(app.fakes.started.map((actor) => actor.id)).not.toContain('fetchUser');
  });

  it('SESSION.ENDED clears the data from any state', async () => {
    const app = await loaded();
    await app.dispatch({ type: 'SESSION.ENDED' });
    expect(app.snapshot().matches({ data: 'pending' })).toBe(true);
    expect(app.snapshot().context).toMatchObject({ subscriptions: [], lists: null, user: null, error: null });
  });

  it('keeps the last known user up to date', async () => {
    const app = await loaded();
    const renamed = { ...user, firstName: 'Augusta' };
    await app.dispatch({ type: 'SESSION.USER_CHANGED', user: renamed });
    expect(app.snapshot().context.user).toEqual(renamed);
  });

  it('tracks connectivity', async () => {
    const app = startMachine(spec, input);
    await app.dispatch({ type: 'CONNECTIVITY.OFFLINE' });
    expect(app.snapshot().matches({ connectivity: 'offline' })).toBe(true);
    await app.dispatch({ type: 'CONNECTIVITY.ONLINE' });
    expect(app.snapshot().matches({ connectivity: 'online' })).toBe(true);
  });
});

describe('demo auto-enrolment at start', () => {
  async function startListsWithoutStreams(brandInput = input) {
    const app = startMachine(spec, brandInput);
    await app.dispatch(done('loadConfig', remote));
    await app.dispatch({ type: 'SESSION.STARTED', user });
    await app.dispatch(done('loadSubscriptions', subscriptions));
    await app.dispatch(done('loadStartLists', noStreams));
    return app;
  }

  it("enrols a learner without streams in the brand's demo, fetches the service and reloads the lists once", async () => {
    const app = await startListsWithoutStreams();
    expect(app.snapshot().matches({ data: 'enrollingInDemo' })).toBe(true);
    expect(app.fakes.inputOf('enrolInDemo')).toEqual({ serviceId: 498 });
    await app.dispatch(done('enrolInDemo', demoStream));
    expect(app.snapshot().matches({ data: 'fetchingDemoService' })).toBe(true);
    expect(app.fakes.inputOf('fetchCourseService')).toEqual({ serviceId: 498 });
    await app.dispatch(done('fetchCourseService', demoService));
    expect(app.snapshot().matches({ data: 'reloadingAfterDemo' })).toBe(true);
    expect(app.snapshot().context.demoService).toEqual(demoService);
    await app.dispatch(done('loadStartLists', withDemo));
    expect(app.snapshot().matches({ data: { loaded: 'fresh' } })).toBe(true);
    expect(app.snapshot().context.lists).toEqual(withDemo);
    expect(app.fakes.started.filter((actor) => actor.id === 'loadStartLists')).toHaveLength(2);
    expect(app.effects.filter((effect) => effect.name === 'logError')).toEqual([]);
  });

  it('a refused enrolment does not block the app: it goes on with the empty streams and reports the error', async () => {
    const app = await startListsWithoutStreams();
    await app.dispatch(failed('enrolInDemo', alreadyEnrolled));
    expect(app.snapshot().matches({ data: { loaded: 'fresh' } })).toBe(true);
    expect(app.snapshot().context).toMatchObject({ lists: noStreams, demoService: null, error: null });
    expect(app.effects.at(-1)).toEqual({ name: 'logError', params: { error: alreadyEnrolled } });
    expect(app.fakes.started.map((actor) => actor.id)).not.toContain('fetchCourseService');
  });

  it('a failed service fetch still reloads; a failed reload keeps the first lists; both are reported', async () => {
    const app = await startListsWithoutStreams();
    await app.dispatch(done('enrolInDemo', demoStream));
    await app.dispatch(failed('fetchCourseService', serverError));
    expect(app.snapshot().matches({ data: 'reloadingAfterDemo' })).toBe(true);
    await app.dispatch(failed('loadStartLists', serverError));
    expect(app.snapshot().matches({ data: { loaded: 'fresh' } })).toBe(true);
    expect(app.snapshot().context).toMatchObject({ lists: noStreams, demoService: null });
    expect(app.effects.filter((effect) => effect.name === 'logError')).toHaveLength(2);
  });

  it('happens at start only: a later sync that finds no streams enrols nobody', async () => {
    const app = await loaded();
    await app.dispatch({ type: 'DATA.SYNC' });
    await app.dispatch(done('fetchUser', syncedUser));
    await app.dispatch(done('loadStartLists', noStreams));
    expect(app.snapshot().matches({ data: { loaded: 'fresh' } })).toBe(true);
    expect(app.fakes.started.map((actor) => actor.id)).not.toContain('enrolInDemo');
  });

  it('does not happen on a brand without an accessible demo', async () => {
    const app = await startListsWithoutStreams({ brand: kite });
    expect(app.snapshot().matches({ data: { loaded: 'fresh' } })).toBe(true);
    expect(app.fakes.started.map((actor) => actor.id)).not.toContain('enrolInDemo');
  });

  it('SESSION.ENDED during the enrolment clears the demo state', async () => {
    const app = await startListsWithoutStreams();
    await app.dispatch(done('enrolInDemo', demoStream));
    await app.dispatch(done('fetchCourseService', demoService));
    await app.dispatch({ type: 'SESSION.ENDED' });
    expect(app.snapshot().matches({ data: 'pending' })).toBe(true);
    expect(app.snapshot().context).toMatchObject({ demoService: null, lists: null });
  });
});

describe('app with the real session child', () => {
  it('restores the session, hears SESSION.STARTED and SESSION.ENDED through the default actions', async () => {
    const session = sessionMachine.provide({
      actors: {
        readToken: fromPromise<string | null>(async () => 'stored'),
        fetchUser: fromPromise(async () => user),
        listenRemoteLogout: fromCallback(() => {}),
      },
    });
    const app = createActor(
      appMachine.provide({
        actors: {
          session,
          loadConfig: fromPromise(async () => remote),
          loadSubscriptions: fromPromise(async () => subscriptions),
          loadStartLists: fromPromise(async () => lists),
          watchConnectivity: fromCallback(() => {}),
          watchPageVisibility: fromCallback(() => {}),
          fetchUser: fromPromise(async () => user),
        },
      }),
      { input },
    ).start();
    await waitFor(app, (snapshot) => snapshot.matches({ data: 'loaded' }));
    expect(app.getSnapshot().context.user).toEqual(user);
    const sessionActor = app.system.get('session');
    expect(sessionActor.getSnapshot().value).toBe('signedIn');

    sessionActor.send({ type: 'SESSION.END' });
    expect(app.getSnapshot().matches({ data: 'pending' })).toBe(true);
    expect(app.getSnapshot().context.user).toBeNull();
    app.stop();
  });
});
