// Where the Astro project lives, and how Astro builds it: site/ at the top of the repository.
import { fileURLToPath } from 'node:url';

export const SITE_ROOT = fileURLToPath(new URL('../../site/', import.meta.url));

/**
 * Pages Astro renders at a time (its `build.concurrency`), rather than one after another: about half of a page's
 * time is spent waiting on the file system (the page, and beside dapil and party pages their CSV and JSON), which
 * the others' rendering fills. The ten-times site: 7.3–9.2 s → 5.1–7.6 s, the same bytes
 * (test/build/determinism.test.ts). The benchmark's bare Astro baseline builds with the same setting.
 */
export const ASTRO_BUILD_CONCURRENCY = 8;

/**
 * The Astro build process's exit code when the social cards could not be drawn (scripts/site/astro-build.ts), which
 * the site stage reports as SITE_CARDS_FAILED rather than as a failed Astro build.
 */
export const CARDS_FAILED_EXIT_CODE = 3;
