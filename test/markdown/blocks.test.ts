import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pipelineSteps } from '../../src/markdown/blocks.ts';
import { isKnownTag, tagKind } from '../../src/markdown/known-tags.ts';

/**
 * `src/markdown/blocks.ts` is the one list of the pipeline: every plugin of `plugins/` is a step
 * of it, the tag reader knows exactly its blocks' tags, and the README's table is the list.
 */

const MARKDOWN = fileURLToPath(new URL('../../src/markdown/', import.meta.url));
const PLUGINS = path.join(MARKDOWN, 'plugins');

/** The README's table under "Pipeline", one line per row. */
function readmeRows(): string[] {
  const readme = readFileSync(path.join(MARKDOWN, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## Pipeline'));
  const lines = section.split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows: string[] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line);
  }
  return rows;
}

/** The row the README gives a step. */
function rowOf(step: ReturnType<typeof pipelineSteps>[number]): string {
  const where = /^(remark|rehype)-/.test(step.name)
    ? `\`${step.name}\``
    : step.tree === 'parse'
      ? `\`${step.name}.ts\``
      : `\`plugins/${step.name}.ts\``;
  const tags = Object.entries(step.tags ?? {})
    .map(([name, kind]) => `\`${name}\` (${kind})`)
    .join(', ');
  return `| ${where} | ${step.tree} | ${tags} |`;
}

describe('the block registry', () => {
  const steps = pipelineSteps();

  it('is what the README shows, row for row', () => {
    expect(readmeRows()).toEqual(steps.map(rowOf));
  });

  it('runs every plugin of plugins/, each from the module it is named after', async () => {
    const missing: string[] = [];
    for (const name of readdirSync(PLUGINS).filter((file) => file.endsWith('.ts'))) {
      const module = (await import(path.join(PLUGINS, name))) as Record<string, unknown>;
      for (const [exported, value] of Object.entries(module)) {
        if (!/^(remark|rehype)Op[A-Z]/.test(exported)) continue;
        const step = steps.find((s) => s.plugin === value);
        if (step?.name !== name.replace(/\.ts$/, '')) missing.push(`${name}: ${exported}`);
      }
      const tags = module.TAGS;
      if (tags !== undefined && !steps.some((s) => s.tags === tags)) missing.push(`${name}: TAGS`);
    }
    expect(missing).toEqual([]);
  });

  it('gives the tag reader its blocks’ tags, and no other', () => {
    const tags = steps.flatMap((step) => Object.entries(step.tags ?? {}));
    expect(tags.length).toBeGreaterThan(20);
    expect(new Set(tags.map(([name]) => name)).size).toBe(tags.length);
    for (const [name, kind] of tags) {
      expect(isKnownTag(name)).toBe(true);
      expect(tagKind(name)).toBe(kind);
    }
    expect(isKnownTag('no-such-block')).toBe(false);
    expect(tagKind('no-such-block')).toBe('optional');
  });
});
