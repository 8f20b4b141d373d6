import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { RemoteConfig } from '../../brands';
import { brightpath } from '../../brands/brightpath';
import { appMachine } from '../../machines/shell/app.machine';
import { sessionMachine } from '../../machines/shell/session.machine';
import { DATA_SYNC_AFTER_HIDDEN_MS } from '../../src/domain/dataSync';
import type { StartLists, Subscription } from '../../src/domain/startLists';
import { done, failed, networkError, serverError, user } from '../fixtures';
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
const lists: StartLists = {
  streams: [],
  communities: [],
  userCommunities: [],
  scoreAmount: 200,
  banners: [],
  installments: [],
};
const syncedLists: StartLists = { ...lists, scoreAmount: 250 };
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
    done('loadConfig', remote),
    done('loadConfig', unavailable),
    failed('loadConfig', networkError),
    done('loadSubscriptions', subscriptions),
    failed('loadSubscriptions', serverError),
    done('loadStartLists', lists),
    done('loadStartLists', syncedLists),
    failed('loadStartLists', serverError),
    failed('session', new Error('session crashed')),
    failed('watchConnectivity', new Error('no events')),
    failed('watchPageVisibility', new Error('no events')),
    done('fetchUser', syncedUser),
    failed('fetchUser', serverError),
  ],
};

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
  it('starts the session, the config load and the connectivity watcher', () => {
    const app = startMachine(spec, input);
    expect(app.fakes.started.map((actor) => actor.id).sort()).toEqual([
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

  it('loads subscriptions, then the start lists (banners as the brand says) for a new session', async () => {
    const app = await running();
    await app.dispatch({ type: 'SESSION.STARTED', user });
    expect(app.snapshot().matches({ data: 'loadingUserData' })).toBe(true);
    await app.dispatch(done('loadSubscriptions', subscriptions));
    expect(app.fakes.inputOf('loadStartLists')).toEqual({ bannersEnabled: false });
    await app.dispatch(done('loadStartLists', lists));
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
