import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { type ImagesMade, writeVariants } from '../../images/index.ts';
import { sanitizeSvg } from '../../markdown/svg.ts';
import type { SitePart } from '../../shard/part.ts';
import type { AssetModel, SiteModel } from '../../site/index.ts';
import { pathInside } from '../../site/paths.ts';
import type { Snapshot } from '../../snapshot/read.ts';
import type { ThemeStylesheet } from '../../theme/index.ts';
import { firstLine } from '../../utils/issues.ts';
import { RenderError } from '../errors.ts';
import { writeKatex } from '../katex.ts';
import type { DiagramStage } from './diagrams.ts';
import type { PreparedSite } from './site-view.ts';

/**
 * Stage 4 of a render: the files pages point at. The snapshot's files at their hashed paths,
 * the theme stylesheet and its fonts, the favicon drawing, KaTeX's stylesheet, mermaid's bundle.
 */

/** Every file of the assets phase into the staged output; returns the warnings. */
export async function writeAssets(input: {
  snapshot: Snapshot;
  model: SiteModel;
  /** The part of the site this render writes: its share of the downloaded files. */
  part: Pick<SitePart, 'assets'>;
  site: PreparedSite;
  /** Some page shows math. */
  math: boolean;
  /** Writes mermaid's bundle if some page draws its diagrams itself. */
  diagrams: Pick<DiagramStage, 'writeBundle'>;
  staged: string;
  /** The image stage's variants, written beside their originals. */
  variants?: ImagesMade;
}): Promise<{ page: string; message: string }[]> {
  const { site, staged } = input;
  const warnings = await copyAssets(input.snapshot, input.part.assets, staged);
  if (input.variants) await writeVariants(input.variants.files, (file) => pathInside(staged, file));
  await writeTheme(site.theme, site.themeCss, staged);
  if (site.faviconFile)
    await writeFile(path.join(staged, site.faviconFile.path), site.faviconFile.svg);
  if (input.math) await writeKatex(staged);
  await input.diagrams.writeBundle(staged);
  return warnings;
}

/** The theme stylesheet at its hashed path, and the font files it names. */
export async function writeTheme(
  theme: ThemeStylesheet,
  cssPath: string,
  outDir: string,
): Promise<void> {
  await mkdir(path.join(outDir, path.dirname(cssPath)), { recursive: true });
  await writeFile(path.join(outDir, cssPath), theme.css);
  for (const font of theme.fontFiles) {
    const target = path.join(outDir, font.to);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(font.from, target);
  }
}

/**
 * The snapshot's files at their hashed paths. SVGs are rewritten without script (see svg.ts);
 * one that is not even XML is replaced by an empty drawing, with a warning naming the file.
 */
export async function copyAssets(
  snapshot: Snapshot,
  assets: readonly AssetModel[],
  outDir: string,
): Promise<{ page: string; message: string }[]> {
  const limit = pLimit(16);
  const warnings: { page: string; message: string }[] = [];
  await Promise.all(
    assets.map((asset) =>
      limit(async () => {
        const target = pathInside(outDir, asset.outputFile);
        if (!target) throw new RenderError(`asset path escapes the output: ${asset.outputFile}`);
        await mkdir(path.dirname(target), { recursive: true });
        if (!target.endsWith('.svg')) {
          await copyFile(snapshot.blobFile(asset.sha256), target);
          return;
        }
        const svg = await readFile(snapshot.blobFile(asset.sha256), 'utf8');
        try {
          await writeFile(target, sanitizeSvg(svg));
        } catch (error) {
          warnings.push({
            page: `file ${JSON.stringify(asset.name)} (space ${asset.spaceId})`,
            message: `not a well-formed SVG (${firstLine(error)}); replaced by an empty image`,
          });
          await writeFile(target, EMPTY_SVG);
        }
      }),
    ),
  );
  return warnings;
}

const EMPTY_SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>';
