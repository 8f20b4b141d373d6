/**
 * Model-based testing of the machines: paths generated from the machine's graph (`xstate/graph`)
 * are replayed against the real machine with controllable fake actors and a simulated clock, and
 * the transitions actually taken are compared with every transition the machine declares.
 *
 * Path generation:
 * 1. `getShortestPaths` gives one shortest path to every distinct state (state value + context).
 * 2. Shortest paths use one incoming edge per state, so they miss edges into states that are
 *    already reached another way, including edges back to earlier states (retry, reset, a guarded
 *    branch that only updates context). For every transition still uncovered after replaying (1),
 *    the harness looks in the graph's adjacency map for a state where that transition's event is
 *    handled by its source node, and replays the shortest path to that state plus that one event.
 *    (Simple paths cannot help here: a simple path never revisits a state, so it never contains
 *    an edge that closes a cycle.)
 *
 * Replay:
 * - every named actor becomes a fake promise actor that stays pending until the path reaches
 *   `xstate.done.actor.<id>` (resolved with the step's `output`) or `xstate.error.actor.<id>`
 *   (rejected with the step's `error`);
 * - `xstate.after.<delay>.<stateId>` advances a `SimulatedClock` by that delay;
 * - every named action becomes a recording spy (cross-actor sends included);
 * - after each step the actor's state value and context must equal the path's.
 * Transitions taken are read from the `@xstate.microstep` inspection events of the root actor.
 */
import {
  type AnyActorLogic,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  fromPromise,
  type InspectionEvent,
  SimulatedClock,
} from 'xstate';
import {
  type AdjacencyValue,
  getAdjacencyMap,
  getShortestPaths,
  getStateNodes,
  type StatePath,
} from 'xstate/graph';
import type { ScreenBinding, ScreenOutcome } from './screenRun';
import { transitionKey } from './transitionRecorder';

export type ModelSpec = {
  machine: AnyStateMachine;
  /** The spec rule the machine implements, with its section: `Shell spec §4 Login: ...`. */
  spec?: string;
  /** The screen that starts this machine; required for every machine a screen starts. */
  screen?: ScreenBinding;
  /** Inputs to start from; a machine whose start depends on its input needs one per branch. */
  inputs?: readonly unknown[];
  /**
   * Sample events; every event type the machine handles needs at least one (delays excepted).
   * Done events carry `output`, error events `error`.
   */
  events: readonly AnyEventObject[];
};

export type EffectCall = { name: string; params: unknown };

export type TransitionInfo = {
  key: string;
  source: string;
  event: string;
  guard: string | null;
  targets: string[];
};

export type ReplayStep = { event: AnyEventObject; state: unknown };

export type ReplayPath = {
  input: unknown;
  description: string;
  steps: ReplayStep[];
  origin: 'shortest' | 'extension';
  /** Set once the path has also been replayed on the machine's screen. */
  screen?: ScreenOutcome;
};

type Deferred = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

const AFTER_PREFIX = 'xstate.after.';
const DONE_PREFIX = 'xstate.done.actor.';
const ERROR_PREFIX = 'xstate.error.actor.';
/** Raised by the machine itself when a compound or parallel state completes: never sent to it. */
const STATE_DONE_PREFIX = 'xstate.done.state.';

/** Lets promise callbacks and the events they send settle before the next step. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Events the graph makes up for invoked actors and delays; no user or other actor sends them. */
export const isSyntheticEvent = (event: AnyEventObject) =>
  [AFTER_PREFIX, DONE_PREFIX, ERROR_PREFIX].some((prefix) => event.type.startsWith(prefix));

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...node.transitions.values()].flat().concat(node.always ?? []);
}

function guardName(transition: AnyTransitionDefinition): string | null {
  const { guard } = transition;
  if (guard === undefined) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return 'inline';
  return typeof guard.type === 'string' ? guard.type : 'inline';
}

/** A stable identity (shared with the e2e recording): source node, event, place among its candidates. */
export function describeTransition(transition: AnyTransitionDefinition): TransitionInfo {
  const event = transition.eventType;
  return {
    key: transitionKey(transition),
    source: transition.source.id,
    event: event === '' ? '(always)' : event,
    guard: guardName(transition),
    targets: (transition.target ?? []).map((target: AnyStateNode) => target.id),
  };
}

export function declaredTransitions(machine: AnyStateMachine): TransitionInfo[] {
  return [machine.root, ...getStateNodes(machine.root)].flatMap(transitionsOf).map(describeTransition);
}

export function declaredStates(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root).map((node) => node.id);
}

/** Every named actor as a promise that the test settles, remembered per actor id (= invoke id). */
class FakeActors {
  private readonly pending = new Map<string, Deferred>();
  readonly started: { id: string; input: unknown }[] = [];

