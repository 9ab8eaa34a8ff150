/**
 * Limits on OpenAPI specs, in one place: the pull applies the byte limits to what it fetches,
 * the render applies all of them to what it parses. A spec past a limit is not a failed build:
 * its blocks are shown as a stub with one warning each that names the limit.
 * Documented in docs/openapi.md.
 */

/** The largest spec document read or fetched, in bytes (Stripe's full spec is about 7 MB). */
export const MAX_SPEC_BYTES = 16 * 1024 * 1024;

/** Documents one spec may pull in through `$ref` to sibling files or URLs, itself included. */
export const MAX_SPEC_DOCUMENTS = 50;

/** The deepest schema tree shown: past it, the tree stops with a mark. */
export const MAX_SPEC_DEPTH = 64;

/**
 * The deepest nesting of a spec document's YAML or JSON. Real specs nest a few dozen levels;
 * the libraries that bundle and upgrade a spec recurse, and run out of stack past a thousand or
 * so. A deeper document is refused (a root spec with a warning, a `$ref`'d one as unresolved).
 */
export const MAX_DOCUMENT_DEPTH = 400;
