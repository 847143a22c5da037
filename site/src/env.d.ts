// Astro's ambient types (import.meta.env and friends) for the plain TypeScript check of the site (tsc -p site);
// astro check brings them itself.
/// <reference types="astro/client" />
