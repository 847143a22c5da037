// Astro settings of the static site. The data folder and `base` are given by scripts/site/site-stage.ts
// for each build; this file holds what every build shares.
import { defineConfig } from 'astro/config';

export default defineConfig({
  output: 'static',
  // Every page is a folder with index.html, and links end in "/": the URL scheme of scripts/site/site-routes.ts.
  trailingSlash: 'always',
  build: { format: 'directory', inlineStylesheets: 'never' },
  compressHTML: true,
  devToolbar: { enabled: false },
  prefetch: false,
});