  logicFor(names: readonly string[]): Record<string, AnyActorLogic> {
    const fake = fromPromise<unknown, unknown>(
      ({ input, self }) =>
        new Promise((resolve, reject) => {
          this.pending.set(self.id, { resolve, reject });
          this.started.push({ id: self.id, input });
        }),
    );
    return Object.fromEntries(names.map((name) => [name, fake]));
  }

  settle(id: string, outcome: { output: unknown } | { error: unknown }): void {
    const deferred = this.pending.get(id);
    if (!deferred) throw new Error(`no running actor "${id}" to settle`);
    this.pending.delete(id);
    if ('error' in outcome) deferred.reject(outcome.error);
    else deferred.resolve(outcome.output);
  }

  inputOf(id: string): unknown {
    return this.started.findLast((actor) => actor.id === id)?.input;
  }
}

/** The machine with fake actors and recording actions, as both the graph and the replay use it. */
export function instrument(machine: AnyStateMachine) {
  const fakes = new FakeActors();
  const effects: EffectCall[] = [];
  const actionNames = Object.keys(machine.implementations.actions);
  const actions = Object.fromEntries(
    actionNames.map((name) => [name, (_: unknown, params: unknown) => effects.push({ name, params })]),
  );
  const provided = machine.provide({
    actors: fakes.logicFor(Object.keys(machine.implementations.actors)),
    actions,
  } as Parameters<AnyStateMachine['provide']>[0]) as AnyStateMachine;
  return { machine: provided, fakes, effects };
}

export type RunningMachine = ReturnType<typeof startMachine>;

/** Starts the instrumented machine; `dispatch` plays one path step, real or synthetic. */
export function startMachine(spec: ModelSpec, input?: unknown) {
  const { machine, fakes, effects } = instrument(spec.machine);
  const clock = new SimulatedClock();
  const taken: AnyTransitionDefinition[] = [];
  const visited = new Set<string>();
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep' || event.rootId !== event.actorRef.sessionId) return;
    for (const transition of event._transitions) {
      taken.push(transition);
      visited.add(transition.source.id);
    }
    for (const node of (event.snapshot as AnyMachineSnapshot)._nodes) visited.add(node.id);
  };
  const actor: AnyActorRef = createActor(machine, { input, clock, inspect });
  actor.start();
  const snapshot = () => actor.getSnapshot() as AnyMachineSnapshot;
  for (const node of snapshot()._nodes) visited.add(node.id);

  function delayOf(eventType: string): number {
    const delay = eventType.slice(AFTER_PREFIX.length).split('.')[0] ?? '';
    if (/^\d+$/.test(delay)) return Number(delay);
    const implementation = machine.implementations.delays[delay];
    if (typeof implementation === 'number') return implementation;
    if (typeof implementation === 'function') {
      return implementation({ context: snapshot().context, event: { type: eventType } } as never, undefined);
    }
    throw new Error(`unknown delay "${delay}"`);
  }

  async function dispatch(event: AnyEventObject): Promise<void> {
    if (event.type.startsWith(DONE_PREFIX)) {
      fakes.settle(event.type.slice(DONE_PREFIX.length), { output: event.output });
    } else if (event.type.startsWith(ERROR_PREFIX)) {
      fakes.settle(event.type.slice(ERROR_PREFIX.length), { error: event.error });
    } else if (event.type.startsWith(AFTER_PREFIX)) {
      clock.increment(delayOf(event.type));
    } else {
      actor.send(event);
    }
    await settle();
  }

  return { actor, snapshot, dispatch, settle, fakes, effects, clock, taken, visited };
}

/** State value and context: what a path step promises and the replay must show. */
export function observable(snapshot: AnyMachineSnapshot): unknown {
  return JSON.parse(JSON.stringify({ value: snapshot.value, context: snapshot.context }));
}

function describePath(steps: ReplayStep[]): string {
  const events = steps.slice(1).map((step) => step.event.type);
  return events.length === 0 ? '(initial state)' : events.join(' → ');
}

function toReplayPath(
  input: unknown,
  path: StatePath<AnyMachineSnapshot, AnyEventObject>,
  origin: ReplayPath['origin'],
): ReplayPath {
  const steps = path.steps.map((step) => ({ event: step.event, state: observable(step.state) }));
  return { input, description: describePath(steps), steps, origin };
}

function ownEventTypes(snapshot: AnyMachineSnapshot): string[] {
  return [...new Set(snapshot._nodes.flatMap((node: AnyStateNode) => node.ownEvents))];
}

/** Graph traversal options: the spec's sample events, and a clear failure when one is missing. */
function traversalOptions(spec: ModelSpec, input: unknown) {
  return {
    input,
    events: (snapshot: AnyMachineSnapshot) =>
      ownEventTypes(snapshot).flatMap((type) => {
        if (type.startsWith(STATE_DONE_PREFIX)) return [];
        const samples = spec.events.filter((event) => event.type === type);
        if (samples.length === 0 && !type.startsWith(AFTER_PREFIX)) {
          throw new Error(`model of "${spec.machine.id}" has no sample event for "${type}"`);
        }
        return samples.length > 0 ? samples : [{ type }];
      }),
  };
}

