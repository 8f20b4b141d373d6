import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test as base } from '@playwright/test';
import { type RecordedTransition, transitionRecorderScript } from '../../../model-tests/transitionRecorder';

/**
 * The `test` every e2e spec uses: it installs a transition recorder in every page before the app
 * starts (the `__inspectTransitions` inspector the app hands its actors, which passes each transition
 * they take to the `__recordTransitions` function this exposes) and adds the transitions to
 * reports/e2e-transitions.json after the test, for the state-coverage report.
 */
export const TRANSITIONS_FILE = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'reports',
  'e2e-transitions.json',
);

type Taken = Record<string, Record<string, { count: number; targets: string[] }>>;

function addTaken(transitions: readonly RecordedTransition[]): void {
  if (transitions.length === 0) return;
  const taken: Taken = existsSync(TRANSITIONS_FILE)
    ? (JSON.parse(readFileSync(TRANSITIONS_FILE, 'utf8')) as Taken)
    : {};
  for (const { machine, key, targets } of transitions) {
    const byKey = taken[machine] ?? {};
    byKey[key] = { count: (byKey[key]?.count ?? 0) + 1, targets };
    taken[machine] = byKey;
  }
  mkdirSync(dirname(TRANSITIONS_FILE), { recursive: true });
  writeFileSync(`${TRANSITIONS_FILE}.tmp`, JSON.stringify(taken, null, 2));
  renameSync(`${TRANSITIONS_FILE}.tmp`, TRANSITIONS_FILE);
}

export const test = base.extend<{ recordTransitions: undefined }>({
  recordTransitions: [
    async ({ context }, use) => {
      const recorded: RecordedTransition[] = [];
      // A context-wide function survives full page loads, which an array on `window` would not.
      await context.exposeFunction('__recordTransitions', (transition: RecordedTransition) => {
        recorded.push(transition);
      });
      await context.addInitScript({ content: transitionRecorderScript });
      await use(undefined);
      addTaken(recorded);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
