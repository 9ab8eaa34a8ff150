import path from 'node:path';
import { type Command, Option } from 'commander';
import { type InitFlags, initAnswers } from '../init/ask.ts';
import { CONFIG_FILE, offprintVersion } from '../init/files.ts';
import { applyInit, type FileChange, planInit } from '../init/plan.ts';
import { parseShards } from '../init/sharded-workflow.ts';
import { createOutput, type VerbosityOptions } from '../output.ts';

const EXAMPLES = `
Examples:
  $ npx offprint init docs --api-url https://api.gitbook.com --org ORG_ID --site SITE_ID
  $ npx offprint init                  # this folder; asks for the ids on a terminal
  $ npx offprint init --example        # builds the bundled example: npm run build works at once
  $ npx offprint init --shards 4       # a site too large for one CI job: renders in 4 parts
  $ npx --yes --package=../offprint/offprint-${offprintVersion()}.tgz offprint init --example   # from a tarball

Writes package.json (Offprint as a devDependency: the tarball it runs from, as a path, or the
registry's version; build, preview and check-config scripts),
offprint.config.json, .gitignore, .github/workflows/deploy.yml and pages/about-this-site.md.
With --shards N the workflow pulls once, renders N parts on a job matrix and merges them
(docs/sharding.md). An existing file is never overwritten without --force; package.json and .gitignore get the
entries they lack.`;

type InitOptions = InitFlags & VerbosityOptions & { force?: boolean; shards?: number };

export function registerInit(program: Command): void {
  program
    .command('init')
    .description('Set up a docs repository that builds its site with Offprint')
    .argument('[dir]', 'the repository folder, created if missing', '.')
    .addOption(new Option('--api-url <url>', 'API base URL for offprint.config.json'))
    .addOption(new Option('--org <id>', 'organization id for offprint.config.json'))
    .addOption(new Option('--site <id>', 'site id for offprint.config.json'))
    .option('--example', 'configure the bundled example instead of a platform site')
    .option('-y, --yes', 'ask nothing: ids not given as flags become placeholders')
    .option('--force', 'replace files and scripts that exist')
    .addOption(
      new Option(
        '--shards <n>',
        'write a workflow that renders the site in N parts on a CI job matrix (2 to 64)',
      ).argParser(parseShards),
    )
    .addHelpText('after', EXAMPLES)
    .action(async (dir: string, options: InitOptions) => {
      const output = createOutput(options);
      const root = path.resolve(dir);
      const changes = await planInit(root, await initAnswers(options), {
        force: options.force ?? false,
        ...(options.shards === undefined ? {} : { shards: options.shards }),
      });
      const conflicts = changes.flatMap((change) => (change.conflict ? [change.conflict] : []));
      if (conflicts.length > 0)
        throw new Error(
          `init would overwrite what is there (${conflicts.join('; ')}): nothing written; pass --force to replace`,
        );
      await applyInit(root, changes);
      for (const change of changes) output.info(`${describe(change)} ${change.file}`);
      output.info(nextSteps(dir, options.example ?? false, changes));
    });
}

function describe(change: FileChange): string {
  const verb = { create: 'created', replace: 'replaced', update: 'updated', unchanged: 'kept' };
  return verb[change.action].padEnd(8);
}

function nextSteps(dir: string, example: boolean, changes: FileChange[]): string {
  const steps = dir === '.' ? [] : [`  cd ${dir}`];
  steps.push('  npm install                  # installs Offprint; commit package-lock.json too');
  if (example) {
    steps.push('  npm run build                # builds the bundled example into dist/ (no token)');
  } else {
    const config = changes.find((change) => change.file === CONFIG_FILE)?.content ?? '';
    if (config.includes('YOUR_'))
      steps.push(`  # fill in the ids in ${CONFIG_FILE}, then check it:  npm run check-config`);
    steps.push('  export OFFPRINT_TOKEN=...    # an API token of the platform (never in a file)');
    steps.push('  npm run build                # pulls the site and renders it into dist/');
  }
  steps.push('  npm run preview              # builds and serves it on http://127.0.0.1:4321');
  return `\nNext:\n${steps.join('\n')}\n\nDeploying: see the comments at the top of .github/workflows/deploy.yml.`;
}
