import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { screenBoundMachines } from './screenBindings';

const ROOT = resolve(import.meta.dirname, '..');

function modelSuites(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return modelSuites(path);
    return entry.name.endsWith('.model.test.ts') ? [path] : [];
  });
}

/** The machine modules a suite imports, relative to the project root. */
function importedMachines(suite: string): string[] {
  const source = readFileSync(suite, 'utf8');
  return [...source.matchAll(/from '([^']+\.machine)'/g)].map(
    (match) => `${relative(ROOT, resolve(dirname(suite), match[1] ?? ''))}.ts`,
  );
}

it('finds the machines the screens start', () => {
  expect(screenBoundMachines().map((bound) => bound.machineFile)).toContain('machines/auth/login.machine.ts');
});

it('gives every machine a screen starts a model suite that drives that screen', () => {
  const suites = modelSuites(join(ROOT, 'model-tests'));
  const unbound = screenBoundMachines().filter(
    ({ machineFile }) =>
      !suites.some(
        (suite) =>
          importedMachines(suite).includes(machineFile) && /\bscreen: /.test(readFileSync(suite, 'utf8')),
      ),
  );
  expect(unbound.map(({ screen, machineFile }) => `${machineFile} (started by ${screen})`)).toEqual([]);
});
