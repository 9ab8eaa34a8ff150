import { z } from 'zod';
import { resource } from './common.ts';
import { SiteCustomization } from './customizations.ts';
import { Site, StructureEntry } from './site.ts';

/** `GET SITE/published`: everything a visitor's view of the site is built from. */
export const PublishedContentSite = resource('published-content-site', {
  site: Site,
  structure: z.looseObject({
    type: z.string(),
    structure: z.array(StructureEntry),
  }),
  customizations: z.looseObject({ site: SiteCustomization.optional() }).optional(),
});
export type PublishedContentSite = z.infer<typeof PublishedContentSite>;
