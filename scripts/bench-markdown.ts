/**
 * Markdown rendering benchmark: pages per second for a realistic mix of ~5 KB pages with code
 * blocks, on one core and on all cores (the worker pool of `src/markdown/pool.ts`), and the effect
 * of the highlight cache. `npm run bench` calls `benchMarkdown()`; `node scripts/bench-markdown.ts`
 * prints the figures.
 */
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import {
  type CodeHighlighter,
  createCodeHighlighter,
  createTableResolver,
  renderMarkdown,
  type TableResolverData,
} from '../src/markdown/index.ts';
import { createRenderPool } from '../src/markdown/pool.ts';

export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
}

const PAGE_COUNT = 240;

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Snippets that recur across pages (install commands, config): what the cache is for. */
const SHARED: [string, string][] = [
  ['bash', 'npm install --save offprint\nnpx offprint build --out dist'],
  ['bash', 'yarn add offprint\nyarn offprint build --out dist'],
  ['bash', 'pnpm add offprint\npnpm offprint build --out dist'],
  [
    'json',
    '{\n  "name": "docs",\n  "scripts": { "build": "offprint build" },\n  "dependencies": { "offprint": "^1.0.0" }\n}',
  ],
  ['yaml', 'site: acme\nbase: /docs\ntheme:\n  primary: "#346DDB"\n  font: Inter\n'],
  ['ts', "import { build } from 'offprint';\n\nawait build({ out: 'dist', base: '/docs' });"],
  [
    'js',
    "const client = createClient({ token: process.env.OFFPRINT_TOKEN });\nconst site = await client.sites.get('acme');",
  ],
  [
    'python',
    'import requests\n\nresponse = requests.get("https://api.example.com/v1/orgs", headers={"Authorization": f"Bearer {token}"})\nprint(response.json())',
  ],
];

const WORDS =
  'the site page build render token space section content file link search theme output static deploy cache snapshot review publish change request guide reference install configure'.split(
    ' ',
  );

function sentence(rand: () => number, words = 14): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(rand() * WORDS.length)] as string);
  const text = out.join(' ');
  return `${text[0]?.toUpperCase()}${text.slice(1)}.`;
}

function uniqueCode(rand: () => number, n: number): [string, string] {
  const langs = ['ts', 'js', 'python', 'bash', 'json'];
  const lang = langs[Math.floor(rand() * langs.length)] as string;
  const name = `handler${n}`;
  const lines: Record<string, string> = {
    ts: `export async function ${name}(request: Request): Promise<Response> {\n  const body = await request.json();\n  if (!body.id) return new Response('missing id ${n}', { status: 400 });\n  const item = await store.get(body.id);\n  return Response.json({ item, at: Date.now() });\n}`,
    js: `export function ${name}(items) {\n  return items\n    .filter((item) => item.weight > ${n % 17})\n    .map((item) => ({ ...item, label: item.name.toUpperCase() }));\n}`,
    python: `def ${name}(items):\n    """Sum the weights above ${n % 13}."""\n    return sum(item["weight"] for item in items if item["weight"] > ${n % 13})`,
    bash: `for file in docs/*.md; do\n  echo "checking $file (${n})"\n  grep -q "{% hint" "$file" && echo "has hints"\ndone`,
    json: `{\n  "id": "page-${n}",\n  "title": "Page ${n}",\n  "tags": ["guide", "v${n % 5}"],\n  "weight": ${n}\n}`,
  };
  return [lang, lines[lang] as string];
}

function fence([lang, code]: [string, string]): string {
  return `\`\`\`${lang}\n${code}\n\`\`\``;
}

