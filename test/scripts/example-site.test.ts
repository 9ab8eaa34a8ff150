import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exampleImages } from '../../scripts/lib/example-assets.ts';
import { decodePng } from '../../scripts/lib/png.ts';
import {
  checkSiteFolder,
  isExternal,
  listFiles,
  readSummary,
  readYaml,
  SpaceView,
  splitFrontMatter,
} from './site-folder.ts';

const EXAMPLE = fileURLToPath(new URL('../../examples/site', import.meta.url));
const SPACES = [
  'api',
  'avionics',
  'guides-v1',
  'guides-v2',
  'guides-v2-fr',
  'mission-planner',
  'telemetry',
];
/** A space of the organization no site shows: links into it lead to the platform's app. */
const UNPUBLISHED = ['avionics'];

/** Words that occur in exactly one place, for search tests (listed in examples/README.md). */
const UNIQUE_WORDS: Record<string, string> = {
  kittiwake: 'spaces/guides-v2/',
  marlinspike: 'spaces/guides-v1/',
  ptarmigan: 'spaces/api/',
  sandpiper: 'spaces/telemetry/',
  nightjar: 'spaces/mission-planner/',
  lodestar: 'spaces/api/.change-requests/1/',
};

function summaryOf(space: string) {
  return readSummary(readFileSync(join(EXAMPLE, 'spaces', space, 'SUMMARY.md'), 'utf8'));
}

function pageFiles(space: string): string[] {
  return summaryOf(space)
    .entries.filter((entry) => !isExternal(entry.target))
    .map((entry) => entry.target);
}

function frontMatterOf(space: string, page: string): Record<string, unknown> {
  return splitFrontMatter(readFileSync(join(EXAMPLE, 'spaces', space, page), 'utf8')).data;
}

describe('the bundled example site folder', () => {
  it('is self-consistent: ids, site spaces, SUMMARY entries, assets, links and anchors', () => {
    expect(checkSiteFolder(EXAMPLE)).toEqual([]);
  });

  it('uses every space folder in a site but the unpublished one, and only those', () => {
    const used = ['docs', 'preview'].flatMap((site) => {
      const file = readYaml(join(EXAMPLE, 'sites', `${site}.yaml`)) as {
        sections?: { siteSpaces: { space: string }[] }[];
        siteSpaces?: { space: string }[];
      };
      const siteSpaces =
        file.siteSpaces ?? file.sections?.flatMap((section) => section.siteSpaces) ?? [];
      return siteSpaces.map((siteSpace) => siteSpace.space);
    });
    expect(readdirSync(join(EXAMPLE, 'spaces')).sort()).toEqual(SPACES);
    expect([...new Set(used)].sort()).toEqual(SPACES.filter((s) => !UNPUBLISHED.includes(s)));
    expect(readYaml(join(EXAMPLE, 'organization.yaml')).id).toBe('acme-rockets');
  });

  it('covers the page kinds: 25+ documents, 3-deep nesting, groups, a link, a hidden page, a cover', () => {
    const documents = SPACES.flatMap(pageFiles);
    expect(documents.length).toBeGreaterThanOrEqual(25);
    const v2 = summaryOf('guides-v2');
    expect(Math.max(...v2.entries.map((entry) => entry.depth))).toBe(3);
    expect(v2.groups).toEqual(['Operations']);
    // Link pages: an external URL, and the app URL of the api space's authentication page.
    expect(v2.entries.filter((entry) => isExternal(entry.target))).toHaveLength(2);
    expect(frontMatterOf('guides-v2', 'operations/range-safety-runbook.md').hidden).toBe(true);
    const cover = frontMatterOf('telemetry', 'README.md').cover;
    expect(new SpaceView([join(EXAMPLE, 'spaces/telemetry')]).has(String(cover))).toBe(true);
  });

  it('starts every page with a `# ` heading equal to its SUMMARY title, as Git Sync writes', () => {
    for (const space of SPACES) {
      for (const entry of summaryOf(space).entries.filter((e) => !isExternal(e.target))) {
        const { body } = splitFrontMatter(
          readFileSync(join(EXAMPLE, 'spaces', space, entry.target), 'utf8'),
        );
        expect(body.trimStart().split('\n')[0], `${space}/${entry.target}`).toBe(
          `# ${entry.title}`,
        );
      }
    }
  });

  it('has variants whose page paths mostly coincide', () => {
    const v2 = new Set(pageFiles('guides-v2'));
    const v1 = pageFiles('guides-v1');
    const shared = v1.filter((page) => v2.has(page));
    expect(shared.length / v1.length).toBeGreaterThanOrEqual(0.8);
  });

  it('points every customization image at a file in the folder', () => {
    const site = readYaml(join(EXAMPLE, 'sites/docs.yaml')) as {
      customizations: {
        favicon: { icon: Record<string, string> };
        header: { logo: Record<string, string> };
      };
    };
    const { favicon, header } = site.customizations;
    const images = [...Object.values(favicon.icon), ...Object.values(header.logo)];
    expect(images).toHaveLength(4);
    const present = new Set(listFiles(EXAMPLE));
    expect(images.filter((image) => !present.has(image))).toEqual([]);
  });

  it('has a share-link site with one active and one inactive link', () => {
    const preview = readYaml(join(EXAMPLE, 'sites/preview.yaml')) as {
      visibility: string;
      shareLinks: { active?: boolean }[];
    };
    expect(preview.visibility).toBe('share-link');
    expect(preview.shareLinks.map((link) => link.active ?? true)).toEqual([true, false]);
  });

  it('keeps each variant-specific word in one place only', () => {
    const texts = listFiles(EXAMPLE)
      .filter((path) => /\.(md|ya?ml)$/.test(path))
      .map((path) => ({ path, text: readFileSync(join(EXAMPLE, path), 'utf8').toLowerCase() }));
    for (const [word, place] of Object.entries(UNIQUE_WORDS)) {
      const where = texts.filter(({ text }) => text.includes(word)).map(({ path }) => path);
      expect(where.length, word).toBeGreaterThan(0);
      expect(
        where.filter((path) => !path.startsWith(place)),
        word,
      ).toEqual([]);
      if (!place.includes('.change-requests')) {
        expect(
          where.filter((path) => path.includes('.change-requests')),
          word,
        ).toEqual([]);
      }
    }
  });

  it('ships valid PNGs that match their generator', () => {
    for (const [path, bytes] of exampleImages()) {
      const onDisk = decodePng(readFileSync(join(EXAMPLE, path)));
      // Compare pixels, not bytes: another zlib may compress the same pixels differently.
      expect(onDisk.raw.equals(decodePng(bytes).raw), path).toBe(true);
    }
  });
});
