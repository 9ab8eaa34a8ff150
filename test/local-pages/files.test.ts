import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relativeImports } from '../../src/local-pages/digest.ts';
import {
  discoverLocalPages,
  localFilesDigest,
  readFrontMatter,
} from '../../src/local-pages/index.ts';
import { findThemeOverrides, resolveThemeImport } from '../../src/render/theme-overrides.ts';
import { tempDir } from '../helpers/fs.ts';

async function put(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

describe('local page front matter', () => {
  it('reads title, description, section, sidebar placement and replaces', () => {
    const matter = readFrontMatter(
      '---\ntitle: Terms\ndescription: The small print\nsection: guides\nsidebar:\n  after: guides/install\nown: kept\n---\n# Body\n',
      'legal/terms.mdx',
    );
    expect(matter).toMatchObject({
      title: 'Terms',
      description: 'The small print',
      section: 'guides',
      sidebar: { after: 'guides/install' },
      own: 'kept',
    });
  });

  it.each([
    ['description: no title', 'local page a.md: front matter "title": is required'],
    ['title: ""', 'local page a.md: front matter "title": is required'],
    ['title: [1]', 'local page a.md: front matter "title": must be text'],
    [
      'title: T\nsidebar:\n  before: a\n  after: b',
      'local page a.md: front matter "sidebar": give either before or after, not both',
    ],
    [
      'title: T\nsidebar:\n  hidden: yes-please',
      /^local page a\.md: front matter "sidebar\.hidden": /,
    ],
    [
      'title: T\nsidebar:\n  bfore: x',
      'local page a.md: front matter "sidebar.bfore": unknown member (a typo?)',
    ],
    [
      'title: T\nreplaces: x\nsidebar:\n  after: y',
      'local page a.md: front matter "sidebar.after": a replacing page keeps the replaced page’s place: drop sidebar.after',
    ],
    ['title: [unclosed', /^local page a\.md: front matter is not valid YAML/],
  ])('names the file and the field: %s', (yaml, message) => {
    expect(() => readFrontMatter(`---\n${yaml}\n---\nBody\n`, 'a.md')).toThrowError(message);
  });
});

describe('discovering local pages and theme overrides', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    temp = await tempDir();
  });
  afterAll(() => temp?.cleanup());

  it('finds .md and .mdx files recursively at their file paths, skipping _ and . names', async () => {
    const dir = path.join(temp.dir, 'pages');
    await put(path.join(dir, 'legal/Terms.mdx'), '---\ntitle: Terms\n---\n');
    await put(path.join(dir, 'legal/index.md'), '---\ntitle: Legal\n---\n');
    await put(path.join(dir, 'start.md'), '---\ntitle: Start\n---\n');
    await put(path.join(dir, '_partials/note.mdx'), 'not a page');
    await put(path.join(dir, '.drafts/wip.md'), 'not a page');
    await put(path.join(dir, 'notes.txt'), 'not a page');
    const pages = await discoverLocalPages(dir);
    expect(pages.map((p) => [p.file, p.segments.join('/'), p.title])).toEqual([
      ['legal/Terms.mdx', 'legal/terms', 'Terms'],
      ['legal/index.md', 'legal', 'Legal'],
      ['start.md', 'start', 'Start'],
    ]);
    expect(pages[0]?.absolutePath).toBe(path.join(dir, 'legal/Terms.mdx'));
  });

  it('refuses two files at one URL and a missing directory', async () => {
    const dir = path.join(temp.dir, 'twice');
    await put(path.join(dir, 'a.md'), '---\ntitle: A\n---\n');
    await put(path.join(dir, 'a.mdx'), '---\ntitle: A again\n---\n');
    await expect(discoverLocalPages(dir)).rejects.toThrowError(
      'local pages a.md and a.mdx are both at /a/: rename one',
    );
    await expect(discoverLocalPages(path.join(temp.dir, 'nope'))).rejects.toThrowError(
      /^--pages .*nope: not a directory$/,
    );
  });

  it('maps overridable components to the override, else the default; refuses unknown names', async () => {
    const dir = path.join(temp.dir, 'theme');
    await put(path.join(dir, 'Footer.astro'), '<p>mine</p>');
    await put(path.join(dir, 'parts/Helper.astro'), '<p>helper</p>');
    const overrides = await findThemeOverrides(dir);
    expect(overrides).toEqual({ Footer: path.join(dir, 'Footer.astro') });
    expect(resolveThemeImport('offprint:components/Footer', overrides)).toBe(
      path.join(dir, 'Footer.astro'),
    );
    expect(resolveThemeImport('offprint:default/Footer', overrides)).toMatch(
      /themes\/default\/components\/Footer\.astro$/,
    );
    expect(resolveThemeImport('offprint:components/Page', overrides)).toMatch(
      /themes\/default\/Page\.astro$/,
    );
    expect(resolveThemeImport('offprint:components/Nope', overrides)).toBeUndefined();
    expect(resolveThemeImport('./Footer.astro', overrides)).toBeUndefined();
    expect(resolveThemeImport('offprint:props', overrides)).toMatch(
      /src\/render\/theme-props\.ts$/,
    );
    await put(path.join(dir, 'Foter.astro'), '<p>typo</p>');
    await expect(findThemeOverrides(dir)).rejects.toThrowError(
      /Foter\.astro overrides no component \(overridable: Layout, Page, Adaptive, Announcement,/,
    );
  });

  it('digests the local files and what they import from outside, so an edit re-renders', async () => {
    const root = path.join(temp.dir, 'repo');
    await put(
      path.join(root, 'pages/a.mdx'),
      "import Card from '../components/Card.astro';\n<Card />\n",
    );
    await put(path.join(root, 'components/Card.astro'), "---\nimport './card.css';\n---\n<p>1</p>");
    await put(path.join(root, 'components/card.css'), 'p { color: red }');
    await put(path.join(root, 'unrelated.md'), 'x');
    const pages = path.join(root, 'pages');
    const first = await localFilesDigest([pages]);
    expect(await localFilesDigest([pages])).toBe(first);
    await put(path.join(root, 'unrelated.md'), 'y');
    expect(await localFilesDigest([pages])).toBe(first);
    await put(path.join(root, 'components/card.css'), 'p { color: blue }');
    const second = await localFilesDigest([pages]);
    expect(second).not.toBe(first);
    await put(path.join(root, 'components/Card.astro'), "---\nimport './card.css';\n---\n<p>2</p>");
    expect(await localFilesDigest([pages])).not.toBe(second);
  });

  it('reads imports as a module lexer does, not as text that looks like one', async () => {
    const script = [
      "import type { A } from './a.ts';",
      'const note = "import x from \'./in-a-string.ts\'";',
      "// import y from './in-a-comment.ts';",
      "const lazy = await import('../lazy.ts');",
      "export { b } from './b.js';",
      "import pkg from 'some-package';",
    ].join('\n');
    expect(await relativeImports('x.ts', script)).toEqual(['./a.ts', '../lazy.ts', './b.js']);

    const astro = [
      '---',
      "import Card from '../components/Card.astro';",
      'const { a }: { a: string } = Astro.props;',
      '---',
      "<p>Don't import './prose.ts'</p>",
      "<style>@import './card.css';</style>",
      "<script>import './client.ts?x=1';</script>",
    ].join('\n');
    expect(await relativeImports('x.astro', astro)).toEqual([
      './card.css',
      '../components/Card.astro',
      './client.ts',
    ]);

    const mdx = [
      "import Card from '../components/Card.astro';",
      '',
      "It's prose: import x from './prose.ts' is not an import here.",
    ].join('\n');
    expect(await relativeImports('x.mdx', mdx)).toEqual(['../components/Card.astro']);
  });
});
