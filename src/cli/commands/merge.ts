import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { type Command, Option } from 'commander';
import { cacheOption, DEFAULT_PATHS, UsageError } from '../options.ts';
import { createOutput } from '../output.ts';
import { inside, realPath } from '../path-rules.ts';
import { addLockWaitOption, type ConfigFlag, guardRun } from '../run-guard.ts';

const EXAMPLES = `
Examples:
  $ offprint render --shard 1/2 --out parts/1 && offprint render --shard 2/2 --out parts/2
  $ offprint merge parts/1 parts/2 --out dist   # in any order

The parts are folders written by offprint render --shard K/N from one snapshot with the same
flags (on a CI matrix, one job each: see docs/sharding.md). Nothing is rendered again: their
files are copied, the site's sitemap, llms files, robots.txt and _headers written, and every link
checked across the parts.`;

interface MergeCliOptions extends ConfigFlag {
  out: string;
  cache: string;
  failOnBrokenLinks?: boolean;
  lockWait?: number;
  verbose?: boolean;
  quiet?: boolean;
}

export function registerMerge(program: Command): void {
  addLockWaitOption(program.command('merge'))
    .description('Join the parts of a sharded render (render --shard K/N) into one site')
    .argument('<parts...>', 'the parts’ folders, each written by offprint render --shard')
    .addOption(new Option('--out <dir>', 'output directory').default(DEFAULT_PATHS.out))
    .addOption(cacheOption())
    .addOption(
      new Option(
        '--fail-on-broken-links',
        'exit 1 when a link is broken, leaving the previous output as it was',
      ),
    )
    .addHelpText('after', EXAMPLES)
    .action(async (parts: string[], options: MergeCliOptions) => {
      const output = createOutput(options);
      refusePartPaths(parts, options.out);
      const run = {
        command: 'merge',
        cache: options.cache,
        out: options.out,
        config: options.config,
        lockWait: options.lockWait,
        output,
      };
      // Loaded on use, as the render is: --help and the other commands need none of it.
      const { REPORT_FILE, summarize } = await import('../../hosting/index.ts');
      const { mergeParts } = await import('../../merge/merge.ts');
      const { PartError } = await import('../../hosting/part-manifest.ts');
      const result = await guardRun(run, () =>
        mergeParts({
          parts,
          outDir: options.out,
          reportFile: path.join(options.cache, REPORT_FILE),
          failOnBrokenLinks: options.failOnBrokenLinks,
        }).catch((error: unknown) => {
          // Parts that do not make one site are the user's to change (exit 2).
          throw error instanceof PartError ? new UsageError(error.message) : error;
        }),
      );
      output.info(
        `merged ${result.parts} parts: ${result.pages} pages${result.aliases ? ` (+${result.aliases} redirects)` : ''} and ${result.files} files into ${result.outDir} in ${result.seconds.toFixed(1)} s`,
      );
      if (result.report.total > 0)
        output.warn(summarize(result.report, path.join(options.cache, REPORT_FILE)));
    });
}

/** Each part is a folder, and none is the output, inside it or holds it: checked before any work. */
function refusePartPaths(parts: readonly string[], out: string): void {
  const target = realPath(path.resolve(out));
  for (const part of parts) {
    if (!existsSync(part) || !statSync(part).isDirectory())
      throw new UsageError(
        `part ${part} is not a folder: name the folders offprint render --shard wrote`,
      );
    const real = realPath(path.resolve(part));
    if (inside(real, target) || inside(target, real))
      throw new UsageError(
        `--out ${out} and the part ${part} overlap: the merge would replace what it reads; choose another --out`,
      );
  }
}
