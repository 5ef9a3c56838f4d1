import { SchemaError } from '../schema-error.ts';
import { runtimeProblem } from './evaluate.ts';
import { dependencies, parseExpression } from './parse.ts';

/** `parent`: the document whose lines a detail's line tab shows (its row actions' expressions). */
export const EXPRESSION_ROOTS = ['record', 'user', 'route', 'query', 'selected', 'parent'];

/** Parses an expression once, refusing unknown root names, so a typo shows at its path before anything runs. */
export function checkExpression(source: unknown, path: string): void {
  if (typeof source !== 'string') return;
  try {
    const ast = parseExpression(source);
    const { roots } = dependencies(ast);
    for (const r of roots) if (!EXPRESSION_ROOTS.includes(r)) throw new Error(`unknown name "${r}" (use ${EXPRESSION_ROOTS.join(', ')})`);
    const refused = runtimeProblem(ast);
    if (refused) throw new Error(refused);
  } catch (e) {
    throw new SchemaError(`expression \`${source}\`: ${(e as Error).message}`, path);
  }
}
