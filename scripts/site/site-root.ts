// Where the Astro project lives: site/ at the top of the repository.
import { fileURLToPath } from 'node:url';

export const SITE_ROOT = fileURLToPath(new URL('../../site/', import.meta.url));
