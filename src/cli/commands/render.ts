import { type Command, Option } from 'commander';
import { type RenderResult, render } from '../../render/index.ts';

export function addRenderOptions(command: Command): Command {
  return command
    .addOption(new Option('--out <dir>', 'output directory').default('dist'))
    .addOption(
      new Option(
        '--base <path>',
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
    .addOption(new Option('--verbose', "show Astro's own output"));
}

export interface RenderCliOptions {
  cache: string;
  out: string;
  base?: string;
  siteUrl?: string;
  failOnBrokenLinks?: boolean;
  verbose?: boolean;
}

export function registerRender(program: Command): void {
  addRenderOptions(program.command('render'))
    .description('Render the current snapshot into a static site (no network)')
    .addOption(new Option('--cache <dir>', 'snapshot and render cache').default('.offprint'))
    .action(async (options: RenderCliOptions) => {
      reportRender(await renderFromCli(options));
    });
}

export function renderFromCli(options: RenderCliOptions): Promise<RenderResult> {
  return render({
    cacheDir: options.cache,
    outDir: options.out,
    base: options.base,
    siteUrl: options.siteUrl,
    failOnBrokenLinks: options.failOnBrokenLinks,
    verbose: options.verbose,
  });
}

export function reportRender(result: RenderResult): void {
  for (const warning of result.warnings) {
    console.warn(
      `warning: ${warning.page}${warning.line ? `:${warning.line}` : ''}: ${warning.message}`,
    );
  }
  const broken = result.brokenLinks.length;
  const what = `${result.pages} pages${result.aliases ? ` (+${result.aliases} redirects)` : ''} and ${result.assets} files`;
  const done = result.unchanged
    ? `nothing changed since the last render: ${result.outDir} left as it was`
    : `rendered ${what} into ${result.outDir}` +
      (result.search ? `, ${result.search.pages} pages indexed for search` : '');
  console.log(
    `${done} in ${result.seconds.toFixed(1)} s; markdown cache ${result.markdownCache.hits} hits, ${result.markdownCache.misses} misses` +
      (broken ? `; ${broken} unresolved reference${broken === 1 ? '' : 's'}` : ''),
  );
  if (result.linkReport.total > 0) console.warn(`warning: ${result.linkReport.summary}`);
}
