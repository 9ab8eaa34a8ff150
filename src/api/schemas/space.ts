import { z } from 'zod';
import { specText } from './bounds.ts';
import { DateTime, openEnum, Role, resource, User } from './common.ts';

export const SpaceVisibility = openEnum([
  'public',
  'unlisted',
  'share-link',
  'visitor-auth',
  'in-collection',
  'private',
]);

export const Space = resource('space', {
  id: z.string(),
  title: specText('space title', { max: 50 }),
  emoji: specText('space emoji', { max: 50 }),
  visibility: SpaceVisibility,
  createdAt: DateTime,
  updatedAt: DateTime,
  deletedAt: DateTime.optional(),
  editMode: openEnum(['live', 'locked']).optional(),
  urls: z.looseObject({
    location: z.string(),
    app: z.string(),
    published: z.string().optional(),
    public: z.string().optional(),
    icon: z.string().optional(),
  }),
  organization: z.string(),
  parent: z.string().optional(),
  /** The content's language (the platform's translation languages, e.g. `fr`, `pt-br`): a
   * site's language variants (docs/platform.md "Language variants"). Not in the spec's table. */
  language: z.string().optional(),
  /** Where a Git-synced space's files are: `url` is the repository tree the renderer joins a
   * page's `git.path` to (docs/platform.md "Edit links"). */
  gitSync: z
    .looseObject({
      repoName: z.string().optional(),
      installationProvider: z.string().optional(),
      integration: z.string().optional(),
      url: z.string().optional(),
      updatedAt: z.string().optional(),
    })
    .optional(),
  visitorAuth: z.looseObject({ backend: z.string().optional() }).optional(),
  revision: z.string(),
  defaultLevel: Role.nullable(),
  comments: z.number(),
  changeRequests: z.number(),
  changeRequestsOpen: z.number(),
  changeRequestsDraft: z.number(),
  permissions: z.looseObject({
    access: z.boolean().optional(),
    admin: z.boolean().optional(),
    edit: z.boolean().optional(),
    comment: z.boolean().optional(),
    merge: z.boolean().optional(),
    review: z.boolean().optional(),
  }),
});
export type Space = z.infer<typeof Space>;

export const ChangeRequest = resource('change-request', {
  id: z.string(),
  number: z.number(),
  status: openEnum(['draft', 'open', 'merged', 'archived']),
  subject: specText('change request subject', { max: 100 }),
  createdBy: User,
  createdAt: DateTime,
  updatedAt: DateTime,
  revision: z.string(),
  revisionInitial: z.string(),
  revisionMergedAncestor: z.string().optional(),
  revisionMerged: z.string().optional(),
  comments: z.number(),
  outdated: z.boolean(),
  urls: z.looseObject({ app: z.string(), location: z.string() }),
});
export type ChangeRequest = z.infer<typeof ChangeRequest>;
