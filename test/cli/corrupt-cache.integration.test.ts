import { appendFile, readdir, readFile, realpath, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { useExampleCache } from '../helpers/example-cache.ts';
import { readTree } from '../helpers/fs.ts';

vi.setConfig({ testTimeout: 120_000 });

/** The first file (sorted) under `dir` whose name ends with `suffix`. */
async function firstFile(dir: string, suffix: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  if (!files[0]) throw new Error(`no *${suffix} under ${dir}`);
  return files[0];
}

/**
 * The pages of an output (HTML and the `.md` copies), which must be what a clean build wrote.
 * A diagram drawn again numbers its inner ids from where mermaid's counter stands in that
 * drawing session: those numbers are left out.
 */
async function pages(out: string): Promise<Map<string, string>> {
  const tree = await readTree(out);
  return new Map(
    [...tree]
      .filter(([file]) => /\.(html|md)$/.test(file))
      .map(([file, bytes]) => [
        file,
        bytes.toString().replace(/(op-diagram-\d+-(?:light|dark)-[A-Za-z_-]*?)\d+/g, '$1#'),
      ]),
  );
}

/**
 * A cache damaged as a bad restore or a killed run leaves it: files of the render cache cut
 * short or garbled, a snapshot file cut short and a stored file's bytes changed. The build
 * says so in one line each, makes them again, and writes the pages a clean build writes.
 */
describe('a damaged cache', () => {
  const example = useExampleCache('offprint-corrupt-');

  it('is detected, reported in one line, and rebuilt: the pages are those of a clean build', async () => {
    const render = path.join(example.cache, 'render');
    await truncate(path.join(render, 'last-build.json'), 120);
    await truncate(path.join(render, 'last-links.json'), 40);
    // Still valid JSON, but not what was written: only the checksum tells.
    const entry = await firstFile(path.join(render, 'markdown'), '.json');
    await writeFile(entry, (await readFile(entry, 'utf8')).replace('<p>', '<p>GARBLED '));
    await truncate(await firstFile(path.join(render, 'diagrams'), '.json'), 50);
    const spec = (await readdir(path.join(render, 'openapi'))).find((f) => f !== 'records.json');
    await writeFile(path.join(render, 'openapi', spec as string), '{"openapi":"3.1.0"}');
    const snapshot = await realpath(path.join(example.cache, 'snapshot'));
    await truncate(await firstFile(path.join(snapshot, 'spaces'), 'revision.json'), 200);
    await appendFile(await firstFile(path.join(snapshot, 'files'), ''), 'garbled');

    const out = path.join(example.dir, 'dist');
    // The pull runs again: on the global build's port, so the snapshot is the one it pulled.
    const { env } = inject('exampleBuild');
    const result = await runCli(['build', '--example', '--cache', example.cache, '--out', out], {
      env,
    }).done;
    expect(result.code, result.stderr).toBe(0);
    const warnings = result.stderr.split('\n').filter((line) => /damaged/.test(line));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(
      /^warning: previous snapshot not reused, everything is fetched again: snapshot at .* is damaged: spaces\/.*\/revision\.json is not valid JSON$/,
    );
    expect(warnings[1]).toMatch(
      /^warning: damaged cache files ignored and made again: .*last-build\.json.* and \d+ more$/,
    );
    expect(result.stdout, result.stdout).toMatch(/markdown cache \d+ hits, 1 misses/);
    const clean = await pages(inject('exampleBuild').outDir);
    const rebuilt = await pages(out);
    expect(rebuilt).toEqual(clean);
  });
});
