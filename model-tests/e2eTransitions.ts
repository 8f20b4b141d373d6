import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The transitions the real app took in Chromium during the e2e run, per machine id: how many times
 * each transition key was taken and the states it entered. The e2e fixture appends to this file
 * after every test; the coverage report reads it.
 */
export const E2E_TRANSITIONS_FILE = join(import.meta.dirname, '..', 'reports', 'e2e-transitions.json');

export type TakenTransitions = Record<string, Record<string, { count: number; targets: string[] }>>;

export function readE2eTransitions(file = E2E_TRANSITIONS_FILE): TakenTransitions | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as TakenTransitions) : null;
}

/** State ids with every ancestor: `login.editing.ready` also means `login.editing`. */
function withAncestors(id: string): string[] {
  const parts = id.split('.');
  return parts.slice(1).map((_, index) => parts.slice(0, index + 2).join('.'));
}

export function e2eCoverageOf(taken: TakenTransitions | null, machine: string) {
  const byKey = taken?.[machine] ?? {};
  const states = new Set<string>();
  for (const [key, { targets }] of Object.entries(byKey)) {
    const source = key.split('|')[0] ?? '';
    for (const id of [source, ...targets]) for (const state of withAncestors(id)) states.add(state);
  }
  return { transitions: new Set(Object.keys(byKey)), states };
}
