import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What `offprint init` writes into a docs repository, as text: the config file, the workflow,
 * the sample local page, and the entries package.json and .gitignore must have. Writing them
 * (and refusing to overwrite) is ./plan.ts's job.
 */

/** The package this module belongs to: its version, and the workflow it ships. */
const PACKAGE_ROOT = new URL('../../../', import.meta.url);

/** Values `offprint init` could not learn: check-config and every command refuse them. */
export const PLACEHOLDERS = { org: 'YOUR_ORG_ID', site: 'YOUR_SITE_ID' } as const;
export const DEFAULT_API_URL = 'https://api.gitbook.com';

export interface InitAnswers {
  /** The bundled example instead of a platform site: no API URL, ids or token. */
  example: boolean;
  apiUrl: string;
  org: string;
  site: string;
}

/** The folder of sample local pages, and the one page in it. */
export const PAGES_DIR = 'pages';
export const SAMPLE_PAGE = `${PAGES_DIR}/about-this-site.md`;
export const WORKFLOW = '.github/workflows/deploy.yml';
export const CONFIG_FILE = 'offprint.config.json';

/** The scripts a docs repository runs: `npm run build` is the README's and the workflow's. */
export const SCRIPTS = {
  build: 'offprint build',
  preview: 'offprint preview',
  'check-config': 'offprint check-config',
} as const;

/**
 * npm's `allowScripts` (npm 11.16+): the dependencies whose install scripts the repository has
 * reviewed. Offprint's tree has one, esbuild's postinstall (it checks its platform binary, which
 * npm installed as an optional dependency; it downloads nothing). Unlisted, npm 11 warns on every
 * install and npm 12 skips the script. Name-only, so a new esbuild version stays allowed.
 */
export const ALLOW_SCRIPTS = { esbuild: true } as const;

/** Lines .gitignore must hold: the snapshot and render cache, and the built site. */
export const GITIGNORE_LINES = ['.offprint/', 'dist/'] as const;

let version: string | undefined;

/** This package's version, from its package.json (read once: `--version` and `init` ask). */
export function offprintVersion(): string {
  version ??= (
    JSON.parse(readFileSync(new URL('package.json', PACKAGE_ROOT), 'utf8')) as { version: string }
  ).version;
  return version;
}

/** `offprint.config.json`: where the site comes from, and the local pages folder. */
export function configFile(answers: InitAnswers): string {
  const config = answers.example
    ? { example: true, pages: PAGES_DIR }
    : { apiUrl: answers.apiUrl, org: answers.org, site: answers.site, pages: PAGES_DIR };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** The deploy workflow Offprint ships (examples/github-actions/deploy.yml), as it is. */
export function workflowFile(): string {
  return readFileSync(new URL('examples/github-actions/deploy.yml', PACKAGE_ROOT), 'utf8');
}

export function samplePage(): string {
  return `---
title: About this site
description: A page kept in this repository, built into the site beside the platform's pages.
---

This page is a file in the docs repository, \`${SAMPLE_PAGE}\`, not a page on the platform.
Offprint adds every \`.md\` and \`.mdx\` file under \`${PAGES_DIR}/\` to the site at its file
path; front matter places it in a section and the sidebar.

## Editing it

Change this file or add pages next to it, then run \`npm run build\` (or \`npm run preview\`).
Delete it when the site needs no pages of its own.
`;
}

/** A package name for a new repository's package.json, from its folder's name. */
export function packageName(dir: string): string {
  const name = path
    .basename(path.resolve(dir))
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+|-+$/g, '');
  return name || 'docs';
}
