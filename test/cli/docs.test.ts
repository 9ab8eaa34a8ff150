import { readFile } from 'node:fs/promises';
import type { Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createProgram } from '../../src/cli/main.ts';
import { changesJson } from '../../src/render/stages/review.ts';

const read = (file: string) => readFile(new URL(`../../${file}`, import.meta.url), 'utf8');

describe('the README', () => {
  it('documents every flag of every command, and every exit code', async () => {
    const readme = await read('README.md');
    for (const command of createProgram().commands) {
      expect(readme, command.name()).toContain(`offprint ${command.name()}`);
      for (const option of command.options as Option[]) {
        if (option.long === '--help') continue;
        expect(readme, `${command.name()} ${option.long}`).toMatch(
          new RegExp(`\`(-\\w, )?${option.long}\\b`),
        );
      }
    }
    for (const code of [0, 1, 2]) expect(readme).toMatch(new RegExp(`^\\| ${code} \\| `, 'm'));
  });
});

describe('the GitHub Actions example', () => {
  it('builds with the secret token, caches .offprint and the last dist/, and deploys dist/', async () => {
    const workflow = parse(await read('examples/github-actions/deploy.yml'));
    const steps: {
      uses?: string;
      run?: string;
      with?: Record<string, unknown>;
      env?: Record<string, string>;
    }[] = workflow.jobs.build.steps;
    const uses = (name: string) => steps.find((s) => s.uses?.startsWith(name));
    expect(uses('actions/checkout')).toBeDefined();
    expect(uses('actions/setup-node')?.with?.['node-version']).toBe(24);
    expect(steps.some((s) => s.run === 'npm ci')).toBe(true);
    const cached = String(uses('actions/cache')?.with?.path ?? '').split('\n');
    expect(cached).toEqual(expect.arrayContaining(['.offprint', 'dist']));
    const build = steps.find((s) => s.run?.includes('offprint build'));
    expect(build?.run).toContain('--out dist');
    expect(build?.env?.OFFPRINT_TOKEN).toMatch(/^\$\{\{ secrets\.OFFPRINT_TOKEN \}\}$/);
    expect(uses('actions/upload-pages-artifact')?.with?.path).toBe('dist');
    expect(workflow.jobs.deploy.steps[0].uses).toMatch(/^actions\/deploy-pages@/);
  });

  it('carries a commented change-request preview that, uncommented, builds the request and lists changes.json', async () => {
    const text = await read('examples/github-actions/deploy.yml');
    // Uncommented as its comment says: the `inputs` block and the preview step.
    const lines = text.split('\n');
    const start = lines.findIndex((line) => line.includes('# inputs:'));
    const stepAt = lines.findIndex((line) => line.includes('# - name: Preview a change request'));
    const uncomment = (from: number) => {
      for (let i = from; i < lines.length && /^\s*# {1,}\S/.test(lines[i] as string); i++) {
        lines[i] = (lines[i] as string).replace(/^(\s*)# /, '$1');
      }
    };
    uncomment(start);
    uncomment(stepAt);
    const workflow = parse(lines.join('\n'));
    expect(workflow.on.workflow_dispatch.inputs.change_request.default).toBe('');
    const preview = workflow.jobs.build.steps.find(
      (step: { name?: string }) => step.name === 'Preview a change request',
    );
    expect(preview.env.OFFPRINT_TOKEN).toMatch(/^\$\{\{ secrets\.OFFPRINT_TOKEN \}\}$/);
    // The request reaches the shell as a variable, never pasted into the script.
    expect(preview.env.CHANGE_REQUEST).toMatch(/^\$\{\{ inputs\.change_request \}\}$/);
    expect(preview.run).toContain('--change-request "$CHANGE_REQUEST"');
    expect(preview.run).not.toMatch(/\$\{\{/);
    // The fields its jq program reads are changes.json's (src/render/stages/review.ts).
    const json = changesJson(
      {
        changeRequest: { id: 'cr', number: 3, subject: 'S', status: 'open' },
        spaceId: 'space',
        url: '/_changes/',
        outputFile: '_changes/index.html',
        entries: [
          { change: 'added', title: 'T', path: 'p', edited: false, url: '/p/', pageKey: 'k' },
        ],
        outdated: false,
        liveSince: [],
      },
      new Map(),
      'https://docs.example',
    );
    expect(json.changeRequest).toMatchObject({ number: 3, subject: 'S' });
    for (const field of ['change', 'title', 'url'] as const) {
      expect(preview.run).toContain(`.${field}`);
      expect(json.pages[0]?.[field]).toBeDefined();
    }
  });
});
