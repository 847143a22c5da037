// Astro settings of the static site. The data folder and `base` are given by scripts/site/site-stage.ts
// for each build; this file holds what every build shares. A plain object checked against Astro's type rather than
// `defineConfig`: importing astro/config loads its SVG optimizer (svgo and its CSS parsers, 280 modules) into every
// site build, which reads none of it.
import type { AstroUserConfig } from 'astro';

export default {
  output: 'static',
  // Every page is a folder with index.html, and links end in "/": the URL scheme of scripts/site/site-routes.ts.
  trailingSlash: 'always',
  build: { format: 'directory', inlineStylesheets: 'never' },
  compressHTML: true,
  devToolbar: { enabled: false },
  prefetch: false,
} satisfies AstroUserConfig;
