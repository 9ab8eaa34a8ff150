import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fromHtml } from 'hast-util-from-html';
import { selectAll } from 'hast-util-select';
import { toText } from 'hast-util-to-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, runCli } from '../helpers/cli.ts';
import { buildCustomized, type CustomizedBuild } from '../helpers/customized-build.ts';

/**
 * What a team should fix in its content is a warning naming the page and line; the bundled
 * example has none (test/render/first-build.integration.test.ts), so this copy of it gets two: a
 * mermaid diagram that does not parse, and an icon name no set has, on two pages.
 */

const GUIDES = path.join('spaces', 'guides-v2');
const LIFECYCLE = path.join(GUIDES, 'concepts', 'mission-lifecycle.md');
const BROKEN = 'flowchart LR\n  Draft[Mission board] --> (((';
const TYPO = '<i class="fa-made-up-name"></i>';

/** The line of `text` in a page file, as the render counts it: in the markdown after its front matter. */
async function markdownLine(file: string, text: string): Promise<number> {
  const lines = (await readFile(file, 'utf8')).split('\n');
  const frontMatter = lines[0] === '---' ? lines.indexOf('---', 1) + 1 : 0;
  return lines.indexOf(text) + 1 - frontMatter;
}

describe('content a team should fix (a copy of the example)', () => {
  let build: CustomizedBuild;
  let cli: CliResult;
  /** Where mermaid's error points: the broken diagram's second line. */
  let brokenLine = 0;

  beforeAll(async () => {
    build = await buildCustomized(() => {}, {
      prepare: async (folder) => {
        await appendFile(
          path.join(folder, LIFECYCLE),
          `\n## A diagram still being drawn\n\n\`\`\`mermaid\n${BROKEN}\n\`\`\`\n`,
        );
        brokenLine = await markdownLine(
          path.join(folder, LIFECYCLE),
          '  Draft[Mission board] --> (((',
        );
        for (const page of ['concepts/README.md', 'concepts/payloads.md'])
          await appendFile(path.join(folder, GUIDES, page), `\nA misspelt icon: ${TYPO}\n`);
      },
    });
    // The same snapshot rendered by the command, as a user reads it.
    cli = await runCli(['render', '--cache', build.cacheDir, '--out', `${build.outDir}-cli`]).done;
    expect(cli.code, cli.stderr).toBe(0);
  }, 240_000);
  afterAll(() => build?.close());

  it('warns once for each, naming the page and line, and notes the diagram in the count', () => {
    // This copy is pulled without the example's named OpenAPI specs: their blocks warn too.
    const ours = (line: string) => /mermaid|icon "/.test(line);
    expect(cli.stderr.split('\n').filter(ours)).toEqual([
      // Two pages have it; the first of the site names it.
      expect.stringMatching(
        /^warning: \/docs\/concepts\/:\d+: icon "made-up-name" is not in any icon set; shown as "circle-dot"$/,
      ),
      expect.stringMatching(
        new RegExp(
          `^warning: /docs/concepts/mission-lifecycle/:${brokenLine}: mermaid diagram not drawn: Parse error on line 2: Expecting .*; its source is shown$`,
        ),
      ),
    ]);
    expect(cli.stdout.split('\n').filter((line) => line.startsWith('note: mermaid'))).toEqual([
      expect.stringMatching(
        /^note: mermaid diagrams: 10 drawn at build time \(\d+ from the cache\); 1 not parsed \(shown as source\)$/,
      ),
    ]);
    expect(
      build.result.warnings.filter((warning) => ours(warning.message)).map((w) => w.page),
    ).toEqual(['/docs/concepts/', '/docs/concepts/mission-lifecycle/']);
  });

  it('shows the diagram that does not parse as its source', async () => {
    const html = await readFile(
      path.join(build.outDir, 'concepts/mission-lifecycle/index.html'),
      'utf8',
    );
    const shown = selectAll('pre.op-diagram-error', fromHtml(html));
    expect(shown.map((pre) => toText(pre))).toEqual([BROKEN]);
    // The others are drawn as before.
    expect(selectAll('figure.op-diagram', fromHtml(html))).toHaveLength(7);
  });
});
