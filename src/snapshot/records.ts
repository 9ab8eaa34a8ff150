import { z } from 'zod';

/** The change request whose content stands in for its space's, as a preview banner shows it. */
export const ChangeRequestView = z.object({
  id: z.string(),
  number: z.number(),
  subject: z.string(),
  status: z.string(),
});
export type ChangeRequestView = z.infer<typeof ChangeRequestView>;

/** One page a change request adds, edits, moves or removes (docs/change-requests.md). */
export const PageChange = z.object({
  pageId: z.string(),
  change: z.enum(['added', 'edited', 'moved', 'removed']),
  /** The page's title and path in the request; a removed page's as they were. */
  title: z.string(),
  path: z.string(),
  /** A moved page's path before the request. */
  previousPath: z.string().optional(),
  /** A page given a new title: the title it had before the request. */
  previousTitle: z.string().optional(),
  /** True when the markdown differs (an edited page, or a moved one that was also edited). */
  edited: z.boolean().optional(),
});
export type PageChange = z.infer<typeof PageChange>;

/** The platform's broken-link report for a space, as pulled. */
export const LinkReport = z.object({
  total: z.number().optional(),
  broken: z.array(z.looseObject({ status: z.string() })),
});
export type LinkReport = z.infer<typeof LinkReport>;
