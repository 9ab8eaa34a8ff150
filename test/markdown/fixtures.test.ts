/**
 * Fixture pairs: `test/fixtures/markdown/<block>/<case>.md` is rendered with the fixed test
 * resolver and compared with `<case>.html` (the HTML) and `<case>.meta.yaml` (title, outline,
 * features, references, broken links, warnings, icon stand-ins). `UPDATE_FIXTURES=1 npx vitest run
 * test/markdown/fixtures.test.ts` rewrites the expected files: read the diff before keeping it.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { type MarkdownResult, renderMarkdown } from '../../src/markdown/index.ts';
import { CURRENT_PATH, testResolver } from './test-resolver.ts';

const ROOT = join(import.meta.dirname, '..', 'fixtures', 'markdown');
const UPDATE = process.env.UPDATE_FIXTURES === '1';

function meta(result: MarkdownResult): string {
  const summary = {
    ...(result.title !== undefined ? { title: result.title } : {}),
    excerpt: result.excerpt,
    outline: result.outline,
    features: result.features,
    references: result.references.map(
      (r) =>
        `${r.ref.kind} ${r.ref.raw}${r.line !== undefined ? ` @${r.line}` : ''}${r.resolved ? '' : ' (broken)'}`,
    ),
    brokenLinks: result.brokenLinks.map(
      (b) => `${b.target}${b.line !== undefined ? ` @${b.line}` : ''}`,
    ),
    warnings: result.warnings.map(
      (w) => `${w.line !== undefined ? `${w.line}: ` : ''}${w.message}`,
    ),
    ...(result.iconStandIns
      ? { iconStandIns: result.iconStandIns.map((s) => `${s.name} as ${s.shownAs}`) }
      : {}),
  };
  return stringify(summary, { lineWidth: 0 });
}

const folders = readdirSync(ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

describe('markdown fixtures', () => {
  it('has fixtures', () => {
    expect(folders.length).toBeGreaterThan(20);
  });
  for (const folder of folders) {
    const cases = readdirSync(join(ROOT, folder))
      .filter((f) => f.endsWith('.md'))
      .map((f) => f.slice(0, -3))
      .sort();
    describe(folder, () => {
      for (const name of cases) {
        it(name, async () => {
          const base = join(ROOT, folder, name);
          const markdown = readFileSync(`${base}.md`, 'utf8');
          const result = await renderMarkdown(markdown, {
            resolver: testResolver,
            currentPath: CURRENT_PATH,
            pageTitle: `${folder}/${name}`,
          });
          const html = `${result.html}\n`;
          const json = meta(result);
          expect(result.warnings.filter((w) => w.message.startsWith('render failed'))).toEqual([]);
          if (UPDATE || !existsSync(`${base}.html`)) {
            writeFileSync(`${base}.html`, html);
            writeFileSync(`${base}.meta.yaml`, json);
            if (!UPDATE)
              throw new Error(`${folder}/${name}: expected files written; review and re-run`);
            return;
          }
          expect(html).toBe(readFileSync(`${base}.html`, 'utf8'));
          expect(json).toBe(readFileSync(`${base}.meta.yaml`, 'utf8'));
        });
      }
    });
  }
});
