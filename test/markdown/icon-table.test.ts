/**
 * The icon names real sites use each draw a fitting glyph of their own: none falls back to the
 * neutral dot, and no two draw the same glyph unless one is another name of the other
 * (`ALIASES`, or an alias inside a Font Awesome set). The names come from GitBook's own
 * documentation (its Git Sync markdown: `<i class="fa-…">`, `icon="…"`, `data-icon`, page
 * `icon:`), from the icons GitBook's open-source renderer names, and from Font Awesome 6 Pro
 * icons outside the free sets that documentation sites use.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Element } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { ALIASES, BRAND_LOGOS, PRO_STAND_INS } from '../../src/markdown/icon-table.ts';
import { drawIcon } from '../../src/markdown/icons.ts';

/** In GitBook's documentation (its docs repository, 294 pages). */
const GITBOOK_DOCS = [
  'apple',
  'arrow-down',
  'arrow-up',
  'arrow-up-right-from-square',
  'bell',
  'book',
  'book-open',
  'books',
  'box',
  'brain-circuit',
  'brush',
  'chart-line',
  'chart-line-up',
  'chart-pie',
  'chatgpt',
  'check',
  'circle-play',
  'circle-question',
  'claude',
  'clipboard-list-check',
  'clock-rotate-left',
  'code',
  'code-branch',
  'code-pull-request',
  'cookie',
  'cursor',
  'ellipsis',
  'facebook',
  'file-import',
  'file-lines',
  'flag',
  'folder',
  'gears',
  'gitbook',
  'gitbook-assistant',
  'github',
  'gitlab',
  'globe',
  'globe-pointer',
  'google',
  'hand-pointer',
  'icons',
  'info-circle',
  'instagram',
  'language',
  'layer-group',
  'life-ring',
  'link',
  'linux',
  'lock',
  'magnifying-glass',
  'magnifying-glass-chart',
  'money-bill-transfer',
  'newspaper',
  'octagon-check',
  'openai',
  'palette',
  'party-horn',
  'pen-ruler',
  'pen-to-square',
  'puzzle-piece',
  'react',
  'rectangle-terminal',
  'robot',
  'rocket',
  'sliders',
  'sparkle',
  'sparkles',
  'square-6',
  'square-arrow-up',
  'table-columns',
  'terminal',
  'thumbs-up',
  'users',
  'vscode',
  'wand-magic-sparkles',
  'warning',
  'window-restore',
  'windows',
  'x-twitter',
];

/** Named by GitBook's renderer (its UI and the icons its tests render). */
const GITBOOK_RENDERER = [
  'arrow-left',
  'arrow-right',
  'arrow-turn-down-left',
  'arrow-up-right',
  'ban',
  'block-quote',
  'bluesky',
  'bomb',
  'chevron-down',
  'chevron-left',
  'chevron-right',
  'circle-check',
  'circle-exclamation',
  'circle-info',
  'circle-xmark',
  'clock',
  'comment',
  'comment-check',
  'copy',
  'discord',
  'download',
  'envelope',
  'ellipsis-h',
  'eye',
  'eye-slash',
  'file-archive',
  'file-download',
  'file-pdf',
  'folder-gear',
  'gear',
  'hashtag',
  'key',
  'linkedin',
  'markdown',
  'mastodon',
  'mcp',
  'memo',
  'message-question',
  'moon',
  'paper-plane',
  'pencil',
  'plus',
  'print',
  'rotate',
  'rss',
  'slack',
  'spinner-third',
  'star',
  'sun-bright',
  'tags',
  'thumbs-down',
  'threads',
  'tiktok',
  'trash',
  'trash-can',
  'triangle-exclamation',
  'user',
  'xmark',
  'youtube',
];

/** Font Awesome 6 Pro (not in the free sets) and brand names documentation sites use. */
const PRO_AND_BRANDS = [
  'message-bot',
  'list-timeline',
  'rocket-launch',
  'anthropic',
  'gemini',
  'copilot',
  'lightbulb-on',
  'shield-check',
  'hand-wave',
  'webhook',
  'browser',
  'square-code',
  'messages',
  'cloud-check',
  'circle-bolt',
  'grid-2',
  'sliders-up',
  'microchip-ai',
  'house-blank',
  'square-1',
  'square-2',
  'square-3',
];

const NAMES = [...new Set([...GITBOOK_DOCS, ...GITBOOK_RENDERER, ...PRO_AND_BRANDS])];

