import { existsSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

/**
 * The packages a module imports, read with TypeScript's parser so that `import type` and
 * `import('x').T` in a type are told apart from what Node and Vite load
 * (test/architecture/dependencies.test.ts holds package.json to them).
 */

/** Specifiers that name no package: Vite aliases and virtual modules (src/render/astro.ts). */
const NOT_PACKAGES = [/^@theme\//, /^virtual:/, /^offprint:/];

export interface Import {
  file: string;
  specifier: string;
  /** Erased before anything runs: `import type`, `export type`, `import('x').T`, a .d.ts. */
  typeOnly: boolean;
}

export interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  exports?: unknown;
}

export const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Manifest;

/** The module code of a file: an .astro file's front matter and scripts, an .mdx file's imports. */
export function moduleCode(file: string, text: string): string {
  if (file.endsWith('.mdx')) return text.match(/^(?:import|export) .*$/gm)?.join('\n') ?? '';
  if (!file.endsWith('.astro')) return text;
  return [/^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '']
    .concat([...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? ''))
    .join('\n');
}

/** A string literal's text, if `node` is one. */
const literal = (node: ts.Node | undefined) =>
  node && ts.isStringLiteralLike(node) ? node.text : undefined;

/** `require('x')` or `require.resolve('x')` (any `…require` made by createRequire). */
function isRequire(call: ts.CallExpression): boolean {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return /require$/i.test(callee.text);
  return (
    ts.isPropertyAccessExpression(callee) &&
    callee.name.text === 'resolve' &&
    ts.isIdentifier(callee.expression) &&
    /require$/i.test(callee.expression.text)
  );
}

/** Every module specifier `code` names, as Node or Vite would load it or only TypeScript. */
export function importsOf(file: string, code: string): Import[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const declarationFile = file.endsWith('.d.ts');
  const found: Import[] = source.typeReferenceDirectives.map((ref) => ({
    file,
    specifier: ref.fileName,
    typeOnly: true,
  }));
  const add = (specifier: string | undefined, typeOnly: boolean) => {
    if (specifier !== undefined)
      found.push({ file, specifier, typeOnly: declarationFile || typeOnly });
  };
  const visit = (node: ts.Node): void => {
    // `import { type A } from 'x'` stays an import of 'x' (verbatimModuleSyntax): only the
    // clause's own `type` erases it.
    if (ts.isImportDeclaration(node))
      add(literal(node.moduleSpecifier), node.importClause?.isTypeOnly === true);
    else if (ts.isExportDeclaration(node)) add(literal(node.moduleSpecifier), node.isTypeOnly);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(literal(node.argument.literal), true);
    else if (ts.isCallExpression(node)) {
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword || isRequire(node))
        add(literal(node.arguments[0]), false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A bare specifier's package and the subpath it asks of it (`.` for the package itself). */
export function packageOf(specifier: string): { name: string; subpath: string } | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || isBuiltin(specifier)) return;
  if (NOT_PACKAGES.some((pattern) => pattern.test(specifier))) return;
  const parts = specifier.split('/');
  const length = specifier.startsWith('@') ? 2 : 1;
  const rest = parts.slice(length).join('/');
  return { name: parts.slice(0, length).join('/'), subpath: rest ? `./${rest}` : '.' };
}

/** The `@types` package that types `name` (`@types/hast`, `@types/scope__name`). */
export const typesPackage = (name: string) => `@types/${name.replace(/^@/, '').replace('/', '__')}`;

/**
 * Whether a package's `exports` map lets `subpath` be imported: an exact key, else the pattern
 * with the longest prefix (Node's order), and not one mapped to null. A package without a map
 * exposes every file.
 */
export function isExported(exports: unknown, subpath: string): boolean {
  if (exports === undefined) return true;
  const map = exports as Record<string, unknown>;
  const keyed =
    typeof exports === 'object' &&
    exports !== null &&
    !Array.isArray(exports) &&
    Object.keys(map).some((key) => key.startsWith('.'));
  if (!keyed) return subpath === '.';
  if (Object.hasOwn(map, subpath)) return map[subpath] !== null;
  const pattern = Object.keys(map)
    .filter((key) => {
      const [prefix, suffix, extra] = key.split('*');
      if (suffix === undefined || extra !== undefined) return false;
      return (
        subpath.length >= key.length &&
        subpath.startsWith(prefix as string) &&
        subpath.endsWith(suffix)
      );
    })
    .sort((a, b) => b.indexOf('*') - a.indexOf('*'))[0];
  return pattern !== undefined && map[pattern] !== null;
}

/** The manifest of the package installed as `name` (or its `@types` package) in `root`, if any. */
export function installed(root: string, name: string): Manifest | undefined {
  for (const candidate of [name, typesPackage(name)]) {
    const file = path.join(root, 'node_modules', candidate, 'package.json');
    if (existsSync(file)) return readJson(file);
  }
  return undefined;
}