/** One ~5 KB page in the Git Sync flavour. */
export function page(n: number): string {
  const rand = random(n + 1);
  const shared = () => SHARED[Math.floor(rand() * SHARED.length)] as [string, string];
  const link = () =>
    `[${WORDS[Math.floor(rand() * WORDS.length)]}](page-${Math.floor(rand() * PAGE_COUNT)}.md)`;
  const parts = [
    `# Page ${n}`,
    `${sentence(rand)} ${link()} and **${sentence(rand, 4)}** with \`inline code\` ${sentence(rand)}`,
    '## Install',
    sentence(rand, 24),
    `{% tabs %}\n{% tab title="npm" %}\n${fence(SHARED[0] as [string, string])}\n{% endtab %}\n{% tab title="yarn" %}\n${fence(SHARED[1] as [string, string])}\n{% endtab %}\n{% endtabs %}`,
    `{% hint style="info" %}\n${sentence(rand, 20)} ${link()}\n{% endhint %}`,
    '## Configure',
    `${sentence(rand, 30)} ${sentence(rand, 18)}`,
    `{% code title="config.yaml" %}\n${fence(shared())}\n{% endcode %}`,
    `* ${sentence(rand, 8)}\n* ${sentence(rand, 8)} ${link()}\n* ${sentence(rand, 8)}`,
    '### Example',
    fence(uniqueCode(rand, n * 2)),
    sentence(rand, 26),
    '| Option | Default | Meaning |\n| --- | --- | --- |\n| `out` | `dist` | Output folder |\n| `base` | `/` | Base path |\n| `cache` | `.offprint` | Cache folder |',
    '![Diagram](../.gitbook/assets/diagram.png)',
    '## Reference',
    `${sentence(rand, 30)} ${link()} ${sentence(rand, 20)}`,
    fence(uniqueCode(rand, n * 2 + 1)),
    fence(shared()),
    `{% hint style="warning" %}\n${sentence(rand, 16)}\n{% endhint %}`,
    `${sentence(rand, 40)}\n\n${sentence(rand, 30)}`,
    '## Troubleshooting',
    `<details>\n<summary>${sentence(rand, 5)}</summary>\n\n${sentence(rand, 40)} ${link()}\n\n</details>`,
    `1. ${sentence(rand, 12)}\n2. ${sentence(rand, 12)} ${link()}\n3. ${sentence(rand, 12)}`,
    `${sentence(rand, 45)} ${sentence(rand, 35)}`,
    `{% content-ref url="page-${Math.floor(rand() * PAGE_COUNT)}.md" %}\n[Next](page-0.md)\n{% endcontent-ref %}`,
  ];
  return `${parts.join('\n\n')}\n`;
}

export function resolverData(): TableResolverData {
  return {
    pages: Array.from({ length: PAGE_COUNT }, (_, i) => ({
      id: `p${i}`,
      path: `guides/page-${i}.md`,
      url: `/guides/page-${i}/`,
      title: `Page ${i}`,
    })),
    files: [
      {
        id: 'f1',
        path: '.gitbook/assets/diagram.png',
        url: '/assets/diagram.png',
        name: 'diagram.png',
        width: 800,
        height: 400,
      },
    ],
  };
}

async function renderAll(pages: string[], highlighter: CodeHighlighter): Promise<number> {
  const resolver = createTableResolver(resolverData());
  const start = performance.now();
  for (const [i, markdown] of pages.entries()) {
    await renderMarkdown(markdown, { resolver, currentPath: `guides/page-${i}.md`, highlighter });
  }
  return (performance.now() - start) / 1000;
}

export async function benchMarkdown(): Promise<BenchFigure[]> {
  const pages = Array.from({ length: PAGE_COUNT }, (_, i) => page(i));
  const averageKb = pages.reduce((sum, p) => sum + p.length, 0) / pages.length / 1024;

  // Warm up: Shiki, the languages, KaTeX, the icon sets, the JIT.
  await renderAll(pages.slice(0, 30), createCodeHighlighter({ cacheSize: 0 }));

  const cached = createCodeHighlighter();
  const withCache = await renderAll(pages, cached);
  const { hits, misses } = cached.stats();
  const withoutCache = await renderAll(pages, createCodeHighlighter({ cacheSize: 0 }));

  const cores = availableParallelism();
  const pool = createRenderPool({ size: cores, resolver: { data: resolverData() } });
  let parallel: number;
  try {
    await pool.ready();
    // Warm up every worker as the single-core run was: Shiki, languages, JIT.
    await Promise.all(
      pages
        .slice(0, 30 * cores)
        .map((markdown, i) => pool.render({ markdown, currentPath: `guides/page-${i}.md` })),
    );
    const start = performance.now();
    await Promise.all(
      pages.map((markdown, i) => pool.render({ markdown, currentPath: `guides/page-${i}.md` })),
    );
    parallel = (performance.now() - start) / 1000;
  } finally {
    await pool.close();
  }

  const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
  return [
    { name: 'markdown: page size (average)', value: round(averageKb), unit: 'KB' },
    {
      name: 'markdown: pages/s, 1 core (highlight cache on)',
      value: round(PAGE_COUNT / withCache),
      unit: 'pages/s',
    },
    {
      name: 'markdown: pages/s, 1 core (highlight cache off)',
      value: round(PAGE_COUNT / withoutCache),
      unit: 'pages/s',
    },
    {
      name: `markdown: pages/s, ${cores} cores (worker pool)`,
      value: round(PAGE_COUNT / parallel),
      unit: 'pages/s',
    },
    {
      name: 'markdown: highlight cache hit rate',
      value: round((100 * hits) / Math.max(1, hits + misses)),
      unit: '%',
    },
    {
      name: 'markdown: speed-up from the highlight cache',
      value: round(withoutCache / withCache, 2),
      unit: 'x',
    },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const figure of await benchMarkdown()) {
    console.log(`${figure.name.padEnd(52)} ${String(figure.value).padStart(8)} ${figure.unit}`);
  }
}
