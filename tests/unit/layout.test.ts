import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** Files under `folder` (paths relative to the project, with forward slashes) whose names end in `suffix`. */
const filesEndingWith = (folder: string, suffix: string) =>
  readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .map((path) => `${folder}/${path.replaceAll('\\', '/')}`)
    .filter((path) => path.endsWith(suffix));

const machines = filesEndingWith('machines', '.machine.ts');
const modelTests = filesEndingWith('model-tests', '.model.test.ts');

/** `machines/<area>/<name>.machine.ts` → `<area>/<name>`; the model suites mirror that layout. */
const machineKey = (path: string) => path.replace(/^machines\//, '').replace(/\.machine\.ts$/, '');
const modelTestKey = (path: string) => path.replace(/^model-tests\//, '').replace(/\.model\.test\.ts$/, '');

describe('layout', () => {
  it('finds the machines', () => {
    expect(machines.length).toBeGreaterThan(0);
  });

  it.each(machines)('%s sits in an area folder and has its model suite beside the same area', (path) => {
    expect(machineKey(path)).toMatch(/^[a-z]+\/[a-z][A-Za-z]*$/);
    expect(existsSync(join(ROOT, 'model-tests', `${machineKey(path)}.model.test.ts`))).toBe(true);
  });

  it('has no model suite without its machine', () => {
    const keys = new Set(machines.map(machineKey));
    expect(modelTests.map(modelTestKey).filter((key) => !keys.has(key))).toEqual([]);
  });
});
