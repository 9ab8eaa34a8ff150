import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalFilesError } from '../local-pages/errors.ts';

/**
 * Theme overrides (`--theme DIR`), Starlight-style: the default theme imports each overridable
 * component as `offprint:components/<Name>`; the build resolves that to `DIR/<Name>.astro` when
 * the team has one, else to themes/default. `offprint:default/<Name>` is always the default, so
 * an override can wrap it. `offprint:props` is the props and types they share (`theme-props.ts`).
 * docs/theme-overrides.md lists the components and their props.
 */

const DEFAULT_THEME = fileURLToPath(new URL('../../themes/default/', import.meta.url));

/** Each overridable component and its default file under themes/default. */
export const OVERRIDABLE_COMPONENTS = {
  Head: 'components/Head.astro',
  Header: 'components/Header.astro',
  Footer: 'components/Footer.astro',
  Layout: 'Layout.astro',
  Page: 'Page.astro',
  Sidebar: 'components/Sidebar.astro',
  PageHeader: 'components/PageHeader.astro',
  Outline: 'components/Outline.astro',
  Pagination: 'components/Pagination.astro',
} as const;

export type OverridableComponent = keyof typeof OVERRIDABLE_COMPONENTS;

/** Override files by component name. */
export type ThemeOverrides = Partial<Record<OverridableComponent, string>>;

const isOverridable = (name: string): name is OverridableComponent =>
  Object.hasOwn(OVERRIDABLE_COMPONENTS, name);

/**
 * The `.astro` files at the top of `dir`, each overriding the component of its name. Anything
 * in subfolders is the overrides' own (helpers they import). A top-level `.astro` file with an
 * unknown name is an error: most likely a typo that would otherwise be silently ignored.
 */
export async function findThemeOverrides(dir: string): Promise<ThemeOverrides> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(path.resolve(dir), { withFileTypes: true });
  } catch {
    throw new LocalFilesError(`--theme ${dir}: not a directory`);
  }
  const overrides: ThemeOverrides = {};
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.astro')) continue;
    const name = entry.name.slice(0, -'.astro'.length);
    if (!isOverridable(name))
      throw new LocalFilesError(
        `--theme ${dir}: ${entry.name} overrides no component (overridable: ${Object.keys(OVERRIDABLE_COMPONENTS).join(', ')}); put helpers in a subfolder`,
      );
    overrides[name] = path.resolve(dir, entry.name);
  }
  return overrides;
}

const SPECIFIER = /^offprint:(components|default)\/([A-Za-z]+)$/;

/** `offprint:props`: the props, types and helpers themes import (`theme-props.ts`). */
export const THEME_PROPS = 'offprint:props';
// The TypeScript source, which Astro compiles, also when this module runs compiled from lib/.
const THEME_PROPS_FILE = fileURLToPath(new URL('../../src/render/theme-props.ts', import.meta.url));

/**
 * The file an `offprint:props`, `offprint:components/<Name>` or `offprint:default/<Name>`
 * import means; undefined for any other specifier.
 */
export function resolveThemeImport(
  specifier: string,
  overrides: ThemeOverrides,
): string | undefined {
  if (specifier === THEME_PROPS) return THEME_PROPS_FILE;
  const match = SPECIFIER.exec(specifier);
  const name = match?.[2];
  if (!match || !name || !isOverridable(name)) return undefined;
  const override = match[1] === 'components' ? overrides[name] : undefined;
  return override ?? path.join(DEFAULT_THEME, OVERRIDABLE_COMPONENTS[name]);
}
