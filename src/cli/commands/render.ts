import { type Command, Option } from 'commander';
import { formatSize, llmsFullSize } from '../../hosting/llms-full.ts';
import type { ImageWorkshop } from '../../images/workshop.ts';
import type { AheadOfRender, RenderPdfOptions, RenderResult } from '../../render/index.ts';
import type { ShardOption } from '../../shard/part.ts';
import { parseShard, ShardError } from '../../shard/plan.ts';
import { imageCacheNote } from '../image-cache-note.ts';
import { cacheOption, DEFAULT_PATHS, parsedAsKey, UsageError } from '../options.ts';
import { createOutput, type Output, type VerbosityOptions } from '../output.ts';
import { addLockWaitOption, type ConfigFlag, guardRun } from '../run-guard.ts';
import type { OptionsOf, RenderConfig, SiteConfig } from '../schemas/index.ts';

const EXAMPLES = `
Examples:
  $ offprint render                          # .offprint/snapshot → dist/
  $ offprint render --out public --base /docs/
  $ offprint render --shard 2/4 --out parts/2  # the 2nd of 4 parts, for offprint merge`;

export function addRenderOptions(command: Command): Command {
  return addLockWaitOption(command)
    .addOption(new Option('--out <dir>', 'output directory').default(DEFAULT_PATHS.out))
    .addOption(
      new Option(
        '--base <url-path>',
        "base path the site is served under (default: the site's basename, else /)",
      ),
    )
    .addOption(
      new Option(
        '--site-url <url>',
        "the site's public origin, for canonical URLs, OpenGraph tags and sitemap.xml (default: the site's hostname)",
      ),
    )
    .addOption(
      new Option(
        '--fail-on-broken-links',
        'exit 1 when a link is broken, leaving the previous output as it was',
      ),
    )
    .addOption(
      new Option('--pages <dir>', 'add the .md/.mdx pages in this directory (trusted local files)'),
    )
    .addOption(
      new Option(
        '--theme <dir>',
        "override the default theme's components with these .astro files",
      ),
    )
    .addOption(
      parsedAsKey(
        new Option(
          '--feedback-url <url>',
          'where the "was this helpful?" control posts JSON {page, helpful} (feedback.enabled)',
        ),
      ),
    )
    .addOption(
      parsedAsKey(
        new Option(
          '--feedback-issues <repository-url>',
          'a GitHub or GitLab repository: a "was this helpful?" answer offers a prefilled new issue there',
        ),
      ),
    )
    .addOption(
      new Option('--no-csp', 'write no Content-Security-Policy into _headers (docs/analytics.md)'),
    )
    .addOption(
      new Option(
        '--no-image-variants',
        'serve every image as uploaded, without the smaller copies the build makes (docs/images.md)',
      ),
    )
    .addOption(
      new Option('--no-try-it', 'no "Test it" console on API operations (docs/openapi.md)'),
    )
    .addOption(
      new Option(
        '--no-share-cards',
        'no share card image per page for og:image: the cover, else the logo (docs/share-cards.md)',
      ),
    );
}

/**
 * The options of `addRenderOptions`: the keys of `RenderConfig`, with commander's defaults, and
 * `--lock-wait` (a key of `SiteConfig`, as it concerns the cache).
 */
export type RenderCliOptions = VerbosityOptions &
  OptionsOf<typeof RenderConfig, { cache: string; out: string }> &
  Pick<OptionsOf<typeof SiteConfig>, 'lockWait'> & {
    /** `build`: the cores the pull made image variants on, still at work (not a flag). */
    imageWorkshop?: ImageWorkshop;
    /** In `build`: the pull's work ahead of the render (src/pull/early). */
    early?: AheadOfRender;
  };

export function registerRender(program: Command): void {
  addRenderOptions(program.command('render'))
    .description('Render the current snapshot into a static site (no network)')
    .addOption(cacheOption())
    .addOption(
      new Option(
        '--shard <K/N>',
        'render only the K-th of N parts of the site, for offprint merge (docs/sharding.md)',
      ),
    )
    .addHelpText('after', EXAMPLES)
    .action(async (options: RenderCliOptions & ConfigFlag & { shard?: string }) => {
      const output = createOutput(options);
      const run = {
        command: 'render',
        cache: options.cache,
        out: options.out,
        pages: options.pages,
        theme: options.theme,
        config: options.config,
        lockWait: options.lockWait,
        output,
      };
      const shard = options.shard === undefined ? undefined : shardOption(options.shard);
      reportRender(await guardRun(run, () => renderFromCli({ ...options, shard }, output)), output);
      if (shard)
        output.info(
          `part ${shard.index + 1} of ${shard.count}: join the ${shard.count} parts with offprint merge (docs/sharding.md)`,
        );
    });
}

