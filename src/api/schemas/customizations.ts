import { z } from 'zod';
import { ContentRef, LightDark, openEnum } from './common.ts';

/**
 * `customizations.site` of the published content, with the value sets and shapes of
 * docs/platform.md "Shapes the API leaves open". Every member is
 * optional: the theme applies the documented defaults.
 */

const LinkTarget = ContentRef.nullable().optional();

const SubLink = z.looseObject({ title: z.string(), to: LinkTarget });

export const HeaderLink = z.looseObject({
  title: z.string(),
  style: openEnum(['link', 'button-primary', 'button-secondary']).optional(),
  to: LinkTarget,
  links: z.array(SubLink).optional(),
});
export type HeaderLink = z.infer<typeof HeaderLink>;

export const FooterGroup = z.looseObject({
  title: z.string(),
  links: z.array(SubLink).default([]),
});

export const CustomFont = z.looseObject({
  fontFamily: z.string(),
  fontFaces: z
    .array(
      z.looseObject({
        weight: z.number().optional(),
        sources: z
          .array(z.looseObject({ url: z.string(), format: z.string().optional() }))
          .optional(),
      }),
    )
    .optional(),
});

export const Styling = z.looseObject({
  theme: openEnum(['clean', 'muted', 'bold', 'gradient']).optional(),
  primaryColor: LightDark.optional(),
  tint: z.looseObject({ color: LightDark.optional() }).nullable().optional(),
  infoColor: LightDark.optional(),
  successColor: LightDark.optional(),
  warningColor: LightDark.optional(),
  dangerColor: LightDark.optional(),
  corners: openEnum(['straight', 'rounded', 'circular']).optional(),
  links: openEnum(['default', 'accent']).optional(),
  font: z.union([z.string(), CustomFont]).optional(),
  icons: openEnum(['regular', 'solid', 'duotone', 'light', 'thin']).optional(),
  sidebar: z
    .looseObject({
      background: openEnum(['default', 'filled']).optional(),
      list: openEnum(['default', 'pill', 'line']).optional(),
    })
    .optional(),
  search: openEnum(['prominent', 'subtle']).optional(),
});

const Enabled = z.looseObject({ enabled: z.boolean().optional() }).optional();

export const SiteCustomization = z.looseObject({
  title: z.string().optional(),
  styling: Styling.optional(),
  internationalization: z
    .looseObject({
      locale: openEnum(['en', 'fr', 'es', 'zh', 'ja', 'de', 'nl', 'no', 'pt-br', 'ru']).optional(),
    })
    .optional(),
  favicon: z.looseObject({ icon: LightDark.optional(), emoji: z.string().optional() }).optional(),
  header: z
    .looseObject({
      logo: LightDark.nullable().optional(),
      links: z.array(HeaderLink).optional(),
    })
    .optional(),
  footer: z
    .looseObject({
      logo: LightDark.nullable().optional(),
      groups: z.array(FooterGroup).optional(),
      copyright: z.string().nullable().optional(),
    })
    .optional(),
  announcement: z
    .looseObject({
      enabled: z.boolean().optional(),
      message: z.string().optional(),
      link: z.looseObject({ title: z.string().optional(), to: LinkTarget }).nullable().optional(),
      style: openEnum(['info', 'warning', 'danger', 'success']).optional(),
    })
    .optional(),
  themes: z
    .looseObject({
      default: openEnum(['light', 'dark', 'system']).optional(),
      toggeable: z.boolean().optional(),
    })
    .optional(),
  pdf: Enabled,
  /** `showEditLink`: Git-synced spaces' pages link to their file ("Edit on GitHub"). */
  git: z.looseObject({ showEditLink: z.boolean().optional() }).optional(),
  feedback: Enabled,
  aiSearch: Enabled,
  ai: z.looseObject({ pageLinkSummaries: Enabled }).optional(),
  advancedCustomization: z.looseObject({}).optional(),
});
export type SiteCustomization = z.infer<typeof SiteCustomization>;
