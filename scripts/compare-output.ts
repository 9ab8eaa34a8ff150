import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';

/**
 * Proves that a change left the rendered site as it was: builds the bundled example with each
 * of two checkouts (fresh caches, so neither reuses anything) and compares the two outputs file
 * by file, names and bytes. Prints every file that differs; exits 1 on any difference.
 *
 *   node scripts/compare-output.ts --before /tmp/old-checkout --after . [--work DIR]
 *   node scripts/compare-output.ts --dirs OUT_A OUT_B      (two outputs already built)
 *
 * Pagefind writes the values of each search filter in an order of its own that differs from run
 * to run (two builds of one checkout differ there), and names its filter and meta files by the
 * hash of their bytes. Those files are compared by what they hold: filter values sorted, and a
 * file's hashed name replaced by the digest of that content wherever it is named.
 */

const USAGE =
  'usage: node scripts/compare-output.ts --before CHECKOUT --after CHECKOUT [--work DIR] | --dirs A B';

/** The example's output built with the checkout at `checkout`, into `<work>/<name>`. */
async function buildExample(checkout: string, work: string, name: string): Promise<string> {
  const out = path.join(work, name);
  const cache = path.join(work, `${name}-cache`);
  await rm(out, { recursive: true, force: true });
  await rm(cache, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    ['bin/offprint.js', 'build', '--example', '--out', out, '--cache', cache],
    { cwd: checkout, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  return out;
}

/** Every file under `dir`, by path relative to it (forward slashes), sorted. */
async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) =>
      path.relative(dir, path.join(entry.parentPath, entry.name)).replaceAll('\\', '/'),
    )
    .sort();
}

function digest(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Pagefind's files: `pagefind_dcd` and CBOR, gzipped. */
const PAGEFIND_MAGIC = 'pagefind_dcd';

/** The CBOR value Pagefind encoded in `bytes` (only the types it writes). */
function decodePagefind(gzipped: Buffer): unknown {
  const bytes = gunzipSync(gzipped);
  if (bytes.subarray(0, PAGEFIND_MAGIC.length).toString('latin1') !== PAGEFIND_MAGIC)
    throw new Error('not a Pagefind file');
  let at = PAGEFIND_MAGIC.length;
  const length = (info: number): number => {
    if (info < 24) return info;
    const size = 2 ** (info - 24);
    let value = 0;
    for (let i = 0; i < size; i++) value = value * 256 + (bytes[at++] as number);
    return value;
  };
  const next = (): unknown => {
    const head = bytes[at++] as number;
    const major = head >> 5;
    const info = head & 31;
    if (major === 7) return info === 20 ? false : info === 21 ? true : null;
    const n = length(info);
    switch (major) {
      case 0:
        return n;
      case 1:
        return -1 - n;
      case 2:
        at += n;
        return `bytes:${bytes.subarray(at - n, at).toString('hex')}`;
      case 3:
        at += n;
        return bytes.subarray(at - n, at).toString('utf8');
      case 4:
        return Array.from({ length: n }, next);
      case 5:
        return Object.fromEntries(Array.from({ length: n }, () => [next(), next()]));
      default:
        throw new Error(`CBOR major type ${major} at ${at - 1}`);
    }
  };
  return next();
}

/**
 * `value` with every string that `names` maps replaced by what it maps to; the meta file's list
 * of filters (`[name, file]` pairs, in an order that varies too) sorted.
 */
function renamed(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return names.get(value) ?? value;
  if (!Array.isArray(value)) return value;
  const items = value.map((item) => renamed(item, names));
  const filters = items.every(
    (item) => Array.isArray(item) && String(item.at(-1)).startsWith('filter-'),
  );
  return filters && items.length > 0
    ? items.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))
    : items;
}

/**
 * Each file of the output as compared: its name and content, Pagefind's filter and meta files
 * by what they hold (see the header), every other file as it is.
 */
