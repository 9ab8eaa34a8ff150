/**
 * What every card of a site shares: the light theme's colours (the palette the stylesheet is
 * made from, so a tint colours the background as it colours the site's greys), the site's
 * font, and its light logo read from the snapshot as a data URL (an SVG logo sanitized first).
 */
import { createHash } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import { imageSize } from 'image-size';
import type { SiteCustomization } from '../api/schemas/customizations.ts';
import { sanitizeSvg } from '../markdown/svg.ts';
import { BUILT_IN_FONTS, buildPalette, step } from '../theme/index.ts';
import { resolveSettings } from '../theme/settings.ts';
import type { CardLook } from './tree.ts';
import { LOGO_HEIGHT, LOGO_MAX_WIDTH } from './tree.ts';

/** A logo file as the snapshot holds it. */
export interface LogoFile {
  bytes: Buffer;
  contentType?: string;
  name: string;
}

/** The look, and the digest of what it was made from (the logo's bytes stand in for its URL). */
export interface SiteLook {
  look: CardLook;
  digest: string;
}

/** The site's built-in family and its package, when `styling.font` names one that has one. */
export function siteFontPackage(
  customizations: SiteCustomization | undefined,
): { family: string; package: string } | undefined {
  const font = customizations?.styling?.font;
  const builtIn = typeof font === 'string' && Object.hasOwn(BUILT_IN_FONTS, font);
  const entry = builtIn ? BUILT_IN_FONTS[font as string] : undefined;
  return entry?.package && entry.bundled
    ? { family: entry.family, package: entry.package }
    : undefined;
}

export function siteLook(
  customizations: SiteCustomization | undefined,
  family: string,
  logo: LogoFile | undefined,
): SiteLook {
  const settings = resolveSettings(customizations, []);
  const palette = buildPalette(settings.colors.light, 'light');
  const look: CardLook = {
    family,
    colors: {
      background: step(palette.neutral, 1),
      accent: step(palette.primary, 9),
      title: step(palette.primary, 11),
      text: step(palette.neutral, 12),
      muted: step(palette.neutral, 11),
    },
  };
  const drawn = logo && logoImage(logo);
  if (drawn) look.logo = drawn;
  const digest = createHash('sha256')
    .update(JSON.stringify({ ...look, logo: drawn && { ...drawn, src: undefined } }))
    .update(logo?.bytes ?? '')
    .digest('hex');
  return { look, digest };
}

/** PNG, JPEG and SVG logos, scaled to the card's logo height; anything else is left out. */
function logoImage(logo: LogoFile): CardLook['logo'] | undefined {
  const svg = logo.contentType === 'image/svg+xml' || /\.svg$/i.test(logo.name);
  let bytes = logo.bytes;
  let type: string;
  try {
    if (svg) {
      // Drawn once here, at twice the card's logo height, rather than again in every card: a
      // wordmark's text needs the system's fonts, which the cards' own drawing never loads.
      const drawing = new Resvg(sanitizeSvg(logo.bytes.toString('utf8')), {
        fitTo: { mode: 'height', value: LOGO_HEIGHT * 2 },
      }).render();
      bytes = drawing.asPng();
      type = 'image/png';
    } else {
      const kind = imageSize(bytes).type;
      if (kind !== 'png' && kind !== 'jpg') return undefined;
      type = kind === 'png' ? 'image/png' : 'image/jpeg';
    }
    const { width, height } = imageSize(bytes);
    if (!width || !height) return undefined;
    const scale = Math.min(LOGO_HEIGHT / height, LOGO_MAX_WIDTH / width);
    return {
      src: `data:${type};base64,${bytes.toString('base64')}`,
      width: Math.round(width * scale),
      height: Math.round(height * scale),
    };
  } catch {
    return undefined;
  }
}
