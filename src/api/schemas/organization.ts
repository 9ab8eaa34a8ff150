import { z } from 'zod';
import { specText } from './bounds.ts';
import { DateTime, Role, resource } from './common.ts';

export const Organization = resource('organization', {
  id: z.string(),
  title: specText('organization title', { max: 255 }),
  createdAt: DateTime,
  emailDomains: z.array(z.string()),
  hostname: z.string().optional(),
  type: z.string(),
  useCase: z.string().optional(),
  communityType: z.string().optional(),
  defaultRole: Role.nullable().optional(),
  defaultContent: z
    .looseObject({ type: z.string().optional(), site: z.string().optional() })
    .optional(),
  sso: z.boolean().optional(),
  ai: z.boolean().optional(),
  inviteLinks: z.boolean(),
  plan: z.string(),
  billing: z.looseObject({}).optional(),
  urls: z.looseObject({
    location: z.string(),
    app: z.string(),
    logo: z.string().optional(),
  }),
  trial: z.looseObject({
    status: z.string().optional(),
    endDate: z.string().nullable().optional(),
    decision: z.string().nullable().optional(),
  }),
  customHostname: z.string().optional(),
  blocked: z.looseObject({ reason: z.string().optional() }).optional(),
  permissions: z.looseObject({ admin: z.boolean(), createContent: z.boolean() }),
});
export type Organization = z.infer<typeof Organization>;

/** An organization's link invite (`GET ORG/link-invites/{inviteId}`). */
export const Invite = resource('invite', {
  id: z.string(),
  role: Role.nullable().optional(),
});
export type Invite = z.infer<typeof Invite>;
