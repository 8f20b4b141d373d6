import type { AnyMachineSnapshot, AnyTransitionDefinition, InspectionEvent } from 'xstate';

/**
 * How transitions are named, for the model suites and for the e2e run alike, so the coverage report
 * can set the two side by side. The e2e fixture (tests/e2e/support/test.ts) puts the recorder into
 * the page with `transitionRecorderScript`: the app ships no recording code, it only passes
 * `window.__inspectTransitions` as its actors' `inspect` option (src/app/transitionRecorder.ts).
 */

/** One transition an actor took, as the e2e run records it for the state-coverage report. */
export type RecordedTransition = { machine: string; key: string; targets: string[] };

declare global {
  interface Window {
    /** Defined only by the e2e run (Playwright exposes it); the app never defines it. */
    __recordTransitions?: (transition: RecordedTransition) => void;
  }
}

/**
 * A transition's identity: its source state, its event and its place among that event's candidates.
 * Self-contained (it uses nothing but its argument): the page receives its source text.
 */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition;
  const candidates = eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? []);
  return `${source.id}|${eventType}|${candidates.indexOf(transition)}`;
}

/**
 * Runs in the page before the app: defines the inspector that hands every transition an actor takes
 * to `window.__recordTransitions`. Self-contained as well, and given the key function as an argument,
 * so the page and the model suites name transitions with the same code.
 */
export function installTransitionRecorder(key: (transition: AnyTransitionDefinition) => string): void {
  window.__inspectTransitions = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    const machine = (event.snapshot as AnyMachineSnapshot).machine.id;
    for (const transition of event._transitions) {
      const targets = (transition.target ?? []).map((target) => target.id);
      window.__recordTransitions?.({ machine, key: key(transition), targets });
    }
  };
}

/** The init script for Playwright's `addInitScript({ content })`: the recorder, given the key function. */
export const transitionRecorderScript = `(${installTransitionRecorder.toString()})(${transitionKey.toString()});`;
