import { existsSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { localSpecKey } from '../pull/spec-files.ts';

/**
 * The config file's `openapi` key: named OpenAPI specs for `{% openapi-operation spec="NAME" %}`
 * blocks (the platform API has no endpoint for them). Each name maps to a file path relative to
 * the config file's folder, or an http(s) URL. It is the one config key that is no flag: a map
 * has no command-line form.
 *
 *     "openapi": { "billing": "specs/billing.yaml", "petstore": "https://…/openapi.json" }
 */

export const OPENAPI_CONFIG_KEY = 'openapi';

export const OpenapiConfig = z.record(
  z.string().min(1, 'a spec name cannot be empty'),
  z.string().min(1, 'give a file path or an http(s) URL'),
);
export type OpenapiConfig = z.infer<typeof OpenapiConfig>;

const URL_LIKE = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Problems with each named spec, as `"openapi.NAME": …`: a URL that is not http(s), a path that
 * leaves `folder` (`../x`, absolute, a symbolic link out). With `mustExist`, also a file that
 * is not there (check-config; a build only warns, as for a spec URL that fails).
 */
export function openapiConfigProblems(
  specs: OpenapiConfig,
  folder: string,
  options: { mustExist?: boolean } = {},
): string[] {
  const problems: string[] = [];
  for (const [name, source] of Object.entries(specs)) {
    const where = `"${OPENAPI_CONFIG_KEY}.${name}"`;
    if (URL_LIKE.test(source) && !path.win32.isAbsolute(source)) {
      if (!/^https?:$/i.test(URL.parse(source)?.protocol ?? ''))
        problems.push(`${where}: ${source} is neither an http(s) URL nor a file path`);
      continue;
    }
    const local = localSpecKey(folder, source);
    if (local.error !== undefined) {
      problems.push(`${where}: ${local.error}`);
      continue;
    }
    const file = path.resolve(folder, source);
    if (!existsSync(file)) {
      if (options.mustExist) problems.push(`${where}: no file ${file}`);
      continue;
    }
    const inside = path.relative(realpathSync(folder), realpathSync(file));
    if (inside.startsWith('..') || path.isAbsolute(inside))
      problems.push(`${where}: ${source} is a link that leaves the config file's folder`);
    else if (options.mustExist && !statSync(file).isFile())
      problems.push(`${where}: ${file} is not a file`);
  }
  return problems;
}
