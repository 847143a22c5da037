// A vitest reporter for `npm run test:times` (test-times.ts): each test file's whole time in its worker, written as
// JSON to the file KPU_TEST_TIMES_OUT names. Vitest's JSON reporter dates a file from its first test, so a file whose
// beforeAll builds a world or waits for a shared one was counted without it (the layout file: 2.6 s of its 25 s alone).
// Here a file's time is vitest's own diagnostic of it: starting its environment and runner, importing it, and every
// test and hook.
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** One test file's time, as test-times.ts reads it. */
export interface FileTime {
  /** The file's absolute path. */
  file: string;
  project: string;
  /** Its whole time in its worker, in seconds. */
  seconds: number;
  /** Of which importing the file and what it imports, and running its describe blocks. */
  importSeconds: number;
  tests: number;
  state: string;
}

export default class FileTimesReporter implements Reporter {
  readonly #times: FileTime[] = [];

  onTestModuleEnd(module: TestModule): void {
    const diagnostic = module.diagnostic();
    const milliseconds =
      diagnostic.environmentSetupDuration +
      diagnostic.prepareDuration +
      diagnostic.setupDuration +
      diagnostic.collectDuration +
      diagnostic.duration;
    this.#times.push({
      file: module.moduleId,
      project: module.project.name,
      seconds: milliseconds / 1000,
      importSeconds: diagnostic.collectDuration / 1000,
      tests: [...module.children.allTests()].length,
      state: module.state(),
    });
  }

  onTestRunEnd(): void {
    const out = process.env.KPU_TEST_TIMES_OUT;
    if (out) writeFileSync(out, `${JSON.stringify(this.#times)}\n`);
  }
}
