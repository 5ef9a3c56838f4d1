import { describe, expect, it } from 'vitest';
import custom from '../../schemas/catalogue/custom.json';
import { customComponents, customHandlers } from '../../renderer/registry/builtins.ts';
import '../../src/custom/register.ts';

// The checker (CLI and server) reads custom names from schemas/catalogue/custom.json because it
// must not load the React code that registers them; this keeps the list and the code in step.
describe('schemas/catalogue/custom.json', () => {
  it('lists exactly the custom components and handlers src/custom/register.ts registers', () => {
    expect(customComponents.types()).toEqual(Object.keys(custom.components).sort());
    expect(customHandlers.types()).toEqual(Object.keys(custom.handlers).sort());
  });
});
