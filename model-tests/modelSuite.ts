import { describe, expect, it } from 'vitest';
import { chartOf } from './chart';
import { ModelRun, type ModelSpec, type ReplayPath } from './harness';
import { pathInWords } from './pathWords';
import { writeReport } from './report';
import { screensStarting } from './screenBindings';
import { replayOnScreen } from './screenRun';

/**
 * Registers the model tests of one machine: one test per generated shortest path against the
 * machine, the same paths through the screen that starts it (when one does), and one test that
 * replays extensions for missed transitions (on the screen too), writes the coverage report and
 * requires 100% transition coverage.
 */
export function describeModel(spec: ModelSpec): void {
  const run = new ModelRun(spec);
  const shortest = run.shortestPaths().map((path) => [path.description, path] as const);
  const { screen } = spec;

  async function onScreen(path: ReplayPath): Promise<void> {
    if (screen) path.screen = await replayOnScreen(spec, screen, path);
  }

  describe(`${spec.machine.id} model`, () => {
    it.each(shortest)('replays %s', async (_, path) => {
      await run.replay(path);
    });

    if (screen) {
      it.each(shortest)('replays %s on the screen', async (_, path) => {
        await onScreen(path);
      });
    }

    it('is driven through the screen that starts it', async () => {
      const screens = await screensStarting(spec.machine);
      expect(
        screens.length > 0 && !screen
          ? `${screens.join(', ')} starts it, but the suite binds no screen`
          : null,
      ).toBeNull();
    });

    it('covers every transition and state, and writes the coverage report', async () => {
      const extensionsFrom = run.paths.length;
      await run.extendForUncovered();
      for (const path of run.paths.slice(extensionsFrom)) await onScreen(path);
      const coverage = run.coverage();
      await writeReport({
        machine: coverage.machine,
        spec: spec.spec ?? null,
        screens: await screensStarting(spec.machine),
        chart: chartOf(run.machine),
        states: coverage.states,
        transitions: coverage.transitions,
        paths: coverage.paths.map((path) => ({
          origin: path.origin,
          ...(path.input === undefined ? {} : { input: path.input }),
          ...pathInWords(path, screen),
          screen: path.screen ?? null,
        })),
      });
      expect(
        coverage.transitions.uncovered.map((t) => `${t.source} --${t.event}--> ${t.targets.join(',')}`),
      ).toEqual([]);
      expect(coverage.states.uncovered).toEqual([]);
    });
  });
}
