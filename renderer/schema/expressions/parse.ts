import jsep, { type Expression as Node } from 'jsep';

/**
 * The expression language of schemas: a safe subset of JavaScript expressions (literals,
 * names, member access, `! - +`, arithmetic, comparison, `&& || ??`, `? :`, arrays and calls to
 * whitelisted functions). Parsed by jsep into an AST, never run by `eval` or `new Function`.
 */
export type Ast = Node;

export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly source: string,
  ) {
    super(`${message} in \`${source}\``);
  }
}

const cache = new Map<string, Ast>();

export function parseExpression(source: string): Ast {
  const hit = cache.get(source);
  if (hit) return hit;
  let ast: Ast;
  try {
    ast = jsep(source);
  } catch (e) {
    throw new ExpressionError((e as Error).message, source);
  }
  cache.set(source, ast);
  return ast;
}

/** Root names an expression reads (`record`, `user`, `route` …) and the paths it depends on. */
export function dependencies(ast: Ast): { roots: Set<string>; paths: Set<string> } {
  const roots = new Set<string>();
  const paths = new Set<string>();
  const pathOf = (n: Ast): string | undefined => {
    if (n.type === 'Identifier') return n.name as string;
    if (n.type === 'MemberExpression' && !n.computed) {
      const base = pathOf(n.object as Ast);
      return base ? `${base}.${(n.property as Ast).name as string}` : undefined;
    }
    return undefined;
  };
  const walk = (n: Ast | null | undefined) => {
    if (!n) return;
    if (n.type === 'Identifier') {
      roots.add(n.name as string);
      paths.add(n.name as string);
      return;
    }
    if (n.type === 'MemberExpression') {
      const p = pathOf(n);
      if (p) {
        paths.add(p);
        roots.add(p.split('.')[0]!);
        return;
      }
      walk(n.object as Ast);
      if (n.computed) walk(n.property as Ast);
      return;
    }
    if (n.type === 'CallExpression') {
      // The callee is a function name, not data.
      (n.arguments as Ast[]).forEach(walk);
      return;
    }
    for (const key of ['left', 'right', 'argument', 'test', 'consequent', 'alternate']) walk(n[key] as Ast | undefined);
    if (n.type === 'ArrayExpression') (n.elements as Ast[]).forEach(walk);
  };
  walk(ast);
  return { roots, paths };
}
