import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { useExampleCache } from '../helpers/example-cache.ts';
import { leftInGroup } from '../helpers/process-group.ts';

// A full render as a process, diagrams drawn in Chromium: past the default 30 s on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

/**
 * A render ends with everything it started: its markdown workers, Pagefind's process, the
 * Chromium that draws diagrams, Astro's helpers. The run is the leader of a process group of
 * its own; once it has exited, no live process of that group may remain. The interrupt tests
 * (interrupt.integration.test.ts) hold runs stopped by SIGINT and SIGTERM to the same.
 */
describe('a render leaves no process of its group behind', () => {
  const example = useExampleCache('offprint-process-group-');

  it('after a full render: workers, Pagefind and the diagrams browser all gone', async () => {
    const out = path.join(example.dir, 'full');
    // A fresh output and no drawn diagrams in the cache: every part of a render runs.
    await rm(path.join(example.cache, 'render', 'diagrams'), { recursive: true, force: true });
    const { child, done } = runCli(['render', '--cache', example.cache, '--out', out], {
      ownGroup: true,
    });
    const result = await done;
    expect(result.code, result.stderr).toBe(0);
    expect(`${result.stdout}${result.stderr}`).toMatch(
      /mermaid diagrams: \d+ drawn at build time \(0 from the cache\)/,
    );
    expect(await leftInGroup(child.pid as number)).toEqual([]);
  });
});
