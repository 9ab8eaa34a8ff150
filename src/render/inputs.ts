import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { findPackageJSON } from 'node:module';
import path from 'node:path';
import pLimit from 'p-limit';
import { PROJECT_ROOT } from '../utils/project-root.ts';

/**
 * Everything a render reads, as one digest: the snapshot's content, Offprint's code and theme
 * and the packages that shape the output, the render's options, and the team's own files (local
 * pages, theme overrides). Two renders with equal digests write the same output, so a render
 * whose digest equals the last one's into an intact output directory has nothing to do, without
 * reading a page.
 *
 * The snapshot is digested by content, not by its directory: every pull commits a new snapshot,
 * and a pull that found nothing new should still let the next render skip.
 */
export interface RenderInputs {
  snapshotDir: string;
  /** `snapshotDigest(snapshotDir)`, when the caller has it already. */
  snapshotDigest?: string;
  /** Offprint's own source and theme (LastBuild's source version). */
  sourceVersion: string;
  /** The options that change what is written, by name. */
  options: Record<string, string | undefined>;
  /** The team's local pages and theme overrides with what they import. */
  localFiles: string;
}

export async function renderInputsDigest(inputs: RenderInputs): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`snapshot ${inputs.snapshotDigest ?? (await snapshotDigest(inputs.snapshotDir))}\n`);
  hash.update(`source ${inputs.sourceVersion}\n`);
  hash.update(`packages ${packageVersions()}\n`);
  for (const name of Object.keys(inputs.options).sort())
    hash.update(`option ${name}=${JSON.stringify(inputs.options[name] ?? null)}\n`);
  hash.update(`local ${inputs.localFiles}\n`);
  return hash.digest('hex');
}

/** Manifest members that record the pull, not the site: a re-pull changes nothing else. */
const PULL_ONLY = ['fetchedAt'];

/** A file of the snapshot's content-addressed store (`files/<sha256>`, src/snapshot/format.ts). */
const STORED_FILE = /^files[\\/]([0-9a-f]{64})$/;

/** The snapshot's files by path and content. */
export async function snapshotDigest(dir: string): Promise<string> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
  const limit = pLimit(32);
  const digests = await Promise.all(
    files.map((file) =>
      limit(async () => {
        // A stored file is named by its content's SHA-256 when the pull writes it: the name is
        // its digest, and reading hundreds of megabytes of images again to learn it is what
        // made a render with nothing to do take seconds.
        const stored = STORED_FILE.exec(file)?.[1];
        if (stored) return stored;
        let content: string | Buffer = await readFile(path.join(dir, file));
        if (file === 'manifest.json') {
          const manifest = JSON.parse(content.toString('utf8')) as Record<string, unknown>;
          for (const member of PULL_ONLY) delete manifest[member];
          content = JSON.stringify(manifest);
        }
        return createHash('sha256').update(content).digest('hex');
      }),
    ),
  );
  const hash = createHash('sha256');
  files.forEach((file, index) => {
    hash.update(`${file}\0${digests[index]}\n`);
  });
  return hash.digest('hex');
}

let versions: string | undefined;

/** The installed version of each of Offprint's dependencies: an upgrade may change the output. */
export function packageVersions(): string {
  if (versions !== undefined) return versions;
  const own = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const found: string[] = [];
  for (const name of Object.keys(own.dependencies ?? {}).sort()) {
    let version = 'missing';
    try {
      const file = findPackageJSON(name, import.meta.url);
      if (file)
        version = (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '?';
    } catch {
      // Not resolvable from here (a package with no main entry): its range stands for it.
      version = own.dependencies?.[name] ?? 'missing';
    }
    found.push(`${name}@${version}`);
  }
  versions = found.join(' ');
  return versions;
}
