import { describe, expect, it } from 'vitest';
import { checkExpression } from '../../renderer/schema/expressions/check-expression.ts';
import { evaluate, evaluateFlag } from '../../renderer/schema/expressions/evaluate.ts';
import { dependencies, parseExpression } from '../../renderer/schema/expressions/parse.ts';

const scope = { record: { statusCode: 'NEW', amount: 1200.5, taxRate: 13, lines: [1, 2], enabledFlag: '1' }, user: { roleLevel: 'organization', tenantId: 1 }, route: { id: '5' } };

describe('expression language', () => {
  it('evaluates comparisons, logic, arithmetic and whitelisted functions', () => {
    expect(evaluate("record.statusCode == 'NEW' && user.roleLevel != 'site'", scope)).toBe(true);
    expect(evaluate('round(record.amount * (1 + record.taxRate / 100), 2)', { ...scope, record: { ...scope.record, amount: 1000 } })).toBe(1130);
    expect(evaluate('round(1.005, 2)', scope)).toBe(1.01);
    expect(evaluate('len(record.lines) > 1 ? "many" : "one"', scope)).toBe('many');
    expect(evaluate("includes(['NEW', 'REJECTED'], record.statusCode)", scope)).toBe(true);
    expect(evaluate('record.enabledFlag == 1', scope)).toBe(true);
    expect(evaluate('record.missing ?? route.id', scope)).toBe('5');
    expect(evaluate('isEmpty(record.nothing)', scope)).toBe(true);
  });

  it('orders and adds the decimal text decimal columns answer as decimals', () => {
    const money = { record: { amount: '150000.00', budget: '99999.50', total: '0.30', code: 'A-1' } };
    expect(evaluate('record.amount > 100000', money)).toBe(true);
    // As text "150000.00" < "99999.50"; as decimals it is above.
    expect(evaluate('record.amount > record.budget', money)).toBe(true);
    expect(evaluate('record.total == 0.3', money)).toBe(true);
    expect(evaluate('record.total <= 0.3', money)).toBe(true);
    expect(evaluate('record.budget + 0.5', money)).toBe(100000);
    // Text stays text: codes join, dates compare as text.
    expect(evaluate("record.code + '-' + 2", money)).toBe('A-1-2');
    expect(evaluate("'2026-02-01' > '2026-01-31'", money)).toBe(true);
  });

  it('refuses unknown names, unknown functions and prototype access', () => {
    expect(() => evaluate('window.alert(1)', scope)).toThrow(/unknown name "window"|only these functions/);
    expect(() => evaluate('fetch("x")', scope)).toThrow(/only these functions/);
    expect(() => evaluate('record.constructor', scope)).toThrow(/cannot be read/);
    expect(() => evaluate("record['__proto__']", scope)).toThrow(/cannot be read/);
    expect(() => evaluate('a = 1', scope)).toThrow();
  });

  it('refuses at check time what the evaluator would refuse when it runs, naming the path', () => {
    expect(() => checkExpression('record.amount.toFixed(2) > 1', '/x')).toThrow(/only these functions can be called/);
    expect(() => checkExpression('record.constructor', '/x')).toThrow(/"constructor" cannot be read/);
    expect(() => checkExpression('round(record.amount, 2) > 1 && len(record.lines) > 0', '/x')).not.toThrow();
  });

  it('treats a broken flag expression as its fallback instead of crashing a screen', () => {
    expect(evaluateFlag('record.', scope, true)).toBe(true);
    expect(evaluateFlag(undefined, scope, false)).toBe(false);
    expect(evaluateFlag(true, scope, false)).toBe(true);
  });

  it('extracts the names and paths an expression depends on', () => {
    const d = dependencies(parseExpression("record.statusCode == 'NEW' && round(record.amount, 2) > user.limit"));
    expect([...d.roots].sort()).toEqual(['record', 'user']);
    expect([...d.paths].sort()).toEqual(['record.amount', 'record.statusCode', 'user.limit']);
  });
});
