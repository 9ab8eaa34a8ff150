import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Random } from './prng.ts';
import { capitalize, paragraph, sentence } from './synth-text.ts';

/**
 * A site folder (docs/site-folder.md) whose single site space holds `pages` pages: the shape
 * of the issue #10 scale case, which `makeSite` (500 pages per section) does not produce.
 * Pages sit 100 to a folder under a group heading each, so the tree is wide, not deep.
 */
export function makeOneSpaceSite(options: { pages: number; out: string; seed?: number }): void {
  const rng = new Random(options.seed ?? 7);
  const space = join(options.out, 'spaces', 'big');
  mkdirSync(join(options.out, 'sites'), { recursive: true });
  mkdirSync(space, { recursive: true });
  writeFileSync(join(options.out, 'organization.yaml'), 'id: scale\ntitle: Scale Test\n');
  writeFileSync(
    join(options.out, 'sites', 'docs.yaml'),
    'title: One big space\nsiteSpaces:\n  - { id: big, space: big, path: big, default: true }\n',
  );
  writeFileSync(join(space, 'space.yaml'), 'title: Big\n');
  const summary = ['# Table of contents', '', '* [Home](README.md)'];
  writeFileSync(join(space, 'README.md'), `# Home\n\n${paragraph(rng)}\n`);
  const perFolder = 100;
  for (let i = 1; i < options.pages; i++) {
    const folder = `part-${Math.floor((i - 1) / perFolder)}`;
    if ((i - 1) % perFolder === 0) {
      mkdirSync(join(space, folder), { recursive: true });
      summary.push('', `## Part ${Math.floor((i - 1) / perFolder)}`, '');
    }
    const title = capitalize(sentence(rng).replace(/\.$/, '').split(' ').slice(0, 4).join(' '));
    const file = `${folder}/page-${i}.md`;
    summary.push(`* [${title} ${i}](${file})`);
    const next = i + 1 < options.pages ? `page-${i + 1}.md` : '../README.md';
    writeFileSync(
      join(space, file),
      `# ${title}\n\n${paragraph(rng)}\n\n## Details\n\n${paragraph(rng)}\n\n` +
        `\`\`\`bash\nscale run --page ${i}\n\`\`\`\n\nSee [the next page](${next}).\n`,
    );
  }
  writeFileSync(join(space, 'SUMMARY.md'), `${summary.join('\n')}\n`);
}
