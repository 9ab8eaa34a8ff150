/**
 * What a render decides once for all its pages' markdown: the same value goes to the pool's
 * workers, to the in-thread renderer and, hashed whole, into the markdown cache's key. What
 * differs per page (its markdown, path, title, resolver) travels beside it, never inside it.
 */
import { createHash } from 'node:crypto';
import type { SpecIndex, SpecLibrary } from '../openapi/library.ts';
import { canonicalJson } from '../utils/canonical-json.ts';
import type { ContentStrings } from './strings.ts';
import type { MarkdownOptions } from './types.ts';

export interface PageRenderSettings {
  /** Icon style when `<i class="fa-…">` names none (`MarkdownOptions.iconStyle`). */
  iconStyle?: 'solid' | 'regular';
  /** The labels the renderer writes, in the site's language (`MarkdownOptions.strings`). */
  strings?: ContentStrings;
  /** See `MarkdownOptions.appOrigins`. */
  appOrigins?: readonly string[];
  /** The render's loaded specs, for OpenAPI blocks. */
  openapi?: SpecLibrary;
  /** `false` (config `tryIt: false`): no "Test it" console on API operations. */
  tryIt?: boolean;
}

/** The settings as plain data, which crosses to a worker thread. */
export interface SharedRenderSettings extends Omit<PageRenderSettings, 'openapi'> {
  openapi?: { index: SpecIndex; cacheDir: string };
}

export function shareSettings({ openapi, ...plain }: PageRenderSettings): SharedRenderSettings {
  return openapi ? { ...plain, openapi: openapi.shared } : plain;
}

type SettingsOption = 'iconStyle' | 'strings' | 'appOrigins' | 'openapi' | 'tryIt';

/** The settings' part of a page's `MarkdownOptions`, unset fields left out. */
export function settingsOptions(
  settings: PageRenderSettings,
): Pick<MarkdownOptions, SettingsOption> {
  const options: Pick<MarkdownOptions, SettingsOption> = {};
  if (settings.iconStyle) options.iconStyle = settings.iconStyle;
  if (settings.strings) options.strings = settings.strings;
  if (settings.appOrigins) options.appOrigins = settings.appOrigins;
  if (settings.openapi) options.openapi = settings.openapi;
  if (settings.tryIt === false) options.tryIt = false;
  return options;
}

/**
 * A digest of the settings, hashed whole but for the specs: every field, by construction, so a
 * setting added to `PageRenderSettings` is in the markdown cache's key without another list
 * naming it (a value that is not plain data is refused, `canonicalJson`). The specs' own digest
 * counts only for pages that may hold an OpenAPI block (`MarkdownCache.key`): a changed spec
 * re-renders those.
 */
export function settingsDigest({ openapi: _specs, ...settings }: PageRenderSettings): string {
  return createHash('sha256').update(canonicalJson(settings)).digest('hex');
}
