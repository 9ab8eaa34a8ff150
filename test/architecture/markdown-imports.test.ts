import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './architecture-doc.ts';
import { importsOf } from './package-imports.ts';

/**
 * src/markdown imports in one direction: no file reaches itself through its imports (a type
 * import counts: it ties the files all the same), and no plugin takes the render's whole
 * `MarkdownContext` — each takes options of its own, which blocks.ts builds, so each runs alone.
 */

const MARKDOWN = 'src/markdown';

/** Each file's imports of files of `files`, by path from the root. */
function importGraph(files: Record<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, code] of Object.entries(files)) {
    const targets = importsOf(file, code).flatMap(({ specifier }) => {
      if (!specifier.startsWith('.')) return [];
      const target = path.posix.join(path.posix.dirname(file), specifier);
      return Object.hasOwn(files, target) ? [target] : [];
    });
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** A circle of the graph as the files it passes, the first repeated at the end; else undefined. */
function findCircle(graph: Map<string, string[]>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string): string[] | undefined => {
    if (onPath.has(file)) return [...path.slice(path.indexOf(file)), file];
    if (done.has(file)) return undefined;
    path.push(file);
    onPath.add(file);
    for (const next of graph.get(file) ?? []) {
      const circle = visit(next);
      if (circle) return circle;
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
    return undefined;
  };
  for (const file of [...graph.keys()].sort()) {
    const circle = visit(file);
    if (circle) return circle;
  }
  return undefined;
}

/** A module's exported plugins (`remarkOp…`, `rehypeOp…`) that take a `MarkdownContext`. */
function contextTakers(file: string, code: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const takers: string[] = [];
  const check = (name: string, fn: ts.SignatureDeclaration) => {
    if (!/^(remark|rehype)Op[A-Z]/.test(name)) return;
    if (fn.parameters.some((p) => p.type && /\bMarkdownContext\b/.test(p.type.getText(source))))
      takers.push(name);
  };
  for (const statement of source.statements) {
    const exported = ts
      .getModifiers(statement as ts.HasModifiers)
      ?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name)
      check(statement.name.text, statement);
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        const init = d.initializer;
        if (
          ts.isIdentifier(d.name) &&
          init &&
          (ts.isArrowFunction(init) || ts.isFunctionExpression(init))
        )
          check(d.name.text, init);
      }
    }
  }
  return takers;
}

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('src/markdown imports', () => {
  const files = Object.fromEntries(
    globSync(`${MARKDOWN}/**/*.ts`, { cwd: ROOT }).map((file) => {
      const posix = file.replaceAll('\\', '/');
      return [posix, read(posix)] as const;
    }),
  );

  it('finds a circle, type imports included', () => {
    const graph = importGraph({
      'm/a.ts': "import { b } from './b.ts';",
      'm/b.ts': "import type { C } from './sub/c.ts';",
      'm/sub/c.ts': "import type { A } from '../a.ts';\nimport x from 'unified';",
      'm/d.ts': "import { a } from './a.ts';",
    });
    expect(findCircle(graph)).toEqual(['m/a.ts', 'm/b.ts', 'm/sub/c.ts', 'm/a.ts']);
    graph.set('m/sub/c.ts', []);
    expect(findCircle(graph)).toBeUndefined();
  });

  it('has no circle', () => {
    const graph = importGraph(files);
    expect(graph.size).toBeGreaterThan(80);
    expect(graph.get(`${MARKDOWN}/blocks.ts`)).toContain(`${MARKDOWN}/plugins/hint.ts`);
    expect(findCircle(graph)).toBeUndefined();
  });

  it('finds a plugin that takes the whole context', () => {
    const code = `import type { MarkdownContext } from '../context.ts';
export function remarkOpA(ctx: MarkdownContext) {}
export const rehypeOpB = (options: { ctx: MarkdownContext }) => {};
export function remarkOpC(options: { strings: ContentStrings }) {}
function remarkOpD(ctx: MarkdownContext) {}`;
    expect(contextTakers('x.ts', code)).toEqual(['remarkOpA', 'rehypeOpB']);
  });

  it('gives no plugin the whole context', () => {
    const plugins = Object.keys(files).filter((file) => file.startsWith(`${MARKDOWN}/plugins/`));
    expect(plugins.length).toBeGreaterThan(40);
    const takers = plugins.flatMap((file) =>
      contextTakers(file, files[file] as string).map((name) => `${file}: ${name}`),
    );
    const importers = plugins.filter((file) =>
      importsOf(file, files[file] as string).some(({ specifier }) =>
        /\/context\.ts$/.test(specifier),
      ),
    );
    expect({ takers, importers }).toEqual({ takers: [], importers: [] });
  });
});
