/**
 * Properties (fast-check): for random and adversarial markdown, `renderMarkdown` never throws,
 * never hangs (each case has a time limit far above its usual time), never falls back to its
 * "render failed" path, and always returns HTML that parses without errors and is safe.
 */

import fc from 'fast-check';
import { fromHtml } from 'hast-util-from-html';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/markdown/index.ts';
import { PROPERTY_SEED } from '../property-seed.ts';
import { violationsIn } from './safety.ts';
import { CURRENT_PATH, testResolver } from './test-resolver.ts';

/** HTML that parses without an error and holds nothing unsafe (one parse for both). */
function expectSafeAndParseable(html: string): void {
  const errors: string[] = [];
  const tree = fromHtml(html, {
    fragment: true,
    onerror: (error) => {
      errors.push(error.reason);
    },
  });
  expect(errors).toEqual([]);
  expect(violationsIn(tree)).toEqual([]);
}

async function check(markdown: string): Promise<void> {
  const result = await renderMarkdown(markdown, {
    resolver: testResolver,
    currentPath: CURRENT_PATH,
  });
  expect(result.warnings.filter((w) => w.message.startsWith('render failed'))).toEqual([]);
  expectSafeAndParseable(result.html);
  expect(typeof result.text).toBe('string');
  for (const entry of result.outline) expect(entry.id).not.toBe('');
}

const TOKENS = [
  '{%',
  '%}',
  '{% hint style="info" %}',
  '{% endhint %}',
  '{% tabs %}',
  '{% tab title="t" %}',
  '{% endtab %}',
  '{% endtabs %}',
  '{% code title="x" %}',
  '{% endcode %}',
  '{% if x %}',
  '{% else %}',
  '{% endif %}',
  '{% include "../.gitbook/includes/snippet.md" %}',
  '{% embed url="https://youtu.be/dQw4w9WgXcQ" %}',
  '{% endembed %}',
  '{% file src="../.gitbook/assets/report.pdf" %}',
  '{% content-ref url="install.md" %}',
  '{% endcontent-ref %}',
  '{% stepper %}',
  '{% step %}',
  '{% endstep %}',
  '{% endstepper %}',
  '{% columns %}',
  '{% column width="50%" %}',
  '{% endcolumn %}',
  '{% endcolumns %}',
  '{% swagger method="get" %}',
  '{% endswagger %}',
  '{% unknown %}',
  '{{ x }}',
  '\n',
  '\n\n',
  '  ',
  '    ',
  '```',
  '```js\n',
  '~~~',
  '`',
  '$$',
  '<',
  '>',
  '> ',
  '- ',
  '1. ',
  '* [ ] ',
  '#',
  '## ',
  '|',
  '| --- |',
  '[',
  ']',
  '(',
  ')',
  '](install.md)',
  '](javascript:alert(1))',
  '![',
  '*',
  '_',
  '~~',
  '\\',
  '&',
  '&amp;',
  ';',
  ':house:',
  '[^1]',
  '[^1]: ',
  '<div>',
  '</div>',
  '<details>',
  '<summary>',
  '</details>',
  '<table data-view="cards">',
  '<td>',
  '<pre class="language-js">',
  '</pre>',
  '<i class="fa-house">',
  '</i>',
  '<mark style="color:red;">',
  '<a class="button primary" href="x.md">',
  '</a>',
  '<img src="x" onerror="alert(1)">',
  '<script>',
  '<!--',
  '-->',
  '<code class="expression">',
  '"',
  "'",
  'text',
  'é',
  '🏠',
  '\u0000',
  '\t',
  '\r',
];

const soup = fc.array(fc.constantFrom(...TOKENS), { maxLength: 80 }).map((parts) => parts.join(''));

