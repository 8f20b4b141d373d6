import type { InspectionEvent } from 'xstate';

declare global {
  interface Window {
    /** Defined only by the e2e run, which installs its recorder in the page; the app never defines it. */
    __inspectTransitions?: (event: InspectionEvent) => void;
  }
}

/**
 * The `inspect` option of every actor the app starts: the e2e run's transition recorder
 * (model-tests/transitionRecorder.ts) when the page has one, otherwise nothing, so production actors
 * run without an inspector and the app ships no recording code.
 */
export const recordTransitions = typeof window !== 'undefined' ? window.__inspectTransitions : undefined;