async function comparable(dir: string): Promise<Map<string, Buffer>> {
  const files = await filesOf(dir);
  const names = new Map<string, string>();
  const out = new Map<string, Buffer>();
  const read = (file: string) => readFile(path.join(dir, file));
  // `filter/en_2927cee.pf_filter`, `pagefind.en_5e489a5818.pf_meta`: the hashed name is `en_…`.
  const hashOf = (file: string) =>
    path
      .basename(file)
      .replace(/^pagefind\./, '')
      .replace(/\.pf_(filter|meta)$/, '');
  for (const file of files.filter((f) => /^pagefind\/filter\/[^/]+\.pf_filter$/.test(f))) {
    // [name, [[value, pages], …]] in Pagefind's order of the values: sorted here.
    const [name, values] = decodePagefind(await read(file)) as [string, [string, number[]][]];
    const text = JSON.stringify([name, [...values].sort(([a], [b]) => (a < b ? -1 : 1))]);
    const canonical = `filter-${digest(text).slice(0, 12)}`;
    names.set(hashOf(file), canonical);
    out.set(`pagefind/filter/${canonical}.pf_filter`, Buffer.from(text));
  }
  for (const file of files.filter((f) => /^pagefind\/[^/]+\.pf_meta$/.test(f))) {
    const text = JSON.stringify(renamed(decodePagefind(await read(file)), names));
    const canonical = `meta-${digest(text).slice(0, 12)}`;
    names.set(hashOf(file), canonical);
    out.set(`pagefind/${canonical}.pf_meta`, Buffer.from(text));
  }
  for (const file of files) {
    if (/^pagefind\/(filter\/[^/]+\.pf_filter|[^/]+\.pf_meta)$/.test(file)) continue;
    let bytes = await read(file);
    if (file === 'pagefind/pagefind-entry.json') {
      let text = bytes.toString('utf8');
      for (const [from, to] of names) text = text.replaceAll(`"${from}"`, `"${to}"`);
      bytes = Buffer.from(text);
    }
    out.set(file, bytes);
  }
  return out;
}

interface Comparison {
  compared: number;
  differences: string[];
}

export async function compareOutputs(a: string, b: string): Promise<Comparison> {
  const [inA, inB] = await Promise.all([comparable(a), comparable(b)]);
  const differences: string[] = [];
  for (const file of inA.keys()) if (!inB.has(file)) differences.push(`only in ${a}: ${file}`);
  for (const file of inB.keys()) if (!inA.has(file)) differences.push(`only in ${b}: ${file}`);
  let compared = 0;
  for (const [file, bytesA] of inA) {
    const bytesB = inB.get(file);
    if (!bytesB) continue;
    compared++;
    if (!bytesA.equals(bytesB))
      differences.push(
        `differs: ${file} (${bytesA.length} bytes ${digest(bytesA).slice(0, 12)} / ${bytesB.length} bytes ${digest(bytesB).slice(0, 12)})`,
      );
  }
  return { compared, differences };
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      before: { type: 'string' },
      after: { type: 'string' },
      work: { type: 'string', default: '/tmp/offprint-compare' },
      dirs: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  let a: string;
  let b: string;
  if (values.dirs) {
    const [first, second] = positionals;
    if (!first || !second) throw new Error(`--dirs takes two folders (${USAGE})`);
    [a, b] = [path.resolve(first), path.resolve(second)];
  } else {
    if (!values.before || !values.after)
      throw new Error(`--before and --after are required (${USAGE})`);
    const work = path.resolve(values.work);
    await mkdir(work, { recursive: true });
    a = await buildExample(path.resolve(values.before), work, 'before');
    b = await buildExample(path.resolve(values.after), work, 'after');
  }
  const { compared, differences } = await compareOutputs(a, b);
  for (const line of differences) console.log(line);
  console.log(
    `compare-output: ${compared} files compared, ${differences.length} difference${differences.length === 1 ? '' : 's'} (${a} vs ${b})`,
  );
  return differences.length === 0 ? 0 : 1;
}

process.exitCode = await main();
