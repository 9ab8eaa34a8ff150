import path from 'node:path';
import type { SiteCustomization } from '../../api/schemas/customizations.ts';
import { type ImageFile, ImageStage } from '../../images/index.ts';
import type { ImageWorkshop } from '../../images/workshop.ts';
import type { SiteModel } from '../../site/index.ts';
import type { Snapshot } from '../../snapshot/read.ts';
import type { ImagePair } from '../../view/view.ts';
import type { OnRenderProgress } from '../progress.ts';

/**
 * The images phase's plan, before the pages: every raster file of the snapshot is probed and
 * given its variants' names and sizes (src/images), and the site model resolves files with them
 * from then on, in this thread and in the markdown workers. The variants themselves are made
 * beside the pages, as pages show them (`ImageStage.want`), and waited for before the assets.
 */
export async function prepareImages(input: {
  snapshot: Snapshot;
  model: SiteModel;
  customizations: SiteCustomization | undefined;
  records: { renderDir: string };
  options: {
    imageVariants?: boolean;
    imageWorkshop?: ImageWorkshop;
    pdf?: object;
    onProgress?: OnRenderProgress;
  };
}): Promise<ImageStage> {
  const { snapshot, model } = input;
  // `--no-image-variants`: no file is looked at, every image is served as uploaded.
  const files = input.options.imageVariants === false ? [] : imageFilesOf(snapshot, model);
  const site = input.customizations;
  const logos = [site?.header?.logo, site?.footer?.logo].flatMap((pair) =>
    pair && typeof pair === 'object'
      ? [pair.light, pair.dark].flatMap((url) => model.resolveImageUrl(url) ?? [])
      : [],
  );
  const icon = site?.favicon?.icon;
  const icons =
    icon && typeof icon === 'object'
      ? [icon.light, icon.dark].flatMap((url) => model.resolveImageUrl(url) ?? [])
      : [];
  // Covers of pages that show one (light and dark): their variants are made at once.
  const covers = model.pages.flatMap((page) =>
    page.layout.cover && page.cover
      ? [page.cover.light.url, ...(page.cover.dark ? [page.cover.dark.url] : [])]
      : [],
  );
  const stage = await ImageStage.plan({
    files,
    logos,
    icons,
    covers,
    cacheDir: path.join(input.records.renderDir, 'images'),
    print: input.options.pdf !== undefined,
    ...(input.options.imageWorkshop ? { workshop: input.options.imageWorkshop } : {}),
    onProgress: (done, total) => input.options.onProgress?.({ phase: 'images', done, total }),
  });
  model.useImages(stage.images);
  return stage;
}

/** The snapshot's files as the image stage reads them. */
export function imageFilesOf(snapshot: Snapshot, model: SiteModel): ImageFile[] {
  return model.assets.map((asset) => ({
    sha256: asset.sha256,
    url: asset.url,
    outputFile: asset.outputFile,
    file: snapshot.blobFile(asset.sha256),
    size: asset.size,
    name: asset.name,
    ...(asset.contentType !== undefined ? { contentType: asset.contentType } : {}),
    label: `file ${JSON.stringify(asset.name)} (space ${asset.spaceId})`,
  }));
}

/** The favicon's pair with its copies' URLs, when the image stage made them. */
export function smallIcons(
  pair: ImagePair,
  images: Pick<ImageStage, 'icons' | 'logos'>,
): ImagePair {
  const light = images.icons.get(pair.light) ?? pair.light;
  const dark = pair.dark === undefined ? undefined : (images.icons.get(pair.dark) ?? pair.dark);
  return dark === undefined ? { light } : { light, dark };
}

/** A logo's pair with the copies the image stage made of its files. */
export function sizedPair(pair: ImagePair, images: Pick<ImageStage, 'icons' | 'logos'>): ImagePair {
  const sized: NonNullable<ImagePair['sized']> = {};
  for (const url of [pair.light, pair.dark]) {
    const found = url === undefined ? undefined : images.logos.get(url);
    if (url !== undefined && found) sized[url] = found;
  }
  return Object.keys(sized).length > 0 ? { ...pair, sized } : pair;
}
