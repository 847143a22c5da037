// The order test files start in: longest first over the whole suite, whatever project a file is in. Vitest's own
// sequencer runs the projects one after another (browser, then integration, then unit), so each project's last
// long file ran beside short ones or none, and the two workers sat half idle at every boundary. Starting the longest
// files first, from every project, keeps both workers busy until the short files fill the end.
// A file's length is its duration in the last run vitest recorded (node_modules/.vite/vitest/); without one (a fresh
// clone), a file of a slower project counts as longer, and within a project a larger file does.
import { stat } from 'node:fs/promises';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** How a file without a recorded duration ranks: the projects whose files start processes and browsers first. */
const PROJECT_RANK: Record<string, number> = { browser: 3, ci: 3, integration: 2, unit: 1 };

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const keyed = await Promise.all(
      files.map(async (spec) => {
        const result = cache.getTestSpecificationResult(spec);
        return {
          spec,
          failed: result?.failed === true,
          duration: result?.duration,
          rank: PROJECT_RANK[spec.project.name] ?? 2,
          size: result ? 0 : (await stat(spec.moduleId)).size,
        };
      }),
    );
    return keyed
      .sort((a, b) => {
        // Failed files first, as vitest does, so a fix is seen soonest.
        if (a.failed !== b.failed) return a.failed ? -1 : 1;
        // Files never run before, then the rest.
        if ((a.duration === undefined) !== (b.duration === undefined)) return a.duration === undefined ? -1 : 1;
        if (a.duration !== undefined && b.duration !== undefined) return b.duration - a.duration;
        return b.rank - a.rank || b.size - a.size;
      })
      .map((entry) => entry.spec);
  }
}
