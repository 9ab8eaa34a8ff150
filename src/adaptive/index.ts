/**
 * `src/adaptive`: conditions on sections, site spaces and `{% if %}` regions. The build compiles
 * each into an allow-listed JSON form (compile.ts); the browser evaluates it against the
 * visitor's claims (evaluate.ts, claims.ts; themes/default/scripts/adaptive.ts). This is
 * personalization, not access control: every page is in the static output.
 */
import type { Condition } from './ast.ts';
import { type ClaimSchema, claimSchema } from './claims.ts';
import { compileCondition } from './compile.ts';

export type { Condition } from './ast.ts';
export { type ClaimSchema, claimSchema } from './claims.ts';
export { type Compiled, compileCondition } from './compile.ts';
export { isShown } from './evaluate.ts';
export { type PreparedRegions, prepareRegions } from './regions.ts';

/** What every page of a site gets: the claim types and each conditioned item's condition. */
export interface AdaptiveData {
  schema: ClaimSchema;
  /** Section id → its condition; `null` when refused at build (always hidden). */
  sections: Record<string, Condition | null>;
  siteSpaces: Record<string, Condition | null>;
}

interface Conditioned {
  id: string;
  title: string;
  condition?: string;
}

/**
 * Compiles the sections' and site spaces' conditions; a refused one is reported through `warn`
 * (naming the item and the condition) and kept as `null`, which hides the item.
 */
export function adaptiveData(
  items: { sections: readonly Conditioned[]; siteSpaces: readonly Conditioned[] },
  jsonSchema: unknown,
  warn: (message: string) => void,
): AdaptiveData {
  const compileAll = (list: readonly Conditioned[], what: string) => {
    const out: Record<string, Condition | null> = {};
    for (const item of list) {
      if (item.condition === undefined) continue;
      const compiled = compileCondition(item.condition);
      if (compiled.ok) out[item.id] = compiled.condition;
      else {
        warn(
          `${what} "${item.title}" (${item.id}): condition ${JSON.stringify(item.condition)} refused (${compiled.reason}); it stays hidden`,
        );
        out[item.id] = null;
      }
    }
    return out;
  };
  return {
    schema: claimSchema(jsonSchema),
    sections: compileAll(items.sections, 'section'),
    siteSpaces: compileAll(items.siteSpaces, 'site space'),
  };
}

/** The site has sections or site spaces with a condition. */
export function hasItemConditions(data: AdaptiveData | undefined): boolean {
  return (
    data !== undefined &&
    (Object.keys(data.sections).length > 0 || Object.keys(data.siteSpaces).length > 0)
  );
}
