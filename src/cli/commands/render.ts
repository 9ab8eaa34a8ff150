import { type Command, Option } from 'commander';
import { feedbackEndpoint } from '../../render/chrome.ts';
import { type RenderResult, render } from '../../render/index.ts';
import { UsageError } from '../options.ts';

export function addRenderOptions(command: Command): Command {
  return command
    .addOption(new Option('--out <dir>', 'output directory').default('dist'))
    .addOption(
      new Option(
        '--base <path>',
        "base path the site is served under (default: the site's basename, else /)",
      ),
    )
    .addOption(new Option('--verbose', "show Astro's own output"))
    .addOption(
      new Option(
        '--feedback-url <url>',
        'where the "was this helpful?" control posts JSON {page, helpful} (feedback.enabled)',
      ).argParser(feedbackUrl),
    );
}

export interface RenderCliOptions {
  cache: string;
  out: string;
  base?: string;
  verbose?: boolean;
  feedbackUrl?: string;
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
    verbose: options.verbose,
    feedbackUrl: options.feedbackUrl,
  });
}

function feedbackUrl(value: string): string {
  const url = feedbackEndpoint(value);
  if (!url) throw new UsageError(`--feedback-url must be an http(s) URL, got ${value}`);
  return url;
}

export function reportRender(result: RenderResult): void {
  for (const note of result.notes) console.log(`note: ${note}`);
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
      (broken ? `; ${broken} broken link${broken === 1 ? '' : 's'}` : ''),
  );
}
