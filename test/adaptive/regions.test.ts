import { describe, expect, it } from 'vitest';
import { adaptiveData, hasItemConditions, prepareRegions } from '../../src/adaptive/index.ts';
import { renderMarkdown } from '../../src/markdown/index.ts';
import { CURRENT_PATH, testResolver } from '../markdown/test-resolver.ts';

/** `{% if %}` regions as the markdown renderer writes them, prepared for the browser. */
describe('prepareRegions', () => {
  async function prepared(markdown: string) {
    const { html } = await renderMarkdown(markdown, {
      resolver: testResolver,
      currentPath: CURRENT_PATH,
    });
    const refused: string[] = [];
    const result = prepareRegions(html, (expression, reason) =>
      refused.push(`${expression}: ${reason}`),
    );
    return { ...result, refused };
  }

  it('adds the compiled form to every if and elif branch, the text decoded first', async () => {
    const { html, regions, refused } = await prepared(
      [
        '{% if visitor.claims.unsigned.plan == "a&b<c" %}',
        'First',
        '{% elif visitor.claims.unsigned.beta %}',
        'Second',
        '{% else %}',
        'Third',
        '{% endif %}',
      ].join('\n'),
    );
    expect(regions).toBe(true);
    expect(refused).toEqual([]);
    const asts = [...html.matchAll(/data-op-ast="([^"]*)"/g)].map((m) =>
      JSON.parse(
        (m[1] as string)
          .replace(/&quot;/g, '"')
          .replace(/&lt;/g, '<')
          .replace(/&amp;/g, '&'),
      ),
    );
    expect(asts).toEqual([
      {
        k: 'cmp',
        op: '==',
        a: { k: 'claim', path: ['unsigned', 'plan'] },
        b: { k: 'lit', v: 'a&b<c' },
      },
      { k: 'claim', path: ['unsigned', 'beta'] },
    ]);
    expect(html).toContain('data-op-else=""');
    expect(html.match(/ hidden>/g)?.length).toBe(3);
  });

  it('replaces a refused expression with a marker and reports it', async () => {
    const { html, refused } = await prepared(
      '{% if visitor.claims.a.constructor %}\nHidden\n{% else %}\nOther\n{% endif %}',
    );
    expect(refused).toEqual([
      'visitor.claims.a.constructor: claim name "constructor" is not allowed',
    ]);
    expect(html).toContain('<div class="op-condition__branch" data-op-refused="if" hidden>');
    expect(html).not.toContain('constructor');
  });

  it('leaves a page without regions, and text that only looks like one, as it is', async () => {
    const plain = await prepared('Plain text.');
    expect(plain.regions).toBe(false);
    const code = await prepared(
      '```html\n<div class="op-condition__branch" data-op-if="x">\n```\n\n{% if visitor.claims.a %}\nA\n{% endif %}',
    );
    expect(code.refused).toEqual([]);
    expect(code.html.match(/data-op-ast=/g)?.length).toBe(1);
  });
});

describe('adaptiveData', () => {
  it('compiles section and site space conditions, warning for each refused one', () => {
    const warnings: string[] = [];
    const data = adaptiveData(
      {
        sections: [
          { id: 's1', title: 'Pro', condition: 'visitor.claims.plan == "pro"' },
          { id: 's2', title: 'Open' },
        ],
        siteSpaces: [{ id: 'v1', title: 'Legacy', condition: 'this.x' }],
      },
      { type: 'object', properties: { plan: { type: 'string' } } },
      (message) => warnings.push(message),
    );
    expect(data.sections).toEqual({ s1: expect.objectContaining({ k: 'cmp' }) });
    expect(data.siteSpaces).toEqual({ v1: null });
    expect(warnings).toEqual([
      'site space "Legacy" (v1): condition "this.x" refused (only visitor.claims… may be read); it stays hidden',
    ]);
    expect(data.schema.claims.fields).toEqual({ plan: { type: 'string' } });
    expect(hasItemConditions(data)).toBe(true);
    expect(
      hasItemConditions(adaptiveData({ sections: [], siteSpaces: [] }, undefined, () => {})),
    ).toBe(false);
  });
});
