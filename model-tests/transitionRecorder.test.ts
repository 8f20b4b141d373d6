import { afterEach, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor, createMachine, type InspectionEvent } from 'xstate';
import { declaredTransitions } from './harness';
import { type RecordedTransition, transitionKey, transitionRecorderScript } from './transitionRecorder';

/** Guarded candidates, an eventless transition and a way back: every part of a key is exercised. */
const sample = createMachine({
  id: 'sample',
  initial: 'idle',
  states: {
    idle: {
      on: {
        GO: [{ guard: ({ event }) => event.fast === true, target: 'done' }, { target: 'checking' }],
      },
    },
    checking: { always: { target: 'done' } },
    done: { on: { RESET: 'idle' } },
  },
});

function run(inspect: (event: InspectionEvent) => void): void {
  const actor = createActor(sample, { inspect }).start();
  actor.send({ type: 'GO', fast: false });
  actor.send({ type: 'RESET' });
  actor.send({ type: 'GO', fast: true });
  actor.stop();
}

afterEach(() => {
  delete window.__inspectTransitions;
  delete window.__recordTransitions;
});

it('records in the page the same keys the model suites give the same transitions', () => {
  // The page runs the script in its global scope, with nothing from this module in reach.
  new Function(transitionRecorderScript)();
  const inPage: RecordedTransition[] = [];
  window.__recordTransitions = (transition) => inPage.push(transition);
  const inspect = window.__inspectTransitions;
  expect(inspect).toBeTypeOf('function');
  if (inspect) run(inspect);

  const inSuite: RecordedTransition[] = [];
  run((event) => {
    if (event.type !== '@xstate.microstep') return;
    const machine = (event.snapshot as AnyMachineSnapshot).machine.id;
    for (const transition of event._transitions)
      inSuite.push({
        machine,
        key: transitionKey(transition),
        targets: (transition.target ?? []).map((t) => t.id),
      });
  });

  expect(inPage).toEqual(inSuite);
  expect(inPage).toEqual([
    { machine: 'sample', key: 'sample.idle|GO|1', targets: ['sample.checking'] },
    { machine: 'sample', key: 'sample.checking||0', targets: ['sample.done'] },
    { machine: 'sample', key: 'sample.done|RESET|0', targets: ['sample.idle'] },
    { machine: 'sample', key: 'sample.idle|GO|0', targets: ['sample.done'] },
  ]);
  // The keys the coverage report looks the machine's declared transitions up by.
  const declared = new Set(declaredTransitions(sample).map(({ key }) => key));
  expect(inPage.every(({ key }) => declared.has(key))).toBe(true);
});
