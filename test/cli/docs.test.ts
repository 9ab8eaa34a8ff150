import { readFile } from 'node:fs/promises';
import type { Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createProgram } from '../../src/cli/main.ts';

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
});
