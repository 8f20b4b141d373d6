import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The transitions the real app took in Chromium during the e2e run, per machine id: how many times
 * each transition key was taken and the states it entered. The e2e runs in several workers at once,
 * so each worker process appends to a file of its own in this folder after every test (no two
 * processes ever write one file); the coverage report reads them all together.
 */
export const E2E_TRANSITIONS_DIR = join(import.meta.dirname, '..', 'reports', 'e2e-transitions');

export type TakenTransitions = Record<string, Record<string, { count: number; targets: string[] }>>;

/** Adds `more` into `into`: counts summed, the states entered joined. */
export function mergeTransitions(into: TakenTransitions, more: TakenTransitions): TakenTransitions {
  for (const [machine, byKey] of Object.entries(more)) {
    const merged = into[machine] ?? {};
    for (const [key, { count, targets }] of Object.entries(byKey)) {
      const known = merged[key];
      merged[key] = {
        count: (known?.count ?? 0) + count,
        targets: [...new Set([...(known?.targets ?? []), ...targets])],
      };
    }
    into[machine] = merged;
  }
  return into;
}

/** Every worker's transitions together; null when no e2e run left any. */
export function readE2eTransitions(dir = E2E_TRANSITIONS_DIR): TakenTransitions | null {
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  if (files.length === 0) return null;
  return files.reduce<TakenTransitions>(
    (taken, name) =>
      mergeTransitions(taken, JSON.parse(readFileSync(join(dir, name), 'utf8')) as TakenTransitions),
    {},
  );
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
