// Astro's ambient types (import.meta.env and friends) for an editor's plain TypeScript service over the site's .ts
// files; `astro check` (npm run typecheck: the site's .astro and .ts files under site/tsconfig.json) brings them itself.
/// <reference types="astro/client" />
