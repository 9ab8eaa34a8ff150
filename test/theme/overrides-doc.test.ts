import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { overridableComponents } from '../../src/render/theme-overrides.ts';

/**
 * The overridable components are read from themes/default/components/ (plus `Layout` and
 * `Page`); each has its props type `<Name>Props` in `offprint:props`, which its default file
 * uses, and a row in docs/theme-overrides.md naming it. Adding a component without those fails
 * here.
 */
const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const components = [...overridableComponents().entries()];

function documentedComponents(): { name: string; props: string }[] {
  const doc = read('docs/theme-overrides.md');
  const section = doc.slice(doc.indexOf('## Overridable components'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| Component |')));
  return [...table.matchAll(/^\| `(\w+)` \| `(\w+)`/gm)].map(([, name = '', props = '']) => ({
    name,
    props,
  }));
}

describe('the overridable components', () => {
  it('are Layout, Page and every component in the folder', () => {
    const names = components.map(([name]) => name);
    expect(names.slice(0, 2)).toEqual(['Layout', 'Page']);
    expect(names).toContain('Footer');
    expect(names).toContain('VariantSwitcher');
  });

  it.each(components)('%s has <Name>Props in offprint:props, used by its default', (name, file) => {
    expect(read('src/render/theme-props.ts')).toMatch(
      new RegExp(`^export (interface|type) ${name}Props\\b`, 'm'),
    );
    expect(read(`themes/default/${file}`)).toContain(`type Props = ${name}Props;`);
  });

  it('are the rows of the table in docs/theme-overrides.md, in order, each with its props', () => {
    expect(documentedComponents()).toEqual(
      components.map(([name]) => ({ name, props: `${name}Props` })),
    );
  });

  it('are imported only through offprint:components inside the theme', () => {
    for (const [, file] of components)
      expect(read(`themes/default/${file}`)).not.toMatch(/from '\.{1,2}\/[\w/]*\.astro'/);
  });
});
