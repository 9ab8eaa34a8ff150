import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SiteCustomization } from '../../api/schemas/customizations.ts';
import {
  type CardContent,
  CardFonts,
  type LogoFile,
  ShareCards,
  siteFontPackage,
  siteLook,
} from '../../cards/index.ts';
import type { PageModel, SiteModel } from '../../site/index.ts';
import type { Snapshot } from '../../snapshot/read.ts';

/**
 * The share cards of a render (src/cards, docs/share-cards.md): which image a page's `og:image`
 * is, as the platform chooses it. The site's social preview image when the customization sets
 * one (`socialPreview.url`, the same for every page); else the page's own card. The platform
 * never uses a page's cover there, so neither does a card. Cards are drawn unless
 * `--no-share-cards` (`shareCards: false`); then `og:image` is the cover, else the logo.
 */
export interface SocialImages {
  /** The site's own preview image, for every page (no card is drawn). */
  preview?: string;
  cards?: ShareCards;
}

/**
 * Cards sent to their thread at once: one while the render goes on; once the render only waits
 * for them, two, so that the thread has the next tree as soon as it sends a card back.
 */
const CONCURRENCY = 1;
const WAITING_CONCURRENCY = Math.max(1, Math.min(2, os.availableParallelism()));

export async function prepareSocialImages(input: {
  enabled: boolean;
  snapshot: Snapshot;
  model: SiteModel;
  customizations: SiteCustomization | undefined;
  lang: string;
  renderDir: string;
}): Promise<SocialImages> {
  const { model, customizations } = input;
  const preview = socialPreviewOf(model, customizations);
  if (preview) return { preview };
  if (!input.enabled) return {};
  const logo = await logoFile(input.snapshot, model, customizations);
  return {
    cards: siteShareCards({ customizations, lang: input.lang, logo, renderDir: input.renderDir }),
  };
}

/**
 * The cards of a site, drawn into `<renderDir>/cards` in its look: its customization's colours
 * and font, its language's fallbacks, and its light logo's file (read by the caller: the render
 * from its snapshot, the pull as it lands).
 */
export function siteShareCards(input: {
  customizations: SiteCustomization | undefined;
  lang: string;
  logo: LogoFile | undefined;
  renderDir: string;
}): ShareCards {
  const { customizations } = input;
  const fonts = new CardFonts(siteFontPackage(customizations), input.lang);
  return new ShareCards({
    cacheDir: path.join(input.renderDir, 'cards'),
    look: siteLook(customizations, fonts.family, input.logo),
    fonts,
    concurrency: CONCURRENCY,
    waitingConcurrency: WAITING_CONCURRENCY,
  });
}

/** The URL of the header's light logo, as the customization names it. */
export function logoUrlOf(customizations: SiteCustomization | undefined): string | undefined {
  const url = customizations?.header?.logo?.light;
  return typeof url === 'string' ? url.trim() : undefined;
}

/** The site's own preview image (`socialPreview.url`), as the model resolves it. */
export function socialPreviewOf(
  model: SiteModel,
  customizations: SiteCustomization | undefined,
): string | undefined {
  return model.resolveImageUrl(
    (customizations as { socialPreview?: { url?: unknown } } | undefined)?.socialPreview?.url,
  );
}

/** The header's light logo, when the snapshot holds its file. */
async function logoFile(
  snapshot: Snapshot,
  model: SiteModel,
  customizations: SiteCustomization | undefined,
): Promise<LogoFile | undefined> {
  const url = logoUrlOf(customizations);
  const asset = url ? model.assetByDownloadUrl(url) : undefined;
  if (!asset) return undefined;
  try {
    const bytes = await readFile(snapshot.blobFile(asset.sha256));
    return {
      bytes,
      name: asset.name,
      ...(asset.contentType ? { contentType: asset.contentType } : {}),
    };
  } catch {
    return undefined;
  }
}

/** What a page's card shows. */
export function cardContent(
  model: SiteModel,
  page: PageModel,
  site: { lang: string; dir: 'ltr' | 'rtl' },
): CardContent {
  const section = page.sectionId ? model.section(page.sectionId)?.title : undefined;
  const spaces = model.siteSpaces.filter((space) => space.sectionId === page.sectionId);
  const space = spaces.length > 1 ? model.siteSpace(page.siteSpaceId)?.title : undefined;
  const label = [section, space].filter(Boolean).join(' · ');
  const description = page.description?.replace(/\s+/g, ' ').trim();
  return {
    title: page.title,
    ...(description ? { description } : {}),
    ...(label ? { section: label } : {}),
    siteTitle: model.title,
    dir: textDirection(page.title) ?? site.dir,
    lang: site.lang,
  };
}

/** The direction of a text's first strong letter: Hebrew, Arabic, Syriac, Thaana, N'Ko… or Latin. */
function textDirection(text: string): 'ltr' | 'rtl' | undefined {
  const strong =
    /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]|\p{L}/u.exec(
      text,
    );
  if (!strong) return undefined;
  return /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u.test(
    strong[0],
  )
    ? 'rtl'
    : 'ltr';
}
