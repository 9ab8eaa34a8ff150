import { z } from 'zod';

/**
 * Shared building blocks of the platform's resources (docs/platform.md "Requests").
 *
 * Every resource is a loose object: fields the spec does not list are kept, never rejected,
 * because a live API adds fields faster than we release.
 */

/** A resource body whose `object` names its kind; the kind is checked, unknown fields kept. */
export function resource<Kind extends string, Shape extends z.ZodRawShape>(
  kind: Kind,
  shape: Shape,
) {
  return z.looseObject({ object: z.literal(kind), ...shape });
}

/**
 * A string enum whose unknown values are accepted: the spec lists only the values it shows,
 * so an unlisted value must degrade gracefully downstream rather than fail the pull.
 */
export function openEnum<const Values extends readonly [string, ...string[]]>(_values: Values) {
  return z.string() as unknown as z.ZodType<Values[number] | (string & {})>;
}

export const DateTime = z.string();

export const Role = openEnum(['admin', 'create', 'review', 'edit', 'comment', 'read']);

export const User = resource('user', {
  id: z.string(),
  displayName: z.string(),
  email: z.string().optional(),
  photoURL: z.string().optional(),
  urls: z.looseObject({ location: z.string().optional() }).optional(),
});

/** `L<T>`: `{ next: { page }, count, items }`; `next` is absent on the last page. */
export function listEnvelope<Item extends z.ZodType>(item: Item) {
  return z.looseObject({
    next: z.looseObject({ page: z.string() }).optional(),
    count: z.number().optional(),
    items: z.array(item),
  });
}

export type ListEnvelope<Item> = { next?: { page: string }; count?: number; items: Item[] };

/** `{ light, dark }` pairs used by colors, logos and favicons. */
export const LightDark = z.looseObject({
  light: z.string().optional(),
  dark: z.string().optional(),
});

/**
 * A content reference: where a link page, a header, footer or announcement link leads.
 * `{ kind: 'url', url }`, `{ kind: 'page', page, space?, anchor? }`, `{ kind: 'space', space }`,
 * `{ kind: 'file', file, space? }` (docs/platform.md "Content references"). The one type from
 * the API's answer to the site model, which resolves it to a URL for the theme.
 */
export const ContentRef = z.looseObject({
  kind: z.string(),
  url: z.string().optional(),
  page: z.string().optional(),
  space: z.string().optional(),
  file: z.string().optional(),
  anchor: z.string().optional(),
});
export type ContentRef = z.infer<typeof ContentRef>;
