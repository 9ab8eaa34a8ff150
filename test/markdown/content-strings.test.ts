import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import { toText } from 'hast-util-to-text';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/markdown/index.ts';
import { fill, fillNodes } from '../../src/markdown/strings.ts';
import { loadSpec } from '../../src/openapi/load.ts';
import type { SpecProvider } from '../../src/openapi/types.ts';
import { stringsFor } from '../../src/view/i18n/index.ts';
import { fixtureReader } from '../openapi/helpers.ts';

const resolver = { page: () => undefined, file: () => undefined, reusableContent: () => undefined };
const french = stringsFor('fr').strings.content;

const specs: SpecProvider = {
  async get(key) {
    const loaded = await loadSpec(key.slice(4), fixtureReader);
    return loaded.ok
      ? { ok: true, document: loaded.document, unresolved: loaded.unresolved }
      : { ok: false, reason: loaded.reason };
  },
};

async function render(markdown: string, strings = french) {
  const result = await renderMarkdown(markdown, {
    resolver,
    currentPath: 'reference/vehicles.md',
    openapi: specs,
    highlighter: false,
    strings,
  });
  return { ...result, tree: fromHtml(result.html, { fragment: true }) };
}

const GET = `{% openapi src="https://specs.test/fleet.yaml" path="/vehicles/{vehicleId}" method="get" %}
[fleet.yaml](https://specs.test/fleet.yaml)
{% endopenapi %}`;

describe('content labels in the site’s language', () => {
  it('titles an OpenAPI operation’s sections and flags in French', async () => {
    const { tree, warnings } = await render(GET);
    expect(warnings).toEqual([]);
    expect(selectAll('.op-openapi__section-title', tree).map((h) => toText(h))).toEqual([
      'Autorisation',
      'Paramètres de chemin',
      'Paramètres de requête',
      'Paramètres d’en-tête',
      'Paramètres de cookie',
      'Réponses',
      'Exemples de code',
      'Exemples',
    ]);
    // The flag's label is French, its class stays the English key the theme styles.
    const flag = select('.op-openapi__flag--required', tree);
    expect(toText(flag as never)).toBe('obligatoire');
    expect(toText(tree)).not.toMatch(/Path parameters|Responses|Show properties/);
  });

  it('writes a partial prompt’s Show more and Show less in French', async () => {
    const { tree } = await render(
      '{% prompt description="Plan" defaultExpanded="partial" %}\n```\nhello\n```\n{% endprompt %}\n',
    );
    expect(toText(select('.op-prompt__show-more', tree) as never)).toBe('Afficher plus');
    expect(toText(select('.op-prompt__show-less', tree) as never)).toBe('Afficher moins');
  });

  it('names an untitled tab in French', async () => {
    const { tree } = await render('{% tabs %}\n{% tab %}\nOne\n{% endtab %}\n{% endtabs %}\n');
    expect(toText(select('.op-tabs__title', tree) as never)).toBe('Onglet 1');
  });

  it('is English without strings', async () => {
    const result = await renderMarkdown(GET, {
      resolver,
      currentPath: 'reference/vehicles.md',
      openapi: specs,
      highlighter: false,
    });
    expect(result.html).toContain('Path parameters');
  });
});

describe('fill', () => {
  it('replaces known placeholders and keeps unknown ones', () => {
    expect(fill('{value} sur {max} {other}', { value: 3, max: 5 })).toBe('3 sur 5 {other}');
  });

  it('puts nodes where the translation places them', () => {
    const code = { type: 'inlineCode' as const, value: 'x' };
    expect(fillNodes('Défaut : {value}', { value: code })).toEqual([
      { type: 'text', value: 'Défaut : ' },
      code,
    ]);
    expect(fillNodes('{value}（既定）', { value: code })).toEqual([
      code,
      { type: 'text', value: '（既定）' },
    ]);
  });
});
