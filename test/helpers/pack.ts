import { execFile } from 'node:child_process';
import { cp, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * `npm pack` of a copy of the tree (the package's files, with the checkout's node_modules for
 * prepack's compile) into `destination`, staged in `work`: prepack writes lib/ and postpack
 * removes it, which in the checkout itself would switch other tests' `offprint` processes to
 * lib/ and back mid-run. Returns the tarball's path.
 */
export async function packTree(work: string, destination: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
    files: string[];
  };
  const stage = path.join(work, 'stage');
  const copied = [...manifest.files, 'package.json', 'README.md', 'tsconfig.build.json'];
  for (const entry of copied)
    await cp(path.join(ROOT, entry), path.join(stage, entry), {
      recursive: true,
      filter: (source) => !source.startsWith(path.join(ROOT, 'lib')),
    });
  await symlink(path.join(ROOT, 'node_modules'), path.join(stage, 'node_modules'), 'dir');
  const { stdout } = await run(npm, ['pack', '--json', '--pack-destination', destination], {
    cwd: stage,
    env: { ...process.env, CI: 'true' },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout: string; stderr: string }) => {
    throw new Error(`npm pack failed in ${stage}:\n${error.stdout}\n${error.stderr}`);
  });
  const [result] = JSON.parse(stdout) as { filename: string }[];
  if (!result) throw new Error(`npm pack printed no file:\n${stdout}`);
  return path.join(destination, result.filename);
}
