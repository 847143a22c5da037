// The layering of scripts/ is enforced by `npm run lint` (eslint.config.js, docs/architecture.md "Layers"), and so is
// a site that names no dataset's declaration: ESLint's Node API lints small in-memory sources as if they were files in
// each folder, with the project's own config.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: ROOT });

/** The no-restricted-imports messages for `source` linted as the file `file` (relative to the project root). */
async function layeringErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('layering lint', () => {
  it('fails a stage that imports from a later stage', async () => {
    const errors = await layeringErrors(
      'scripts/harvest/layering-fixture.ts',
      "import { runCheckStage } from '../check/check-stage.ts';",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('docs/architecture.md');
    expect(
      await layeringErrors(
        'scripts/snapshot/layering-fixture.ts',
        "import type { SiteData } from '../site/site-data.ts';",
      ),
    ).toHaveLength(1);
    expect(
      await layeringErrors(
        'scripts/site/layering-fixture.ts',
        "import { publish } from '../publish/publish-stage.ts';",
      ),
    ).toHaveLength(1);
  });

  it('lets a stage import from earlier stages, the datasets and the foundation', async () => {
    const source = [
      "import { readHarvestPages } from '../harvest/harvest-store.ts';",
      "import { DATASETS } from '../datasets/datasets.ts';",
      "import { writeFileAtomic } from '../foundation/atomic-file.ts';",
      "import { BuildError } from '../errors.ts';",
      "import { readFile } from 'node:fs/promises';",
    ].join('\n');
    expect(await layeringErrors('scripts/snapshot/layering-fixture.ts', source)).toEqual([]);
  });

  it('keeps the foundation and the datasets below every stage, tool and the front door', async () => {
    expect(
      await layeringErrors(
        'scripts/foundation/layering-fixture.ts',
        "import { DATASETS } from '../datasets/datasets.ts';",
      ),
    ).toHaveLength(1);
    expect(await layeringErrors('scripts/errors.ts', "import { runPipeline } from './pipeline.ts';")).toHaveLength(1);
    expect(
      await layeringErrors(
        'scripts/datasets/layering-fixture.ts',
        "import { readHarvestPages } from '../harvest/harvest-store.ts';",
      ),
    ).toHaveLength(1);
    expect(
      await layeringErrors(
        'scripts/datasets/layering-fixture.ts',
        "import { FORMAT_TYPES } from './data-dictionary.ts';",
      ),
    ).toEqual([]);
  });

  it('keeps the tools out of the stages, except the harvest stage starting the demo upstream', async () => {
    expect(
      await layeringErrors(
        'scripts/snapshot/layering-fixture.ts',
        "import { renderDocs } from '../docs/generated-sections.ts';",
      ),
    ).toHaveLength(1);
    expect(
      await layeringErrors(
        'scripts/harvest/harvest-store.ts',
        "import { demoDataset } from '../synthetic/synthetic-data.ts';",
      ),
    ).toHaveLength(1);
    expect(
      await layeringErrors(
        'scripts/harvest/harvest-stage.ts',
        "import { demoDataset } from '../synthetic/synthetic-data.ts';",
      ),
    ).toEqual([]);
    expect(
      await layeringErrors(
        'scripts/harvest/harvest-stage.ts',
        "import { runCheckStage } from '../check/check-stage.ts';",
      ),
    ).toHaveLength(1);
    expect(
      await layeringErrors('scripts/upstream/layering-fixture.ts', "import { runPipeline } from '../pipeline.ts';"),
    ).toHaveLength(1);
    expect(
      await layeringErrors(
        'scripts/upstream/layering-fixture.ts',
        "import { demoDataset } from '../synthetic/synthetic-data.ts';",
      ),
    ).toEqual([]);
    expect(
      await layeringErrors(
        'scripts/synthetic/layering-fixture.ts',
        "import type { UpstreamData } from '../upstream/upstream-data.ts';",
      ),
    ).toHaveLength(1);
  });

  it('keeps dataset declarations out of the site: it reads them through the registry and their roles', async () => {
    for (const [file, source] of [
      ['scripts/site/layering-fixture.ts', "import { turnoutDataset } from '../datasets/turnout-dataset.ts';"],
      ['scripts/site/pages/layering-fixture.ts', "import { partyDataset } from '../../datasets/party-dataset.ts';"],
      [
        'site/src/lib/layering-fixture.ts',
        "import { dapilDataset } from '../../../scripts/datasets/dapil-dataset.ts';",
      ],
    ] as const) {
      const errors = await layeringErrors(file, source);
      expect(errors, source).toHaveLength(1);
      expect(errors[0]).toContain('does not name a dataset');
    }
    const registry = [
      "import { dapilPagesDataset, DATASETS } from '../datasets/datasets.ts';",
      "import type { DatasetDefinition } from '../datasets/dataset-definition.ts';",
    ].join('\n');
    expect(await layeringErrors('scripts/site/layering-fixture.ts', registry)).toEqual([]);
    // The stages below the site still read a declaration by name where they need one (the synthetic data, say).
    expect(
      await layeringErrors(
        'scripts/snapshot/layering-fixture.ts',
        "import { turnoutDataset } from '../datasets/turnout-dataset.ts';",
      ),
    ).toEqual([]);
  });

  it('fails a stage that imports the front door', async () => {
    expect(
      await layeringErrors('scripts/publish/layering-fixture.ts', "import { runPipeline } from '../pipeline.ts';"),
    ).toHaveLength(1);
  });
});
