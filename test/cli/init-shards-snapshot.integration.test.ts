import { execFile } from 'node:child_process';
import { copyFile, lstat, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { SnapshotStore } from '../../src/snapshot/store.ts';
import { runCli } from '../helpers/cli.ts';

vi.setConfig({ testTimeout: 60_000 });

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'offprint-shards-snapshot-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Step {
  name?: string;
  run?: string;
}

/** A step's script, run as GitHub runs `run:` on Linux (`bash --noprofile --norc -eo pipefail`). */
async function runStep(step: Step | undefined, cwd: string): Promise<void> {
  expect(step?.run, step?.name).toBeDefined();
  await promisify(execFile)(
    'bash',
    ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step?.run as string],
    {
      cwd,
    },
  );
}

/**
 * The snapshot's way from the pull job to the render jobs in the workflow `init --shards`
 * writes: the pull job packs what `offprint pull` wrote, each render job unpacks it into a
 * fresh cache folder, where Offprint finds it as the current snapshot.
 */
describe('the snapshot handed from the pull job to the render jobs', () => {
  it('arrives as the current snapshot of a fresh cache, byte for byte', async () => {
    const repo = path.join(dir, 'repo');
    expect((await runCli(['init', repo, '--example', '--shards', '2']).done).code).toBe(0);
    const workflow = parse(await readFile(path.join(repo, '.github/workflows/deploy.yml'), 'utf8'));
    const pullSteps: Step[] = workflow.jobs.pull.steps;
    const renderSteps: Step[] = workflow.jobs.render.steps;

    // The pull job's workspace: a real pull (the bundled example), then its packing step.
    const pullJob = path.join(dir, 'pull-job');
    await mkdir(pullJob);
    const pull = await runCli(
      ['pull', '--example', '--cache', '.offprint', '--no-image-variants'],
      {
        cwd: pullJob,
      },
    ).done;
    expect(pull.code, pull.stderr).toBe(0);
    await runStep(
      pullSteps.find((step) => step.name === 'Pack the snapshot'),
      pullJob,
    );

    // A render job's workspace: the artifact downloaded into it (download-artifact with a name
    // and no path), then its unpacking step.
    const renderJob = path.join(dir, 'render-job');
    await mkdir(renderJob);
    await copyFile(path.join(pullJob, 'snapshot.tar'), path.join(renderJob, 'snapshot.tar'));
    await runStep(
      renderSteps.find((step) => step.name === 'Unpack the snapshot'),
      renderJob,
    );

    // Offprint keeps the current snapshot as a link: it must arrive as one.
    expect((await lstat(path.join(renderJob, '.offprint/snapshot'))).isSymbolicLink()).toBe(true);
    const current = await new SnapshotStore(path.join(renderJob, '.offprint')).current();
    const pulled = await new SnapshotStore(path.join(pullJob, '.offprint')).current();
    expect(current).toBeDefined();
    expect(pulled).toBeDefined();
    expect(path.basename(current as string)).toBe(path.basename(pulled as string));
    const files = (await readdir(pulled as string, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(pulled as string, path.join(entry.parentPath, entry.name)));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files)
      expect(await readFile(path.join(current as string, file)), file).toEqual(
        await readFile(path.join(pulled as string, file)),
      );
  });
});
