import { describe, expect, it } from 'vitest';
import { ModelRun, type ModelSpec } from './harness';
import { writeReport } from './report';

/**
 * Registers the model tests of one machine: one test per generated shortest path, then one that
 * replays extensions for missed transitions, writes the coverage report and requires 100%
 * transition coverage.
 */
export function describeModel(spec: ModelSpec): void {
  const run = new ModelRun(spec);

  describe(`${spec.machine.id} model`, () => {
    it.each(run.shortestPaths().map((path) => [path.description, path] as const))(
      'replays %s',
      async (_, path) => {
        await run.replay(path);
      },
    );

    it('covers every transition and state, and writes the coverage report', async () => {
      await run.extendForUncovered();
      const coverage = run.coverage();
      writeReport(coverage);
      expect(
        coverage.transitions.uncovered.map((t) => `${t.source} --${t.event}--> ${t.targets.join(',')}`),
      ).toEqual([]);
      expect(coverage.states.uncovered).toEqual([]);
    });
  });
}
