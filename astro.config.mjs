// Offprint's Astro project. `offprint render` runs Astro's build with this config plus what a
// render decides at run time (outDir, base, the build data directory, the theme): see
// src/render/astro.ts. Running `astro build` by hand is not supported.
import { defineConfig } from 'astro/config';

// Scripts are named after their component or module (`Search.<hash>.js`): every page names
// each of its scripts, and Astro's own names (`Search.astro_astro_type_script_index_0_lang.…`)
// were longer than the rest of the tag.
const scriptFileName = (chunk) =>
  `_astro/${chunk.name.split('.')[0].replace(/[^\w-]/g, '_')}.[hash].js`;

export default defineConfig({
  output: 'static',
  trailingSlash: 'always',
  build: {
    format: 'directory',
    inlineStylesheets: 'never',
    assets: '_astro',
    // Pages in flight at once: one page renders while the last one's folder and file are
    // written (one at a time, every page waited on its own writes).
    concurrency: 4,
  },
  compressHTML: true,
  devToolbar: { enabled: false },
  // Pages are HTML already sanitized by src/markdown; Astro's own markdown is not used.
  markdown: { syntaxHighlight: false },
  prefetch: false,
  // The theme's scripts stay hashed files, cached across pages, rather than inlined into each.
  vite: {
    build: { assetsInlineLimit: 0 },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: { entryFileNames: scriptFileName, chunkFileNames: scriptFileName },
          },
        },
      },
    },
  },
});