describe('properties', () => {
  it('token soup never throws and always yields safe, parseable HTML', async () => {
    await fc.assert(fc.asyncProperty(soup, check), { ...PROPERTY_SEED, numRuns: 200 });
  }, 60_000);

  it('any string never throws and always yields safe, parseable HTML', async () => {
    await fc.assert(fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 300 }), check), {
      ...PROPERTY_SEED,
      numRuns: 150,
    });
  }, 60_000);

  it('line structure: random lines of tags, markers and text', async () => {
    const line = fc
      .tuple(fc.constantFrom('', ' ', '   ', '> ', '- ', '1. ', '    '), soup)
      .map(([p, s]) => p + s);
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 30 }).map((l) => l.join('\n')),
        check,
      ),
      { ...PROPERTY_SEED, numRuns: 100 },
    );
  }, 60_000);

  it('marked against previous soup: safe and parseable, the page its own, no marks when equal', async () => {
    const blocks = fc.array(soup, { maxLength: 6 }).map((parts) => parts.join('\n\n'));
    await fc.assert(
      fc.asyncProperty(blocks, blocks, async (page, previous) => {
        const options = { resolver: testResolver, currentPath: CURRENT_PATH };
        const plain = await renderMarkdown(page, options);
        const marked = await renderMarkdown(page, { ...options, previous });
        expectSafeAndParseable(marked.html);
        expect(marked.text).toBe(plain.text);
        expect(marked.outline).toEqual(plain.outline);
        expect(marked.warnings).toEqual(plain.warnings);
        expect(marked.changes).toBeDefined();
        const same = await renderMarkdown(page, { ...options, previous: page });
        expect(same.html).toBe(plain.html);
        expect(same.changes).toEqual({ added: 0, removed: 0, changed: 0 });
      }),
      { ...PROPERTY_SEED, numRuns: 100 },
    );
  }, 60_000);
});

const MB = 1 << 20;
const fill = (unit: string, size = MB) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
const repeat = (unit: string, n = 10_000) => unit.repeat(n);

const ADVERSARIAL: [string, () => string][] = [
  // 10,000-deep nesting
  ['10,000 nested hints', () => `${repeat('{% hint %}\n')}x\n${repeat('{% endhint %}\n')}`],
  [
    '10,000 nested tabs',
    () =>
      `${repeat('{% tabs %}\n{% tab title="t" %}\n', 5_000)}x\n${repeat('{% endtab %}\n{% endtabs %}\n', 5_000)}`,
  ],
  ['10,000 nested quotes', () => `${repeat('>')} x`],
  ['10,000 nested list markers', () => `${repeat('- ')}x`],
  [
    '1,000 lists nested by indentation',
    () => Array.from({ length: 1_000 }, (_, i) => `${' '.repeat(i * 2)}- x`).join('\n'),
  ],
  ['10,000 nested divs', () => `${repeat('<div>')}x`],
  ['10,000 nested bold', () => `${repeat('<b>')}x`],
  ['10,000 brackets', () => `${repeat('[')}x${repeat(']')}`],
  ['10,000 emphasis', () => `${repeat('*')}x${repeat('*')}`],
  // 1 MB lines
  ['1 MB of words', () => fill('word ')],
  [
    '1 MB of ASCII',
    () =>
      Array.from({ length: MB }, (_, i) => String.fromCharCode(32 + ((i * 7919) % 95))).join(''),
  ],
  ['1 MB of {%', () => fill('{%')],
  ['1 MB of tags on one line', () => fill('{% a %}')],
  ['1 MB of link openers', () => fill('[a](')],
  [
    '1 MB of backtick runs',
    () => Array.from({ length: 1_400 }, (_, i) => '`'.repeat(i + 1)).join(' '),
  ],
  ['1 MB of <', () => fill('<')],
  ['1 MB of $$', () => fill('$$')],
  ['1 MB of emphasis', () => fill('*_')],
  ['1 MB HTML line', () => `<p>${fill('<a href="x">y</a>')}</p>`],
  ['1 MB code line', () => `\`\`\`js\n${fill('let a = 1; ')}\n\`\`\``],
  ['1 MB math', () => `$$${fill('x^')}$$`],
  // 10,000 unclosed tags
  ['10,000 unclosed hints', () => repeat('{% hint %}\n')],
  ['10,000 unclosed hints on one line', () => repeat('{% hint %}')],
  ['10,000 end tags', () => repeat('{% endhint %}\n')],
  ['10,000 unclosed ifs', () => repeat('{% if x %}\n')],
  ['10,000 unclosed divs', () => repeat('<div>\n')],
  ['10,000 unknown tags', () => repeat('{% foo %}\n')],
  ['10,000 includes', () => repeat('{% include "../.gitbook/includes/snippet.md" %}\n')],
  ['10,000 unclosed fences', () => repeat('```\n{% hint %}\n')],
];

describe('adversarial input', () => {
  for (const [name, make] of ADVERSARIAL) {
    it(name, async () => {
      await check(make());
    }, 30_000);
  }
});
