/**
 * The render's work done while the pull waits (src/pull/early, docs/architecture.md): `build`
 * draws the mermaid diagrams of the pages as they land and loads the uploaded OpenAPI specs
 * while the rest is fetched; `pull` loads every spec. The render that follows finds them in its
 * caches. Held at the pause point after the spaces (`OFFPRINT_TEST_PAUSE=pull`), the build
 * shows what is done before the pull goes on; an interrupt there leaves only whole entries.
 */
import type { ChildProcess } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSealedJson } from '../../src/utils/sealed.ts';
import { CHROMIUM, requireChromium } from '../helpers/browser.ts';
import { runCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/fs.ts';
import { leftInGroup } from '../helpers/process-group.ts';

/** The example's diagrams (ten) in two schemes each. */
const EXAMPLE_DRAWINGS = 20;

/** Every file under `dir` (none when it is not there), by path relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** The held builds, ended at the end should a test fail before it signals its own. */
const held: ChildProcess[] = [];

/** `build --example` held in its pull, once the spaces are in; its process group is its own. */
async function heldBuild(cache: string, out: string) {
  const run = runCli(['build', '--example', '--cache', cache, '--out', out], {
    env: { OFFPRINT_TEST_PAUSE: 'pull', OFFPRINT_CHROMIUM: CHROMIUM },
    ownGroup: true,
  });
  held.push(run.child);
  await pausedAt(run.child, 'pull');
  return run;
}

function pausedAt(child: ChildProcess, point: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stderr?.on('data', (chunk) => {
      seen += chunk;
      if (seen.includes(`paused at ${point}`)) resolve();
    });
    child.on('close', () => reject(new Error(`exited before ${point}: ${seen}`)));
  });
}

// Each test holds a whole build of the example and waits up to two minutes for its drawings:
// the default 30 s ended the first on a loaded machine before its render.
describe('the render’s work done while the pull waits', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    requireChromium();
    temp = await tempDir('offprint-early-');
  });
  afterAll(async () => {
    for (const child of held) {
      if (child.exitCode === null && child.signalCode === null && child.pid)
        process.kill(-child.pid, 'SIGKILL');
    }
    await temp?.cleanup();
  });

  it('build draws the diagrams as pages land; pull loads the specs; the render finds both done', async () => {
    const cache = path.join(temp.dir, 'done', 'cache');
    const out = path.join(temp.dir, 'done', 'dist');
    const render = path.join(cache, 'render');
    const { child, done } = await heldBuild(cache, out);
    // Held after the spaces, before the documents pages name by URL are fetched: every drawing
    // is made, and the specs uploaded as files are loaded.
    await expect
      .poll(() => filesUnder(path.join(render, 'diagrams')), { timeout: 120_000, interval: 250 })
      .toHaveLength(EXAMPLE_DRAWINGS);
    await expect
      .poll(() => filesUnder(path.join(render, 'openapi')), { timeout: 60_000, interval: 250 })
      .toContain('records.json');
    child.kill('SIGINT');
    expect((await done).code).toBe(130);
    expect(await leftInGroup(child.pid as number), 'Chromium left running').toEqual([]);

    const pulled = await runCli(['pull', '--example', '--cache', cache, '-v']).done;
    expect(pulled.code, pulled.stderr).toBe(0);
    // The specs found by URL: the uploaded ones were loaded by the build.
    expect(pulled.stdout).toMatch(
      /^ {2}ahead of the render: 0 diagram\(s\) drawn, [1-8] OpenAPI spec\(s\) loaded$/m,
    );
    const rendered = await runCli(['render', '--cache', cache, '--out', out, '-v']).done;
    expect(rendered.code, rendered.stderr).toBe(0);
    expect(rendered.stdout).toContain(
      'note: mermaid diagrams: 10 drawn at build time (10 from the cache)',
    );
    expect(rendered.stdout).toContain(
      'OpenAPI specs: 9 (0 loaded from 0 documents, 9 reused from the last render, 0 unreadable)',
    );
  }, 240_000);

  it('an interrupt while drawing ahead leaves whole entries only, and no Chromium', async () => {
    const cache = path.join(temp.dir, 'stopped', 'cache');
    const out = path.join(temp.dir, 'stopped', 'dist');
    const diagrams = path.join(cache, 'render', 'diagrams');
    const { child, done } = await heldBuild(cache, out);
    // The first diagram drawn, the next ones being drawn.
    await expect
      .poll(() => filesUnder(diagrams), { timeout: 120_000, interval: 50 })
      .not.toHaveLength(0);
    child.kill('SIGINT');
    expect((await done).code).toBe(130);
    expect(await leftInGroup(child.pid as number), 'Chromium left running').toEqual([]);
    const left = await filesUnder(path.join(cache, 'render'));
    expect(left.filter((file) => /\.(partial|tmp)$/.test(file))).toEqual([]);
    const drawings = left.filter((file) => file.startsWith('diagrams/'));
    expect(drawings.length).toBeLessThan(EXAMPLE_DRAWINGS);
    for (const file of drawings) {
      await expect(readSealedJson(path.join(cache, 'render', file))).resolves.toBeDefined();
    }
  }, 180_000);
});