export async function renderFromCli(
  options: RenderCliOptions & { shard?: ShardOption },
  output: Output,
  /** Print PDFs too (`offprint pdf`, `build --pdf`). */
  pdf?: RenderPdfOptions,
): Promise<RenderResult> {
  output.detail(`render: ${options.cache}/snapshot into ${options.out}`);
  // With --verbose Astro prints its own lines, which a rewritten status line would garble.
  const progress = output.verbose ? undefined : output.renderProgress();
  let result: RenderResult;
  try {
    // Loaded on use: the renderer's modules take most of a second to load, which --help and
    // the other commands need not pay.
    const { render } = await import('../../render/index.ts');
    result = await render({
      cacheDir: options.cache,
      outDir: options.out,
      base: options.base,
      siteUrl: options.siteUrl,
      failOnBrokenLinks: options.failOnBrokenLinks,
      pagesDir: options.pages,
      themeDir: options.theme,
      feedbackUrl: options.feedbackUrl,
      ...(options.feedbackIssues ? { feedbackIssues: options.feedbackIssues } : {}),
      ...(options.analytics ? { analytics: options.analytics } : {}),
      ...(options.csp === false ? { csp: false } : {}),
      ...(options.imageVariants === false ? { imageVariants: false } : {}),
      ...(options.imageWorkshop ? { imageWorkshop: options.imageWorkshop } : {}),
      ...(options.tryIt === false ? { tryIt: false } : {}),
      ...(options.shareCards === false ? { shareCards: false } : {}),
      verbose: output.verbose,
      ...(pdf ? { pdf } : {}),
      ...(progress ? { onProgress: (event) => progress.update(event) } : {}),
      ...(options.early ? { early: options.early } : {}),
      ...(options.shard ? { shard: options.shard } : {}),
    });
  } catch (error) {
    // More parts than the site has units is the user's to change (exit 2).
    if (error instanceof ShardError) throw new UsageError(error.message);
    throw error;
  } finally {
    progress?.finish();
  }
  const note = imageCacheNote(result, options.cache);
  if (note) output.info(`note: ${note}`);
  return result;
}

export function reportRender(result: RenderResult, output: Output): void {
  for (const note of result.notes) output.info(`note: ${note}`);
  for (const warning of result.warnings) {
    output.warn(`${warning.page}${warning.line ? `:${warning.line}` : ''}: ${warning.message}`);
  }
  const broken = result.brokenLinks.length;
  const what = `${result.pages} pages${result.aliases ? ` (+${result.aliases} redirects)` : ''} and ${result.assets} files`;
  const done = result.unchanged
    ? `nothing changed since the last render: ${result.outDir} left as it was`
    : `rendered ${what} into ${result.outDir}` +
      (result.reusedPages
        ? ` (${result.reusedPages} unchanged since the last render, copied)`
        : '') +
      (result.search ? `, ${result.search.pages} pages indexed for search` : '');
  const llmsFull = llmsFullSize(result.outDir);
  output.info(
    `${done} in ${result.seconds.toFixed(1)} s; markdown cache ${result.markdownCache.hits} hits, ${result.markdownCache.misses} misses` +
      (llmsFull !== undefined ? `; llms-full.txt ${formatSize(llmsFull)}` : '') +
      (broken ? `; ${broken} unresolved reference${broken === 1 ? '' : 's'}` : ''),
  );
  for (const line of result.changes ?? []) output.info(line);
  if (result.linkReport.total > 0) output.warn(result.linkReport.summary);
  const phases = Object.entries(result.phases)
    .map(([phase, seconds]) => `${phase} ${seconds.toFixed(2)} s`)
    .join(', ');
  output.detail(`render phases: ${phases}`);
  if (result.images.made + result.images.reused > 0)
    output.detail(
      `images: ${result.images.made} variants made, ${result.images.reused} reused from the cache`,
    );
  if (result.cards)
    output.detail(
      `share cards: ${result.cards.drawn} drawn, ${result.cards.reused} reused from the cache`,
    );
  const specs = result.openapi;
  if (specs)
    output.detail(
      `OpenAPI specs: ${specs.specs} (${specs.parsed} loaded from ${specs.documents} documents, ${specs.reused} reused from the last render, ${specs.failed} unreadable)`,
    );
}

/** `--shard K/N`, or a usage error naming what is wrong with it. */
function shardOption(text: string): ShardOption {
  try {
    return parseShard(text);
  } catch (error) {
    if (error instanceof ShardError) throw new UsageError(error.message);
    throw error;
  }
}
