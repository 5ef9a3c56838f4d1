import { customComponents } from '../../renderer/registry/builtins.ts';

/**
 * Screens that cannot be a schema (tender and RFx flows) are components registered here by
 * name and named from their schema (`"kind": "custom", "component": "<name>"`).
 */
export function registerCustomComponents(): void {
  // Registrations are added with the flows that need them.
}

registerCustomComponents();
void customComponents;
