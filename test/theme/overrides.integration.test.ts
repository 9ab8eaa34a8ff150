import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../src/render/index.ts';
import { overridableComponents } from '../../src/render/theme-overrides.ts';
import { CHROMIUM } from '../helpers/browser.ts';
import { buildCustomized, type CustomizedBuild } from '../helpers/customized-build.ts';
import { tempDir } from '../helpers/fs.ts';

/**
 * Every component under themes/default/components/ can be overridden: one build whose theme
 * folder overrides each of them with a wrapper of the default that adds a marker of its own, so
 * each component is checked in turn, by its marker, without a build per component. The example
 * is built with what makes every component render: PDFs (`Download PDF`), `pdf.enabled`
 * (print), a feedback endpoint and a change request's preview (`ChangeNotice`). Mermaid's script is the one exception: it renders only where
 * the build could not draw a diagram, so it is checked in a second render from the first one's
 * cache (its markdown reused), without Chromium.
 */
const COMPONENTS = [...overridableComponents().entries()]
  .filter(([, file]) => file.startsWith('components/'))
  .map(([name]) => name);

const marker = (name: string) => `<template data-override="${name}"></template>`;

/** The page each component renders on, and what its default writes there. */
const WHERE: Record<string, { page: string; writes: string; undrawn?: true }> = {
  Adaptive: { page: 'index.html', writes: 'id="op-adaptive"' },
  Announcement: { page: 'index.html', writes: 'class="op-announcement' },
  Breadcrumbs: { page: 'getting-started/install/index.html', writes: 'class="op-breadcrumbs"' },
  ChangeNotice: { page: 'api/endpoints/payloads/index.html', writes: 'class="op-change-notice"' },
  DownloadPdf: { page: 'index.html', writes: 'data-op-pdf-download' },
  EditLink: { page: 'index.html', writes: 'data-op-edit-link' },
  Feedback: { page: 'index.html', writes: 'data-op-feedback=' },
  Footer: { page: 'index.html', writes: 'class="op-footer"' },
  Head: { page: 'index.html', writes: '<meta name="generator" content="Offprint">' },
  Header: { page: 'index.html', writes: 'class="op-header"' },
  HeaderLinks: { page: 'index.html', writes: 'class="op-header-links"' },
  LanguageAlternates: { page: 'index.html', writes: 'hreflang="x-default"' },
  LastUpdated: { page: 'index.html', writes: 'class="op-updated"' },
  Logo: { page: 'index.html', writes: 'class="op-logo' },
  MenuButton: { page: 'index.html', writes: 'data-op-menu' },
  MermaidScript: {
    page: 'concepts/mission-lifecycle/index.html',
    writes: '/mermaid.min.js',
    undrawn: true,
  },
  Operations: { page: 'api/reference/missions/index.html', writes: 'data-op-try-open' },
  Outline: { page: 'index.html', writes: 'class="op-outline"' },
  PageActions: { page: 'index.html', writes: 'data-op-page-actions' },
  PageCover: { page: 'concepts/launch-sites/index.html', writes: 'class="op-cover' },
  PageHeader: { page: 'index.html', writes: 'class="op-page-header"' },
  Pagination: { page: 'index.html', writes: 'class="op-pagination"' },
  PrintButton: { page: 'index.html', writes: 'data-op-print' },
  Search: { page: 'index.html', writes: 'data-op-search-open' },
  Shared: { page: 'index.html', writes: 'class="op-header"' },
  Sidebar: { page: 'index.html', writes: 'class="op-nav"' },
  SocialMeta: { page: 'index.html', writes: 'property="og:title"' },
  TabsScript: { page: 'telemetry/data-formats/index.html', writes: 'role="tablist"' },
  ThemeToggle: { page: 'index.html', writes: 'data-op-theme-toggle' },
  VariantSwitcher: { page: 'index.html', writes: 'class="op-variants"' },
};

describe('overriding each component of the default theme', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let build: CustomizedBuild;
  const undrawnDir = () => path.join(temp.dir, 'undrawn');
  const html = (page: string, undrawn?: true) =>
    readFile(path.join(undrawn ? undrawnDir() : build.outDir, page), 'utf8');

  beforeAll(async () => {
    temp = await tempDir('overrides');
    const themeDir = path.join(temp.dir, 'theme');
    await mkdir(themeDir);
    for (const name of COMPONENTS)
      await writeFile(
        path.join(themeDir, `${name}.astro`),
        `---\nimport Default from 'offprint:default/${name}';\n---\n<Default {...Astro.props}><slot /></Default>${marker(name)}\n`,
      );
    build = await buildCustomized(
      (site) => site.setIn(['customizations', 'pdf', 'enabled'], true),
      {
        themeDir,
        feedbackUrl: 'https://feedback.example/answers',
        pdf: { chromium: CHROMIUM },
        changeRequest: { spaceId: 'api', changeRequestId: '1' },
      },
    );
    await rm(path.join(build.cacheDir, 'render', 'diagrams'), { recursive: true, force: true });
    const chromium = process.env.OFFPRINT_CHROMIUM;
    process.env.OFFPRINT_CHROMIUM = path.join(temp.dir, 'no-chromium');
    try {
      await render({ cacheDir: build.cacheDir, outDir: undrawnDir(), themeDir });
    } finally {
      if (chromium === undefined) delete process.env.OFFPRINT_CHROMIUM;
      else process.env.OFFPRINT_CHROMIUM = chromium;
    }
  }, 300_000);

  afterAll(async () => {
    await build?.close();
    await temp?.cleanup();
  });

  it('reads the overridable set from the folder: Layout, Page and every component', async () => {
    const files = await readdir(new URL('../../themes/default/components/', import.meta.url));
    expect(COMPONENTS).toEqual(files.map((file) => file.replace(/\.astro$/, '')).sort());
    expect([...overridableComponents().keys()]).toEqual(['Layout', 'Page', ...COMPONENTS]);
    expect(Object.keys(WHERE).sort()).toEqual(COMPONENTS);
  });

  it.each(COMPONENTS)('renders the override of %s where the default renders', async (name) => {
    const where = WHERE[name];
    if (!where) throw new Error(`${name}: add where it renders to WHERE`);
    const page = await html(where.page, where.undrawn);
    // The override wrapped the default: both its output and the marker are on the page.
    expect(page).toContain(marker(name));
    expect(page).toContain(where.writes);
  });
});
