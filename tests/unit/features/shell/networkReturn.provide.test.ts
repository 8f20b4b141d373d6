// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { type AnyStateMachine, assign, createActor, StateMachine, setup } from 'xstate';
import { loadFailedState, type NetworkReturnedEvent } from '../../../../machines/common/networkReturn';
import { networkReturn } from '../../../../src/features/shell/networkReturn.provide';

const goOffline = () => window.dispatchEvent(new Event('offline'));
const goOnline = () => window.dispatchEvent(new Event('online'));

/** A state that only counts what the watcher sends, and stays: each return shows, not just the first. */
const counting = setup({
  types: {
    context: {} as { returns: number },
    events: {} as NetworkReturnedEvent,
  },
  actors: { networkReturn },
}).createMachine({
  context: { returns: 0 },
  invoke: { id: 'networkReturn', src: 'networkReturn' },
  on: { 'NETWORK.RETURNED': { actions: assign({ returns: ({ context }) => context.returns + 1 }) } },
});

function startCounting() {
  const actor = createActor(counting).start();
  return { returns: () => actor.getSnapshot().context.returns, stop: () => actor.stop() };
}

/** A screen's load: failed until retried, by the learner's RETRY or by the network's return. */
const loadSetup = setup({
  types: {
    context: {} as { retries: number },
    events: {} as { type: 'RETRY' } | { type: 'FAIL' } | NetworkReturnedEvent,
  },
  actors: { networkReturn },
});
const countRetry = loadSetup.assign({ retries: ({ context }) => context.retries + 1 });
const load = loadSetup.createMachine({
  context: { retries: 0 },
  initial: 'failed',
  states: {
    failed: loadFailedState('RETRY', { target: 'loading', actions: countRetry }),
    loading: { on: { FAIL: 'failed' } },
  },
});

let onLine: MockInstance<() => boolean>;
let added: MockInstance<Window['addEventListener']>;
let removed: MockInstance<Window['removeEventListener']>;

beforeEach(() => {
  onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  added = vi.spyOn(window, 'addEventListener');
  removed = vi.spyOn(window, 'removeEventListener');
});

afterEach(() => vi.restoreAllMocks());

/** The window's online and offline listeners added and not removed since the test began. */
function connectivityListeners(): unknown[] {
  const ofConnectivity = (calls: unknown[][]) =>
    calls
      .filter(([type]) => type === 'online' || type === 'offline')
      .map(([type, listener]) => ({ type, listener }));
  const left = ofConnectivity(removed.mock.calls);
  return ofConnectivity(added.mock.calls).filter(
    (listener) => !left.some((gone) => gone.type === listener.type && gone.listener === listener.listener),
  );
}

describe('networkReturn', () => {
  it('takes the connectivity found at start for where the network stands, not for a return', () => {
    onLine.mockReturnValue(false);
    const offlineAtStart = startCounting();
    expect(offlineAtStart.returns()).toBe(0);
    offlineAtStart.stop();

    onLine.mockReturnValue(true);
    const onlineAtStart = startCounting();
    goOnline();
    expect(onlineAtStart.returns()).toBe(0);
    onlineAtStart.stop();
  });

  it('reports each return of the network: offline, then online', () => {
    onLine.mockReturnValue(false);
    const watching = startCounting();
    goOnline();
    expect(watching.returns()).toBe(1);
    goOffline();
    goOnline();
    expect(watching.returns()).toBe(2);
    watching.stop();
  });

  it('reports a return once, however many times the browser then says it is online', () => {
    const watching = startCounting();
    goOffline();
    goOnline();
    goOnline();
    expect(watching.returns()).toBe(1);
    watching.stop();
  });

  it('stops listening when it stops', () => {
    const watching = startCounting();
    expect(connectivityListeners()).toHaveLength(2);
    watching.stop();
    expect(connectivityListeners()).toEqual([]);
    goOffline();
    goOnline();
    expect(watching.returns()).toBe(0);
  });
});

describe('loadFailedState', () => {
  it('retries on the network’s return as on the learner’s RETRY, one and the same transition', () => {
    const failed = load.getStateNodeById(`${load.id}.failed`);
    const [byLearner] = failed.on.RETRY ?? [];
    const [byNetwork] = failed.on['NETWORK.RETURNED'] ?? [];
    expect(byNetwork?.target).toEqual(byLearner?.target);
    expect(byNetwork?.actions).toHaveLength(1);
    expect(byNetwork?.actions[0]).toBe(byLearner?.actions[0]);

    const actor = createActor(load).start();
    goOffline();
    goOnline();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.retries).toBe(1);
    actor.stop();
  });

  it('listens only while the load error shows, and again when it shows again', () => {
    const actor = createActor(load).start();
    expect(connectivityListeners()).toHaveLength(2);
    actor.send({ type: 'RETRY' });
    expect(connectivityListeners()).toEqual([]);
    goOffline();
    goOnline();
    expect(actor.getSnapshot().context.retries).toBe(1);

    actor.send({ type: 'FAIL' });
    goOffline();
    goOnline();
    expect(actor.getSnapshot()).toMatchObject({ value: 'loading', context: { retries: 2 } });
    actor.stop();
  });
});

/** Every machine module, and the source of every module that provides machines, imports left out. */
const machineModules = import.meta.glob<Record<string, unknown>>('../../../../machines/**/*.machine.ts', {
  eager: true,
});
const provideSources = Object.values(
  import.meta.glob<string>('../../../../src/features/**/*.provide.ts', {
    eager: true,
    query: '?raw',
    import: 'default',
  }),
).map((source) => source.replace(/^import [\s\S]*?;$/gm, ''));

const declaresNetworkReturn = (value: unknown) =>
  value instanceof StateMachine && 'networkReturn' in (value as AnyStateMachine).implementations.actors;

describe('the machines’ networkReturn', () => {
  // A machine left with the placeholder would not just go without the retry: entering its load error
  // would throw, and the screen's whole actor stop with that error.
  it('is provided wherever a machine declaring it is provided', () => {
    const declaring = Object.values(machineModules).flatMap((module) =>
      Object.keys(module).filter((name) => declaresNetworkReturn(module[name])),
    );
    expect(declaring).toContain('myCoursesMachine');
    const unprovided = declaring.filter((name) => {
      const providing = provideSources.filter((source) => source.includes(`${name}.provide(`));
      return providing.length === 0 || providing.some((source) => !/\bnetworkReturn\b/.test(source));
    });
    expect(unprovided).toEqual([]);
  });
});
