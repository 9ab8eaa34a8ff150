#!/usr/bin/env node
// The package runs the compiled JavaScript in lib/ (`npm run compile`, run by `npm pack`). A
// checkout has no lib/: there Node runs the TypeScript sources itself (it strips their types;
// tsconfig's erasableSyntaxOnly keeps them strippable), so an edit needs no build step (README,
// "Development").
import { existsSync } from 'node:fs';
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';

// Node keeps the compiled bytecode of loaded modules on disk: later starts skip the parse. The
// folder is Offprint's own, which a render keeps bounded (src/utils/compile-cache.ts); with
// NODE_COMPILE_CACHE set, Node has enabled the user's folder already and this changes nothing.
module.enableCompileCache?.(path.join(os.tmpdir(), 'offprint-compile-cache'));

// A reader that goes away early (`offprint --help | head -1`) closes the pipe: what is left to
// print is dropped, and the command still runs to its end (a build still writes its output).
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
  });
}

const compiled = new URL('../lib/cli/main.js', import.meta.url);
let main;
if (existsSync(compiled)) {
  // Stack traces point into src/ (lib/ ships with source maps).
  process.setSourceMapsEnabled(true);
  ({ main } = await import(compiled.href));
} else if (new URL(import.meta.url).pathname.split('/').includes('node_modules')) {
  // Installed without lib/: npm builds a git dependency with its `prepare` script only, never
  // `prepack`, and Node strips no types under node_modules.
  console.error(
    'offprint: this installed copy has no compiled lib/ (an install from a git URL does not ' +
      'build it): install Offprint from a tarball made by `npm pack` in a clone (README, ' +
      '"Use it in your docs repository")',
  );
  process.exit(1);
} else if (process.features.typescript) {
  ({ main } = await import('../src/cli/main.ts'));
} else {
  console.error(
    `offprint: this checkout has no lib/, and Node ${process.version} does not run TypeScript ` +
      'sources: use Node 22.18 or later, or run `npm run compile` first',
  );
  process.exit(1);
}
process.exitCode = await main(process.argv);
