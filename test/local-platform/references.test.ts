import { beforeAll, describe, expect, it } from 'vitest';
import { loadSiteFolder } from '../../src/local-platform/folder.ts';
import type { Content, DocumentPage } from '../../src/local-platform/model.ts';
import {
  resolveReference,
  rewriteMarkdown,
  scanReferences,
} from '../../src/local-platform/references.ts';
import { FIXTURE } from './helpers.ts';

describe('scanReferences', () => {
  it('finds markdown, definition, HTML, srcset, liquid and include destinations outside code', () => {
    const markdown = [
      '![a](img/a.png "t") [b](<b c.md>) [c](c.md#x)',
      // A definition cannot interrupt a paragraph (CommonMark): a blank line before it.
      '',
      '[ref]: ./d.md',
      '<img src="e.png"> <a href=\'f.md\'>f</a> <source srcset="g.png 1x, h.png 2x">',
      '{% file src="i.pdf" %} {% content-ref url="j.md" %} {% include "k.md" %}',
      '`![no](inline.png)` and',
      '```',
      '[no](fenced.md)',
      '```',
      '~~~~js',
      '<img src="tilde.png">',
      '~~~~',
      '[l](l.md)',
    ].join('\n');
    const values = scanReferences(markdown).map((o) => o.value);
    expect(values).toEqual([
      'img/a.png',
      'b c.md',
      'c.md#x',
      './d.md',
      'e.png',
      'f.md',
      'g.png',
      'h.png',
      'i.pdf',
      'j.md',
      'k.md',
      'l.md',
    ]);
    for (const o of scanReferences(markdown)) {
      const raw = markdown.slice(o.start, o.end);
      expect(o.syntax === 'angle' ? raw.slice(1, -1) : raw).toBe(o.value);
    }
  });

  it('decodes HTML entities in attributes', () => {
    expect(scanReferences('<a href="a.md?x=1&#x26;y=2">').map((o) => o.value)).toEqual([
      'a.md?x=1&y=2',
    ]);
  });

  it('reads a file name with spaces and parentheses whole', () => {
    const markdown = '![a](<.gitbook/assets/image (1).png>) ![b](.gitbook/assets/image%20(2).png)';
    expect(scanReferences(markdown).map((o) => o.value)).toEqual([
      '.gitbook/assets/image (1).png',
      '.gitbook/assets/image%20(2).png',
    ]);
  });
});

describe('resolution and rewriting against the fixture', () => {
  let content: Content;
  let welcome: DocumentPage;
  let install: DocumentPage;
  const url = (id: string) => `http://files.test/${id}`;

  beforeAll(async () => {
    const model = await loadSiteFolder(FIXTURE);
    content = model.spaces.get('guides')?.content as Content;
    welcome = content.pagesById.get(
      content.pageIdByFile.get('README.md') as string,
    ) as DocumentPage;
    install = content.pagesById.get(
      content.pageIdByFile.get('getting-started/install.md') as string,
    ) as DocumentPage;
  });

  it('resolves relative pages, assets, includes, stable refs and URLs', () => {
    const installId = content.pageIdByFile.get('getting-started/install.md');
    const logo = content.filesByPath.get('.gitbook/assets/logo.png')?.id;
    expect(
      resolveReference('getting-started/install.md#requirements', 'README.md', content),
    ).toEqual({
      kind: 'page',
      page: installId,
      anchor: 'requirements',
      stable: false,
    });
    expect(
      resolveReference('../.gitbook/assets/logo.png', 'getting-started/README.md', content),
    ).toEqual({ kind: 'file', file: logo, stable: false });
    expect(resolveReference(`/files/${logo}`, 'README.md', content)).toEqual({
      kind: 'file',
      file: logo,
      stable: true,
    });
    expect(resolveReference('/pages/nope', 'README.md', content)).toEqual({
      kind: 'broken',
      target: 'page',
    });
    expect(resolveReference('missing.md', 'README.md', content)).toEqual({
      kind: 'broken',
      target: 'page',
    });
    expect(resolveReference('../../../etc/passwd.md', 'a/b.md', content)).toEqual({
      kind: 'broken',
      target: 'page',
    });
    expect(resolveReference('https://x.example', 'README.md', content)).toEqual({
      kind: 'url',
      url: 'https://x.example',
    });
    expect(resolveReference('#top', 'README.md', content)).toBeUndefined();
  });

  it('download-url: assets become absolute download URLs, page links stay as written', () => {
    const out = rewriteMarkdown(welcome, content, 'download-url', (f) => url(f.id));
    const id = (path: string) => content.filesByPath.get(path)?.id;
    expect(out).toContain(`![Logo](${url(id('.gitbook/assets/logo.png') as string)})`);
    expect(out).toContain(`<img src="${url(id('.gitbook/assets/diagram.svg') as string)}"`);
    expect(out).toContain(
      `![Screenshot](<${url(id('.gitbook/assets/screen shot (1).png') as string)}> "A screenshot")`,
    );
    expect(out).toContain(`{% file src="${url(id('.gitbook/assets/guide.pdf') as string)}" %}`);
    expect(out).toContain('[install guide](getting-started/install.md#requirements)');
    expect(out).toContain('{% include ".gitbook/includes/note.md" %}');
    // Code is left alone.
    expect(out).toContain('`![x](.gitbook/assets/logo.png)`');
    expect(out).toContain(
      '```markdown\n![Logo](.gitbook/assets/logo.png)\n[Install](getting-started/install.md)\n```',
    );
  });

  it('stable-ref: assets become /files/ID, pages /pages/ID#anchor, includes /reusable-content/ID', () => {
    const out = rewriteMarkdown(welcome, content, 'stable-ref', (f) => url(f.id));
    const installId = content.pageIdByFile.get('getting-started/install.md');
    const configId = content.pageIdByFile.get('reference/config.md');
    expect(out).toContain(
      `![Logo](/files/${content.filesByPath.get('.gitbook/assets/logo.png')?.id})`,
    );
    expect(out).toContain(`[install guide](/pages/${installId}#requirements)`);
    expect(out).toContain(`{% content-ref url="/pages/${configId}" %}`);
    expect(out).toContain(`[config.md](/pages/${configId})`);
    expect(out).toContain(`{% include "/reusable-content/${content.reusables[0]?.id}" %}`);
    expect(out).toContain('[missing page](missing.md)');
    expect(out).toContain('```markdown\n![Logo](.gitbook/assets/logo.png)');
    const nested = rewriteMarkdown(install, content, 'stable-ref', (f) => url(f.id));
    expect(nested).toContain(`[welcome page](/pages/${content.pageIdByFile.get('README.md')})`);
  });
});
