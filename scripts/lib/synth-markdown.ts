import { slug } from 'github-slugger';
import { Random, seedOf } from './prng.ts';
import {
  a,
  adjective,
  capitalize,
  identifier,
  keyword,
  noun,
  paragraph,
  plural,
  sentence,
  setting,
  verb,
} from './synth-text.ts';

/**
 * One synthetic page in the Git Sync flavour: front matter, a title heading, then sections of
 * prose, lists, tables, code, hints, tabs, images and links until the page reaches its size.
 */

/** Image files every generated space carries in `.gitbook/assets/`. */
export const SHARED_IMAGES = ['architecture.png', 'dashboard.png', 'latency.png', 'banner.png'];

export interface PageLink {
  title: string;
  /** Relative `.md` path from the page, optionally with `#anchor`. */
  href: string;
}

export interface PageInput {
  title: string;
  seed: number;
  /** Site-wide ordinal of the page; makes its keyword unique. */
  ordinal: number;
  /** Relative path from the page's folder to the space's `.gitbook/assets`. */
  assets: string;
  links: readonly PageLink[];
}

const H2 = [
  'Overview',
  'Before you begin',
  'How it works',
  'Configuration',
  'Limits and quotas',
  'Examples',
  'Permissions',
  'Monitoring',
  'Troubleshooting',
  'Security considerations',
  'Best practices',
  'Pricing',
  'Known limitations',
  'Reference',
  'Next steps',
];

const ICONS = ['book', 'gear', 'bolt', 'shield', 'chart-line', 'terminal', 'database', 'cloud'];
const HINT_STYLES = ['info', 'warning', 'danger', 'success'];
const TAB_LABEL: Record<string, string> = {
  typescript: 'TypeScript',
  python: 'Python',
  go: 'Go',
  bash: 'Shell',
};
const FILE_EXTENSION: Record<string, string> = {
  typescript: 'ts',
  python: 'py',
  bash: 'sh',
  json: 'json',
  go: 'go',
  yaml: 'yaml',
  sql: 'sql',
};

/** The first `## ` heading of a page, derivable without generating the page (link anchors). */
export function firstHeading(pageSeed: number): string {
  return new Random(seedOf(pageSeed, 'first-heading')).pick(H2);
}

export function anchorOf(heading: string): string {
  return slug(heading);
}

export function pageMarkdown(input: PageInput): string {
  const rng = new Random(input.seed);
  const links = [...input.links];
  const blocks = [
    frontMatter(rng),
    `# ${input.title}`,
    `${paragraph(rng, 2, 4)} This page is part of the ${capitalize(keyword(rng, input.ordinal))} runbook.`,
  ];
  const target = rng.int(2200, 6200);
  let size = blocks.reduce((total, block) => total + block.length, 0);
  const headings = headingOrder(rng, input.seed);
  for (let i = 0; size < target; i++) {
    const heading = headings[i] ?? `${capitalize(verb(rng))} ${plural(noun(rng))}`;
    const section = sectionMarkdown(rng, heading, links, input.assets);
    blocks.push(section);
    size += section.length;
  }
  if (links.length > 0) blocks.push(relatedPages(links));
  return `${blocks.join('\n\n')}\n`;
}

function frontMatter(rng: Random): string {
  const lines = ['---', `description: ${JSON.stringify(sentence(rng))}`];
  if (rng.chance(0.3)) lines.push(`icon: ${rng.pick(ICONS)}`);
  lines.push('---');
  return lines.join('\n');
}

/** The page's `## ` headings: the derivable first one, then the others in a shuffled order. */
function headingOrder(rng: Random, pageSeed: number): string[] {
  const first = firstHeading(pageSeed);
  const rest = H2.filter((heading) => heading !== first);
  for (let i = rest.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [rest[i], rest[j]] = [rest[j] as string, rest[i] as string];
  }
  return [first, ...rest];
}

function sectionMarkdown(rng: Random, heading: string, links: PageLink[], assets: string): string {
  const parts = [`## ${heading}`, withLink(rng, paragraph(rng), links)];
  if (rng.chance(0.35)) parts.push(list(rng));
  if (rng.chance(0.25)) parts.push(table(rng));
  if (rng.chance(0.45)) parts.push(codeBlock(rng));
  if (rng.chance(0.25)) parts.push(hint(rng));
  if (rng.chance(0.12)) parts.push(tabs(rng));
  if (rng.chance(0.12)) parts.push(image(rng, assets));
  if (rng.chance(0.05)) parts.push(details(rng));
  if (rng.chance(0.3)) parts.push(subsection(rng, links));
  return parts.join('\n\n');
}

/** Appends one of the remaining links to a paragraph, so links sit in running text. */
function withLink(rng: Random, text: string, links: PageLink[]): string {
  if (links.length === 0 || !rng.chance(0.5)) return text;
  const link = links.shift() as PageLink;
  return `${text} For details, see [${link.title}](${link.href}).`;
}