export type Coverage = {
  machine: string;
  states: { total: number; covered: string[]; uncovered: string[] };
  transitions: { total: number; covered: TransitionInfo[]; uncovered: TransitionInfo[] };
  paths: ReplayPath[];
};

/**
 * Collects what replays cover and builds the paths: shortest paths first, then one-event
 * extensions for transitions the shortest paths missed.
 */
export class ModelRun {
  readonly machine: AnyStateMachine;
  readonly paths: ReplayPath[] = [];
  private readonly coveredKeys = new Set<string>();
  private readonly visitedStates = new Set<string>();
  private readonly declared: TransitionInfo[];

  constructor(readonly spec: ModelSpec) {
    // Transition identities belong to one machine instance: build everything from the instrumented one.
    this.machine = instrument(spec.machine).machine;
    this.declared = declaredTransitions(this.machine);
  }

  private inputs(): readonly unknown[] {
    return this.spec.inputs ?? [undefined];
  }

  shortestPaths(): ReplayPath[] {
    return this.inputs().flatMap((input) =>
      getShortestPaths(this.machine, traversalOptions(this.spec, input)).map((path) =>
        toReplayPath(input, path, 'shortest'),
      ),
    );
  }

  /**
   * Replays a path against a freshly started machine; throws on the first step whose state differs.
   * Transition keys are computed on the replayed machine instance, which shares nothing with
   * `this.machine` but the configuration, so keys (not objects) are compared.
   */
  async replay(path: ReplayPath): Promise<RunningMachine> {
    const running = startMachine(this.spec, path.input);
    const [first, ...rest] = path.steps;
    assertSameState(observable(running.snapshot()), first?.state, path, 0);
    for (const [index, step] of rest.entries()) {
      await running.dispatch(step.event);
      assertSameState(observable(running.snapshot()), step.state, path, index + 1);
    }
    for (const transition of running.taken) this.coveredKeys.add(describeTransition(transition).key);
    for (const id of running.visited) this.visitedStates.add(id);
    this.paths.push(path);
    running.actor.stop();
    return running;
  }

  uncoveredTransitions(): TransitionInfo[] {
    return this.declared.filter((transition) => !this.coveredKeys.has(transition.key));
  }

  /** For each uncovered transition: shortest path to a state that handles its event, plus that event. */
  async extendForUncovered(): Promise<void> {
    for (const input of this.inputs()) {
      const options = traversalOptions(this.spec, input);
      const shortest = new Map(
        getShortestPaths(this.machine, options).map((path) => [JSON.stringify(observable(path.state)), path]),
      );
      const adjacency = Object.values(getAdjacencyMap(this.machine, options));
      for (const missing of this.uncoveredTransitions()) {
        if (!this.uncoveredTransitions().some((transition) => transition.key === missing.key)) continue;
        await this.tryToCover(missing, input, adjacency, shortest);
      }
    }
  }

  private async tryToCover(
    missing: TransitionInfo,
    input: unknown,
    adjacency: AdjacencyValue<AnyMachineSnapshot, AnyEventObject>[],
    shortest: Map<string, StatePath<AnyMachineSnapshot, AnyEventObject>>,
  ): Promise<void> {
    for (const { state, transitions } of adjacency) {
      if (!state._nodes.some((node: AnyStateNode) => node.id === missing.source)) continue;
      const head = shortest.get(JSON.stringify(observable(state)));
      if (!head) continue;
      for (const { event, state: next } of Object.values(transitions)) {
        if (event.type !== missing.event) continue;
        const base = toReplayPath(input, head, 'extension');
        const steps = [...base.steps, { event, state: observable(next) }];
        const before = this.coveredKeys.size;
        await this.replay({ input, description: describePath(steps), steps, origin: 'extension' });
        if (this.coveredKeys.has(missing.key)) return;
        // The candidate covered nothing new: keep the report to paths that add coverage.
        if (this.coveredKeys.size === before) this.paths.pop();
      }
    }
  }

  coverage(): Coverage {
    const states = declaredStates(this.machine);
    const uncovered = this.uncoveredTransitions();
    return {
      machine: this.machine.id,
      states: {
        total: states.length,
        covered: states.filter((id) => this.visitedStates.has(id)),
        uncovered: states.filter((id) => !this.visitedStates.has(id)),
      },
      transitions: {
        total: this.declared.length,
        covered: this.declared.filter((transition) => !uncovered.includes(transition)),
        uncovered,
      },
      paths: this.paths,
    };
  }
}

export function assertSameState(actual: unknown, expected: unknown, path: ReplayPath, index: number): void {
  const actualJson = JSON.stringify(actual);
  const expectedJson = JSON.stringify(expected);
  if (actualJson !== expectedJson) {
    throw new Error(
      `path "${path.description}" diverged at step ${index}:\n  expected ${expectedJson}\n  actual   ${actualJson}`,
    );
  }
}
