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

/** The deepest nesting of a spec's YAML or JSON, and of a schema tree as shown. */
export const MAX_SPEC_DEPTH = 64;
