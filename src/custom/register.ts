import type { Registries } from '../../renderer/registry/registries.ts';

/**
 * Screens that cannot be a schema (tender and RFx flows) are components registered here by
 * name and named from their schema (`"kind": "custom", "component": "<name>"`). Their names are
 * also listed in schemas/catalogue/custom.json for the checker, which loads no React code.
 */
export function registerCustom(r: Registries): Registries {
  // Stored pages (/hpfm/ui/page): the designer, and a stored page rendered in the shell. Each
  // is its own chunk; the designer's editor (CodeMirror) is a further chunk it loads itself.
  r.customComponents.register('UiPageEditor', () => import('./ui-page/UiPageEditor.tsx') as never);
  r.customComponents.register('UiPageView', () => import('./ui-page/UiPageView.tsx') as never);
  // Action handlers named by `{"type": "custom", "handler": "<name>"}`.
  r.customHandlers.register('copyField', () => import('./handlers/copy-field.ts'));
  return r;
}
