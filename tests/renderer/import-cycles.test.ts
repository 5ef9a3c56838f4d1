import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Keeps the renderer free of import circles: a circle ties every file on it to every other, so none
 * can be read, tested or split off alone. The contracts in renderer/contracts/ are what lets the
 * registries, the services and the implementations meet without importing one another.
 *
 * Every way a file names another counts: type-only imports (they tie files together for a reader
 * as much as value imports do) and `import()` calls (a lazy chunk is still a file the importer
 * depends on), so the registries' tables of lazy implementations must not lead back to them.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const RENDERER = join(ROOT, 'renderer');
/** A handful of files that truly belong together may lean on each other; more is a knot. */
const MAX_COMPONENT = 5;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Module specifiers of import/export-from declarations, `import('…')` calls and `import('…')` types. */
function specifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) found.push(node.moduleReference.expression.text);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) found.push(node.argument.literal.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments.length > 0 && ts.isStringLiteral(node.arguments[0])) found.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function resolveLocal(from: string, spec: string, known: Set<string>): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((p) => known.has(p));
}

/** Tarjan's strongly connected components, iteratively (no recursion limit on deep chains). */
function components(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node)!;
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        out.push(component);
      }
    }
  }
  return out;
}

describe('renderer import graph', () => {
  it(`has no circle of more than ${MAX_COMPONENT} files`, () => {
    const files = sourceFiles(RENDERER);
    const known = new Set(files);
    const graph = new Map(files.map((f) => [f, [...new Set(specifiers(f).map((s) => resolveLocal(f, s, known)).filter((p): p is string => p !== undefined))]]));
    const sccs = components(graph).sort((a, b) => b.length - a.length);
    const tooLarge = sccs.filter((c) => c.length > MAX_COMPONENT).map((c) => c.map((f) => relative(ROOT, f)).sort());
    const report = tooLarge.map((c) => `${c.length} files:\n  ${c.join('\n  ')}`).join('\n');
    console.info(`renderer: ${files.length} files, largest import circle ${sccs[0]?.length ?? 0} files`);
    expect(tooLarge, `import circles larger than ${MAX_COMPONENT} files:\n${report}`).toEqual([]);
  });
});
