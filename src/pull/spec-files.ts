import { open, realpath } from 'node:fs/promises';
import path from 'node:path';
import { LOCAL_SPEC_PREFIX } from '../snapshot/openapi.ts';

/**
 * Named OpenAPI specs that are files of the docs repository (the config's `openapi` map), and
 * the files their `$ref`s name: read at pull time from inside the config file's folder, never
 * outside it (`../x`, an absolute path, a symbolic link that leaves it).
 */

/**
 * The snapshot key (`local:///<posix path>`) of `relative`, a path relative to `folder`, or why
 * it is refused. Lexical only: `readLocalSpec` checks symbolic links when it reads.
 */
export function localSpecKey(
  folder: string,
  relative: string,
): { key: string; error?: undefined } | { error: string } {
  if (relative.trim() === '') return { error: 'an empty path' };
  if (path.isAbsolute(relative) || path.win32.isAbsolute(relative))
    return { error: `${relative} is an absolute path: give it relative to the config's folder` };
  const resolved = path.resolve(folder, relative);
  const inside = path.relative(folder, resolved);
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside))
    return { error: `${relative} leaves the config file's folder` };
  return { key: LOCAL_SPEC_PREFIX + inside.split(path.sep).map(encodeURIComponent).join('/') };
}

/** The file inside `folder` that a `local:///` key names, and its path as written. */
function pathOfKey(folder: string, key: string): { file: string; relative: string } | undefined {
  if (!key.startsWith(LOCAL_SPEC_PREFIX)) return undefined;
  let relative: string;
  try {
    relative = key.slice(LOCAL_SPEC_PREFIX.length).split('/').map(decodeURIComponent).join('/');
  } catch {
    return undefined;
  }
  const checked = localSpecKey(folder, relative);
  return checked.error === undefined
    ? { file: path.resolve(folder, relative), relative }
    : undefined;
}

/**
 * The bytes of the file a `local:///` key names, or why there are none: outside the folder
 * (after following links), missing, not a file, or larger than `maxBytes` (not read past it).
 */
export async function readLocalSpec(
  folder: string,
  key: string,
  maxBytes: number,
): Promise<{ bytes: Uint8Array; error?: undefined } | { error: string }> {
  const named = pathOfKey(folder, key);
  if (!named) return { error: `${key} is not a file inside the config file's folder` };
  // Messages name the path as written, never the machine's absolute path (they are stored).
  const { file, relative } = named;
  let real: string;
  let realFolder: string;
  try {
    [real, realFolder] = await Promise.all([realpath(file), realpath(folder)]);
  } catch (error) {
    return {
      error: `cannot read ${relative}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    };
  }
  const inside = path.relative(realFolder, real);
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside))
    return { error: `${relative} is a link that leaves the config file's folder` };
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(real, 'r');
    const stats = await handle.stat();
    if (!stats.isFile()) return { error: `${relative} is not a file` };
    if (stats.size > maxBytes)
      return { error: `${relative} is larger than the ${maxBytes}-byte limit on a spec` };
    // Read at most one byte past the limit: the file may grow after the stat.
    const buffer = Buffer.alloc(Math.min(stats.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === buffer.length) break;
    }
    if (length > maxBytes)
      return { error: `${relative} is larger than the ${maxBytes}-byte limit on a spec` };
    return { bytes: buffer.subarray(0, length) };
  } catch (error) {
    return {
      error: `cannot read ${relative}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    };
  } finally {
    await handle?.close();
  }
}