/** Card rows of real sites and of the example: each card's icon must differ. */
const CARD_ROWS = [
  ['claude', 'chatgpt', 'cursor'], // GitBook's home page, "From your agent"
  ['message-bot', 'sparkle', 'party-horn', 'rectangle-terminal', 'list-timeline', 'books'],
  ['terminal', 'rectangle-terminal'],
  ['sparkles', 'wand-magic-sparkles', 'sparkle'],
  ['book', 'book-open', 'books'],
  ['globe', 'globe-pointer'],
];

const require = createRequire(import.meta.url);
const freeSets = ['fa6-solid', 'fa6-regular', 'fa6-brands'].map(
  (set) =>
    JSON.parse(readFileSync(require.resolve(`@iconify-json/${set}/icons.json`), 'utf8')) as {
      icons: Record<string, unknown>;
      aliases?: Record<string, { parent: string }>;
    },
);

/** The name `name` is another name of: through `ALIASES`, then a free set's own aliases. */
function canonical(name: string): string {
  let current = ALIASES[name] ?? name;
  for (const set of freeSets) {
    while (set.aliases && Object.hasOwn(set.aliases, current))
      current = (set.aliases[current] as { parent: string }).parent;
  }
  return current;
}

function inFreeSets(name: string): boolean {
  return freeSets.some(
    (set) => Object.hasOwn(set.icons, name) || Object.hasOwn(set.aliases ?? {}, name),
  );
}

/** What an icon looks like: its SVG's shapes and box (not its class). */
function look(svg: Element): string {
  return `${String(svg.properties.viewBox)} ${toHtml(svg.children)}`;
}

function drawn(name: string) {
  const icon = drawIcon(name, undefined, 'solid');
  if (!icon) throw new Error(`${name}: not drawn at all`);
  return icon;
}

const fallback = look(drawn('no-such-icon-name').svg);

describe('icon names real sites use', () => {
  it('lists several dozen names, among them names outside the free sets', () => {
    expect(NAMES.length).toBeGreaterThan(150);
    expect(NAMES.filter((name) => !inFreeSets(canonical(name))).length).toBeGreaterThan(35);
  });

  it('each draws a glyph, never the fallback', () => {
    const fallen = NAMES.filter(
      (name) => drawn(name).unknown || look(drawn(name).svg) === fallback,
    );
    expect(fallen).toEqual([]);
  });

  it('no two names draw the same glyph unless one is an alias of the other', () => {
    const byLook = new Map<string, string[]>();
    for (const name of NAMES) {
      const key = look(drawn(name).svg);
      byLook.set(key, [...(byLook.get(key) ?? []), name]);
    }
    const clashes = [...byLook.values()].filter((names) => new Set(names.map(canonical)).size > 1);
    expect(clashes).toEqual([]);
  });

  it.each(CARD_ROWS.map((row) => [row.join(', '), row]))(
    'a card row draws distinct icons: %s',
    (_, row) => {
      const looks = (row as string[]).map((name) => look(drawn(name).svg));
      expect(new Set(looks).size).toBe(row.length);
    },
  );
});

describe('the table', () => {
  const rows = { ...BRAND_LOGOS, ...PRO_STAND_INS };

  it('has rows only for names outside the free sets, each drawing its glyph', () => {
    expect(Object.keys(rows).filter(inFreeSets)).toEqual([]);
    for (const name of Object.keys(rows)) {
      const icon = drawn(name);
      expect(icon.unknown, name).toBeUndefined();
      expect(look(icon.svg), name).not.toBe(fallback);
    }
  });

  it('gives each row a glyph of its own, outside the Font Awesome sets', () => {
    const values = Object.values(rows);
    expect(values.filter((value) => !/^(mdi|simple-icons):/.test(value))).toEqual([]);
    expect(new Set(values).size).toBe(values.length);
  });

  it('names a Pro icon drawn as a stand-in, and a brand logo or a free icon not', () => {
    expect(drawn('message-bot').standIn).toBe('mdi:assistant');
    expect(drawn('claude').standIn).toBeUndefined();
    expect(drawn('robot').standIn).toBeUndefined();
    expect(drawn('chatgpt').svg.properties.className).toEqual(['op-icon', 'op-icon--simple-icons']);
  });

  it('an alias draws its target; a name every object has is no icon', () => {
    expect(look(drawn('chatgpt').svg)).toBe(look(drawn('openai').svg));
    expect(look(drawn('home').svg)).toBe(look(drawn('house').svg));
    expect(drawn('constructor').unknown).toBe(true);
    expect(drawn('hasownproperty').unknown).toBe(true);
  });
});
