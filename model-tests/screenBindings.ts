import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { AnyStateMachine } from 'xstate';

/**
 * Which machines the screens start, read from the source rather than kept by hand: every component
 * under src/features that calls `useActorRef(x)` or `useActorRef(useProvided(x))` is followed from
 * `x` (a provided machine, or a function of the app's effects that provides it, perhaps imported
 * from a `*.provide.ts` module) back to the machine module it comes from.
 */
const ROOT = resolve(import.meta.dirname, '..');
const FEATURES = join(ROOT, 'src', 'features');

export type ScreenBoundMachine = { screen: string; machineFile: string; exportName: string };

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

function moduleFile(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  return ['.ts', '.tsx', '/index.ts'].map((suffix) => base + suffix).find((file) => existsSync(file)) ?? null;
}

/** The module and exported name `name` is imported as in `file`, if it is imported. */
function importOf(file: string, source: string, name: string) {
  for (const match of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    for (const item of (match[1] ?? '').split(',')) {
      const [exported, local = exported] = item
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/);
      if (local?.trim() === name) {
        const target = moduleFile(file, match[2] ?? '');
        return target ? { file: target, name: (exported ?? name).trim() } : null;
      }
    }
  }
  return null;
}

/** Follows `name` in `file` through imports and `x.provide(...)` to the machine module that defines it. */
function machineBehind(
  file: string,
  name: string,
  depth = 0,
): { machineFile: string; exportName: string } | null {
  if (depth > 5) return null;
  if (file.endsWith('.machine.ts')) return { machineFile: file, exportName: name };
  const source = readFileSync(file, 'utf8');
  const provided = new RegExp(`const\\s+${name}\\s*=\\s*(?:\\([^)]*\\)\\s*=>\\s*)?(\\w+)\\.provide\\(`).exec(
    source,
  );
  if (provided?.[1]) return machineBehind(file, provided[1], depth + 1);
  const imported = importOf(file, source, name);
  return imported ? machineBehind(imported.file, imported.name, depth + 1) : null;
}

export function screenBoundMachines(): ScreenBoundMachine[] {
  return sourceFiles(FEATURES).flatMap((screen) => {
    const source = readFileSync(screen, 'utf8');
    return [...source.matchAll(/useActorRef\(\s*(?:useProvided\(\s*)?(\w+)/g)].map((match) => {
      const machine = machineBehind(screen, match[1] ?? '');
      if (!machine) throw new Error(`${relative(ROOT, screen)}: cannot tell which machine ${match[1]} is`);
      return { screen: relative(ROOT, screen), ...machine, machineFile: relative(ROOT, machine.machineFile) };
    });
  });
}

/** The screens that start this machine (by the machine's id), read from the source. */
export async function screensStarting(machine: AnyStateMachine): Promise<string[]> {
  const screens: string[] = [];
  for (const bound of screenBoundMachines()) {
    const module = (await import(join(ROOT, bound.machineFile))) as Record<string, AnyStateMachine>;
    if (module[bound.exportName]?.id === machine.id) screens.push(bound.screen);
  }
  return screens;
}
