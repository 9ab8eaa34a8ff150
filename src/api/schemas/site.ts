import { z } from 'zod';
import { specText } from './bounds.ts';
import { DateTime, openEnum, resource } from './common.ts';
import { Space } from './space.ts';

export const SiteVisibility = openEnum(['public', 'unlisted', 'share-link', 'visitor-auth']);
export type SiteVisibility = z.infer<typeof SiteVisibility>;

/**
 * Paths become URL segments and directories, but containment is src/site/paths.ts's job (it
 * cleans every segment): the spec's lengths are advisory here, as everywhere (bounds.ts).
 */
const SitePath = (what: string) => specText(`${what} path`, { min: 1, max: 100 });
const Condition = specText('condition', { min: 1, max: 1024 });
const SectionIcon = specText('section icon', { max: 50 });
const GroupTitle = specText('section group title', { min: 1, max: 100 });
const GroupIcon = specText('section group icon', { max: 50 });

export const Site = resource('site', {
  id: z.string(),
  type: openEnum(['basic', 'ultimate']),
  title: specText('site title', { min: 2, max: 128 }),
  // Used only when it is a valid host name (src/hosting/site-url.ts checks it again).
  hostname: specText('site hostname', {
    max: 512,
    pattern: /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/,
  }).optional(),
  basename: specText('site basename', { min: 1, max: 100 }).optional(),
  proxy: z.looseObject({ origin: z.string().optional(), target: z.string().optional() }).optional(),
  visibility: SiteVisibility,
  published: z.boolean(),
  siteSpaces: z.number(),
  createdAt: DateTime,
  adaptiveContent: z.looseObject({ enabled: z.boolean() }).optional(),
  ads: z
    .looseObject({ status: z.string().optional(), submittable: z.boolean().optional() })
    .optional(),
  features: z.array(
    z.looseObject({ id: z.string(), plan: z.string().optional(), frozen: z.boolean().optional() }),
  ),
  urls: z.looseObject({
    location: z.string(),
    app: z.string(),
    published: z.string().optional(),
  }),
});
export type Site = z.infer<typeof Site>;

export const SiteSpace = resource('site-space', {
  id: z.string(),
  path: SitePath('site space'),
  section: z.string().optional(),
  space: Space,
  title: z.string(),
  default: z.boolean().optional(),
  condition: Condition.optional(),
  hasAdvancedCustomizationFeature: z.boolean().optional(),
  /** Not in the spec's table, but a live API marks site spaces that must stay out of the site. */
  hidden: z.boolean().optional(),
  draft: z.boolean().optional(),
  urls: z.looseObject({ published: z.string().optional() }),
});
export type SiteSpace = z.infer<typeof SiteSpace>;

export const SiteSection = resource('site-section', {
  id: z.string(),
  title: specText('section title', { min: 2, max: 128 }),
  description: specText('section description', { max: 256 }).optional(),
  default: z.boolean().optional(),
  path: SitePath('section'),
  condition: Condition.optional(),
  sectionGroup: z.string().optional(),
  siteSpaces: z.array(SiteSpace),
  urls: z.looseObject({ published: z.string().optional() }),
  icon: SectionIcon.optional(),
});
export type SiteSection = z.infer<typeof SiteSection>;

export const SiteSectionGroup = resource('site-section-group', {
  id: z.string(),
  title: GroupTitle,
  sections: z.array(SiteSection),
  icon: GroupIcon.optional(),
});
export type SiteSectionGroup = z.infer<typeof SiteSectionGroup>;

/**
 * An entry of `structure.structure`: a section, or (as a live API may send) a section group
 * nesting its sections under `sections` or `children` (docs/platform.md "Shapes the API leaves open"), or, on a site
 * without sections (`type: 'siteSpaces'`), a site space. Chosen by `object`, so an issue inside
 * an entry keeps its own path (and an advisory one stays advisory).
 */
export const StructureEntry = z.discriminatedUnion('object', [
  SiteSection,
  SiteSpace,
  z.looseObject({
    object: z.literal('site-section-group'),
    id: z.string(),
    title: GroupTitle,
    icon: GroupIcon.optional(),
    sections: z.array(SiteSection).optional(),
    children: z.array(SiteSection).optional(),
  }),
]);
export type StructureEntry = z.infer<typeof StructureEntry>;

export const ShareLink = resource('share-link', {
  id: z.string(),
  createdAt: DateTime,
  name: specText('share link name', { max: 50 }).optional(),
  active: z.boolean().optional(),
  urls: z.looseObject({ published: z.string().optional() }),
});
export type ShareLink = z.infer<typeof ShareLink>;

export const SiteAdaptiveSchema = resource('site-adaptive-schema', {
  jsonSchema: z.looseObject({
    type: z.string().optional(),
    properties: z
      .record(
        z.string(),
        z.looseObject({ type: z.string().optional(), description: z.string().optional() }),
      )
      .optional(),
    additionalProperties: z.unknown().optional(),
  }),
  updatedAt: DateTime.optional(),
});
export type SiteAdaptiveSchema = z.infer<typeof SiteAdaptiveSchema>;
