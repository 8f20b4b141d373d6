import type { AnyMachineSnapshot, AnyTransitionDefinition, InspectionEvent } from 'xstate';

/** One transition an actor took, as the e2e run records it for the state-coverage report. */
export type RecordedTransition = { machine: string; key: string; targets: string[] };

declare global {
  interface Window {
    /** Defined only by the e2e run (Playwright exposes it); the app never defines it. */
    __recordTransitions?: (transition: RecordedTransition) => void;
  }
}

/** A transition's identity: its source state, its event and its place among that event's candidates. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition;
  const candidates = eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? []);
  return `${source.id}|${eventType}|${candidates.indexOf(transition)}`;
}

function recorder(record: (transition: RecordedTransition) => void) {
  return (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    const machine = (event.snapshot as AnyMachineSnapshot).machine.id;
    for (const transition of event._transitions) {
      const targets = (transition.target ?? []).map((target) => target.id);
      record({ machine, key: transitionKey(transition), targets });
    }
  };
}

/**
 * The `inspect` option of every actor the app starts: nothing at all unless the e2e run asked for
 * the transitions, so production actors run without an inspector.
 */
export const recordTransitions =
  typeof window !== 'undefined' && window.__recordTransitions
    ? recorder(window.__recordTransitions)
    : undefined;