function subsection(rng: Random, links: PageLink[]): string {
  const title = `${capitalize(verb(rng))} ${a(adjective(rng))} ${noun(rng)}`;
  const body = rng.chance(0.5) ? codeBlock(rng) : list(rng);
  return [`### ${title}`, withLink(rng, paragraph(rng, 1, 3), links), body].join('\n\n');
}

function list(rng: Random): string {
  const ordered = rng.chance(0.4);
  const items: string[] = [];
  const count = rng.int(3, 6);
  for (let i = 1; i <= count; i++) items.push(`${ordered ? `${i}.` : '*'} ${sentence(rng)}`);
  return items.join('\n');
}

function table(rng: Random): string {
  const rows = ['| Setting | Default | Description |', '| --- | --- | --- |'];
  const count = rng.int(3, 6);
  for (let i = 0; i < count; i++) {
    rows.push(`| \`${setting(rng)}\` | \`${rng.int(0, 600)}\` | ${sentence(rng)} |`);
  }
  return rows.join('\n');
}

function hint(rng: Random): string {
  return `{% hint style="${rng.pick(HINT_STYLES)}" %}\n${paragraph(rng, 1, 2)}\n{% endhint %}`;
}

function details(rng: Random): string {
  const question = `Why is my ${noun(rng)} ${adjective(rng)}?`;
  return `<details>\n\n<summary>${question}</summary>\n\n${paragraph(rng, 2, 3)}\n\n</details>`;
}

function image(rng: Random, assets: string): string {
  const file = `${assets}/${rng.pick(SHARED_IMAGES)}`;
  const alt = `${capitalize(adjective(rng))} ${noun(rng)} overview`;
  if (rng.chance(0.5)) return `![${alt}](${file})`;
  return `<figure><img src="${file}" alt="${alt}"><figcaption><p>${alt}</p></figcaption></figure>`;
}

function tabs(rng: Random): string {
  const languages = Object.keys(TAB_LABEL);
  const count = rng.int(2, 3);
  const start = rng.int(0, languages.length - 1);
  const parts = ['{% tabs %}'];
  for (let i = 0; i < count; i++) {
    const language = languages[(start + i) % languages.length] as string;
    parts.push(`{% tab title="${TAB_LABEL[language]}" %}\n${fence(rng, language)}\n{% endtab %}`);
  }
  parts.push('{% endtabs %}');
  return parts.join('\n\n');
}

function codeBlock(rng: Random): string {
  const language = rng.pick(Object.keys(FILE_EXTENSION));
  const code = fence(rng, language);
  if (!rng.chance(0.4)) return code;
  const title = `${noun(rng)}.${FILE_EXTENSION[language]}`;
  return `{% code title="${title}" %}\n${code}\n{% endcode %}`;
}

function fence(rng: Random, language: string): string {
  return `\`\`\`${language}\n${codeSample(rng, language)}\n\`\`\``;
}

function codeSample(rng: Random, language: string): string {
  const thing = noun(rng);
  const name = `${adjective(rng)}-${thing}-${rng.int(1, 99)}`;
  const key = setting(rng);
  const value = rng.int(1, 900);
  switch (language) {
    case 'typescript':
      return [
        "import { Client } from '@synth/sdk';",
        '',
        'const client = new Client({ token: process.env.SYNTH_TOKEN });',
        `const ${identifier(rng, 'camel')} = await client.${plural(thing)}.${verb(rng)}({ name: '${name}', ${key}: ${value} });`,
      ].join('\n');
    case 'python': {
      const variable = identifier(rng, 'snake');
      return [
        'from synth import Client',
        '',
        'client = Client()',
        `${variable} = client.${plural(thing)}.${verb(rng)}(name="${name}", ${key}=${value})`,
        `print(${variable}.status)`,
      ].join('\n');
    }
    case 'bash':
      return [
        `synthctl ${thing} ${verb(rng)} ${name} --${key.replaceAll('_', '-')} ${value}`,
        `synthctl ${thing} list --output json | jq '.[].id'`,
      ].join('\n');
    case 'json':
      return `{\n  "${thing}": "${name}",\n  "${key}": ${value},\n  "tags": ["${adjective(rng)}", "${adjective(rng)}"]\n}`;
    case 'go':
      return [
        'func main() {',
        '\tclient := synth.NewClient()',
        `\t${identifier(rng, 'camel')}, err := client.${capitalize(plural(thing))}.${capitalize(verb(rng))}(ctx, "${name}")`,
        '\tif err != nil {',
        '\t\tlog.Fatal(err)',
        '\t}',
        '}',
      ].join('\n');
    case 'yaml':
      return `${thing}:\n  name: ${name}\n  ${key}: ${value}\n  labels:\n    tier: ${adjective(rng)}`;
    default:
      return `SELECT id, name, created_at\nFROM ${plural(thing)}\nWHERE ${key} > ${value}\nORDER BY created_at DESC;`;
  }
}

function relatedPages(links: readonly PageLink[]): string {
  const items = links.map((link) => `* [${link.title}](${link.href})`);
  return ['## Related pages', items.join('\n')].join('\n\n');
}
