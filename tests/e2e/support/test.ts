import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import {
  E2E_TRANSITIONS_DIR,
  mergeTransitions,
  type TakenTransitions,
} from '../../../model-tests/e2eTransitions';
import { type RecordedTransition, transitionRecorderScript } from '../../../model-tests/transitionRecorder';

/**
 * Adds a test's transitions to its worker process's file: the workers run at once, and a file of
 * each one's own is never written by two processes.
 */
function addTaken(transitions: readonly RecordedTransition[], workerIndex: number): void {
  if (transitions.length === 0) return;
  const file = join(E2E_TRANSITIONS_DIR, `worker-${workerIndex}.json`);
  const taken: TakenTransitions = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as TakenTransitions)
    : {};
  for (const { machine, key, targets } of transitions) {
    mergeTransitions(taken, { [machine]: { [key]: { count: 1, targets } } });
  }
  mkdirSync(E2E_TRANSITIONS_DIR, { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(taken, null, 2));
  renameSync(`${file}.tmp`, file);
}

/**
 * The `test` every e2e spec uses: it installs a transition recorder in every page before the app
 * starts (the `__inspectTransitions` inspector the app hands its actors, which passes each transition
 * they take to the `__recordTransitions` function this exposes) and adds the transitions to this
 * worker process's file in reports/e2e-transitions/ after the test, for the state-coverage report.
 */
export const test = base.extend<{ recordTransitions: undefined }>({
  recordTransitions: [
    async ({ context }, use, testInfo) => {
      const recorded: RecordedTransition[] = [];
      // A context-wide function survives full page loads, which an array on `window` would not.
      await context.exposeFunction('__recordTransitions', (transition: RecordedTransition) => {
        recorded.push(transition);
      });
      await context.addInitScript({ content: transitionRecorderScript });
      await use(undefined);
      addTaken(recorded, testInfo.workerIndex);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
