import { readdirSync } from 'node:fs';
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

/** The two components outside `components/`: the HTML shell and the document page. */
const SHELL_COMPONENTS = { Layout: 'Layout.astro', Page: 'Page.astro' } as const;

let overridable: ReadonlyMap<string, string> | undefined;

/**
 * Each overridable component by name, with its default file under themes/default: `Layout`,
 * `Page` and every `.astro` file in `components/`, read from the folder (so a component added
 * there is overridable without a list to keep). Read once: the folder is the package's own.
 */
export function overridableComponents(): ReadonlyMap<string, string> {
  overridable ??= new Map([
    ...Object.entries(SHELL_COMPONENTS),
    ...readdirSync(path.join(DEFAULT_THEME, 'components'))
      .filter((file) => file.endsWith('.astro'))
      .sort()
      .map((file): [string, string] => [file.slice(0, -'.astro'.length), `components/${file}`]),
  ]);
  return overridable;
}

/** Override files by component name. */
export type ThemeOverrides = Readonly<Record<string, string>>;

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
  const components = overridableComponents();
  const overrides: Record<string, string> = {};
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.astro')) continue;
    const name = entry.name.slice(0, -'.astro'.length);
    if (!components.has(name))
      throw new LocalFilesError(
        `--theme ${dir}: ${entry.name} overrides no component (overridable: ${[...components.keys()].join(', ')}); put helpers in a subfolder`,
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
  const file = name === undefined ? undefined : overridableComponents().get(name);
  if (!match || !name || !file) return undefined;
  const override = match[1] === 'components' ? overrides[name] : undefined;
  return override ?? path.join(DEFAULT_THEME, file);
}
