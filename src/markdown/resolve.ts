/**
 * A URL of the page, resolved as the site shows it: parsed into a `Reference` (`reference.ts`),
 * then, for a page or a file, asked of the resolver. The HTML's links (`plugins/references.ts`)
 * and the `.md` copy's (`copy-links.ts`) are resolved here, so the two always agree.
 */
import { parseReference } from './reference.ts';
import type {
  BrokenReason,
  FileReference,
  PageReference,
  Reference,
  ReferenceContext,
  ResolvedFile,
  ResolvedPage,
  Resolver,
} from './types.ts';

export type Resolution =
  | { ref: PageReference; page: ResolvedPage | undefined }
  | { ref: FileReference; file: ResolvedFile | undefined }
  | { ref: Exclude<Reference, PageReference | FileReference> };

export function resolveUrl(url: string, context: ReferenceContext, resolver: Resolver): Resolution {
  const ref = parseReference(url, context);
  if (ref.kind === 'page') return { ref, page: safely(() => resolver.page(ref)) };
  if (ref.kind === 'file') return { ref, file: safely(() => resolver.file(ref)) };
  return { ref };
}

/** Why a reference the resolver did not resolve is broken (`BrokenLink.reason`). */
export function brokenReason(ref: Reference, resolver: Resolver): BrokenReason {
  if (ref.kind === 'file') return 'no-file';
  if (ref.kind === 'reusable-content') return 'no-content';
  const spaceId = ref.kind === 'page' ? ref.spaceId : undefined;
  if (spaceId !== undefined && safely(() => resolver.knowsSpace?.(spaceId)) === false)
    return 'no-space';
  return 'no-page';
}

/** A resolver must not throw; should one, the reference is not resolved. */
function safely<T>(find: () => T | undefined): T | undefined {
  try {
    return find();
  } catch {
    return undefined;
  }
}
