import { dependencies, parseExpression } from '../../../../renderer/schema/expressions/parse.ts';
import { evaluate, runtimeProblem } from '../../../../renderer/schema/expressions/evaluate.ts';

/**
 * Gateway conditions are written in the schema expression language, as Activiti writes JUEL:
 * `${record.amount > 100000}`. They read the submitted document (`record`), the process
 * variables (`variables`), who started it (`initiator`) and the tenant's named conditions
 * (`conditions.PO_OVER_100K`, hwfl/setting/condition), and are evaluated by the safe
 * evaluator: parsed into an AST, never run as code.
 */
export const CONDITION_ROOTS = ['record', 'variables', 'initiator', 'conditions'];

/** The expression inside `${…}` (the whole text when it has no braces). */
export function conditionSource(text: string): string {
  const m = /^\s*\$\{([\s\S]*)\}\s*$/.exec(text);
  return (m ? m[1]! : text).trim();
}

/** Why a condition cannot be used (does not parse, reads an unknown name), or undefined. */
export function conditionProblem(text: string): string | undefined {
  const source = conditionSource(text);
  if (!source) return 'the condition is empty';
  try {
    const ast = parseExpression(source);
    const { roots } = dependencies(ast);
    for (const r of roots) if (!CONDITION_ROOTS.includes(r)) return `unknown name "${r}" (use ${CONDITION_ROOTS.join(', ')})`;
    return runtimeProblem(ast);
  } catch (e) {
    return (e as Error).message;
  }
  return undefined;
}

/** Evaluates a condition over the process's variables (the engine's `environment.variables`). */
export function evaluateCondition(text: string, variables: Record<string, unknown>): boolean {
  return !!evaluate(conditionSource(text), { record: variables.record ?? {}, variables: variables.variables ?? {}, initiator: variables.initiator ?? {}, conditions: variables.conditions ?? {} });
}
