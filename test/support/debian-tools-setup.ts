// The Debian programs some tests run as a user would (besides the browser tests' Chromium, chromium-setup.ts):
// LibreOffice Calc, which opens the XLSX files; Python with pandas, R with readr, jsonlite and readxl, and unzip, which
// run the downloads page's loading lines; and Debian's full Chromium, in which the quick benchmark measures the pages
// and runs Lighthouse (bench/support/bench-chromium.ts), whichever browser the browser tests drive. Installed with
// apt-get when missing and this machine lets us (root, or sudo without a password), as Chromium is; otherwise the
// tests stop with one line saying what to run. Never skipped.
// Run on its own with `npm run test:setup`; the ci project of vitest.config.ts runs it as its global setup.
import { accessSync, constants } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHROMIUM } from '../../bench/support/bench-chromium.ts';
import { defaultSetup, type ChromiumSetup } from './chromium-setup.ts';

/** Debian's libreoffice-calc puts `soffice` here; KPU_TEST_SOFFICE overrides it. */
export const SOFFICE_PATH = process.env.KPU_TEST_SOFFICE || '/usr/bin/soffice';
/** Debian's Python, whose modules Debian's python3-* packages provide (not a python3 found first on PATH). */
export const PYTHON_PATH = '/usr/bin/python3';
export const RSCRIPT_PATH = '/usr/bin/Rscript';
export const UNZIP_PATH = '/usr/bin/unzip';
const PYTHON_MODULES = '/usr/lib/python3/dist-packages';
const R_LIBRARY = '/usr/lib/R/site-library';

export interface DebianTool {
  /** What the tests need, in words. */
  name: string;
  /** The Debian packages that provide it. */
  packages: readonly string[];
  /** The file whose presence says it is installed (a program, or a file of the module or library). */
  file: string;
}

/** The programs the tests outside the browser need. */
export const DEBIAN_TOOLS: readonly DebianTool[] = [
  { name: 'LibreOffice Calc', packages: ['libreoffice-calc'], file: SOFFICE_PATH },
  { name: 'pandas', packages: ['python3-pandas'], file: `${PYTHON_MODULES}/pandas/__init__.py` },
  {
    name: 'openpyxl (pandas reading XLSX)',
    packages: ['python3-openpyxl'],
    file: `${PYTHON_MODULES}/openpyxl/__init__.py`,
  },
  { name: 'R', packages: ['r-base-core'], file: RSCRIPT_PATH },
  { name: "R's readr", packages: ['r-cran-readr'], file: `${R_LIBRARY}/readr/DESCRIPTION` },
  { name: "R's jsonlite", packages: ['r-cran-jsonlite'], file: `${R_LIBRARY}/jsonlite/DESCRIPTION` },
  { name: "R's readxl", packages: ['r-cran-readxl'], file: `${R_LIBRARY}/readxl/DESCRIPTION` },
  { name: 'unzip', packages: ['unzip'], file: UNZIP_PATH },
  { name: 'Chromium (the benchmark’s pages and Lighthouse)', packages: ['chromium'], file: CHROMIUM },
];

/** How to install, run and log: chromium-setup.ts's, without its browser and the browser's package. */
export type ToolSetup = Omit<ChromiumSetup, 'binary' | 'packageName'> & { present(file: string): boolean };

function isPresent(file: string): boolean {
  try {
    accessSync(file, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

export function defaultToolSetup(): ToolSetup {
  const { installer, run, aptGet, log } = defaultSetup();
  return { installer, run, aptGet, log, present: isPresent };
}

export function installHint(tools: readonly DebianTool[]): string {
  return `${tools.map((tool) => tool.name).join(', ')}: needed by the tests; run \`sudo apt-get install ${tools.flatMap((tool) => tool.packages).join(' ')}\` (Debian), then the tests again.`;
}

/**
 * Makes sure every tool is there, installing the missing ones' packages in one apt-get run; returns the tools
 * installed. Throws an Error whose message is the one-line instruction when they cannot be.
 */
export function ensureDebianTools(
  tools: readonly DebianTool[] = DEBIAN_TOOLS,
  setup: ToolSetup = defaultToolSetup(),
): string[] {
  const missing = tools.filter((tool) => !setup.present(tool.file));
  if (missing.length === 0) return [];
  const hint = installHint(missing);
  const prefix = setup.installer();
  if (prefix === null)
    throw new Error(
      `${missing.map((tool) => tool.file).join(', ')} missing and this user cannot install (not root, no passwordless sudo). ${hint}`,
    );
  const packages = missing.flatMap((tool) => tool.packages);
  setup.log(`missing for the tests: ${packages.join(' ')}; installing with ${setup.aptGet} (once per machine)…`);
  const steps = [
    [...prefix, setup.aptGet, 'update', '-qq'],
    [...prefix, setup.aptGet, 'install', '-y', '-qq', '--no-install-recommends', ...packages],
  ];
  for (const step of steps) {
    const status = setup.run(step);
    if (status !== 0) throw new Error(`\`${step.join(' ')}\` failed (exit ${status}). ${hint}`);
  }
  const still = missing.filter((tool) => !setup.present(tool.file));
  if (still.length > 0)
    throw new Error(
      `${setup.aptGet} installed ${packages.join(' ')}, but ${still.map((tool) => tool.file).join(', ')} still missing. ${hint}`,
    );
  return missing.map((tool) => tool.name);
}

/** vitest global setup of the projects that run these programs. */
export default function setup(): void {
  ensureDebianTools();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const installed = ensureDebianTools();
    console.error(
      `Debian programs for the tests: ${DEBIAN_TOOLS.map((tool) => tool.name).join(', ')} (${installed.length > 0 ? `installed ${installed.join(', ')}` : 'present'}).`,
    );
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
