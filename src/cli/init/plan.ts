import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ALLOW_SCRIPTS,
  CONFIG_FILE,
  configFile,
  GITIGNORE_LINES,
  type InitAnswers,
  PAGES_DIR,
  packageName,
  SAMPLE_PAGE,
  SCRIPTS,
  samplePage,
  WORKFLOW,
  workflowFile,
} from './files.ts';
import { offprintSpec } from './install-source.ts';
import { shardedWorkflowFile } from './sharded-workflow.ts';

/**
 * What `offprint init` will do to each file, decided before anything is written so a refusal
 * leaves the folder untouched. Files of its own are created, or replaced only with --force;
 * package.json and .gitignore are the repository's too, so entries are added to them and a
 * script of the same name with other content is replaced only with --force.
 */
export interface FileChange {
  /** Relative to the repository folder, with forward slashes. */
  file: string;
  action: 'create' | 'replace' | 'update' | 'unchanged';
  content: string;
  /** Why this file would be overwritten: set when --force is needed. */
  conflict?: string;
}

export interface InitChoices {
  /** Replace what is there. */
  force: boolean;
  /** Render in this many parts on a CI matrix instead of in one job (`--shards`). */
  shards?: number;
}

export async function planInit(
  dir: string,
  answers: InitAnswers,
  { force, shards }: InitChoices,
): Promise<FileChange[]> {
  const workflow = shards === undefined ? workflowFile() : shardedWorkflowFile(shards);
  const changes = await Promise.all([
    planPackageJson(dir, force),
    ownFile(dir, CONFIG_FILE, configFile(answers)),
    planGitignore(dir),
    ownFile(dir, WORKFLOW, workflow),
    ownFile(dir, SAMPLE_PAGE, samplePage()),
  ]);
  return force ? changes.map(({ conflict: _, ...change }) => change) : changes;
}

/** Writes the planned files (creating folders, `pages/` included). */
export async function applyInit(dir: string, changes: FileChange[]): Promise<void> {
  await mkdir(path.join(dir, PAGES_DIR), { recursive: true });
  for (const change of changes) {
    if (change.action === 'unchanged') continue;
    const file = path.join(dir, change.file);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, change.content);
  }
}

async function readIfExists(file: string): Promise<string | undefined> {
  return existsSync(file) ? readFile(file, 'utf8') : undefined;
}

async function ownFile(dir: string, file: string, content: string): Promise<FileChange> {
  const current = await readIfExists(path.join(dir, file));
  if (current === undefined) return { file, action: 'create', content };
  if (current === content) return { file, action: 'unchanged', content };
  return { file, action: 'replace', content, conflict: `${file} exists` };
}

async function planGitignore(dir: string): Promise<FileChange> {
  const current = await readIfExists(path.join(dir, '.gitignore'));
  const present = new Set((current ?? '').split(/\r?\n/).map((line) => line.trim()));
  // `dist` and `/dist/` ignore the same folder as `dist/`.
  const missing = GITIGNORE_LINES.filter((line) => {
    const bare = line.replace(/\/$/, '');
    return ![bare, `${bare}/`, `/${bare}`, `/${bare}/`].some((form) => present.has(form));
  });
  if (current === undefined)
    return { file: '.gitignore', action: 'create', content: `${missing.join('\n')}\n` };
  if (missing.length === 0) return { file: '.gitignore', action: 'unchanged', content: current };
  const separator = current === '' || current.endsWith('\n') ? '' : '\n';
  return {
    file: '.gitignore',
    action: 'update',
    content: `${current}${separator}${missing.join('\n')}\n`,
  };
}

type PackageJson = {
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  allowScripts?: Record<string, boolean>;
  [key: string]: unknown;
};

async function planPackageJson(dir: string, force: boolean): Promise<FileChange> {
  const file = 'package.json';
  const text = await readIfExists(path.join(dir, file));
  if (text === undefined) {
    const manifest = {
      name: packageName(dir),
      private: true,
      scripts: { ...SCRIPTS },
      devDependencies: { offprint: offprintSpec(dir) },
      allowScripts: { ...ALLOW_SCRIPTS },
    };
    return { file, action: 'create', content: `${JSON.stringify(manifest, null, 2)}\n` };
  }
  let manifest: PackageJson;
  try {
    manifest = JSON.parse(text) as PackageJson;
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest))
    throw new Error(`${file} does not hold an object`);
  const scripts = { ...manifest.scripts };
  const clashes: string[] = [];
  for (const [name, command] of Object.entries(SCRIPTS)) {
    if (scripts[name] === command) continue;
    if (scripts[name] !== undefined) {
      clashes.push(name);
      if (!force) continue;
    }
    scripts[name] = command;
  }
  const next: PackageJson = { ...manifest, scripts };
  // An install of Offprint before init (`npm install -D offprint`) already lists it.
  if (!manifest.dependencies?.offprint && !manifest.devDependencies?.offprint)
    next.devDependencies = { ...manifest.devDependencies, offprint: offprintSpec(dir) };
  // The team's own decision on a package (true or false) stands.
  const allowScripts = { ...ALLOW_SCRIPTS, ...manifest.allowScripts };
  if (Object.keys(allowScripts).some((name) => manifest.allowScripts?.[name] === undefined))
    next.allowScripts = allowScripts;
  const content = `${JSON.stringify(next, null, 2)}\n`;
  const change: FileChange = {
    file,
    action: content === text ? 'unchanged' : 'update',
    content,
  };
  if (clashes.length > 0)
    change.conflict = `${file} has other ${clashes.map((name) => `"${name}"`).join(', ')} script${clashes.length > 1 ? 's' : ''}`;
  return change;
}
