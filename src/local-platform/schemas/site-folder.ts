import { z } from 'zod';
import { ID_PATTERN, UrlPath } from '../ids.ts';

/**
 * The files of a site folder (docs/site-folder.md), one schema per file. Each field says what it
 * is, its default and an example; the lengths are the platform's own. `folder.ts` reads the
 * files with these and reports the first problem as "file: field: message".
 */

/** A folder or file name used as an id, e.g. `guides`. */
const Id = z.string().regex(ID_PATTERN, 'ids may only use letters, digits, "_" and "-"');
/** A visibility condition, e.g. `visitor.claims.unsigned.beta == true`; 1..1024 characters. */
const Condition = z.string().min(1).max(1024);

/** `organization.yaml`. Other members (e.g. `emailDomains`, `invites`) are served as written. */
export const OrganizationFile = z.looseObject({
  /** Required, e.g. `acme`. */
  id: Id,
  /** Required, 2..255 characters, e.g. `Acme Inc.` */
  title: z.string().min(2).max(255),
  /** Optional, 3..32 characters, e.g. `acme`; names the default published host. */
  hostname: z.string().min(3).max(32).optional(),
});

/** `spaces/<id>/space.yaml` (the file itself is optional). */
export const SpaceFile = z.strictObject({
  /** Default: the folder name; at most 50 characters, e.g. `Guides`. */
  title: z.string().min(1).max(50).optional(),
  /** Default: none; a code point such as `'1f4d8'` (YAML may read it as a number). */
  emoji: z.union([z.string().max(50), z.number().transform(String)]).optional(),
  /** Default `public`. */
  visibility: z
    .enum(['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private'])
    .optional(),
  /** Default: none (the site's language); the content's language, served as `language`, e.g.
   * `fr` or `pt-br`: a site space of it is a language variant of its section. */
  language: z
    .string()
    .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/, 'a language code such as `fr` or `pt-br`')
    .optional(),
  /** Default: not synced. The Git repository the space is synced with: served as the space's
   * `gitSync` and its revision's `git` (pages link to their file: "Edit on GitHub"). */
  gitSync: z
    .strictObject({
      /** Required: `github` or `gitlab`. */
      provider: z.enum(['github', 'gitlab']),
      /** Required: the repository's web URL, e.g. `https://github.com/acme/docs`. */
      repository: z.url({ protocol: /^https?$/ }),
      /** Default `main`: the synced branch, e.g. `docs`. */
      branch: z.string().min(1).max(255).optional(),
      /** Default: the repository's root; the project directory the space's files are in, e.g. `guides`. */
      directory: z.string().min(1).max(255).optional(),
    })
    .optional(),
});
export type SpaceFile = z.infer<typeof SpaceFile>;

/** `spaces/<id>/.change-requests/<number>/change-request.yaml` (optional). */
export const ChangeRequestFile = z.strictObject({
  /** Default: `Change request #<number>`; at most 100 characters. */
  subject: z.string().min(1).max(100).optional(),
  /** Default `open`. */
  status: z.enum(['draft', 'open', 'merged', 'archived']).optional(),
});

/** A site space of a site file. Members beyond these (e.g. `hidden`, `draft`) are served as written. */
export const SiteSpaceFile = z.looseObject({
  /** Required, unique in the site, e.g. `docs-v2`. */
  id: Id,
  /** Required: a folder under `spaces/`, e.g. `guides`. */
  space: Id,
  /** Default: the space's title; 1..128 characters, e.g. `v2`. */
  title: z.string().min(1).max(128).optional(),
  /** Default: the id; one URL segment, unique in its section, e.g. `v2`. */
  path: UrlPath.optional(),
  /** Default false; at most one per section (else the first is the default). */
  default: z.boolean().optional(),
  /** Default: always shown. */
  condition: Condition.optional(),
});

/** A section of a site file. */
export const SectionFile = z.strictObject({
  /** Required, e.g. `docs`. */
  id: Id,
  /** Required, 2..128 characters, e.g. `Documentation`. */
  title: z.string().min(2).max(128),
  /** Default: the id; one URL segment, unique in the site. */
  path: UrlPath.optional(),
  /** Default false; at most one (else the first section is the default). */
  default: z.boolean().optional(),
  /** Default: none; an icon name, e.g. `book`. */
  icon: z.string().max(50).optional(),
  /** Default: none; at most 256 characters. */
  description: z.string().max(256).optional(),
  /** Default: always shown. */
  condition: Condition.optional(),
  /** Default: none; the id of one of the site's `sectionGroups` (served as `sectionGroup`). */
  group: Id.optional(),
  /** Default `[]`. */
  siteSpaces: z.array(SiteSpaceFile).default([]),
});

/** `sites/<id>.yaml` (or `.yml`, `.json`). Unknown members are errors: usually typos. */
export const SiteFile = z.strictObject({
  /** Default: the file name, e.g. `docs` for `sites/docs.yaml`. */
  id: Id.optional(),
  /** Required, 2..128 characters, e.g. `Acme Docs`. */
  title: z.string().min(2).max(128),
  /** Default `public`. */
  visibility: z.enum(['public', 'unlisted', 'share-link', 'visitor-auth']).default('public'),
  /** Default true. */
  published: z.boolean().default(true),
  /** Default: none (the site lives at `/`); 1..100 characters, e.g. `docs`. */
  basename: z.string().min(1).max(100).optional(),
  /** Default: none; at least three labels, e.g. `docs.acme.example`. */
  hostname: z
    .string()
    .max(512)
    .regex(
      /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/,
      'not a valid hostname',
    )
    .optional(),
  /** Default: none; e.g. `acme.example/docs`. */
  proxy: z.string().optional(),
  /** Default: off, e.g. `{ enabled: true }`. */
  adaptiveContent: z.strictObject({ enabled: z.boolean() }).optional(),
  /** Default `{}`: served as `customizations.site` (docs/platform.md lists the members). */
  customizations: z.record(z.string(), z.unknown()).default({}),
  /** Default: none; the JSON Schema of visitor claims, served at `SITE/adaptive-schema`. */
  adaptiveSchema: z.record(z.string(), z.unknown()).optional(),
  /** Default `[]`. */
  shareLinks: z
    .array(
      z.strictObject({
        /** Required, e.g. `preview`. */
        id: Id,
        /** Default: none; at most 50 characters. */
        name: z.string().max(50).optional(),
        /** Required, unique in the site: the `shareKey` that unlocks it. */
        key: z.string().min(1),
        /** Default true. */
        active: z.boolean().default(true),
      }),
    )
    .default([]),
  /** Default `[]`. */
  sectionGroups: z
    .array(
      z.strictObject({
        /** Required, e.g. `products`. */
        id: Id,
        /** Required, 1..100 characters. */
        title: z.string().min(1).max(100),
        /** Default: none; an icon name, e.g. `boxes`. */
        icon: z.string().max(50).optional(),
      }),
    )
    .default([]),
  /** Default `[]`; a site has either sections or `siteSpaces`, not both. */
  sections: z.array(SectionFile).default([]),
  /** Default `[]`: the site spaces of a site without sections. */
  siteSpaces: z.array(SiteSpaceFile).default([]),
});

export type SiteFileData = z.infer<typeof SiteFile>;
