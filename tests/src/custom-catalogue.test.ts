import { describe, expect, it } from 'vitest';
import custom from '../../schemas/catalogue/custom.json';
import { createRegistries } from '../../renderer/registry/registries.ts';
import { registerCustom } from '../../src/custom/register.ts';

const { customComponents, customHandlers } = registerCustom(createRegistries());

// The checker (CLI and server) reads custom names from schemas/catalogue/custom.json because it
// must not load the React code that registers them; this keeps the list and the code in step.
describe('schemas/catalogue/custom.json', () => {
  it('lists exactly the custom components and handlers src/custom/register.ts registers', () => {
    expect(customComponents.types()).toEqual(Object.keys(custom.components).sort());
    expect(customHandlers.types()).toEqual(Object.keys(custom.handlers).sort());
  });
});
